import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Solve } from '../api/types.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { ADA, MORNING_RUSH, SMALL_WAREHOUSE, SPEC_DEFAULT_SOLVE_PARAMETERS, solveFixture } from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

function routesFor(solve: Solve | (() => Solve), extra = {}) {
  return {
    'GET /auth/me': { body: ADA },
    'GET /solves/41': () => ({ body: typeof solve === 'function' ? solve() : solve }),
    'GET /scenarios/21': { body: MORNING_RUSH },
    'GET /solves': { body: [] },
    'GET /environments': { body: [] },
    'GET /scenarios': { body: [] },
    ...extra,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/solves/{id}', () => {
  it('shows the info block and the solve’s tasks', async () => {
    stubFetch(routesFor(solveFixture({ parameters: { ...solveFixture().parameters, algorithm_type: 'auction' } })));
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Solve for Morning Rush' })).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'Solve information' });
    expect(within(info).getByRole('link', { name: 'Small Warehouse' })).toHaveAttribute('href', '/environments/11');
    expect(await within(info).findByRole('link', { name: 'Morning Rush' })).toHaveAttribute('href', '/scenarios/21');
    expect(info).toHaveTextContent('Algorithmauction');
    expect(info).toHaveTextContent('Task Idjob-41');
    const tasks = screen.getByRole('region', { name: 'Tasks' });
    expect(within(tasks).getByRole('link', { name: 'Rush orders' })).toHaveAttribute('href', '/tasks/31');
    expect(
      within(tasks)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1P1D1', '2P2D1']);
  });

  it('names the robot model that ran', async () => {
    stubFetch(routesFor(solveFixture({ parameters: { ...solveFixture().parameters, robot_model: 'drive-unit' } })));
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByRole('region', { name: 'Solve information' })).toHaveTextContent(
      'Robot ModelDrive unit (Kiva-like)',
    );
  });

  it('names the point model for a solve whose parameters name none', async () => {
    stubFetch(routesFor(solveFixture()));
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByRole('region', { name: 'Solve information' })).toHaveTextContent(
      'Robot ModelPoint (instant starts, stops and turns)',
    );
  });

  it("shows 'Standard' when no algorithm is named", async () => {
    stubFetch(routesFor(solveFixture({ parameters: { ...solveFixture().parameters, algorithm_type: '' as never } })));
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByRole('region', { name: 'Solve information' })).toHaveTextContent('AlgorithmStandard');
  });

  it('pending: waits, polling every 2 s until the solve moves on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: Solve['status'] = 'pending';
    const network = stubFetch(
      routesFor(() =>
        solveFixture({ status, progress: status === 'running' ? { percent: 40, best_makespan_s: 75 } : null }),
      ),
    );
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByText('Waiting to start...')).toBeInTheDocument();
    expect(screen.getByText('Your optimization will start soon.')).toBeInTheDocument();
    const before = network.callsTo('GET', '/solves/41').length;

    status = 'running';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(await screen.findByText('Optimization in progress')).toBeInTheDocument();
    expect(network.callsTo('GET', '/solves/41').length).toBe(before + 1);
    expect(screen.getByText('This may take a few moments.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Optimization running' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Optimization progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Best makespan so far: 1 min 15 s')).toBeInTheDocument();

    status = 'completed';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(await screen.findByRole('heading', { name: 'Results Summary' })).toBeInTheDocument();
    const settled = network.callsTo('GET', '/solves/41').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(network.callsTo('GET', '/solves/41').length).toBe(settled);
  });

  it('failed: shows the error details and a Try Again link', async () => {
    stubFetch(routesFor(solveFixture({ status: 'failed', results: { error: 'Pair P9 -> D1: P9 is unreachable' } })));
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByText('Optimization Failed')).toBeInTheDocument();
    expect(screen.getByText('The optimization process encountered an error.')).toBeInTheDocument();
    expect(screen.getByText('Error Details:')).toBeInTheDocument();
    expect(screen.getByText('Pair P9 -> D1: P9 is unreachable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/solves/create');
  });

  it('running: Cancel asks first, stops the solve and shows it cancelled by the user', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const cancelled = solveFixture({ status: 'failed', results: { error: 'Cancelled by the user' }, progress: null });
    let current = solveFixture({ status: 'running', progress: { percent: 30, best_makespan_s: null } });
    const network = stubFetch(
      routesFor(() => current, {
        'POST /solves/41/cancel': () => {
          current = cancelled;
          return { body: cancelled };
        },
      }),
    );
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByText('Optimization in progress')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to cancel this solve? It stops now and keeps no plan.');
    expect(await screen.findByText('Optimization Cancelled')).toBeInTheDocument();
    expect(screen.getByText('Cancelled by the user')).toBeInTheDocument();
    expect(network.callsTo('POST', '/solves/41/cancel')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    confirm.mockRestore();
  });

  it('running a shift: says the bar follows the shift', async () => {
    const parameters = {
      ...solveFixture().parameters,
      shift: { hours: 2, orders_per_hour: 60, dispatch: 'nearest_idle' as const, seed: 1 },
    };
    stubFetch(
      routesFor(solveFixture({ status: 'running', parameters, progress: { percent: 25, phase: 'shift' } as never })),
    );
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByText('Shift in progress')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Orders are released and handed to the robots as the shift runs; the bar follows the shift's clock.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Optimization progress' })).toHaveAttribute('aria-valuenow', '25');
  });

  it('offers Cancel only while the solve is pending or running', async () => {
    stubFetch(routesFor(solveFixture({ status: 'failed', results: { error: 'Pair P9 -> D1: P9 is unreachable' } })));
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByText('Optimization Failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('completed: summarises the results and lists every robot’s steps', async () => {
    const results = {
      R1_1: [
        {
          task: ['P1', 'D1'],
          path: ['R1_1', 'P1', 'D1'],
          total_distance: 12.5,
          odometer_m: 12.5,
          completion_time: 12.5,
          battery_remaining: 98.75,
        },
        {
          task: 'recharge',
          path: ['D1', 'R1'],
          total_distance: 20,
          odometer_m: 20,
          completion_time: 200.5,
          battery_remaining: 100,
          recharge_time: 3,
        },
        {
          task: ['P2', 'D1'],
          path: ['R1', 'P2', 'D1'],
          total_distance: 11.25,
          odometer_m: 31.25,
          completion_time: 211.75,
          battery_remaining: 98.875,
        },
      ],
      R1_2: [
        {
          task: ['P2', 'D1'],
          path: ['R1_2', 'P2', 'D1'],
          total_distance: 8,
          odometer_m: 8,
          completion_time: 8,
          battery_remaining: 99.2,
        },
      ],
      R2_1: [],
    };
    const stats = { algorithm: 'greedy_distance', makespan_s: 211.75 };
    stubFetch(routesFor(solveFixture({ status: 'completed', results, stats })));
    renderApp('/solves/41', { signedIn: true });
    const summary = await screen.findByRole('region', { name: 'Results Summary' });
    expect(within(summary).getByText('Total Deliveries').nextSibling).toHaveTextContent('3');
    expect(within(summary).getByText('Total Distance').nextSibling).toHaveTextContent('39.25 m');
    expect(within(summary).getByText('Max Completion Time').nextSibling).toHaveTextContent('3 min 32 s');
    expect(within(summary).getByText('Total Recharges').nextSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Total Recharge Time').nextSibling).toHaveTextContent('3 min');
    const details = screen.getByRole('region', { name: 'Solution Details' });
    // The robots' details follow the summary in a second render.
    const robotToggles = await within(details).findAllByRole('button', { expanded: false });
    expect(robotToggles.map((toggle) => toggle.textContent?.slice(0, 4))).toEqual(['R1_1', 'R1_2', 'R2_1']);
    fireEvent.click(robotToggles[0]);
    // The recharge shows in the robot's task table and in its Battery Levels table.
    expect(within(details).getAllByText(/Recharge at R1/)).toHaveLength(2);
    fireEvent.click(robotToggles[2]);
    expect(within(details).getByText('No tasks assigned to this robot')).toBeInTheDocument();
  });

  it('missing: says so and links back to /solves', async () => {
    stubFetch(routesFor(solveFixture(), { 'GET /solves/41': { status: 404, body: { detail: 'Solve not found' } } }));
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByText('Solve not found')).toBeInTheDocument();
    expect(
      screen.getByText('The solve you are looking for may have been deleted or never existed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Solves' })).toHaveAttribute('href', '/solves');
  });

  it('reports a failed load', async () => {
    stubFetch(routesFor(solveFixture(), { 'GET /solves/41': { status: 500, body: null } }));
    renderApp('/solves/41', { signedIn: true });
    expect(await screen.findByText('Failed to load solve details. Please try again later.')).toBeInTheDocument();
  });

  it('deletes after confirmation and goes to /solves; reports a failed delete', async () => {
    const network = stubFetch(
      routesFor(solveFixture({ status: 'completed', results: {} }), {
        'DELETE /solves/41': { status: 500, body: null },
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/solves/41', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this solve?');
    expect(await screen.findByText('Failed to delete solve.')).toBeInTheDocument();

    stubFetch(routesFor(solveFixture({ status: 'completed', results: {} }), { 'DELETE /solves/41': { status: 204 } }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves'));
    expect(network.callsTo('DELETE', '/solves/41')).toHaveLength(1);
  });

  it('shows the layout version it ran on, says a newer one exists, and re-runs on the newest in one click', async () => {
    const onVersionOne = solveFixture({ status: 'completed', results: {}, environment_latest_version: 2 });
    const network = stubFetch(
      routesFor(onVersionOne, {
        'GET /environments/11/versions/1': { body: { ...SMALL_WAREHOUSE, latest_version: 2 } },
        'POST /solves': {
          status: 201,
          body: solveFixture({ id: 42, environment_version: 2, environment_latest_version: 2 }),
        },
        'GET /solves/42': { body: solveFixture({ id: 42, environment_version: 2, environment_latest_version: 2 }) },
      }),
    );
    renderApp('/solves/41', { signedIn: true });
    const info = await screen.findByRole('region', { name: 'Solve information' });
    expect(info).toHaveTextContent('LayoutLayout version 1');
    expect(
      await screen.findByText(
        'This solve was made on layout version 1, shown here. The layout has been edited since: version 2 is the newest.',
      ),
    ).toBeInTheDocument();
    // The map and player draw the layout the solve ran on, never the newest.
    await waitFor(() => expect(network.callsTo('GET', '/environments/11/versions/1')).toHaveLength(1));
    expect(network.callsTo('GET', '/environments/11')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Re-run on version 2' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/42'));
    expect(network.callsTo('POST', '/solves').map((call) => call.body)).toEqual([
      {
        name: 'Solve for Morning Rush (layout version 2)',
        description: 'First try',
        environment_id: 11,
        scenario_id: 21,
        task_id: 31,
        algorithm_id: 1,
        parameters: SPEC_DEFAULT_SOLVE_PARAMETERS,
      },
    ]);
    expect(screen.queryByRole('button', { name: /Re-run on version/ })).not.toBeInTheDocument();
  });
});
