import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InfeasibleDeliveryError } from '@fleetlab/solver';
import { dispatchPolicyValues, executionSchema, planResultsSchema, solveStatsSchema } from '@fleetlab/warehouse';
import { checkExecution, runShift, SimulationCancelledError, SimulationError } from '../src/index.ts';
import { CORRIDOR, TWO_STATION_CORRIDOR } from './fixtures.ts';

/** `count` orders P1 -> D1 on the corridor, one every `every` seconds from t = 0. */
function corridorOrders(count: number, every: number): { pairs: [string, string][]; releaseS: number[] } {
  return {
    pairs: Array.from({ length: count }, () => ['P1', 'D1']),
    releaseS: Array.from({ length: count }, (_, k) => every * k),
  };
}

/** Batteries that never bind: the corridor tests measure dispatch and driving alone. */
const NO_CHARGING = { max_distance: 100_000 };

describe('a single robot on the corridor, worked out by hand', () => {
  // From its station the robot drives 21 m to P1 and 19 m back to D1: 40 s from release to
  // dropoff; 2 m more takes it home, parked at release + 42 s. Chained (D1 -> P1 -> D1) an order
  // takes 38 s.
  for (const dispatch of dispatchPolicyValues) {
    it(`${dispatch}: an order every 60 s, each done 40 s after its release, never more than one waiting`, () => {
      const { pairs, releaseS } = corridorOrders(15, 60);
      const { stats, execution, results } = runShift(
        CORRIDOR,
        pairs,
        { ...NO_CHARGING, shift: { hours: 0.25, orders_per_hour: 60, dispatch } },
        { releaseS },
      );
      const shift = stats.shift!;
      expect(shift).toMatchObject({
        hours: 0.25,
        dispatch,
        orders_per_hour: 60,
        released: 15,
        delivered: 15,
        // A shift of an hour or less: its deliveries over its length.
        throughput_per_h: 60,
        cycle_p50_s: 40,
        cycle_p95_s: 40,
        cycle_max_s: 40,
        backlog_max: 1,
        backlog_end: 0,
        backlog_trend: 'stable',
        by_hour: [{ hour: 0, released: 15, delivered: 15, backlog_end: 0 }],
        charger_queue_p95_s: 0,
        // 42 m an order (21 out empty, 19 loaded, 2 home), 42 s of driving a minute.
        distance_per_order_m: 42,
        energy_per_order_pct: 0.04,
        utilisation_pct: 70,
        // Re-plans at 60, 120, ... 840 s, each with the order just released.
        replans: dispatch === 'reoptimise' ? 14 : 0,
      });
      expect(shift.utilisation.robots.R1_1).toEqual({
        idle: 0.3,
        drive_empty: 0.3833,
        drive_loaded: 0.3167,
        waiting: 0,
        queued: 0,
        charging: 0,
        handling: 0,
        stopped: 0,
        dock_queued: 0,
      });
      // 40 s in bins of 2 s: all 15 in [40, 42).
      expect(shift.cycle_histogram).toEqual({ bin_s: 2, counts: [...new Array(20).fill(0), 15] });
      expect(execution.orders!.slice(0, 2)).toEqual([
        { id: 'O1', pickup: 'P1', dropoff: 'D1', release_s: 0, pickup_s: 21, robot: 'R1_1', done_s: 40 },
        { id: 'O2', pickup: 'P1', dropoff: 'D1', release_s: 60, pickup_s: 81, robot: 'R1_1', done_s: 100 },
      ]);
      expect(execution.robots.R1_1.deliveries[1]).toEqual({ pickup: 'P1', dropoff: 'D1', done_s: 100, order: 'O2' });
      expect(results.R1_1.slice(0, 2)).toEqual([
        {
          task: ['P1', 'D1'],
          path: ['R1_1', 'P1', 'D1'],
          total_distance: 40,
          odometer_m: 40,
          completion_time: 40,
          battery_remaining: 99.96,
          battery_capacity: 100,
          max_distance: 100_000,
          order_id: 'O1',
          release_s: 0,
        },
        {
          task: ['P1', 'D1'],
          path: ['R1', 'P1', 'D1'],
          total_distance: 82,
          odometer_m: 82,
          completion_time: 100,
          battery_remaining: 99.92,
          battery_capacity: 100,
          max_distance: 100_000,
          order_id: 'O2',
          release_s: 60,
        },
      ]);
      expect(execution.totals).toMatchObject({
        planned_makespan_s: 900,
        free_flow_makespan_s: 900,
        executed_makespan_s: 880,
        deliveries: 15,
        throughput_per_h: 60,
        steps: 900,
        conflicts: 0,
      });
    });

    it(`${dispatch}: an order every 30 s against 38 s chained, the backlog grows by the difference, 25.3 an hour`, () => {
      // Order k is released at 30k s. O1 is done at 40 s; from then on the robot is never idle and
      // each order takes 38 s: order k is done at 40 + 38k s, 40 + 8k s after its release. In 2 h,
      // 240 are released (0 ... 7170 s) and 189 done (40 + 38 * 188 = 7184 s); the first hour
      // releases 120 and does 94 (k <= 93: 3574 s), the second releases 120 and does 95.
      // Arrivals 120 an hour, deliveries 3600 / 38 = 94.7: the backlog grows 25.3 an hour.
      const { pairs, releaseS } = corridorOrders(240, 30);
      const { stats } = runShift(
        CORRIDOR,
        pairs,
        { ...NO_CHARGING, shift: { hours: 2, orders_per_hour: 120, dispatch } },
        { releaseS },
      );
      expect(stats.shift).toMatchObject({
        released: 240,
        delivered: 189,
        // The second hour's deliveries: the first is the warm-up.
        throughput_per_h: 95,
        // Cycle times 40 + 8k for k = 0 ... 188: the 95th smallest (k = 94), the 180th (k = 179), the last.
        cycle_p50_s: 792,
        cycle_p95_s: 1472,
        cycle_max_s: 1544,
        by_hour: [
          { hour: 0, released: 120, delivered: 94, backlog_end: 26 },
          { hour: 1, released: 120, delivered: 95, backlog_end: 51 },
        ],
        // At 7170 s all 240 are released and 188 done (k <= 187: 7146 s).
        backlog_max: 52,
        backlog_end: 51,
        backlog_trend: 'growing',
        utilisation_pct: 100,
      });
      // Point robots run the dispatcher's own clock: nothing to set beside it.
      expect(stats.shift.dispatcher_view).toBeUndefined();
    });
  }
});

describe('dispatch on the two-station corridor, worked out by hand', () => {
  // O1 (P1 at x 20 -> D1 at x 10) at 0 s: R2_1 (x 29) is 9 m from P1, R1_1 (x 0) 20 m, so both
  // policies send R2_1: P1 at 9 s, D1 at 19 s. O2 (P2 at x 12 -> D2 at x 4) comes at 10 s.
  const pairs: [string, string][] = [
    ['P1', 'D1'],
    ['P2', 'D2'],
  ];

  it('nearest_idle gives it to the only idle robot, R1_1: 12 m out and 8 m back, done at 30 s', () => {
    // R1_1 sets out at 10 s and meets R2_1 at D1 at 19 s; R2_1, done, heads home east ahead of it.
    const { execution } = runShift(
      TWO_STATION_CORRIDOR,
      pairs,
      { shift: { hours: 0.25, orders_per_hour: 8, dispatch: 'nearest_idle' } },
      { releaseS: [0, 10] },
    );
    expect(execution.orders).toEqual([
      { id: 'O1', pickup: 'P1', dropoff: 'D1', release_s: 0, pickup_s: 9, robot: 'R2_1', done_s: 19 },
      { id: 'O2', pickup: 'P2', dropoff: 'D2', release_s: 10, pickup_s: 22, robot: 'R1_1', done_s: 30 },
    ]);
  });

  it('reoptimise gives it to R2_1, busy but done at D1 at 19 s and 2 m from P2: done at 29 s, a second sooner', () => {
    const { execution, stats } = runShift(
      TWO_STATION_CORRIDOR,
      pairs,
      { shift: { hours: 0.25, orders_per_hour: 8 } },
      { releaseS: [0, 10] },
    );
    expect(execution.orders).toEqual([
      { id: 'O1', pickup: 'P1', dropoff: 'D1', release_s: 0, pickup_s: 9, robot: 'R2_1', done_s: 19 },
      { id: 'O2', pickup: 'P2', dropoff: 'D2', release_s: 10, pickup_s: 21, robot: 'R2_1', done_s: 29 },
    ]);
    expect(execution.robots.R1_1.distance_m).toBe(0);
    // No order is open at 60 s or later: nothing to re-plan.
    expect(stats.shift).toMatchObject({ dispatch: 'reoptimise', replans: 0, cycle_max_s: 19 });
  });
});

describe('charging while idle, worked out by hand on the corridor', () => {
  // 100 m a charge, 1 min to charge, an order at 0, 60 and 120 s. After O2 the robot parks at
  // 102 s with 84 m used: 16 m left is under half a charge (and short of the 42 m an order
  // needs), so it charges from 102 to 162 s while O3 (120 s) waits.
  const { pairs, releaseS } = corridorOrders(3, 60);
  const params = (dispatch: string) => ({
    max_distance: 100,
    recharge_time: 1,
    shift: { hours: 0.25, orders_per_hour: 12, dispatch },
  });

  it('nearest_idle: O3 goes out the step after the charge ends, done at 203 s', () => {
    const { execution, results } = runShift(CORRIDOR, pairs, params('nearest_idle'), { releaseS });
    expect(execution.robots.R1_1.charges).toEqual([{ station: 'R1', arrive_s: 102, start_s: 102, end_s: 162 }]);
    expect(execution.orders!.map((order) => [order.pickup_s, order.done_s])).toEqual([
      [21, 40],
      [81, 100],
      [184, 203],
    ]);
    // The charge as a recharge step; O3 counts its metres from the station again.
    expect(
      results.R1_1.map((step) => [
        step.task,
        step.path,
        step.total_distance,
        step.odometer_m,
        step.completion_time,
        step.battery_remaining,
      ]),
    ).toEqual([
      [['P1', 'D1'], ['R1_1', 'P1', 'D1'], 40, 40, 40, 60],
      [['P1', 'D1'], ['R1', 'P1', 'D1'], 82, 82, 100, 18],
      ['recharge', ['D1', 'R1'], 84, 84, 162, 100],
      [['P1', 'D1'], ['R1', 'P1', 'D1'], 40, 124, 203, 60],
    ]);
  });

  it("reoptimise: O3 waits in the robot's work behind the charge and goes out as it ends, done at 202 s", () => {
    const { execution } = runShift(CORRIDOR, pairs, params('reoptimise'), { releaseS });
    expect(execution.robots.R1_1.charges).toEqual([{ station: 'R1', arrive_s: 102, start_s: 102, end_s: 162 }]);
    expect(execution.orders![2]).toMatchObject({ pickup_s: 183, done_s: 202 });
  });
});

describe('runShift', () => {
  it('returns records the warehouse schemas accept, and an execution checkExecution passes', () => {
    const { pairs, releaseS } = corridorOrders(15, 60);
    const params = { shift: { hours: 0.25, orders_per_hour: 60 } };
    const outcome = runShift(CORRIDOR, pairs, params, { releaseS });
    expect(planResultsSchema.parse(outcome.results)).toEqual(outcome.results);
    expect(solveStatsSchema.parse(outcome.stats)).toEqual(outcome.stats);
    expect(executionSchema.parse(outcome.execution)).toEqual(outcome.execution);
    expect(checkExecution(CORRIDOR, outcome.results, outcome.execution, params)).toEqual({ valid: true, errors: [] });
    // A 1,000 m charge: after 12 orders (504 m) under half is left, and the robot charges from
    // 702 to 882 s; the last three orders are still waiting when the shift ends.
    expect(outcome.stats).toMatchObject({
      algorithm: 'greedy_distance',
      makespan_s: 700,
      deliveries: 12,
      recharges: 1,
      lower_bound_s: 0,
      stop_reason: 'completed',
    });
    expect(outcome.execution.robots.R1_1.charges).toEqual([{ station: 'R1', arrive_s: 702, start_s: 702, end_s: 882 }]);
    expect(outcome.stats.shift).toMatchObject({ released: 15, delivered: 12, backlog_end: 3 });
  });

  it('is reproducible: the same parameters and seeds give the same shift', () => {
    const params = { shift: { hours: 0.5, orders_per_hour: 70, seed: 9 } };
    const pairs: [string, string][] = [
      ['P1', 'D1'],
      ['P2', 'D2'],
      ['P1', 'D2'],
    ];
    const run = () => {
      const { stats, ...rest } = runShift(TWO_STATION_CORRIDOR, pairs, params, { algorithm: 'makespan' });
      return { ...rest, stats: { ...stats, runtime_ms: 0 } };
    };
    const first = run();
    expect(first.stats.shift!.released).toBeGreaterThan(20);
    expect(run()).toEqual(first);
  });

  it('refuses bad settings, naming the field and the rule', () => {
    const pairs: [string, string][] = [['P1', 'D1']];
    expect(() => runShift(CORRIDOR, pairs, {})).toThrow(
      new SimulationError('A shift needs parameters.shift: hours and orders_per_hour or an hourly profile'),
    );
    expect(() => runShift(CORRIDOR, pairs, { shift: { hours: 0.1, orders_per_hour: 10 } })).toThrow(
      new SimulationError('Parameter shift.hours: a shift lasts at least 0.25 h'),
    );
    expect(() => runShift(CORRIDOR, pairs, { shift: { hours: 2, profile: [10] } })).toThrow(
      'Parameter shift.profile: the profile needs one rate per started hour of the shift: 2 for 2 h, got 1',
    );
    expect(() => runShift(CORRIDOR, pairs, { shift: { hours: 1, orders_per_hour: 10 } }, { releaseS: [0, 5] })).toThrow(
      new SimulationError('release_s needs one time per pair: 1 pairs, 2 times'),
    );
    expect(() => runShift(CORRIDOR, [], { shift: { hours: 1, orders_per_hour: 10 } })).toThrow(
      "A shift draws its orders from the task's pairs, but the task has none",
    );
    expect(() =>
      runShift(CORRIDOR, pairs, { shift: { hours: 1, orders_per_hour: 10 } }, { algorithm: 'fastest' as never }),
    ).toThrow(/^Unknown algorithm "fastest"; use one of greedy_distance/);
    expect(() =>
      runShift({ ...CORRIDOR, elements: { ...CORRIDOR.elements, robots: [] } }, pairs, {
        shift: { hours: 1, orders_per_hour: 10 },
      }),
    ).toThrow('A shift needs robots, but the environment has none');
  });

  it('names a pair no robot can do, before the shift starts', () => {
    // P1 -> D1 and home is 42 m; a 30 m charge cannot do it.
    expect(() =>
      runShift(CORRIDOR, [['P1', 'D1']], { max_distance: 30, shift: { hours: 1, orders_per_hour: 10 } }),
    ).toThrow(InfeasibleDeliveryError);
  });

  it('reports its progress through the shift, ending at 1', () => {
    const { pairs, releaseS } = corridorOrders(15, 60);
    const fractions: number[] = [];
    runShift(
      CORRIDOR,
      pairs,
      { shift: { hours: 0.25, orders_per_hour: 60 } },
      { releaseS, onProgress: (fraction) => fractions.push(fraction) },
    );
    // 900 steps, polled every 128: 0, 128 / 900, ... 896 / 900, then 1.
    expect(fractions).toEqual([...Array.from({ length: 8 }, (_, k) => (128 * k) / 900), 1]);
  });

  it('stops when asked', () => {
    const { pairs, releaseS } = corridorOrders(15, 60);
    expect(() =>
      runShift(CORRIDOR, pairs, { shift: { hours: 0.25, orders_per_hour: 60 } }, { releaseS, shouldStop: () => true }),
    ).toThrow(SimulationCancelledError);
  });
});

describe('a shift on a layout with its stored navigation graph', () => {
  it('draws every step along edges of the stored graph, with the figures of the shift without one', () => {
    const instance = JSON.parse(
      readFileSync(new URL('../../solver/bench/instances/s1.json', import.meta.url), 'utf8'),
    ) as { environment: Parameters<typeof runShift>[0] & { graph: { edges: { from: string; to: string }[] } } };
    const pairs: [string, string][] = [
      ['P7', 'D1'],
      ['P10', 'D2'],
      ['P11', 'D1'],
      ['P7', 'D2'],
    ];
    const params = { shift: { hours: 0.25, orders_per_hour: 16, dispatch: 'nearest_idle' as const } };
    const drawn = runShift(instance.environment, pairs, params, { releaseS: [0, 10, 20, 30] }).results;
    const { graph: _graph, ...withoutGraph } = instance.environment;
    const plain = runShift(withoutGraph, pairs, params, { releaseS: [0, 10, 20, 30] }).results;
    const edges = new Set(instance.environment.graph.edges.map((edge) => `${edge.from} ${edge.to}`));
    const steps = Object.values(drawn).flat();
    const hops = steps.flatMap((step) => step.path.slice(1).map((to, k) => `${step.path[k]} ${to}`));
    expect(steps.filter((step) => Array.isArray(step.task))).toHaveLength(4);
    expect(hops.filter((hop) => !edges.has(hop))).toEqual([]);
    // Navigation points are drawn, and every figure is the floor's, as without the graph.
    expect(steps.some((step) => step.path.some((id) => id.startsWith('N')))).toBe(true);
    const figures = (results: typeof drawn) =>
      Object.values(results)
        .flat()
        .map(({ path: _path, ...rest }) => rest);
    expect(figures(drawn)).toEqual(figures(plain));
  });
});
