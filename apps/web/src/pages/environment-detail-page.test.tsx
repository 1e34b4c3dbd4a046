import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRecordingCanvas } from '../map-drawing/test-support/recording-canvas-context.ts';
import { renderPage, stubFetch, type RecordedRequest } from '../editor/test-support/render-with-providers.tsx';
import EnvironmentDetailPage from './environment-detail-page.tsx';

const smallHall = {
  id: 5,
  name: 'Small hall',
  description: 'One rack, one dock',
  dimensions: { width: 10, height: 8 },
  elements: {
    shelves: [{ id: 'S1', position: [2, 3], size: [2, 1] }],
    dropoffs: [{ id: 'D1', position: [8.5, 6.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 0.5], robot_count: 2 }],
    pickups: [
      { id: 'P1', position: [2.5, 3], shelf_id: 'S1', side: 'top' },
      { id: 'P2', position: [3.5, 3], shelf_id: 'S1', side: 'top' },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 0.5], station_index: 0 },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 0.5], station_index: 1 },
    ],
    navigation_points: [],
  },
  graph: { nodes: [], edges: [] },
  version: 3,
  latest_version: 3,
};

function showPage(id = '5') {
  renderPage(<EnvironmentDetailPage />, { path: `/environments/${id}`, route: '/environments/:id' });
}

describe('EnvironmentDetailPage', () => {
  let canvas: ReturnType<typeof installRecordingCanvas>;
  let requests: RecordedRequest[];

  beforeEach(() => {
    canvas = installRecordingCanvas();
  });
  afterEach(() => {
    cleanup();
    canvas.restore();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the name, dimensions, description, element counts, map and legend', async () => {
    requests = stubFetch(() => [200, smallHall]);
    showPage();
    expect(await screen.findByRole('heading', { name: 'Small hall' })).toBeTruthy();
    expect(requests[0].url).toBe('/api/v1/environments/5');
    expect(screen.getByText('Dimensions: 10 x 8')).toBeTruthy();
    expect(screen.getByText('One rack, one dock')).toBeTruthy();
    const counts = screen.getByLabelText('Element counts');
    const values = Object.fromEntries(
      within(counts)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(values).toEqual({
      Shelves: '1',
      'Pickup Points': '2',
      'Dropoff Points': '1',
      'Robot Stations': '1',
      Robots: '2',
    });
    expect(screen.getByRole('img', { name: 'Map of Small hall' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Create Scenario' }).getAttribute('href')).toBe(
      '/scenarios/create?environment_id=5',
    );
  });

  it('lists the rules a stored layout breaks, naming each element, and says nothing when there are none', async () => {
    const problems = {
      errors: [
        { path: 'elements.shelves.1', element: 'S2', rule: 'shelf-overlap', message: 'Shelf S2 overlaps shelf S1' },
        {
          path: 'elements.dropoffs.0',
          element: 'D1',
          rule: 'on-shelf-cell',
          message: 'Dropoff D1 is on a cell of shelf S1',
        },
      ],
      warnings: [],
    };
    stubFetch(() => [200, { ...smallHall, problems }]);
    showPage();
    const section = await screen.findByRole('region', { name: 'Layout problems' });
    expect(within(section).getByRole('alert').textContent).toContain(
      'This layout breaks 2 editor rules: its solves fail until it is edited without them.',
    );
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Shelf S2 overlaps shelf S1', 'Dropoff D1 is on a cell of shelf S1']);
    cleanup();
    stubFetch(() => [200, { ...smallHall, problems: { errors: [], warnings: [] } }]);
    showPage();
    expect(await screen.findByRole('heading', { name: 'Small hall' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Layout problems' })).toBeNull();
  });

  it('lists places no walk reaches as warnings, five at first and all on request', async () => {
    const warnings = Array.from({ length: 7 }, (_, index) => ({
      path: `elements.pickups.${index}`,
      element: `P${index + 1}`,
      rule: 'unreachable',
      message: `Pickup P${index + 1} is cut off from station R1 both ways: no walk on the floor connects them`,
    }));
    stubFetch(() => [200, { ...smallHall, problems: { errors: [], warnings } }]);
    showPage();
    const section = await screen.findByRole('region', { name: 'Layout problems' });
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(section.textContent).toContain(
      '7 places cannot be reached on the floor: solves whose tasks need them fail, the others run.',
    );
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(within(section).getByRole('button', { name: 'Show all 7' }));
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(warnings.map((warning) => warning.message));
  });

  it('toggles the graph', async () => {
    stubFetch(() => [200, smallHall]);
    showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Show Graph' }));
    expect(screen.getByRole('button', { name: 'Hide Graph' })).toBeTruthy();
  });

  it('shows Environment not found with a back link for a missing environment', async () => {
    stubFetch(() => [404, { detail: 'Environment not found' }]);
    showPage('99');
    expect(await screen.findByRole('heading', { name: 'Environment not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Environments' }).getAttribute('href')).toBe('/environments');
  });

  it('treats a malformed id as a missing environment', async () => {
    stubFetch(() => [400, { detail: 'Invalid id' }]);
    showPage('abc');
    expect(await screen.findByRole('heading', { name: 'Environment not found' })).toBeTruthy();
  });

  it('shows the spec error text when loading fails', async () => {
    stubFetch(() => [500, { detail: 'down' }]);
    showPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load environment details. Please try again later.',
    );
  });

  it('deletes only after confirmation, then goes to /environments', async () => {
    requests = stubFetch((request) => (request.method === 'DELETE' ? [204, null] : [200, smallHall]));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this environment?');
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/environments'));
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/api/v1/environments/5',
    ]);
  });

  it('shows the spec error text when deleting fails', async () => {
    stubFetch((request) => (request.method === 'DELETE' ? [500, { detail: 'locked' }] : [200, smallHall]));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete environment.');
    expect(screen.getByTestId('location').textContent).toBe('/environments/5');
  });

  it('shows its layout version, opens it in the editor, and duplicates it as a new environment', async () => {
    requests = stubFetch((request) => (request.method === 'POST' ? [201, { ...smallHall, id: 6 }] : [200, smallHall]));
    showPage();
    expect(await screen.findByText('Layout version 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Layout' }).getAttribute('href')).toBe('/environments/5/edit');
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/environments/6'));
    const posted = requests.filter((request) => request.method === 'POST');
    expect(posted).toEqual([
      {
        method: 'POST',
        url: '/api/v1/environments',
        body: {
          name: 'Small hall (copy)',
          description: 'One rack, one dock',
          dimensions: smallHall.dimensions,
          elements: smallHall.elements,
          graph: smallHall.graph,
        },
      },
    ]);
  });
});
