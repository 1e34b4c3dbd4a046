import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubFetch } from '../editor/test-support/render-with-providers.tsx';
import EnvironmentsPage from './environments-page.tsx';

const emptyElements = { shelves: [], dropoffs: [], robot_stations: [], pickups: [], robots: [], navigation_points: [] };

const mainHall = {
  id: 3,
  name: 'Main hall',
  description: 'Two racks',
  dimensions: { width: 20, height: 15 },
  elements: {
    ...emptyElements,
    shelves: [
      { id: 'S1', position: [1, 1], size: [1, 3] },
      { id: 'S2', position: [4, 1], size: [1, 3] },
    ],
    dropoffs: [{ id: 'D1', position: [10.5, 10.5] }],
  },
  graph: { nodes: [], edges: [] },
};
const annex = {
  id: 4,
  name: 'Annex',
  description: null,
  dimensions: { width: 5, height: 5 },
  elements: emptyElements,
  graph: { nodes: [], edges: [] },
};

function showPage() {
  renderPage(<EnvironmentsPage />, { path: '/environments', route: '/environments' });
}

describe('EnvironmentsPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each environment as a card with its details and a View Details link', async () => {
    stubFetch(() => [200, [mainHall, annex]]);
    showPage();
    const hall = await screen.findByRole('listitem', { name: 'Main hall' });
    expect(within(hall).getByText('Two racks')).toBeTruthy();
    expect(within(hall).getByText('Dimensions').nextElementSibling?.textContent).toBe('20 x 15');
    expect(within(hall).getByText('Shelves').nextElementSibling?.textContent).toBe('2');
    expect(within(hall).getByText('Drop-offs').nextElementSibling?.textContent).toBe('1');
    expect(within(hall).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/environments/3');

    const other = screen.getByRole('listitem', { name: 'Annex' });
    expect(within(other).getByText('No description provided')).toBeTruthy();
    expect(within(other).getByText('Shelves').nextElementSibling?.textContent).toBe('0');
  });

  it('links to the grid editor', async () => {
    stubFetch(() => [200, []]);
    showPage();
    expect(screen.getByRole('link', { name: 'Grid Editor' }).getAttribute('href')).toBe('/environments/grid-editor');
  });

  it('shows the empty state', async () => {
    stubFetch(() => [200, []]);
    showPage();
    expect(await screen.findByText('No environments yet')).toBeTruthy();
    expect(screen.getByText('Create your first warehouse environment to get started.')).toBeTruthy();
  });

  it('shows the spec error text when the list cannot be loaded', async () => {
    stubFetch(() => [500, { detail: 'down' }]);
    showPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load environments. Please try again later.');
  });

  /** Chooses `contents` as the file of the Import File button. */
  async function importFile(name: string, contents: unknown) {
    const input = screen.getByLabelText('Import environment file');
    const text = typeof contents === 'string' ? contents : JSON.stringify(contents);
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([text], name)] } });
    });
  }

  const hallFile = {
    format: 'fleetlab-environment',
    version: 1,
    name: 'Imported hall',
    description: 'From a file',
    dimensions: { width: 8, height: 6 },
    elements: {
      shelves: [{ id: 'S1', position: [1, 1], size: [2, 2] }],
      dropoffs: [{ id: 'D1', position: [6.5, 4.5] }],
      robot_stations: [{ id: 'R1', position: [6.5, 0.5], robot_count: 1 }],
      pickups: [{ id: 'P1', position: [1.5, 1], shelf_id: 'S1', side: 'top' }],
      one_way_aisles: [{ id: 'W1', position: [0, 5], size: [6, 1], direction: 'left' }],
    },
  };

  it('imports an environment file as a new environment, traffic rules included, and opens it', async () => {
    const requests = stubFetch((request) => (request.method === 'POST' ? [201, { id: 9 }] : [200, []]));
    showPage();
    await importFile('hall.json', hallFile);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/environments/9'));
    const posted = requests.filter((request) => request.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0].body).toMatchObject({
      name: 'Imported hall',
      description: 'From a file',
      dimensions: { width: 8, height: 6 },
      elements: {
        shelves: hallFile.elements.shelves,
        dropoffs: hallFile.elements.dropoffs,
        pickups: hallFile.elements.pickups,
        robots: [{ id: 'R1_1', station_id: 'R1', position: [6.5, 0.5], station_index: 0 }],
        one_way_aisles: hallFile.elements.one_way_aisles,
      },
    });
  });

  it('refuses a bad file with its problems named and stores nothing', async () => {
    const requests = stubFetch(() => [200, []]);
    showPage();
    const onShelf = { ...hallFile, elements: { ...hallFile.elements, dropoffs: [{ id: 'D1', position: [1.5, 1.5] }] } };
    await importFile('broken.json', onShelf);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not import broken.json; nothing was stored:');
    expect(alert.textContent).toContain('D1 at (1.5, 1.5): Cannot place on shelf S1');
    await importFile('garbage.json', '{ nope');
    expect((await screen.findByRole('alert')).textContent).toMatch(/garbage\.json.*The file is not valid JSON/);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('names the reason when the server refuses an imported layout, such as one without a pickup', async () => {
    const detail = "body.elements.pickups: The layout has no pickup point: select at least one on a shelf's side";
    stubFetch((request) => (request.method === 'POST' ? [400, { detail }] : [200, []]));
    showPage();
    await importFile('bare.json', { ...hallFile, elements: { ...hallFile.elements, pickups: [] } });
    expect((await screen.findByRole('alert')).textContent).toContain(detail);
    expect(screen.getByTestId('location').textContent).toBe('/environments');
  });
});
