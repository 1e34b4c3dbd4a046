import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubFetch } from '../editor/test-support/render-with-providers.tsx';
import { installRecordingCanvas } from '../map-drawing/test-support/recording-canvas-context.ts';
import EnvironmentEditPage from './environment-edit-page.tsx';

/** Version 3 of a 10 x 8 hall: shelf S1 with pickup P1 selected, dropoff D1, station R1 with one robot. */
const hall = {
  id: 5,
  name: 'Small hall',
  description: 'One rack',
  dimensions: { width: 10, height: 8 },
  elements: {
    shelves: [{ id: 'S1', position: [2, 3], size: [2, 1] }],
    dropoffs: [{ id: 'D1', position: [8.5, 6.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 0.5], robot_count: 1 }],
    pickups: [{ id: 'P1', position: [2.5, 3], shelf_id: 'S1', side: 'top' }],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 0.5], station_index: 0 }],
    navigation_points: [
      { id: 'N1', position: [1.5, 2.5], shelf_id: 'S1' },
      { id: 'N2', position: [4.5, 2.5], shelf_id: 'S1' },
      { id: 'N3', position: [4.5, 4.5], shelf_id: 'S1' },
      { id: 'N4', position: [1.5, 4.5], shelf_id: 'S1' },
    ],
  },
  graph: { nodes: [], edges: [] },
  version: 3,
  latest_version: 3,
};

describe('EnvironmentEditPage', () => {
  let canvas: ReturnType<typeof installRecordingCanvas>;
  beforeEach(() => {
    canvas = installRecordingCanvas();
  });
  afterEach(() => {
    cleanup();
    canvas.restore();
    vi.unstubAllGlobals();
  });

  const showPage = () =>
    renderPage(<EnvironmentEditPage />, { path: '/environments/5/edit', route: '/environments/:id/edit' });

  it('opens the saved layout in the editor and saves it as the next version with PUT', async () => {
    const requests = stubFetch((request) =>
      request.method === 'PUT' ? [200, { ...hall, version: 4, latest_version: 4 }] : [200, hall],
    );
    showPage();
    expect(await screen.findByRole('heading', { name: 'Edit Small hall' })).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Small hall');
    expect((screen.getByLabelText(/^Width/) as HTMLInputElement).value).toBe('10');
    expect(screen.getByLabelText('Layout counts').textContent).toContain(
      'Shelves: 1 · Dropoffs: 1 · Robot Stations: 1 · Robots: 1 · Pickup Points: 1 of 6 selected',
    );
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'One rack, edited' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as version 4' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/environments/5'));
    const put = requests.filter((request) => request.method === 'PUT');
    expect(put.map((request) => request.url)).toEqual(['/api/v1/environments/5']);
    expect(put[0].body).toMatchObject({
      name: 'Small hall',
      description: 'One rack, edited',
      dimensions: hall.dimensions,
      elements: hall.elements,
    });
  });

  it('shows the reason the server refuses the new version, and stays in the editor', async () => {
    const detail = 'body.elements.dropoffs.0: Dropoff D1 is cut off from station R1 both ways';
    stubFetch((request) => (request.method === 'PUT' ? [400, { detail }] : [200, hall]));
    showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Save as version 4' }));
    expect(await screen.findByText(`Failed to save the new version: ${detail}`)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/environments/5/edit');
  });
});
