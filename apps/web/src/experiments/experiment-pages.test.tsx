import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_KNEE_RULE, experimentCreateSchema, FORM_DEFAULT_ROBOT_MODEL } from '@fleetlab/warehouse';
import type { Environment } from '../api/types.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import {
  ADA,
  MORNING_RUSH,
  NIGHT_ORDERS,
  NIGHT_SHIFT,
  RUSH_ORDERS,
  SMALL_WAREHOUSE,
  solveFixture,
  SPEC_DEFAULT_SETTINGS,
} from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';
import { experimentToCsv } from './experiment-figures.ts';
import { ALGORITHM_COMPARISON, FLEET_SWEEP, RATE_SWEEP, SHIFT_FLEET_SWEEP } from './experiment-fixtures.ts';

/** Small Warehouse with a second station: R1_1, R1_2, R2_1, R2_2; its pickups on the shelf's edges, so its floor can be built. */
const FOUR_ROBOTS: Environment = {
  ...SMALL_WAREHOUSE,
  elements: {
    ...SMALL_WAREHOUSE.elements,
    pickups: [
      { id: 'P1', position: [2.5, 2], shelf_id: 'S1', side: 'top' },
      { id: 'P2', position: [2.5, 3], shelf_id: 'S1', side: 'bottom' },
    ],
    robot_stations: [
      { id: 'R1', position: [0.5, 4.5], robot_count: 2 },
      { id: 'R2', position: [5.5, 4.5], robot_count: 2 },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 4.5], station_index: 0 },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 4.5], station_index: 1 },
      { id: 'R2_1', station_id: 'R2', position: [5.5, 4.5], station_index: 0 },
      { id: 'R2_2', station_id: 'R2', position: [5.5, 4.5], station_index: 1 },
    ],
  },
};

const signedIn = { 'GET /auth/me': { body: ADA } };

/** The spec §9 parameters a form sends when its settings were left alone, with the given time limit. */
const defaultSettings = (timeLimit: number) => ({ ...SPEC_DEFAULT_SETTINGS, time_limit: timeLimit });
/** What a new experiment's form sends: every point's robots accelerate, brake and turn, as a new solve's do. */
const newExperimentSettings = (timeLimit: number) => ({
  ...defaultSettings(timeLimit),
  robot_model: FORM_DEFAULT_ROBOT_MODEL,
});

const cellTexts = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent);

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('/experiments', () => {
  it('lists experiments with kind, status, progress and a link to the results', async () => {
    stubFetch({ ...signedIn, 'GET /experiments': { body: [ALGORITHM_COMPARISON, FLEET_SWEEP] } });
    renderApp('/experiments', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Fleet size' })).toBeInTheDocument();
    expect(screen.getByText('Makespan search on 1, 2, 3, 4, 5 robots')).toBeInTheDocument();
    expect(screen.getByText('Auction vs Greedy nearest vs K-Means Clustering')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 points finished')).toBeInTheDocument();
    expect(screen.getByText('5 of 5 points finished (1 failed)')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'View Results' }).map((link) => link.getAttribute('href'))).toEqual([
      '/experiments/52',
      '/experiments/51',
    ]);
    expect(screen.getByRole('link', { name: 'New Experiment' })).toHaveAttribute('href', '/experiments/create');
    expect(screen.getByRole('navigation', { name: 'Main' }).querySelector('a[href="/experiments"]')).toHaveTextContent(
      'Experiments',
    );
  });

  it('says what a rate sweep and a charger sweep vary', async () => {
    const chargers = {
      ...FLEET_SWEEP,
      id: 55,
      name: 'Chargers',
      kind: 'charger_sweep' as const,
      robot_counts: [],
      charger_counts: [1, 2],
    };
    stubFetch({ ...signedIn, 'GET /experiments': { body: [RATE_SWEEP, chargers] } });
    renderApp('/experiments', { signedIn: true });
    expect(await screen.findByText('Makespan search at 300, 600, 900, 1,200 orders/h')).toBeInTheDocument();
    expect(screen.getByText('Makespan search with 1, 2 chargers per station')).toBeInTheDocument();
    expect(screen.getByText(/^Rate sweep ·/)).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    stubFetch({ ...signedIn, 'GET /experiments': { body: [] } });
    renderApp('/experiments', { signedIn: true });
    expect(await screen.findByText('No experiments yet')).toBeInTheDocument();
  });
});

describe('/experiments/create', () => {
  const routes = {
    ...signedIn,
    'GET /scenarios': { body: [MORNING_RUSH, NIGHT_SHIFT] },
    'GET /tasks': (request: { query: URLSearchParams }) => ({
      body: request.query.get('scenario_id') === '22' ? [NIGHT_ORDERS] : [RUSH_ORDERS],
    }),
    'GET /environments/11': { body: FOUR_ROBOTS },
    'GET /environments/12': { body: SMALL_WAREHOUSE },
    'GET /experiments/90': { body: { ...FLEET_SWEEP, id: 90 } },
  };

  it('creates a fleet sweep over the whole fleet by default', async () => {
    const network = stubFetch({ ...routes, 'POST /experiments': { status: 201, body: { ...FLEET_SWEEP, id: 90 } } });
    renderApp('/experiments/create', { signedIn: true });
    const counts = await screen.findByLabelText('Robot Counts');
    await waitFor(() => expect(counts).toHaveValue('1..4'));
    // The automatic battery reserve over the sweep's fleets: 30 cells less 2 of shelf and 2 of stations, 1 to 4 robots.
    // The form starts with the drive unit, as the solve form does: the reserve of robots that accelerate and turn.
    expect(screen.getByLabelText('Robot Model')).toHaveValue(FORM_DEFAULT_ROBOT_MODEL);
    expect(
      screen.getByText(/: 8\.8% to 25% for 1 to 4 robots that accelerate and turn, on 26 free cells\.$/),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.type(screen.getByLabelText('Name'), 'How many robots');
    await userEvent.selectOptions(screen.getByLabelText('Algorithm'), 'auction');
    await userEvent.clear(screen.getByLabelText('Time Limit (s)'));
    await userEvent.type(screen.getByLabelText('Time Limit (s)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    await waitFor(() => expect(currentLocation()).toBe('/experiments/90'));
    expect(network.callsTo('POST', '/experiments')[0].body).toEqual({
      name: 'How many robots',
      description: '',
      scenario_id: 21,
      task_id: 31,
      kind: 'fleet_sweep',
      algorithm: 'auction',
      robot_counts: [1, 2, 3, 4],
      parameters: newExperimentSettings(5),
    });
  });

  it('runs every point with the advanced settings of the solve form: same fields, same ranges', async () => {
    const network = stubFetch({ ...routes, 'POST /experiments': { status: 201, body: { ...FLEET_SWEEP, id: 90 } } });
    renderApp('/experiments/create', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.type(screen.getByLabelText('Name'), 'Tight batteries');
    const maxDistance = screen.getByLabelText('Max Distance (meters)');
    expect(maxDistance).toHaveAttribute('max', '10000');
    await userEvent.clear(maxDistance);
    await userEvent.type(maxDistance, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    expect(screen.getByText('Max Distance must be above 0')).toBeInTheDocument();
    expect(network.callsTo('POST', '/experiments')).toHaveLength(0);
    await userEvent.clear(maxDistance);
    await userEvent.type(maxDistance, '150');
    await userEvent.type(screen.getByLabelText('Chargers per Station'), '1');
    await userEvent.clear(screen.getByLabelText('Recharge Time (min)'));
    await userEvent.type(screen.getByLabelText('Recharge Time (min)'), '10');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Energy Usage' }));
    await userEvent.type(screen.getByLabelText('Energy Usage weight'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    await waitFor(() => expect(currentLocation()).toBe('/experiments/90'));
    expect(network.callsTo('POST', '/experiments')[0].body).toMatchObject({
      kind: 'fleet_sweep',
      parameters: {
        ...newExperimentSettings(30),
        max_distance: 150,
        recharge_time: 10,
        chargers: 1,
        objective_weights: { completion_time: 50, energy_usage: 50 },
      },
    });
  });

  it('starts from a solve’s settings: Sweep this solve', async () => {
    const tight = {
      ...defaultSettings(12),
      algorithm_type: 'makespan' as const,
      max_distance: 150,
      chargers: 1,
      handling_time_s: 4,
    };
    const network = stubFetch({
      ...routes,
      'GET /solves/63': {
        body: solveFixture({
          id: 63,
          name: 'Peak day',
          scenario_id: 22,
          task_id: 32,
          algorithm_id: 6,
          parameters: tight,
        }),
      },
      'POST /experiments': { status: 201, body: { ...FLEET_SWEEP, id: 90 } },
    });
    renderApp('/experiments/create?solve_id=63', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Sweep of Peak day'));
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('32'));
    expect(screen.getByLabelText('Scenario')).toHaveValue('22');
    expect(screen.getByLabelText('Algorithm')).toHaveValue('makespan');
    expect(screen.getByLabelText('Max Distance (meters)')).toHaveValue(150);
    expect(screen.getByLabelText('Chargers per Station')).toHaveValue(1);
    expect(screen.getByText(/Copied from the solve 'Peak day'/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    await waitFor(() => expect(currentLocation()).toBe('/experiments/90'));
    const { algorithm_type: _algorithm, ...settings } = tight;
    expect(network.callsTo('POST', '/experiments')[0].body).toMatchObject({
      scenario_id: 22,
      task_id: 32,
      algorithm: 'makespan',
      parameters: settings,
    });
  });

  it('creates a charger sweep, refusing more than 10 chargers per station first', async () => {
    const network = stubFetch({ ...routes, 'POST /experiments': { status: 201, body: { ...FLEET_SWEEP, id: 90 } } });
    renderApp('/experiments/create', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.type(screen.getByLabelText('Name'), 'How many chargers');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'charger_sweep');
    const chargers = screen.getByLabelText('Chargers per Station');
    await userEvent.clear(chargers);
    await userEvent.type(chargers, '1, 12');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    expect(await screen.findByText('At most 10 chargers per station')).toBeInTheDocument();
    expect(network.callsTo('POST', '/experiments')).toHaveLength(0);
    await userEvent.clear(chargers);
    await userEvent.type(chargers, '1..3');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    await waitFor(() => expect(currentLocation()).toBe('/experiments/90'));
    expect(network.callsTo('POST', '/experiments')[0].body).toMatchObject({
      kind: 'charger_sweep',
      algorithm: 'makespan',
      charger_counts: [1, 2, 3],
    });
  });

  it('creates a rate sweep: shifts on by force, the rates listed, the lowest standing in for the rate the schema asks', async () => {
    const network = stubFetch({ ...routes, 'POST /experiments': { status: 201, body: { ...FLEET_SWEEP, id: 90 } } });
    renderApp('/experiments/create', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.type(screen.getByLabelText('Name'), 'What rate');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'rate_sweep');
    const shift = screen.getByRole('group', { name: 'Shift' });
    expect(within(shift).getByLabelText('Run as a shift')).toBeChecked();
    expect(within(shift).getByLabelText('Run as a shift')).toBeDisabled();
    expect(within(shift).getByText('Set by each point of the rate sweep.')).toBeInTheDocument();
    expect(within(shift).queryByLabelText('Orders per Hour')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('P95 Target (min)')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    expect(screen.getByText('Rates are required')).toBeInTheDocument();
    const rates = screen.getByLabelText('Rates (orders/h)');
    await userEvent.type(rates, '600, 300, 30000');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    expect(screen.getByText('Rates are from 1 to 20,000 orders per hour: 30000 is not')).toBeInTheDocument();
    expect(network.callsTo('POST', '/experiments')).toHaveLength(0);

    await userEvent.clear(rates);
    await userEvent.type(rates, '900 600, 300');
    await userEvent.clear(within(shift).getByLabelText('Shift Length (h)'));
    await userEvent.type(within(shift).getByLabelText('Shift Length (h)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    await waitFor(() => expect(currentLocation()).toBe('/experiments/90'));
    const body = network.callsTo('POST', '/experiments')[0].body;
    expect(body).toEqual({
      name: 'What rate',
      description: '',
      scenario_id: 21,
      task_id: 31,
      kind: 'rate_sweep',
      algorithm: 'makespan',
      rates: [300, 600, 900],
      parameters: {
        ...newExperimentSettings(30),
        shift: { hours: 1, dispatch: 'reoptimise', reoptimise_every_s: 60, seed: 1 },
      },
    });
    expect(experimentCreateSchema.safeParse(body).success).toBe(true);
  });

  it('asks a fleet sweep of shifts for its P95 target in minutes and sends it in seconds', async () => {
    const network = stubFetch({ ...routes, 'POST /experiments': { status: 201, body: { ...FLEET_SWEEP, id: 90 } } });
    renderApp('/experiments/create', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Robot Counts')).toHaveValue('1..4'));
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.type(screen.getByLabelText('Name'), 'Robots for 120 an hour');
    expect(screen.queryByLabelText('P95 Target (min)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Run as a shift'));
    const target = screen.getByLabelText('P95 Target (min)');
    expect(target).toHaveValue(10);
    await userEvent.type(screen.getByLabelText('Orders per Hour'), '120');
    await userEvent.clear(target);
    await userEvent.type(target, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    expect(screen.getByText('P95 Target must be a number of minutes from 0.17 to 1,440')).toBeInTheDocument();
    expect(network.callsTo('POST', '/experiments')).toHaveLength(0);
    await userEvent.clear(target);
    await userEvent.type(target, '7.5');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    await waitFor(() => expect(currentLocation()).toBe('/experiments/90'));
    const body = network.callsTo('POST', '/experiments')[0].body;
    expect(body).toMatchObject({
      kind: 'fleet_sweep',
      robot_counts: [1, 2, 3, 4],
      cycle_p95_target_s: 450,
      parameters: {
        shift: { hours: 8, orders_per_hour: 120, dispatch: 'reoptimise', reoptimise_every_s: 60, seed: 1 },
      },
    });
    expect(experimentCreateSchema.safeParse(body).success).toBe(true);
  });

  it('creates an algorithm comparison of the ticked algorithms', async () => {
    const network = stubFetch({ ...routes, 'POST /experiments': { status: 201, body: { ...FLEET_SWEEP, id: 90 } } });
    renderApp('/experiments/create', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.selectOptions(screen.getByLabelText('Scenario'), '22');
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('32'));
    await userEvent.type(screen.getByLabelText('Name'), 'Night algorithms');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'algorithm_comparison');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Auction' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Genetic' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    await waitFor(() => expect(currentLocation()).toBe('/experiments/90'));
    expect(network.callsTo('POST', '/experiments')[0].body).toEqual({
      name: 'Night algorithms',
      description: '',
      scenario_id: 22,
      task_id: 32,
      kind: 'algorithm_comparison',
      algorithms: ['greedy_distance', 'genetic', 'makespan'],
      parameters: newExperimentSettings(30),
    });
  });

  it('names what is wrong before sending, and shows the server’s reason after', async () => {
    const network = stubFetch({
      ...routes,
      'POST /experiments': {
        status: 400,
        body: {
          detail:
            'body.robot_counts: 344 robots asked, but this floor can take at most 343 (4 drawn, 339 more parked beside the stations)',
        },
      },
    });
    renderApp('/experiments/create', { signedIn: true });
    const counts = await screen.findByLabelText('Robot Counts');
    await waitFor(() => expect(counts).toHaveValue('1..4'));
    // The automatic battery reserve over the sweep's fleets: 30 cells less 2 of shelf and 2 of stations, 1 to 4 robots.
    // The form starts with the drive unit, as the solve form does: the reserve of robots that accelerate and turn.
    expect(screen.getByLabelText('Robot Model')).toHaveValue(FORM_DEFAULT_ROBOT_MODEL);
    expect(
      screen.getByText(/: 8\.8% to 25% for 1 to 4 robots that accelerate and turn, on 26 free cells\.$/),
    ).toBeInTheDocument();
    await userEvent.clear(counts);
    await userEvent.type(counts, '2, 90');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    // 30 cells less 2 of shelf, 2 stations, a dropoff and 2 pickups' cells: 23 to park on beside the 4 drawn.
    expect(
      screen.getByText('This floor can take at most 27 robots (4 drawn, 23 more beside the stations)'),
    ).toBeInTheDocument();
    expect(network.callsTo('POST', '/experiments')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'algorithm_comparison');
    for (const name of ['Greedy nearest', 'Auction']) await userEvent.click(screen.getByRole('checkbox', { name }));
    await userEvent.type(screen.getByLabelText('Name'), 'Too few');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    expect(screen.getByText('Choose at least 2 algorithms')).toBeInTheDocument();
    expect(network.callsTo('POST', '/experiments')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'fleet_sweep');
    await userEvent.clear(screen.getByLabelText('Robot Counts'));
    await userEvent.type(screen.getByLabelText('Robot Counts'), '1..4');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create experiment. Please try again. body.robot_counts: 344 robots asked, but this floor can take at most 343 (4 drawn, 339 more parked beside the stations)',
    );
  });
});

describe('/experiments/{id}', () => {
  const completedSolve = solveFixture({
    id: 63,
    status: 'completed',
    results: {
      R1_1: [{ task: ['P1', 'D1'], path: ['R1_1', 'P1', 'D1'], total_distance: 10, completion_time: 200 }],
      R2_1: [{ task: ['P2', 'D1'], path: ['R2_1', 'P2', 'D1'], total_distance: 5, completion_time: 150 }],
      R1_2: [],
      stats: { makespan_s: 200 },
    },
  });

  it('shows the sweep chart, the results table with the knee by diminishing returns, and utilisation of the knee point', async () => {
    stubFetch({
      ...signedIn,
      'GET /experiments/51': { body: FLEET_SWEEP },
      'GET /solves/62': { body: { ...completedSolve, id: 62 } },
    });
    renderApp('/experiments/51', { signedIn: true });
    expect(
      await screen.findByRole('figure', { name: 'Makespan and deliveries per hour by robot count' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Sweep results' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => cellTexts(row));
    expect(rows).toEqual([
      [
        'Robots',
        'Planned (s)',
        'With traffic (s)',
        'Waiting for robots (s)',
        'Dock queue (s)',
        'Charger queue (s)',
        'Deliveries / h planned',
        'Deliveries / h with traffic',
        'Lower bound (s)',
        'Gap',
        'Status',
        'Solve',
      ],
      ['1', '400.0', '—', '—', '—', '—', '90.0', '—', '160.0', '150.0%', 'completed', 'View'],
      ['2Knee', '210.0', '—', '—', '—', '—', '171.4', '—', '150.0', '40.0%', 'completed', 'View'],
      ['3', '200.0', '—', '—', '—', '—', '180.0', '—', '150.0', '33.3%', 'completed', 'View'],
      ['4', '198.0', '—', '—', '—', '—', '181.8', '—', '150.0', '32.0%', 'completed', 'View'],
      ['5', '—', '—', '—', '—', '—', '—', '—', '—', '—', 'failedpickup P7 is unreachable from every robot', 'View'],
    ]);
    // The CSV carries the very figures of the table, and marks the knee the page marks.
    const csv = experimentToCsv(FLEET_SWEEP, DEFAULT_KNEE_RULE)
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    rows.slice(1).forEach((cells, index) => {
      expect(csv[index].slice(0, 10)).toEqual(
        [cells[0].replace('Knee', ''), ...cells.slice(1, 10)].map((cell) =>
          cell === '—' ? '' : cell.replace('%', ''),
        ),
      );
      expect(csv[index][11]).toBe(cells[0].endsWith('Knee') ? 'yes' : '');
    });
    // From 2 robots (210 s), the 3rd gains 10 s (4.8%) and the 4th 2 s: under 5% each.
    expect(screen.getByLabelText('Knee rule')).toHaveValue('diminishing_returns');
    expect(screen.getByTestId('knee-finding')).toHaveTextContent(
      'Knee: 2 robots. Beyond it, one more robot gains less than 5% of the planned makespan.',
    );
    expect(
      screen.getByText(/^Max Distance: 1000 m · Robot Speed: 1 m\/s · Recharge Time: 3 min · Time Limit: 5 s/),
    ).toBeInTheDocument();
    const utilisation = await screen.findByRole('region', { name: 'Utilisation per robot' });
    expect(await within(utilisation).findByLabelText('R1_1 utilisation')).toHaveTextContent('100.0%');
    expect(within(utilisation).getByLabelText('R2_1 utilisation')).toHaveTextContent('75.0%');
    expect(within(utilisation).getByLabelText('R1_2 utilisation')).toHaveTextContent('0.0%');
    expect(within(table).getAllByRole('link', { name: 'View' })[0]).toHaveAttribute('href', '/solves/61');
  });

  it('says a newer layout exists and re-runs the same sweep on it in one click', async () => {
    const onVersionOne = { ...FLEET_SWEEP, environment_latest_version: 2 };
    const rerun = { ...FLEET_SWEEP, id: 90, environment_version: 2, environment_latest_version: 2 };
    const network = stubFetch({
      ...signedIn,
      'GET /experiments/51': { body: onVersionOne },
      'GET /solves/62': { body: { ...completedSolve, id: 62 } },
      'POST /experiments': { status: 201, body: rerun },
      'GET /experiments/90': { body: rerun },
    });
    renderApp('/experiments/51', { signedIn: true });
    expect(
      await screen.findByText(
        'This experiment was made on layout version 1, shown here. The layout has been edited since: version 2 is the newest.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Re-run on version 2' }));
    await waitFor(() => expect(currentLocation()).toBe('/experiments/90'));
    const bodies = network.callsTo('POST', '/experiments').map((call) => call.body);
    expect(bodies).toEqual([
      {
        name: 'Fleet size (layout version 2)',
        description: 'How many robots?',
        kind: 'fleet_sweep',
        scenario_id: 21,
        task_id: 31,
        algorithm: 'makespan',
        robot_counts: [1, 2, 3, 4, 5],
        parameters: FLEET_SWEEP.parameters,
        knee_tolerance: 0.05,
      },
    ]);
    expect(experimentCreateSchema.safeParse(bodies[0]).success).toBe(true);
    expect(screen.queryByRole('button', { name: /Re-run on version/ })).not.toBeInTheDocument();
  });

  it('moves the knee with the rule and its value, says which rule gave it, and selects another point for utilisation', async () => {
    const network = stubFetch({
      ...signedIn,
      'GET /experiments/51': { body: FLEET_SWEEP },
      'GET /solves/62': { body: { ...completedSolve, id: 62 } },
      'GET /solves/63': { body: completedSolve },
      'GET /solves/64': { body: { ...completedSolve, id: 64 } },
    });
    renderApp('/experiments/51?knee=within_best&knee_value=5', { signedIn: true });
    const finding = await screen.findByTestId('knee-finding');
    expect(finding).toHaveTextContent('Knee: 3 robots, the fewest within 5% of the best planned makespan.');
    const table = screen.getByRole('table', { name: 'Sweep results' });
    const kneeRow = () =>
      Array.from(table.querySelectorAll<HTMLElement>('tr[data-knee]')).map((row) => cellTexts(row)[0]);
    expect(kneeRow()).toEqual(['3Knee']);

    const tolerance = screen.getByLabelText('Tolerance (%)');
    await userEvent.clear(tolerance);
    await userEvent.type(tolerance, '10');
    expect(finding).toHaveTextContent('Knee: 2 robots, the fewest within 10% of the best planned makespan.');
    await userEvent.clear(tolerance);
    await userEvent.type(tolerance, '0');
    expect(finding).toHaveTextContent(
      'No knee within the range: only the largest tested, 4 robots, is within 0% of the best planned makespan. Test more robots.',
    );
    expect(kneeRow()).toEqual(['4Largest tested']);

    await userEvent.selectOptions(screen.getByLabelText('Knee rule'), 'elbow');
    expect(finding).toHaveTextContent('Knee: 2 robots, the elbow of the planned makespan curve (Kneedle)');
    expect(screen.queryByLabelText('Tolerance (%)')).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Knee rule'), 'finish_by');
    expect(finding).toHaveTextContent('Enter the deadline, in minutes, the fleet must finish by.');
    await userEvent.type(screen.getByLabelText('Deadline (min)'), '3.4');
    expect(finding).toHaveTextContent(
      'Knee: 3 robots, the fewest that finish by 3 min 24 s (planned makespan 3 min 20 s).',
    );
    await userEvent.clear(screen.getByLabelText('Deadline (min)'));
    await userEvent.type(screen.getByLabelText('Deadline (min)'), '3');
    expect(finding).toHaveTextContent(
      'No fleet tested finishes by 3 min 0 s: the best is 4 robots at 3 min 18 s. Test more robots.',
    );

    await userEvent.click(within(table).getByRole('button', { name: '4' }));
    expect(within(table).getByRole('button', { name: '4' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Utilisation per robot: 4 robots (busy time / makespan)')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo('GET', '/solves/64').length).toBeGreaterThan(0));
  });

  it('reads a charger sweep: its settings leave out the chargers each point sets, and utilisation names the point', async () => {
    // 1, 2, 3 chargers per station: 400, 210, 205 s; the 3rd charger gains 5 s (2.4%), so the knee is 2.
    const chargerPoint = (solveId: number, chargers: number, makespan: number) => ({
      ...FLEET_SWEEP.points[0],
      solve_id: solveId,
      robot_count: null,
      chargers,
      parameters: { ...FLEET_SWEEP.parameters, algorithm_type: 'makespan' as const, chargers },
      stats: { ...FLEET_SWEEP.points[1].stats!, makespan_s: makespan },
    });
    const chargerSweep = {
      ...FLEET_SWEEP,
      id: 56,
      kind: 'charger_sweep' as const,
      robot_counts: [],
      charger_counts: [1, 2, 3],
      progress: { completed: 3, failed: 0, total: 3 },
      points: [chargerPoint(81, 1, 400), chargerPoint(82, 2, 210), chargerPoint(83, 3, 205)],
    };
    stubFetch({
      ...signedIn,
      'GET /experiments/56': { body: chargerSweep },
      'GET /solves/82': { body: { ...completedSolve, id: 82 } },
      'GET /solves/83': { body: { ...completedSolve, id: 83 } },
    });
    renderApp('/experiments/56', { signedIn: true });
    expect(await screen.findByTestId('knee-finding')).toHaveTextContent('Knee: 2 chargers per station.');
    const settings = screen.getByRole('note', { name: 'Settings of every point' });
    expect(settings).toHaveTextContent(
      /^Max Distance: 1000 m · Robot Speed: 1 m\/s · Recharge Time: 3 min · Time Limit: 5 s · Handling Time/,
    );
    expect(settings).not.toHaveTextContent('Chargers per Station');
    expect(
      await screen.findByText('Utilisation per robot: all robots at 2 chargers per station (busy time / makespan)'),
    ).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('table', { name: 'Sweep results' })).getByRole('button', { name: '3' }),
    );
    expect(
      await screen.findByText('Utilisation per robot: all robots at 3 chargers per station (busy time / makespan)'),
    ).toBeInTheDocument();
  });

  it('says a sweep’s knee and a rate sweep’s answer are the answers so far while points still run', async () => {
    // The 5-robot point still running: 2 robots are the knee of the four finished.
    const runningLast = <T extends { status: string; stats: unknown }>(points: readonly T[]) =>
      points.map((point, index) =>
        index === points.length - 1 ? { ...point, status: 'running', stats: null } : point,
      );
    stubFetch({
      ...signedIn,
      'GET /experiments/51': { body: { ...FLEET_SWEEP, status: 'running', points: runningLast(FLEET_SWEEP.points) } },
      'GET /experiments/53': { body: { ...RATE_SWEEP, status: 'running', points: runningLast(RATE_SWEEP.points) } },
    });
    const sweep = renderApp('/experiments/51', { signedIn: true });
    expect(await screen.findByTestId('knee-finding')).toHaveTextContent(
      'So far, with 4 of 5 points finished: Knee: 2 robots. Beyond it, one more robot gains less than 5% of the planned makespan.',
    );
    sweep.unmount();
    renderApp('/experiments/53', { signedIn: true });
    expect(await screen.findByTestId('shift-finding')).toHaveTextContent(
      /^So far, with \d+ of \d+ points finished: Highest sustained rate: /,
    );
  });

  it("answers a rate sweep: the highest sustained rate, throughput and P95 by rate, each point's shift stable or growing", async () => {
    stubFetch({ ...signedIn, 'GET /experiments/53': { body: RATE_SWEEP } });
    renderApp('/experiments/53', { signedIn: true });
    expect(await screen.findByTestId('shift-finding')).toHaveTextContent(
      'Highest sustained rate: 600 orders/h. Above it the backlog grows.',
    );
    expect(screen.getByRole('heading', { name: 'Makespan search by orders per hour' })).toBeInTheDocument();
    expect(
      screen.getByText("Each point: a shift of 2 h at each point's rate, Re-optimise every 60 s, seed 1."),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('figure', { name: 'Throughput and P95 cycle time by orders per hour' }),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Shift results by point' }))
      .getAllByRole('row')
      .map((row) => cellTexts(row));
    expect(rows).toEqual([
      [
        'Orders/h',
        'Released',
        'Delivered',
        'Per hour',
        'Cycle P50',
        'Cycle P95',
        'Open at most',
        'Open at end',
        'Backlog',
        'Busy',
        'Status',
        'Solve',
      ],
      ['300', '600', '598', '299.0', '50 s', '1.7 min', '5', '2', 'Stable', '25.0%', 'completed', 'View'],
      [
        '600Highest sustained',
        '1,200',
        '1,195',
        '597.5',
        '1.3 min',
        '2.5 min',
        '8',
        '5',
        'Stable',
        '50.0%',
        'completed',
        'View',
      ],
      ['900', '1,800', '1,500', '750.0', '7.5 min', '15 min', '303', '300', 'Growing', '75.0%', 'completed', 'View'],
      [
        '1,200',
        '2,400',
        '2,350',
        '1,175.0',
        '5.8 min',
        '11.7 min',
        '53',
        '50',
        'Stable',
        '100.0%',
        'completed',
        'View',
      ],
    ]);
    // No knee and no makespan for shifts, and no P95 target: a rate sweep is judged by its backlog.
    expect(screen.queryByTestId('knee-finding')).toBeNull();
    expect(screen.queryByLabelText('P95 target (min)')).toBeNull();
    expect(screen.getByLabelText('Settings of every point')).toHaveTextContent(
      "Shift: 2 h at each point's rate, Re-optimise every 60 s, seed 1",
    );
  });

  it('answers a fleet sweep of shifts: robots needed to hold the rate with P95 within a target the planner changes', async () => {
    stubFetch({ ...signedIn, 'GET /experiments/54': { body: SHIFT_FLEET_SWEEP } });
    renderApp('/experiments/54', { signedIn: true });
    const finding = await screen.findByTestId('shift-finding');
    expect(finding).toHaveTextContent('Robots needed to hold 1,200/h with P95 <= 10 min: 6.');
    expect(screen.getByRole('figure', { name: 'Throughput and P95 cycle time by robots' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Shift results by point' });
    const marked = () =>
      Array.from(table.querySelectorAll<HTMLElement>('tr[data-answer]')).map((row) => cellTexts(row)[0]);
    expect(marked()).toEqual(['6Fewest that hold']);

    const target = screen.getByLabelText('P95 target (min)');
    expect(target).toHaveValue(10);
    await userEvent.clear(target);
    await userEvent.type(target, '7.5');
    expect(finding).toHaveTextContent('Robots needed to hold 1,200/h with P95 <= 7 min 30 s: 8.');
    expect(currentLocation()).toBe('/experiments/54?p95_target_min=7.5');
    await userEvent.clear(target);
    await userEvent.type(target, '5');
    expect(finding).toHaveTextContent(
      'No setting tested can hold 1,200/h with P95 <= 5 min. Closest: 8 robots (P95 6 min 40 s, backlog stable). Test more robots.',
    );
    expect(marked()).toEqual(['8Closest']);
    await userEvent.clear(target);
    expect(finding).toHaveTextContent('P95 Target must be a number of minutes from 0.17 to 1,440');
  });

  it('shows a comparison table with the best highlighted, progress while running, and cancels', async () => {
    const cancelled = {
      ...ALGORITHM_COMPARISON,
      status: 'cancelled',
      points: ALGORITHM_COMPARISON.points.map((point) =>
        point.status === 'running' ? { ...point, status: 'failed', error: 'Cancelled by the user' } : point,
      ),
    };
    const network = stubFetch({
      ...signedIn,
      'GET /experiments/52': { body: ALGORITHM_COMPARISON },
      'POST /experiments/52/cancel': { body: cancelled },
    });
    renderApp('/experiments/52', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Algorithm comparison' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => cellTexts(row));
    expect(rows).toEqual([
      // Distances as on a solve's page (metres to two decimals under a kilometre), runtimes in seconds from 1 s.
      ['Auction', '320.0 s', '—', '—', '—', '—', '640.00 m', '1', '113.3%', '1.5 s', 'completed', 'View solve'],
      [
        'Greedy nearestBest so far',
        '300.0 s',
        '—',
        '—',
        '—',
        '—',
        '600.00 m',
        '1',
        '100.0%',
        '1.5 s',
        'completed',
        'View solve',
      ],
      ['K-Means Clustering', '—', '—', '—', '—', '—', '—', '—', '—', '—', 'running', 'View solve'],
    ]);
    expect(
      within(table)
        .getAllByRole('link', { name: 'View solve' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/solves/71', '/solves/72', '/solves/73']);
    expect(screen.getByRole('progressbar', { name: 'Experiment progress' })).toHaveAttribute('aria-valuenow', '67');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(network.callsTo('POST', '/experiments/52/cancel')).toHaveLength(1);
    const cancelledTable = screen.getByRole('table', { name: 'Algorithm comparison' });
    expect(within(cancelledTable).getByText('Cancelled by the user')).toBeInTheDocument();
    // With nothing left to run, the best is the best.
    expect(within(cancelledTable).getByText('Best')).toBeInTheDocument();
  });

  it('polls every 2 s while running', async () => {
    let calls = 0;
    stubFetch({
      ...signedIn,
      'GET /experiments/52': () => {
        calls += 1;
        return {
          body:
            calls === 1
              ? ALGORITHM_COMPARISON
              : { ...ALGORITHM_COMPARISON, status: 'completed', progress: { completed: 3, failed: 0, total: 3 } },
        };
      },
    });
    renderApp('/experiments/52', { signedIn: true });
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument(), { timeout: 3500 });
    expect(calls).toBe(2);
  });

  it('exports the table as CSV', async () => {
    stubFetch({
      ...signedIn,
      'GET /experiments/51': { body: FLEET_SWEEP },
      'GET /solves/62': { body: { ...completedSolve, id: 62 } },
    });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:csv';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/experiments/51', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await blobText(blobs[0]);
    expect(text.split('\n')[0]).toBe(
      'robot_count,makespan_s,executed_makespan_s,waiting_for_robots_s,dock_queue_s,charger_queue_s,deliveries_per_hour,executed_per_hour,lower_bound_s,gap_pct,status,knee,answer,solve_id',
    );
    // The knee of the rule on screen: diminishing returns, 2 robots.
    expect(text.split('\n')[2]).toBe('2,210.0,,,,,171.4,,150.0,40.0,completed,yes,knee,62');
  });

  it('deletes after confirmation and goes to /experiments', async () => {
    const network = stubFetch({
      ...signedIn,
      'GET /experiments/51': { body: FLEET_SWEEP },
      'GET /solves/63': { body: completedSolve },
      'DELETE /experiments/51': { status: 204 },
      'GET /experiments': { body: [] },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/experiments/51', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this experiment and its solves?');
    await waitFor(() => expect(currentLocation()).toBe('/experiments'));
    expect(network.callsTo('DELETE', '/experiments/51')).toHaveLength(1);
  });

  it('shows not found', async () => {
    stubFetch({ ...signedIn, 'GET /experiments/99': { status: 404, body: { detail: 'Experiment not found' } } });
    renderApp('/experiments/99', { signedIn: true });
    expect(await screen.findByText('Experiment not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Experiments' })).toHaveAttribute('href', '/experiments');
  });
});
