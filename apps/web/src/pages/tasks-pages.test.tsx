import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { ADA, MORNING_RUSH, NIGHT_ORDERS, NIGHT_SHIFT, RUSH_ORDERS, SMALL_WAREHOUSE } from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

describe('/tasks', () => {
  it('lists tasks with a type badge and scenario, filtered by scenario_id', async () => {
    const network = stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /scenarios': { body: [MORNING_RUSH, NIGHT_SHIFT] },
      'GET /tasks': (request) => ({
        body: request.query.get('scenario_id') === '22' ? [NIGHT_ORDERS] : [RUSH_ORDERS, NIGHT_ORDERS],
      }),
    });
    renderApp('/tasks', { signedIn: true });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Rush orders');
    expect(within(rows[0]).getByText('Pickup & Delivery')).toBeInTheDocument();
    await waitFor(() => expect(within(rows[0]).getByRole('link', { name: 'Morning Rush' })).toBeInTheDocument());
    expect(within(rows[0]).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/tasks/31');
    expect(screen.getByRole('link', { name: 'Generate Tasks' })).toHaveAttribute('href', '/tasks/generate');

    await userEvent.click(
      within(screen.getByRole('group', { name: 'Scenario' })).getByRole('button', { name: 'Night Shift' }),
    );
    await waitFor(() => expect(currentLocation()).toBe('/tasks?scenario_id=22'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(network.calls.some((call) => call.path === '/tasks' && call.query.get('scenario_id') === '22')).toBe(true);
  });

  it("says 'No tasks found' and reports failures", async () => {
    stubFetch({ 'GET /auth/me': { body: ADA }, 'GET /scenarios': { body: [] }, 'GET /tasks': { body: [] } });
    const first = renderApp('/tasks?scenario_id=21', { signedIn: true });
    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate Tasks' })).toHaveAttribute(
      'href',
      '/tasks/generate?scenario_id=21',
    );
    expect(screen.getByRole('link', { name: 'Create Task' })).toHaveAttribute('href', '/tasks/create?scenario_id=21');
    first.unmount();

    stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /scenarios': { body: [] },
      'GET /tasks': { status: 400, body: null },
    });
    renderApp('/tasks', { signedIn: true });
    expect(await screen.findByText('Failed to load tasks. Please try again later.')).toBeInTheDocument();
  });
});

describe('/tasks/{id}', () => {
  const routes = {
    'GET /auth/me': { body: ADA },
    'GET /tasks/31': {
      body: { ...RUSH_ORDERS, details: { ...RUSH_ORDERS.details, additional_details: { dock: 'north' } } },
    },
    'GET /scenarios/21': { body: MORNING_RUSH },
    'GET /environments/11': { body: SMALL_WAREHOUSE },
    'GET /tasks': { body: [] },
    'GET /scenarios': { body: [] },
  };

  it('shows the task with its numbered pickup-dropoff pairs and details', async () => {
    stubFetch(routes);
    renderApp('/tasks/31', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rush orders' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Morning Rush' })).toHaveAttribute('href', '/scenarios/21');
    const pairs = within(screen.getByRole('region', { name: 'Pickups and Dropoffs' }))
      .getAllByRole('row')
      .slice(1);
    expect(pairs.map((row) => row.textContent)).toEqual(['1P1D1', '2P2D1']);
    // The table shows about fifteen pairs at a time: what they add up to is written above it.
    expect(screen.getByTestId('pairs-summary')).toHaveTextContent('2 orders from 2 pickups to 1 dropoff.');
    expect(screen.getByText(/"dock": "north"/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Graph' })).toBeInTheDocument();
  });

  it("shows each pair's release time when the task has them (a shift's exact arrivals)", async () => {
    stubFetch({
      ...routes,
      'GET /tasks/31': { body: { ...RUSH_ORDERS, details: { ...RUSH_ORDERS.details, release_s: [0, 90.5] } } },
    });
    renderApp('/tasks/31', { signedIn: true });
    const table = within(await screen.findByRole('region', { name: 'Pickups and Dropoffs' }));
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '#',
      'Pickup',
      'Dropoff',
      'Release',
    ]);
    expect(
      table
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1P1D10 s', '2P2D190.5 s']);
    expect(screen.getByTestId('pairs-summary')).toHaveTextContent(
      '2 orders from 2 pickups to 1 dropoff, released from 0 s to 90.5 s.',
    );
  });

  it('shows start and end points when the task has no pairs', async () => {
    stubFetch({
      ...routes,
      'GET /tasks/31': { body: { ...RUSH_ORDERS, details: { start_point: [1, 2], end_point: [5, 0] } } },
    });
    renderApp('/tasks/31', { signedIn: true });
    expect(await screen.findByText('(1, 2)')).toBeInTheDocument();
    expect(screen.getByText('(5, 0)')).toBeInTheDocument();
  });

  it('deletes after confirmation and returns to the scenario’s tasks', async () => {
    stubFetch({ ...routes, 'DELETE /tasks/31': { status: 204 } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/tasks/31', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this task?');
    await waitFor(() => expect(currentLocation()).toBe('/tasks?scenario_id=21'));
  });

  it('reports failures', async () => {
    stubFetch({ ...routes, 'DELETE /tasks/31': { status: 500, body: null } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const first = renderApp('/tasks/31', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete task.')).toBeInTheDocument();
    first.unmount();

    stubFetch({ ...routes, 'GET /tasks/31': { status: 500, body: null } });
    renderApp('/tasks/31', { signedIn: true });
    expect(await screen.findByText('Failed to load task details. Please try again later.')).toBeInTheDocument();
  });
});
