import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Solve } from '../api/types.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { ADA, CROSS_DOCK, MORNING_RUSH, SMALL_WAREHOUSE, solveFixture } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

describe('/dashboard', () => {
  it('counts records, links each list and shows the 5 most recent solves', async () => {
    const solves = [1, 2, 3, 4, 5, 6].map((n) =>
      solveFixture({
        id: n,
        name: `Run ${n}`,
        // 'queued' is not a status the server sends: it must still get a (yellow) badge.
        status: ['pending', 'running', 'completed', 'failed', 'queued', 'completed'][n - 1] as Solve['status'],
        created_at: `2025-03-0${n}T10:00:00.000Z`,
        environment: n === 6 ? (null as never) : { id: 11, name: 'Small Warehouse' },
        environment_id: n === 6 ? 99 : 11,
      }),
    );
    stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [SMALL_WAREHOUSE, CROSS_DOCK] },
      'GET /scenarios': { body: [MORNING_RUSH] },
      'GET /solves': { body: solves },
    });
    renderApp('/dashboard', { signedIn: true });
    const table = await screen.findByRole('table');
    expect(screen.getByRole('link', { name: /Environments\s*2/ })).toHaveAttribute('href', '/environments');
    expect(screen.getByRole('link', { name: /Scenarios\s*1/ })).toHaveAttribute('href', '/scenarios');
    expect(screen.getByRole('link', { name: /Solves\s*6/ })).toHaveAttribute('href', '/solves');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Run 6',
      'Run 5',
      'Run 4',
      'Run 3',
      'Run 2',
    ]);
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', '/solves/6');
    expect(rows[0]).toHaveTextContent('Environment 99');
    expect(rows[1]).toHaveTextContent('Small Warehouse');
    // Badge colours of spec §4; an unknown status is yellow.
    expect(within(rows[1]).getByText('queued')).toHaveClass('text-yellow-300');
    expect(within(rows[2]).getByText('failed')).toHaveClass('text-red-300');
    expect(within(rows[3]).getByText('completed')).toHaveClass('text-green-300');
    expect(within(rows[4]).getByText('running')).toHaveClass('text-blue-300');
    expect(screen.getByRole('link', { name: 'Create New Solve' })).toHaveAttribute('href', '/solves/create');
  });

  it('starts a new account at the grid editor', async () => {
    stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [] },
      'GET /scenarios': { body: [] },
      'GET /solves': { body: [] },
    });
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Start by drawing your warehouse' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Grid Editor' })).toHaveAttribute('href', '/environments/create');
  });

  it('says when there are no solves yet, and leaves experiment points to their experiments', async () => {
    stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [SMALL_WAREHOUSE] },
      'GET /scenarios': { body: [] },
      'GET /solves': { body: [solveFixture({ id: 9, name: 'Sweep · 2 robots', experiment_id: 4 })] },
    });
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByText('No solves yet. Create your first one!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Solves\s*0/ })).toHaveAttribute('href', '/solves');
  });

  it('reports a failed load', async () => {
    stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [] },
      'GET /scenarios': { status: 500, body: null },
      'GET /solves': { body: [] },
    });
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByText('Failed to load dashboard data. Please try again later.')).toBeInTheDocument();
  });
});
