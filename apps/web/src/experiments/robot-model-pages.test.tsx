import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { experimentCreateSchema } from '@fleetlab/warehouse';
import type { Environment } from '../api/types.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import {
  ADA,
  MORNING_RUSH,
  NIGHT_SHIFT,
  RUSH_ORDERS,
  SMALL_WAREHOUSE,
  SPEC_DEFAULT_SETTINGS,
} from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';
import { ROBOT_MODEL_COMPARISON } from './experiment-fixtures.ts';
import {
  fellBehindNote,
  isAnswerRow,
  robotModelAnswerText,
  robotModelComparisonOf,
  robotModelCsv,
  robotModelRows,
} from './robot-model-figures.ts';

const signedIn = { 'GET /auth/me': { body: ADA } };

/** Small Warehouse with a second station and two robots at each: four robots, its pickups on the shelf's edges. */
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
const cellTexts = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent);
const DRIVE_UNIT = 'Drive unit (Kiva-like)';
const AMR = 'AMR (differential drive)';

describe('robot-model comparison answer', () => {
  const label = (name: string) => ({ 'drive-unit': DRIVE_UNIT, amr: AMR })[name] ?? name;

  it('names the model that needs the fewest robots for the target, and what each needs', () => {
    expect(robotModelAnswerText(robotModelComparisonOf(ROBOT_MODEL_COMPARISON), label)).toBe(
      `${DRIVE_UNIT} needs the fewest robots to finish by 10 min 0 s: 3 robots (${DRIVE_UNIT}: 3 robots; ${AMR}: 4 robots).`,
    );
  });

  it('says it is the answer so far while points that could change it are still to finish', () => {
    // The AMR's 4 robots still running: the one AMR fleet that could yet finish by 10 min.
    const running = {
      ...ROBOT_MODEL_COMPARISON,
      points: ROBOT_MODEL_COMPARISON.points.map((point) =>
        point.parameters.robot_model === 'amr' && point.robot_count === 4
          ? { ...point, status: 'running' as const, stats: null }
          : point,
      ),
    };
    expect(robotModelAnswerText(robotModelComparisonOf(running), label)).toBe(
      `So far, ${DRIVE_UNIT} needs the fewest robots to finish by 10 min 0 s: 3 robots (${DRIVE_UNIT}: 3 robots; ${AMR}: none of the fleets tested, at best 11 min 40 s with 3 robots). 1 point still to finish could change it.`,
    );
    const tight = { ...running, target_makespan_s: 400 };
    expect(robotModelAnswerText(robotModelComparisonOf(tight), label)).toBe(
      `So far, no model tested can finish by 6 min 40 s (${DRIVE_UNIT}: none of the fleets tested, at best 7 min 30 s with 4 robots; ${AMR}: none of the fleets tested, at best 11 min 40 s with 3 robots). 1 point still to finish could change it.`,
    );
  });

  it('says when no model meets the target, and without one which model finishes soonest', () => {
    const tight = { ...ROBOT_MODEL_COMPARISON, target_makespan_s: 400 };
    expect(robotModelAnswerText(robotModelComparisonOf(tight), label)).toBe(
      `No model tested can finish by 6 min 40 s (${DRIVE_UNIT}: none of the fleets tested, at best 7 min 30 s with 4 robots; ${AMR}: none of the fleets tested, at best 9 min 50 s with 4 robots).`,
    );
    const open = { ...ROBOT_MODEL_COMPARISON, target_makespan_s: null };
    expect(robotModelAnswerText(robotModelComparisonOf(open), label)).toBe(
      `At every fleet tested (2, 3 and 4 robots), ${DRIVE_UNIT} finishes soonest.`,
    );
    // Its rows are the answer's at each fleet, in the table and the CSV.
    const comparison = robotModelComparisonOf(open);
    expect(
      robotModelRows(open, comparison.figure)
        .filter((row) => isAnswerRow(comparison, row))
        .map((row) => [row.model, row.robots]),
    ).toEqual([
      ['drive-unit', 2],
      ['drive-unit', 3],
      ['drive-unit', 4],
    ]);
    // The AMR ahead with 4 robots alone: the answer at the largest fleet all ran.
    const points = open.points.map((point) =>
      point.parameters.robot_model === 'amr' && point.robot_count === 4 && point.stats
        ? {
            ...point,
            stats: {
              ...point.stats,
              makespan_s: 1,
              executed_makespan_s: point.stats.executed_makespan_s === null ? null : 1,
            },
          }
        : point,
    );
    expect(robotModelAnswerText(robotModelComparisonOf({ ...open, points }), label)).toBe(
      `With 4 robots, ${AMR} finishes soonest.`,
    );
  });
});

describe('robot-model comparison of shifts', () => {
  it('says which models at which fleets fell behind their dispatcher, and nothing for a day or robots that kept up', () => {
    const shiftStats = (delivered: number, seen: number | null, trend: 'stable' | 'growing') => ({
      orders_per_hour: 200,
      released: 220,
      delivered,
      throughput_per_h: delivered,
      cycle_p50_s: 40,
      cycle_p95_s: 90,
      backlog_max: 10,
      backlog_end: 220 - delivered,
      backlog_trend: trend,
      utilisation_pct: 50,
      ...(seen === null
        ? {}
        : {
            dispatcher_view: {
              delivered: seen,
              throughput_per_h: seen,
              cycle_p50_s: 30,
              cycle_p95_s: 60,
              backlog_end: 220 - seen,
              backlog_trend: 'stable' as const,
            },
          }),
    });
    // Drive units fell behind at 2 and 4 robots, AMRs at 3 (the backlog grew on the floor, stable on the
    // dispatcher's clock); at 3 drive units the floor kept a stable backlog, one order in flight at the end.
    const seenOf: Record<string, number | null> = {
      'drive-unit:2': 219,
      'drive-unit:3': 211,
      'drive-unit:4': 219,
      'amr:3': 219,
    };
    const shifts = {
      ...ROBOT_MODEL_COMPARISON,
      points: ROBOT_MODEL_COMPARISON.points.map((point) => ({
        ...point,
        stats: point.stats && {
          ...point.stats,
          shift: shiftStats(
            210,
            seenOf[`${point.parameters.robot_model}:${point.robot_count}`] ?? null,
            `${point.parameters.robot_model}:${point.robot_count}` === 'drive-unit:3' ? 'stable' : 'growing',
          ),
        },
      })),
    };
    const rows = robotModelRows(shifts, 'throughput_per_h');
    expect(fellBehindNote(rows)).toBe(
      `The backlog of ${DRIVE_UNIT} at 2 and 4 robots and ${AMR} at 3 robots grew on the floor where their dispatcher, on its own clock, saw it stable: the robots fell behind it, and it does not learn by how much. Their throughput here is a pessimistic estimate; each solve's page sets the dispatcher's view beside it.`,
    );
    expect(fellBehindNote(robotModelRows(ROBOT_MODEL_COMPARISON, 'makespan_s'))).toBeNull();
  });
});

describe('robot-model comparison CSV', () => {
  it('has a line per point: model, robots, makespan, cycle time, the split in seconds and the answer', () => {
    const lines = robotModelCsv(ROBOT_MODEL_COMPARISON).trim().split('\n');
    expect(lines[0]).toBe(
      'robot_model,robot_count,makespan_s,mean_cycle_s,driving_s,ramps_s,turning_s,handling_s,charging_s,waiting_s,status,answer,solve_id',
    );
    expect(lines[2]).toBe('"drive-unit",3,560,280,500,300,100,100,0,0,completed,yes,82');
    expect(lines[6]).toBe('"amr",4,590,295,500,300,200,100,0,0,completed,,86');
    expect(lines).toHaveLength(7);
  });
});

/** The experiment form on the morning rush, named, as a robot-model comparison of Greedy nearest; the network it talks to. */
async function openComparisonForm(name: string) {
  const network = stubFetch({
    ...signedIn,
    'GET /scenarios': { body: [MORNING_RUSH, NIGHT_SHIFT] },
    'GET /tasks': { body: [RUSH_ORDERS] },
    'GET /environments/11': { body: FOUR_ROBOTS },
    'GET /experiments/54': { body: ROBOT_MODEL_COMPARISON },
    'POST /experiments': { status: 201, body: ROBOT_MODEL_COMPARISON },
  });
  renderApp('/experiments/create', { signedIn: true });
  await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.selectOptions(screen.getByLabelText('Kind'), 'robot_model_comparison');
  await userEvent.selectOptions(screen.getByLabelText('Algorithm'), 'greedy_distance');
  return network;
}

describe('robot-model comparison pages', () => {
  it('creates one: the ticked models, robot counts and a target makespan in minutes, no robot model of its own', async () => {
    const network = await openComparisonForm('Which robot');
    expect(screen.getByRole('checkbox', { name: DRIVE_UNIT })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: AMR })).toBeChecked();
    // Each point sets its own model: the advanced settings do not offer one.
    expect(screen.queryByLabelText('Robot Model')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Point (instant starts, stops and turns)' }));
    await userEvent.type(screen.getByLabelText('Robot Counts'), '2..4');
    await userEvent.type(screen.getByLabelText('Target Makespan (min)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    await waitFor(() => expect(currentLocation()).toBe('/experiments/54'));
    const body = network.callsTo('POST', '/experiments')[0].body;
    expect(body).toEqual({
      name: 'Which robot',
      description: '',
      scenario_id: 21,
      task_id: 31,
      kind: 'robot_model_comparison',
      algorithm: 'greedy_distance',
      robot_models: ['point', 'drive-unit', 'amr'],
      robot_counts: [2, 3, 4],
      target_makespan_s: 600,
      parameters: { ...SPEC_DEFAULT_SETTINGS, time_limit: 30 },
    });
    expect(experimentCreateSchema.safeParse(body).success).toBe(true);
  });

  it('compares the planner’s own figures with a preset: named problems first, then the custom model at Robot Speed', async () => {
    const network = await openComparisonForm('Ours or theirs');
    expect(screen.queryByLabelText('Acceleration (m/s²)')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: AMR }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Custom figures (set below)' }));
    await userEvent.type(screen.getByLabelText('Model Name'), 'Tote bot');
    const turn = screen.getByLabelText('Quarter Turn (s)');
    await userEvent.clear(turn);
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    expect(await screen.findByText('Quarter Turn must be a number from 0 to 30 s')).toBeInTheDocument();
    expect(network.callsTo('POST', '/experiments')).toHaveLength(0);
    await userEvent.type(turn, '0');
    const speed = screen.getByLabelText('Robot Speed (m/s)');
    await userEvent.clear(speed);
    await userEvent.type(speed, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    await waitFor(() => expect(currentLocation()).toBe('/experiments/54'));
    const body = network.callsTo('POST', '/experiments')[0].body as Record<string, unknown>;
    // The drive unit's figures it started from (2 s handling), a robot that drives sideways, at Robot Speed's 2 m/s.
    expect(body.robot_models).toEqual([
      'drive-unit',
      { name: 'Tote bot', acceleration_m_s2: 1, braking_m_s2: 1, quarter_turn_s: 0, handling_s: 2, top_speed_m_s: 2 },
    ]);
    expect(experimentCreateSchema.safeParse(body).success).toBe(true);
  });

  it('refuses fewer than two models before sending', async () => {
    const network = stubFetch({
      ...signedIn,
      'GET /scenarios': { body: [MORNING_RUSH] },
      'GET /tasks': { body: [RUSH_ORDERS] },
      'GET /environments/11': { body: SMALL_WAREHOUSE },
    });
    renderApp('/experiments/create', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Task')).toHaveValue('31'));
    await userEvent.type(screen.getByLabelText('Name'), 'One robot');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'robot_model_comparison');
    await userEvent.click(screen.getByRole('checkbox', { name: AMR }));
    await userEvent.click(screen.getByRole('button', { name: 'Start Experiment' }));
    expect(await screen.findByText('Choose at least 2 robot models')).toBeInTheDocument();
    expect(network.callsTo('POST', '/experiments')).toHaveLength(0);
  });

  it('answers which model needs fewer robots, and shows each model’s makespan, cycle time and where the time goes', async () => {
    stubFetch({ ...signedIn, 'GET /experiments/54': { body: ROBOT_MODEL_COMPARISON } });
    renderApp('/experiments/54', { signedIn: true });
    expect(await screen.findByTestId('robot-model-answer')).toHaveTextContent(
      `${DRIVE_UNIT} needs the fewest robots to finish by 10 min 0 s: 3 robots`,
    );
    expect(screen.getByRole('note', { name: 'Settings of every point' })).not.toHaveTextContent('Robot Model');
    const table = screen.getByRole('table', { name: 'Robot model comparison' });
    const rows = within(table).getAllByRole('row');
    expect(cellTexts(rows[0])).toEqual([
      'Robot model',
      'Robots',
      'Planned makespan',
      'Mean cycle time',
      'Driving at speed',
      'Accelerating and braking',
      'Turning',
      'Handling',
      'Charging',
      'Waiting',
      'Status',
      'Solve',
    ]);
    expect(cellTexts(rows[1])).toEqual([
      DRIVE_UNIT,
      '2',
      '10 min 40 s',
      '5 min 20 s',
      '50.0%',
      '30.0%',
      '10.0%',
      '10.0%',
      '0.0%',
      '0.0%',
      'completed',
      'View solve',
    ]);
    expect(rows[2]).toHaveAttribute('data-best');
    expect(cellTexts(rows[6]).slice(0, 7)).toEqual([AMR, '4', '9 min 50 s', '4 min 55 s', '45.5%', '27.3%', '18.2%']);
    // The shares are of the robots' working time: a row adds up to 100% with no idle column.
    expect(
      screen.getByText(/^Where the time goes: the robots' working time summed over the fleet \(idle time left out\)/),
    ).toBeInTheDocument();
  });

  it('says what a robot-model comparison compares in the list', async () => {
    stubFetch({ ...signedIn, 'GET /experiments': { body: [ROBOT_MODEL_COMPARISON] } });
    renderApp('/experiments', { signedIn: true });
    expect(
      await screen.findByText('Greedy nearest: Drive unit (Kiva-like) vs AMR (differential drive) on 2, 3, 4 robots'),
    ).toBeInTheDocument();
  });
});
