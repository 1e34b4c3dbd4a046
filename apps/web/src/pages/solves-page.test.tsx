import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import {
  ADA,
  CROSS_DOCK,
  MORNING_RUSH,
  NIGHT_ORDERS,
  NIGHT_SHIFT,
  RUSH_ORDERS,
  SMALL_WAREHOUSE,
  solveFixture,
} from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

describe('/solves', () => {
  /** The list of `solves` on the small warehouse's morning rush, signed in as Ada. */
  function renderSolves(solves: readonly ReturnType<typeof solveFixture>[]) {
    stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [SMALL_WAREHOUSE] },
      'GET /scenarios': { body: [MORNING_RUSH] },
      'GET /solves': { body: solves },
    });
    renderApp('/solves', { signedIn: true });
  }
  const POINT_2 = solveFixture({ id: 42, name: 'How many robots? · 2 robots', experiment_id: 7, status: 'completed' });

  it('says the experiment points are hidden when they are all there is, not that there are no solves', async () => {
    renderSolves([
      solveFixture({ id: 41, name: 'How many robots? · 1 robot', experiment_id: 7, status: 'completed' }),
      POINT_2,
    ]);
    expect(await screen.findByText('No solves of your own yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        '2 experiment points are hidden: tick Show experiment points to list them, or start an optimisation run.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show experiment points' }));
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('lists experiment points under their experiment: hidden here until the filter shows them', async () => {
    renderSolves([solveFixture({ status: 'completed' }), POINT_2]);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show experiment points' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('How many robots? · 2 robotsPoint of experiment 7');
    expect(currentLocation()).toBe('/solves?points=shown');
  });

  it('lists solves and filters by environment and by scenario', async () => {
    const network = stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [SMALL_WAREHOUSE, CROSS_DOCK] },
      'GET /scenarios': { body: [MORNING_RUSH, NIGHT_SHIFT] },
      'GET /solves': { body: [solveFixture({ status: 'completed' })] },
    });
    renderApp('/solves', { signedIn: true });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Status', 'Environment', 'Scenario', 'Task Id', 'Results']);
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Solve for Morning Rush');
    expect(row).toHaveTextContent('First try');
    expect(within(row).getByText('completed')).toHaveClass('text-green-300');
    expect(row).toHaveTextContent('Small Warehouse');
    await waitFor(() => expect(row).toHaveTextContent('Morning Rush'));
    expect(within(row).getByRole('link', { name: 'View Results' })).toHaveAttribute('href', '/solves/41');
    expect(screen.getByRole('link', { name: 'Create Solve' })).toHaveAttribute('href', '/solves/create');

    await userEvent.click(
      within(screen.getByRole('group', { name: 'Environment' })).getByRole('button', { name: 'Small Warehouse' }),
    );
    await waitFor(() => expect(currentLocation()).toBe('/solves?environment_id=11'));
    const scenarioFilter = screen.getByRole('group', { name: 'Scenario' });
    expect(
      within(scenarioFilter)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Morning Rush']);
    await userEvent.click(within(scenarioFilter).getByRole('button', { name: 'Morning Rush' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves?environment_id=11&scenario_id=21'));
    await waitFor(() =>
      expect(
        network.calls.some(
          (call) => call.path === '/solves' && call.query.toString() === 'environment_id=11&scenario_id=21',
        ),
      ).toBe(true),
    );
  });

  it("says 'No solves found' and reports failures", async () => {
    stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [] },
      'GET /scenarios': { body: [] },
      'GET /solves': { body: [] },
    });
    const first = renderApp('/solves', { signedIn: true });
    expect(await screen.findByText('No solves found')).toBeInTheDocument();
    first.unmount();
    stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [] },
      'GET /scenarios': { body: [] },
      'GET /solves': { status: 500, body: null },
    });
    renderApp('/solves', { signedIn: true });
    expect(await screen.findByText('Failed to load solves. Please try again later.')).toBeInTheDocument();
  });

  it('no longer lists the solves of a task deleted meanwhile, from the first frame', async () => {
    let rushOrdersDeleted = false;
    const morningSolve = solveFixture({ status: 'completed' });
    const nightSolve = solveFixture({
      id: 42,
      name: 'Solve for Night Shift',
      scenario_id: 22,
      task_id: 32,
      status: 'completed',
    });
    const network = stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [SMALL_WAREHOUSE, CROSS_DOCK] },
      'GET /scenarios': { body: [MORNING_RUSH, NIGHT_SHIFT] },
      'GET /solves': () => ({ body: rushOrdersDeleted ? [nightSolve] : [morningSolve, nightSolve] }),
      'GET /tasks': () => ({ body: rushOrdersDeleted ? [NIGHT_ORDERS] : [RUSH_ORDERS, NIGHT_ORDERS] }),
      'GET /tasks/31': { body: RUSH_ORDERS },
      'GET /scenarios/21': { body: MORNING_RUSH },
      'GET /environments/11': { body: SMALL_WAREHOUSE },
      'DELETE /tasks/31': () => {
        rushOrdersDeleted = true;
        return { status: 204 };
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const solveNames = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0].textContent);
    renderApp('/solves', { signedIn: true });
    await screen.findByRole('table');
    expect(solveNames()).toEqual(['Solve for Morning RushFirst try', 'Solve for Night ShiftFirst try']);

    await userEvent.click(screen.getByRole('link', { name: 'Tasks' }));
    const rushOrders = (await screen.findAllByRole('row')).find((row) => row.textContent?.includes('Rush orders'));
    await userEvent.click(within(rushOrders!).getByRole('link', { name: 'View' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/tasks?scenario_id=21'));
    expect(network.callsTo('GET', '/solves')).toHaveLength(2);

    // Cached lists would show the deleted task's solve until the page refetched it.
    await userEvent.click(screen.getByRole('link', { name: 'Solves' }));
    expect(solveNames()).toEqual(['Solve for Night ShiftFirst try']);
  });
});
