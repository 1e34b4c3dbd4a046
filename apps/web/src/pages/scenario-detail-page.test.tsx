import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Task } from '../api/types.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { ADA, MORNING_RUSH, RUSH_ORDERS, SMALL_WAREHOUSE } from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

const sevenTasks: Task[] = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ ...RUSH_ORDERS, id: 100 + n, name: `Wave ${n}` }));

const routes = {
  'GET /auth/me': { body: ADA },
  'GET /scenarios/21': { body: MORNING_RUSH },
  'GET /environments/11': { body: SMALL_WAREHOUSE },
  'GET /tasks': { body: sevenTasks },
  'GET /scenarios': { body: [] },
  'GET /environments': { body: [] },
};

describe('/scenarios/{id}', () => {
  it('shows the scenario, its map with the graph toggle, and the first 5 tasks', async () => {
    const network = stubFetch(routes);
    renderApp('/scenarios/21', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning Rush' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Small Warehouse' })).toHaveAttribute('href', '/environments/11');
    expect(screen.getByText('Peak orders')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show Graph' });
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide Graph' })).toHaveAttribute('aria-pressed', 'true');

    const tasksSection = screen.getByRole('region', { name: 'Tasks' });
    const table = await within(tasksSection).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Name', 'Type', 'View']);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getAllByRole('link', { name: 'View' })[0]).toHaveAttribute('href', '/tasks/101');
    expect(screen.getByRole('link', { name: 'View all 7 tasks' })).toHaveAttribute('href', '/tasks?scenario_id=21');
    expect(screen.getByRole('link', { name: 'Generate Tasks' })).toHaveAttribute(
      'href',
      '/tasks/generate?scenario_id=21',
    );
    expect(network.calls.find((call) => call.path === '/tasks')?.query.get('scenario_id')).toBe('21');
  });

  it('deletes after confirmation and goes to /scenarios', async () => {
    const network = stubFetch({ ...routes, 'DELETE /scenarios/21': { status: 204 } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp('/scenarios/21', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this scenario?');
    expect(network.callsTo('DELETE', '/scenarios/21')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/scenarios'));
    expect(network.callsTo('DELETE', '/scenarios/21')).toHaveLength(1);
  });

  it('shows the parameters and edits them with PATCH', async () => {
    const updated = { ...MORNING_RUSH, parameters: { order_volume: 12, robot_count: 1 } };
    const network = stubFetch({ ...routes, 'PATCH /scenarios/21': { body: updated } });
    renderApp('/scenarios/21', { signedIn: true });
    const panel = await screen.findByRole('region', { name: 'Parameters' });
    expect(within(panel).getByText('Not set')).toBeInTheDocument();
    expect(await within(panel).findByText('All 1 robots')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Run Experiment' })).toHaveAttribute(
      'href',
      '/experiments/create?scenario_id=21',
    );

    await userEvent.click(within(panel).getByRole('button', { name: 'Edit Parameters' }));
    await userEvent.type(within(panel).getByLabelText('Order Volume'), '12');
    await userEvent.type(within(panel).getByLabelText('Robot Count'), '3');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Parameters' }));
    expect(
      within(panel).getByText(
        // The fixture's floor cannot be built (a pickup between cells): it takes its drawn robot only.
        'This floor can take at most 1 robot (1 drawn, 0 more beside the stations).',
      ),
    ).toBeInTheDocument();
    expect(network.callsTo('PATCH', '/scenarios/21')).toHaveLength(0);

    await userEvent.clear(within(panel).getByLabelText('Robot Count'));
    await userEvent.type(within(panel).getByLabelText('Robot Count'), '1');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Parameters' }));
    expect(await within(panel).findByText('12')).toBeInTheDocument();
    expect(within(panel).getByText('1')).toBeInTheDocument();
    expect(network.callsTo('PATCH', '/scenarios/21')[0].body).toEqual({
      parameters: { order_volume: 12, robot_count: 1 },
    });
  });

  it('reports a failed delete', async () => {
    stubFetch({ ...routes, 'DELETE /scenarios/21': { status: 500, body: null } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/scenarios/21', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete scenario.')).toBeInTheDocument();
  });

  it('says when the scenario does not exist', async () => {
    stubFetch({ ...routes, 'GET /scenarios/21': { status: 404, body: { detail: 'Scenario not found' } } });
    renderApp('/scenarios/21', { signedIn: true });
    expect(await screen.findByText('Scenario not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Scenarios' })).toHaveAttribute('href', '/scenarios');
  });

  it('reports a failed load', async () => {
    stubFetch({ ...routes, 'GET /scenarios/21': { status: 500, body: null } });
    renderApp('/scenarios/21', { signedIn: true });
    expect(await screen.findByText('Failed to load scenario details. Please try again later.')).toBeInTheDocument();
  });
});

describe('/scenarios/{id} made on an older layout version', () => {
  const onVersionOne = { ...MORNING_RUSH, parameters: { robot_count: 2 }, environment_latest_version: 2 };
  const copy = { ...onVersionOne, id: 23, name: 'Morning Rush (layout version 2)', environment_version: 2 };
  const versionRoutes = {
    ...routes,
    'GET /scenarios/21': { body: onVersionOne },
    'GET /environments/11/versions/1': { body: { ...SMALL_WAREHOUSE, latest_version: 2 } },
    'POST /scenarios': { status: 201, body: copy },
    'GET /scenarios/23': { body: copy },
  };
  const copyButton = () => screen.findByRole('button', { name: 'Copy to version 2' });

  it('copies the scenario and all its tasks to the newest layout in one click, then opens the copy', async () => {
    const network = stubFetch({ ...versionRoutes, 'POST /tasks/batch': { status: 201, body: sevenTasks } });
    renderApp('/scenarios/21', { signedIn: true });
    expect(
      await screen.findByText(
        'This scenario was made on layout version 1, shown here. The layout has been edited since: version 2 is the newest.',
      ),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await copyButton()).toBeEnabled());
    await userEvent.click(await copyButton());
    await waitFor(() => expect(currentLocation()).toBe('/scenarios/23'));
    expect(network.callsTo('POST', '/scenarios').map((call) => call.body)).toEqual([
      {
        name: 'Morning Rush (layout version 2)',
        description: 'Peak orders',
        environment_id: 11,
        parameters: { robot_count: 2 },
      },
    ]);
    expect(network.callsTo('POST', '/tasks/batch').map((call) => call.body)).toEqual([
      sevenTasks.map((task) => ({
        name: task.name,
        description: 'Two deliveries',
        task_type: 'pickup_delivery',
        scenario_id: 23,
        details: {
          tasks: [
            ['P1', 'D1'],
            ['P2', 'D1'],
          ],
        },
      })),
    ]);
    expect(screen.queryByRole('button', { name: /Copy to version/ })).not.toBeInTheDocument();
  });

  it('keeps nothing half-copied when the newest layout refuses a task, and says why', async () => {
    const refusal = { detail: 'body[0].details.tasks[1]: P2 is not a pickup of the environment' };
    const network = stubFetch({
      ...versionRoutes,
      'POST /tasks/batch': { status: 400, body: refusal },
      'DELETE /scenarios/23': { status: 204 },
    });
    renderApp('/scenarios/21', { signedIn: true });
    await waitFor(async () => expect(await copyButton()).toBeEnabled());
    await userEvent.click(await copyButton());
    expect(await screen.findByText(`Failed to copy the scenario to version 2: ${refusal.detail}`)).toBeInTheDocument();
    expect(network.callsTo('DELETE', '/scenarios/23')).toHaveLength(1);
    expect(currentLocation()).toBe('/scenarios/21');
  });
});
