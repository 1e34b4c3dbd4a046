import { cleanup, screen, within } from '@testing-library/react';
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
});
