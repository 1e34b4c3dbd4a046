import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../api/types.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import {
  ADA,
  CROSS_DOCK,
  MORNING_RUSH,
  NIGHT_ORDERS,
  NIGHT_SHIFT,
  RUSH_ORDERS,
  SMALL_WAREHOUSE,
  SOLVE_FORM_DEFAULT_PARAMETERS,
  SPEC_DEFAULT_SOLVE_PARAMETERS,
} from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

const EMPTY_AISLE: Scenario = { ...MORNING_RUSH, id: 23, name: 'Empty Aisle' };

function routes(extra = {}) {
  return {
    'GET /auth/me': { body: ADA },
    'GET /scenarios': { body: [MORNING_RUSH, NIGHT_SHIFT, EMPTY_AISLE] },
    'GET /environments': { body: [SMALL_WAREHOUSE, CROSS_DOCK] },
    'GET /tasks': (request: { query: URLSearchParams }) => ({
      body: { '21': [RUSH_ORDERS], '22': [NIGHT_ORDERS], '23': [] }[request.query.get('scenario_id') ?? ''] ?? [],
    }),
    'GET /solves/55': { body: null, status: 404 },
    ...extra,
  };
}

async function openForm(url = '/solves/create') {
  renderApp(url, { signedIn: true });
  return screen.findByRole('heading', { name: 'Create New Optimization Solve' });
}

describe('/solves/create', () => {
  it('requires a scenario, a task and a name', async () => {
    const network = stubFetch(routes());
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    expect(screen.getByText('Please select a scenario')).toBeInTheDocument();
    expect(screen.getByText('Please select a task')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(network.callsTo('POST', '/solves')).toHaveLength(0);
  });

  it('requires a task when the scenario has none, and offers to generate some', async () => {
    stubFetch(routes());
    await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Scenario'), '23');
    expect(await screen.findByText(/This scenario has no tasks yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate tasks' })).toHaveAttribute(
      'href',
      '/tasks/generate?scenario_id=23',
    );
    expect(screen.getByRole('link', { name: 'create one by hand' })).toHaveAttribute(
      'href',
      '/tasks/create?scenario_id=23',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    expect(screen.getByText('Please select a task')).toBeInTheDocument();
    expect(screen.queryByText('Please select a scenario')).not.toBeInTheDocument();
  });

  it("names the solve after the scenario and offers only that scenario's tasks", async () => {
    stubFetch(routes());
    await openForm();
    const scenario = screen.getByLabelText('Scenario');
    expect(
      within(scenario)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a scenario',
      'Morning Rush (Small Warehouse)',
      'Night Shift (Cross Dock)',
      'Empty Aisle (Small Warehouse)',
    ]);
    await userEvent.selectOptions(scenario, '22');
    expect(screen.getByLabelText('Name')).toHaveValue('Solve for Night Shift');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('32'));
    expect(
      within(screen.getByLabelText('Task'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a task', 'Night orders (2 deliveries)']);

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'My run');
    await userEvent.selectOptions(scenario, '21');
    expect(screen.getByLabelText('Name')).toHaveValue('My run');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
  });

  it('offers every algorithm but hungarian, each with a hint', async () => {
    stubFetch(routes());
    await openForm();
    const algorithm = screen.getByLabelText('Algorithm');
    expect(
      within(algorithm)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['greedy_distance', 'kmeans', 'auction', 'genetic', 'makespan', 'marginal_benefit']);
    expect(algorithm).toHaveValue('greedy_distance');
    expect(algorithm).toHaveAccessibleDescription(/robot that can finish it soonest/);
    // The seventh, and where it runs.
    expect(algorithm).toHaveAccessibleDescription(
      /This form offers six of Fleetlab's seven algorithms; Hungarian \(algorithm_id 2\) runs in an experiment's algorithm comparison and through the API\./,
    );
    expect(screen.getByRole('link', { name: 'Compare algorithms' })).toHaveAttribute('href', '/experiments/create');
    await userEvent.selectOptions(algorithm, 'genetic');
    expect(algorithm).toHaveAccessibleDescription(/crossover, mutation and local search/);
  });

  it('submits the spec defaults and goes to the new solve', async () => {
    const network = stubFetch(routes({ 'POST /solves': { status: 201, body: { id: 55 } } }));
    await openForm('/solves/create?scenario_id=21');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    expect(screen.getByLabelText('Name')).toHaveValue('Solve for Morning Rush');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/55'));
    expect(network.callsTo('POST', '/solves')[0].body).toEqual({
      name: 'Solve for Morning Rush',
      description: '',
      parameters: SOLVE_FORM_DEFAULT_PARAMETERS,
      environment_id: 11,
      scenario_id: 21,
      algorithm_id: 1,
      task_id: 31,
    });
  });

  it('sends advanced settings held to their ranges, fallbacks for empty input, and normalised weights', async () => {
    const network = stubFetch(routes({ 'POST /solves': { status: 201, body: { id: 55 } } }));
    await openForm('/solves/create?scenario_id=22');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('32'));
    await userEvent.selectOptions(screen.getByLabelText('Algorithm'), 'makespan');

    await userEvent.click(screen.getByRole('button', { name: 'Show Advanced Settings' }));
    expect(screen.getByRole('button', { name: 'Hide Advanced Settings' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/^Recommendation:/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Max Distance (meters)'));
    // The drive unit drives at its own top speed: Robot Speed is Point's, and the form offers it with Point.
    expect(screen.queryByLabelText('Robot Speed (m/s)')).toBeNull();
    expect(
      screen.getByText(/1\.5 m\/s: the Drive unit \(Kiva-like\)’s top speed\. Robot Speed is the Point model’s\./),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Handling Time (s)')).toHaveAccessibleDescription(
      /blank: the robot model’s own, 2 s\./,
    );
    await userEvent.selectOptions(screen.getByLabelText('Robot Model'), 'point');
    expect(screen.getByLabelText('Handling Time (s)')).toHaveAccessibleDescription(
      /blank: the robot model’s own, 0 s\./,
    );
    await userEvent.clear(screen.getByLabelText('Robot Speed (m/s)'));
    await userEvent.type(screen.getByLabelText('Robot Speed (m/s)'), '9');
    await userEvent.clear(screen.getByLabelText('Recharge Time (min)'));
    await userEvent.type(screen.getByLabelText('Recharge Time (min)'), '45');
    await userEvent.clear(screen.getByLabelText('Time Limit (s)'));
    await userEvent.type(screen.getByLabelText('Time Limit (s)'), '20');

    await userEvent.clear(screen.getByLabelText('Completion Time weight'));
    await userEvent.type(screen.getByLabelText('Completion Time weight'), '30');
    await userEvent.click(screen.getByLabelText('Energy Usage'));
    await userEvent.clear(screen.getByLabelText('Energy Usage weight'));
    await userEvent.type(screen.getByLabelText('Energy Usage weight'), '10');
    await userEvent.type(screen.getByLabelText('Cost Efficiency weight'), '50');

    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/55'));
    const body = network.callsTo('POST', '/solves')[0].body as {
      parameters: Record<string, unknown>;
      algorithm_id: number;
    };
    expect(body.algorithm_id).toBe(6);
    expect(body.parameters).toEqual({
      time_limit: 20,
      algorithm_type: 'makespan',
      battery_capacity: 100,
      max_distance: 1000,
      robot_speed: 5,
      recharge_time: 45,
      objective_weights: { completion_time: 75, energy_usage: 25 },
      balance_factor: 50,
    });
    expect(body).toMatchObject({ environment_id: 12, scenario_id: 22, task_id: 32 });
  });

  it('starts with the drive unit, says so and that the API’s default stays point; Point sends no robot model', async () => {
    const network = stubFetch(routes({ 'POST /solves': { status: 201, body: { id: 55 } } }));
    await openForm('/solves/create?scenario_id=21');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    expect(screen.getByTestId('robot-model-line')).toHaveTextContent(
      /Robot model: Drive unit \(Kiva-like\) \(Advanced Settings, Robot Model\)\..*without a robot model runs the point model/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show Advanced Settings' }));
    expect(screen.getByLabelText('Robot Model')).toHaveValue('drive-unit');
    await userEvent.selectOptions(screen.getByLabelText('Robot Model'), 'point');
    expect(screen.getByTestId('robot-model-line')).toHaveTextContent(/Robot model: Point/);
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/55'));
    const body = network.callsTo('POST', '/solves')[0].body as { parameters: Record<string, unknown> };
    expect(body.parameters).toEqual(SPEC_DEFAULT_SOLVE_PARAMETERS);
  });

  it('runs a robot of the planner’s own figures: named problems first, then the custom model sent', async () => {
    const network = stubFetch(routes({ 'POST /solves': { status: 201, body: { id: 55 } } }));
    await openForm('/solves/create?scenario_id=21');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.click(screen.getByRole('button', { name: 'Show Advanced Settings' }));
    await userEvent.selectOptions(screen.getByLabelText('Robot Model'), 'custom');
    // It starts from the drive unit's figures, its top speed in Robot Speed.
    expect(screen.getByLabelText('Acceleration (m/s²)')).toHaveValue(1);
    expect(screen.getByLabelText('Quarter Turn (s)')).toHaveValue(0.625);
    expect(screen.getByLabelText('Robot Speed (m/s)')).toHaveValue(1.5);
    await userEvent.type(screen.getByLabelText('Model Name'), 'Tote bot');
    expect(screen.getByTestId('robot-model-line')).toHaveTextContent(/Robot model: Tote bot \(custom figures\)/);
    const braking = screen.getByLabelText('Braking (m/s²)');
    await userEvent.clear(braking);
    await userEvent.type(braking, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    expect(screen.getByText('Braking must be a number from 0.05 to 20 m/s²')).toBeInTheDocument();
    expect(braking).toHaveAttribute('aria-invalid', 'true');
    expect(network.callsTo('POST', '/solves')).toHaveLength(0);

    await userEvent.clear(braking);
    await userEvent.type(braking, '0.7');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/55'));
    const body = network.callsTo('POST', '/solves')[0].body as { parameters: Record<string, unknown> };
    expect([body.parameters.robot_model, body.parameters.robot_speed]).toEqual([
      { name: 'Tote bot', acceleration_m_s2: 1, braking_m_s2: 0.7, quarter_turn_s: 0.625, handling_s: 2 },
      1.5,
    ]);
  });

  it('refuses a Max Distance of 0 on the form, as the server would, and sends nothing', async () => {
    const network = stubFetch(routes({ 'POST /solves': { status: 201, body: { id: 55 } } }));
    await openForm('/solves/create?scenario_id=21');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.click(screen.getByRole('button', { name: 'Show Advanced Settings' }));
    const maxDistance = screen.getByLabelText('Max Distance (meters)');
    await userEvent.clear(maxDistance);
    await userEvent.type(maxDistance, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    expect(screen.getByText('Max Distance must be above 0')).toBeInTheDocument();
    expect(maxDistance).toHaveAttribute('aria-invalid', 'true');
    expect(network.callsTo('POST', '/solves')).toHaveLength(0);

    await userEvent.clear(maxDistance);
    await userEvent.type(maxDistance, '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/55'));
    expect(
      (network.callsTo('POST', '/solves')[0].body as { parameters: { max_distance: number } }).parameters.max_distance,
    ).toBe(0.5);
  });

  it('sends chargers per station and handling time when set, and refuses a charger count that is not a whole number from 1 to 10', async () => {
    const network = stubFetch(routes({ 'POST /solves': { status: 201, body: { id: 55 } } }));
    await openForm('/solves/create?scenario_id=21');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.click(screen.getByRole('button', { name: 'Show Advanced Settings' }));
    const chargers = screen.getByLabelText('Chargers per Station');
    expect(chargers).toHaveValue(null);
    await userEvent.type(chargers, '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    expect(screen.getByText('Chargers per Station must be a whole number from 1 to 10, or blank')).toBeInTheDocument();
    expect(network.callsTo('POST', '/solves')).toHaveLength(0);

    await userEvent.clear(chargers);
    await userEvent.type(chargers, '2');
    await userEvent.clear(screen.getByLabelText('Handling Time (s)'));
    await userEvent.type(screen.getByLabelText('Handling Time (s)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/55'));
    const body = network.callsTo('POST', '/solves')[0].body as { parameters: Record<string, unknown> };
    expect(body.parameters).toEqual({ ...SOLVE_FORM_DEFAULT_PARAMETERS, chargers: 2, handling_time_s: 5 });
  });

  it('offers the battery reserve for traffic (blank: automatic, with what the rule gives here) and the traffic policy', async () => {
    // Small Warehouse with its pickups on the shelf's edges, so its floor can be built.
    const pickups = [
      { id: 'P1', position: [2.5, 2], shelf_id: 'S1', side: 'top' },
      { id: 'P2', position: [2.5, 3], shelf_id: 'S1', side: 'bottom' },
    ];
    const environment = { ...SMALL_WAREHOUSE, elements: { ...SMALL_WAREHOUSE.elements, pickups } };
    const network = stubFetch(
      routes({ 'GET /environments/11': { body: environment }, 'POST /solves': { status: 201, body: { id: 55 } } }),
    );
    await openForm('/solves/create?scenario_id=21');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.click(screen.getByRole('button', { name: 'Show Advanced Settings' }));
    const reserve = screen.getByLabelText('Battery Reserve for Traffic (%)');
    expect(reserve).toHaveValue(null);
    expect(reserve).toHaveAttribute('placeholder', 'Automatic');
    // Small Warehouse: 30 cells less 2 of shelf and 1 of station, 1 robot. The form starts with
    // the drive unit: 3 + 2.5 x 60 / 27 = 8.6%; with point robots 3 + 60 / 27 = 5.2%.
    const rule =
      'Share of each charge the plan keeps for detours in traffic, 0 to 50. Blank: automatic, 3% plus 0.6 points per robot per 100 free floor cells (2.5 times that for robots that accelerate and turn), from 5% to 25%';
    expect(
      await screen.findByText(`${rule}: 8.6% for 1 robot that accelerates and turns, on 27 free cells.`),
    ).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Robot Model'), 'point');
    expect(await screen.findByText(`${rule}: 5.2% for 1 robot on 27 free cells.`)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Robot Model'), 'drive-unit');
    const policy = screen.getByLabelText('Traffic Policy');
    expect(
      within(policy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Congestion-aware', 'Plans a few steps ahead', 'Shortest walks (plain PIBT)']);
    expect(policy).toHaveValue('guided');
    expect(screen.getByText(/^Each robot follows a guide path/)).toBeInTheDocument();

    await userEvent.type(reserve, '60');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    expect(
      screen.getByText('Battery Reserve for Traffic must be a percentage from 0 to 50, or blank for automatic'),
    ).toBeInTheDocument();
    expect(network.callsTo('POST', '/solves')).toHaveLength(0);

    await userEvent.clear(reserve);
    await userEvent.type(reserve, '12.5');
    await userEvent.selectOptions(policy, 'pibt');
    expect(screen.getByText(/^Each robot takes its shortest walk/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/55'));
    const body = network.callsTo('POST', '/solves')[0].body as { parameters: Record<string, unknown> };
    expect(body.parameters).toEqual({
      ...SOLVE_FORM_DEFAULT_PARAMETERS,
      battery_reserve_pct: 12.5,
      traffic_policy: 'pibt',
    });
  });

  it('offers delays and breakdowns (blank: none), names a pair half typed, and sends both pairs', async () => {
    const network = stubFetch(routes({ 'POST /solves': { status: 201, body: { id: 55 } } }));
    await openForm('/solves/create?scenario_id=21');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.click(screen.getByRole('button', { name: 'Show Advanced Settings' }));
    expect(screen.getByLabelText('Delays per Robot-hour')).toHaveAttribute('placeholder', 'None');
    await userEvent.type(screen.getByLabelText('Delays per Robot-hour'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    expect(screen.getByText('Delays need both Delays per Robot-hour and Delay Length, or neither')).toBeInTheDocument();
    expect(network.callsTo('POST', '/solves')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Delay Length (s)'), '30');
    await userEvent.type(screen.getByLabelText('Hours between Breakdowns'), '8');
    await userEvent.type(screen.getByLabelText('Repair Time (min)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/55'));
    const body = network.callsTo('POST', '/solves')[0].body as { parameters: Record<string, unknown> };
    expect(body.parameters).toEqual({
      ...SPEC_DEFAULT_SOLVE_PARAMETERS,
      robot_model: 'drive-unit',
      delays: { rate_per_robot_h: 1, mean_s: 30 },
      breakdowns: { mtbf_h: 8, repair_min: 10 },
    });
  });

  it('keeps one objective enabled and splits all-zero weights evenly', async () => {
    const network = stubFetch(routes({ 'POST /solves': { status: 201, body: { id: 55 } } }));
    await openForm('/solves/create?scenario_id=21');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.click(screen.getByRole('button', { name: 'Show Advanced Settings' }));
    expect(screen.getByLabelText('Completion Time')).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Distance Traveled'));
    await userEvent.click(screen.getByLabelText('Balanced Workload'));
    await userEvent.clear(screen.getByLabelText('Completion Time weight'));
    await userEvent.type(screen.getByLabelText('Completion Time weight'), '0');
    await userEvent.click(screen.getByLabelText('Completion Time'));
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/55'));
    const body = network.callsTo('POST', '/solves')[0].body as { parameters: { objective_weights: unknown } };
    expect(body.parameters.objective_weights).toEqual({ distance_traveled: 50, balanced_workload: 50 });
  });

  it('runs as a shift when switched on: its fields, their rules named, and parameters.shift sent', async () => {
    const network = stubFetch(routes({ 'POST /solves': { status: 201, body: { id: 55 } } }));
    await openForm('/solves/create?scenario_id=21');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    const shift = screen.getByRole('group', { name: 'Shift' });
    const runAsShift = within(shift).getByLabelText('Run as a shift');
    expect(runAsShift).not.toBeChecked();
    expect(within(shift).queryByLabelText('Shift Length (h)')).not.toBeInTheDocument();

    await userEvent.click(runAsShift);
    expect(within(shift).getByLabelText('Shift Length (h)')).toHaveValue(8);
    expect(within(shift).getByLabelText('Seed')).toHaveValue(1);
    const dispatch = within(shift).getByLabelText('Dispatch');
    expect(
      within(dispatch)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Re-optimise', 'Nearest idle robot']);
    expect(dispatch).toHaveAccessibleDescription(/re-plans the open orders over the robots where they are/);
    expect(within(shift).getByLabelText('Re-optimise Every (s)')).toHaveValue(60);

    // Nothing typed for the rate, a profile one hour short, a re-plan too often: each named, nothing sent.
    await userEvent.clear(within(shift).getByLabelText('Shift Length (h)'));
    await userEvent.type(within(shift).getByLabelText('Shift Length (h)'), '2.5');
    await userEvent.clear(within(shift).getByLabelText('Re-optimise Every (s)'));
    await userEvent.type(within(shift).getByLabelText('Re-optimise Every (s)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    expect(
      within(shift).getByText('Orders per Hour is required: a number from 1 to 20,000, or an hourly profile'),
    ).toBeInTheDocument();
    expect(
      within(shift).getByText('Re-optimise Every must be a number of seconds from 10 to 3,600'),
    ).toBeInTheDocument();
    await userEvent.type(within(shift).getByLabelText('Hourly Profile (orders/h)'), '60, 120');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    expect(
      within(shift).getByText('Hourly Profile needs one rate per started hour: 3 for a 2.5 h shift, got 2'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Advanced Settings' })).toHaveAttribute('aria-expanded', 'false');
    expect(network.callsTo('POST', '/solves')).toHaveLength(0);
    // A shift has no use for the time limit, and the advanced settings say so.
    await userEvent.click(screen.getByRole('button', { name: 'Show Advanced Settings' }));
    expect(screen.getByLabelText('Time Limit (s)')).toHaveAccessibleDescription(
      'Not used by a shift: it runs to its end, and its re-plans stop after a fixed number of iterations.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Hide Advanced Settings' }));

    await userEvent.clear(within(shift).getByLabelText('Hourly Profile (orders/h)'));
    await userEvent.type(within(shift).getByLabelText('Orders per Hour'), '90');
    await userEvent.selectOptions(dispatch, 'nearest_idle');
    expect(within(shift).queryByLabelText('Re-optimise Every (s)')).not.toBeInTheDocument();
    await userEvent.clear(within(shift).getByLabelText('Seed'));
    await userEvent.type(within(shift).getByLabelText('Seed'), '42');
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves/55'));
    const body = network.callsTo('POST', '/solves')[0].body as { parameters: Record<string, unknown> };
    expect(body.parameters).toEqual({
      ...SOLVE_FORM_DEFAULT_PARAMETERS,
      shift: { hours: 2.5, orders_per_hour: 90, dispatch: 'nearest_idle', seed: 42 },
    });
  });

  it('reports a failure with what the server returned', async () => {
    stubFetch(routes({ 'POST /solves': { status: 400, body: { detail: 'task_id 31 belongs to another scenario' } } }));
    await openForm('/solves/create?scenario_id=21');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.click(screen.getByRole('button', { name: 'Start Optimization' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create solve. Please try again. Server returned 400: {"detail":"task_id 31 belongs to another scenario"}',
    );
    expect(currentLocation()).toBe('/solves/create?scenario_id=21');
  });
});
