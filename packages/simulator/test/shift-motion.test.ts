import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dispatchPolicyValues,
  executionSchema,
  Floor,
  type FloorEnvironment,
  generateWarehouseInstance,
} from '@fleetlab/warehouse';
import { checkExecution, runShift, SimulationCancelledError, toDense } from '../src/index.ts';
import { randomLayouts, segments } from './fixtures.ts';

/**
 * "Dock corridor": an 11 x 2 floor, row 1 a corridor under shelf S1: station R1 at (0, 1), pickup
 * P1 at (4, 1), dropoff D1 at (10, 1). Every place faces the shelf (270°).
 */
const DOCK_CORRIDOR: FloorEnvironment = {
  dimensions: { width: 11, height: 2 },
  elements: {
    shelves: [{ id: 'S1', position: [0, 0], size: [11, 1] }],
    pickups: [{ id: 'P1', position: [4.5, 1], shelf_id: 'S1', side: 'bottom' }],
    dropoffs: [{ id: 'D1', position: [10.5, 1.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 1.5] }],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 1.5] }],
  },
};

/** Batteries that never bind. */
const NO_CHARGING = { max_distance: 100_000 };

describe('a shift with the drive-unit model, worked out by hand', () => {
  // drive-unit: 1.5 m/s top, 1 m/s² both ways, 0.625 s a quarter turn, 2 s handling. A run of d
  // metres from standstill to standstill (d >= 1.5² / 1 = 2.25 m) takes d / 1.5 + 1.5 s: 4 m
  // 4.1667 s, 6 m 5.5 s, 10 m 8.1667 s. Each leg's arrival is rounded up to the 0.05 s tick from
  // the tick it set out at (as free flow rounds each leg).
  // O1 (released at 0): from the station, a quarter turn to +x, 4 m, a quarter turn to face the
  // shelf: 0.625 + 4.1667 + 0.625 = 5.4167 -> pickup at 5.45 s; handling to 7.45 s; a quarter
  // turn, 6 m, a quarter turn: 6.75 s -> done at 14.2 s; handling to 16.2 s. Then home (the
  // dispatcher gave it nothing more): a quarter turn to -x (16.825 s), 10 m: at the station at
  // 24.9917 s, facing -x.
  // The discrete run (points at 1.5 m/s: steps of 2/3 s) parks the robot at its station at step
  // 26 and gives it O2 at the step of its release, step 90 (60 s): the robot may not leave the
  // station before 60 s. Then it turns round (two quarters, 1.25 s), drives 4 m and turns to the
  // shelf: 61.25 + 4.1667 + 0.625 = 66.0417 s, rounded up from the leg's start (16.2 s) -> pickup
  // at 66.05 s; handling to 68.05 s; 6.75 s on -> done at 74.8 s: a cycle of 14.8 s.
  const params = { ...NO_CHARGING, robot_model: 'drive-unit' as const };

  for (const dispatch of ['nearest_idle', 'reoptimise'] as const) {
    it(`${dispatch}: O2 released at 60 s leaves the station at 60 s, not as the robot gets home at 25 s`, () => {
      const { execution, stats, results } = runShift(
        DOCK_CORRIDOR,
        [
          ['P1', 'D1'],
          ['P1', 'D1'],
        ],
        { ...params, shift: { hours: 0.25, orders_per_hour: 8, dispatch } },
        { releaseS: [0, 60] },
      );
      expect(execution.step_s).toBe(0.05);
      expect(execution.orders).toEqual([
        { id: 'O1', pickup: 'P1', dropoff: 'D1', release_s: 0, pickup_s: 5.45, robot: 'R1_1', done_s: 14.2 },
        { id: 'O2', pickup: 'P1', dropoff: 'D1', release_s: 60, pickup_s: 66.05, robot: 'R1_1', done_s: 74.8 },
      ]);
      // Home at 24.9917 s, facing -x (180°); it stands there until 60 s, then turns round.
      const motion = segments(execution.robots.R1_1.motion);
      const home = motion.filter((segment) => segment[0] >= 24 && segment[0] <= 61.3);
      expect(home).toEqual([
        [24.992, 0, 1, 180, 0, 0, 0],
        [60, 0, 1, 180, 0, 0, 4],
        [61.25, 0, 1, 0, 0, 1, 1],
      ]);
      expect(stats.shift).toMatchObject({
        released: 2,
        delivered: 2,
        cycle_p50_s: 14.2,
        cycle_p95_s: 14.8,
        cycle_max_s: 14.8,
        backlog_end: 0,
      });
      expect(stats.robot_model).toBe('drive-unit');
      expect(results.R1_1.map((step) => step.completion_time)).toEqual([14.2, 74.8]);
      expect(executionSchema.parse(execution)).toEqual(execution);
      expect(checkExecution(DOCK_CORRIDOR, results, execution, params).errors).toEqual([]);
    });
  }

  it('an order the dispatcher sees done by the end but the robot delivers after it: after_shift_end, not counted', () => {
    // O2 released at 888 s of a 900 s shift. The discrete run (turns at speed and braking at
    // places paid in whole steps standing) has it done at step 1348 (898.67 s, below), before
    // the end (step 1350). Timed: out at 888 s, at P1 at 888 +
    // 6.0417 s rounded up from 16.2 s -> 894.05 s, handled to 896.05 s, done 6.75 s on at
    // 902.8 s: after the end. The record keeps it (the robots finish what the dispatcher gave
    // them); the shift's figures do not count it.
    const { execution, stats, results } = runShift(
      DOCK_CORRIDOR,
      [
        ['P1', 'D1'],
        ['P1', 'D1'],
      ],
      { ...params, shift: { hours: 0.25, orders_per_hour: 8, dispatch: 'nearest_idle' } },
      { releaseS: [0, 888] },
    );
    expect(execution.orders![1]).toEqual({
      id: 'O2',
      pickup: 'P1',
      dropoff: 'D1',
      release_s: 888,
      pickup_s: 894.05,
      robot: 'R1_1',
      done_s: 902.8,
      after_shift_end: true,
    });
    expect(execution.orders![0].after_shift_end).toBeUndefined();
    expect(stats.shift).toMatchObject({
      released: 2,
      delivered: 1,
      throughput_per_h: 4,
      cycle_max_s: 14.2,
      backlog_end: 1,
      by_hour: [{ hour: 0, released: 2, delivered: 1, backlog_end: 1 }],
    });
    expect(execution.totals).toMatchObject({ deliveries: 1, throughput_per_h: 4, executed_makespan_s: 14.2 });
    // The dispatcher's clock: both done, O1 in 14 steps (9.33 s), O2, given to a robot that
    // still owes the braking of its arrival home, in 16 (10.67 s), before the end.
    expect(stats.shift.dispatcher_view).toEqual({
      delivered: 2,
      throughput_per_h: 8,
      cycle_p50_s: 9.33,
      cycle_p95_s: 10.67,
      backlog_end: 0,
      backlog_trend: 'stable',
    });
    expect(checkExecution(DOCK_CORRIDOR, results, execution, params).errors).toEqual([]);
  });

  it('runs delays and breakdowns with a robot model as a day does: the robots stand them out, and the same shift without them is beside it', () => {
    const shift = { hours: 0.25, orders_per_hour: 40, seed: 4 };
    const stops = { delays: { rate_per_robot_h: 120, mean_s: 20 }, breakdowns: { mtbf_h: 0.01, repair_min: 1 } };
    const withStops = { ...params, ...stops, shift };
    const { execution, results } = runShift(DOCK_CORRIDOR, [['P1', 'D1']], withStops);
    expect(checkExecution(DOCK_CORRIDOR, results, execution, withStops).errors).toEqual([]);
    const { delays, breakdowns, without_disruptions: without } = execution.totals;
    expect((delays?.count ?? 0) + (breakdowns?.count ?? 0)).toBeGreaterThan(0);
    const plain = runShift(DOCK_CORRIDOR, [['P1', 'D1']], { ...params, shift });
    expect(without).toEqual({
      executed_makespan_s: plain.execution.totals.executed_makespan_s,
      throughput_per_h: plain.execution.totals.throughput_per_h,
      deliveries: plain.execution.totals.deliveries,
      shift: { throughput_per_h: plain.stats.shift.throughput_per_h, cycle_p95_s: plain.stats.shift.cycle_p95_s },
    });
    const delivered = Object.values(execution.robots).flatMap((robot) => robot.deliveries.map((d) => d.order));
    expect(new Set(delivered).size).toBe(delivered.length);
  });
});

describe('a robot handed an order while it stands on the pickup', () => {
  // xl1's 100 drive units, a quarter hour at 600 orders/h, re-optimised every 60 s: O105 (released
  // at 569.59 s) goes to a robot whose discrete self stands on its pickup then; the timed robot
  // was there at 565.3 s, and started on it at once: a pickup before the order existed, which the
  // checker refused ("Order O105 is picked up at 565.3 s, before its release at 569.59 s"). It now
  // starts on it no sooner than it was handed the order, as it leaves no cell sooner.
  it('starts on it no sooner than it was handed the order: no pickup before its release', () => {
    const xl1 = JSON.parse(readFileSync(new URL('../../solver/bench/instances/xl1.json', import.meta.url), 'utf8'));
    const params = {
      ...xl1.params,
      robot_model: 'drive-unit' as const,
      shift: { hours: 0.25, orders_per_hour: 600, dispatch: 'reoptimise' as const },
    };
    const { execution, results } = runShift(xl1.environment, xl1.tasks, params, { algorithm: 'greedy_distance' });
    expect(checkExecution(xl1.environment, results, execution, params).errors).toEqual([]);
    const o105 = execution.orders?.find((order) => order.id === 'O105');
    expect(o105?.release_s).toBe(569.59);
    expect(o105?.pickup_s).toBeGreaterThanOrEqual(569.59);
    for (const order of execution.orders ?? [])
      if (order.pickup_s !== undefined) expect(order.pickup_s).toBeGreaterThanOrEqual(order.release_s);
  });
});

describe('a shift with a robot model reports its progress and stops when asked', () => {
  // 9 robots on a 20 x 20 floor for 45 minutes: enough events that the timing looks in three times.
  const day = generateWarehouseInstance({
    width: 20,
    height: 20,
    stations: 3,
    robotsPerStation: 3,
    orders: 20,
    seed: 7,
  });
  const params = { robot_model: 'drive-unit' as const, shift: { hours: 0.75, orders_per_hour: 300 } };

  it('through the discrete run (up to 0.2), then the timing, ending at 1', () => {
    const fractions: number[] = [];
    runShift(day.environment, day.tasks, params, { onProgress: (fraction) => fractions.push(fraction) });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.some((fraction) => fraction > 0.2 && fraction < 1)).toBe(true);
    for (let k = 1; k < fractions.length; k++) expect(fractions[k]).toBeGreaterThanOrEqual(fractions[k - 1]);
  });

  it('while it times the discrete run', () => {
    let timing = false;
    expect(() =>
      runShift(day.environment, day.tasks, params, {
        onProgress: (fraction) => {
          timing = fraction >= 0.2;
        },
        shouldStop: () => timing,
      }),
    ).toThrow(SimulationCancelledError);
  });
});

describe('shifts with robot models on random small floors', () => {
  it('pass both checkers, deliver each order at most once, start no leg before its release, and do no more than the dispatcher believes', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...randomLayouts({ width: [10, 14], height: [12, 14], stations: [1, 3], robotsPerStation: [1, 3] }),
          rate: fc.integer({ min: 20, max: 400 }),
          maxDistance: fc.constantFrom(150, 1000),
          model: fc.constantFrom('drive-unit' as const, 'amr' as const),
          dispatch: fc.constantFrom(...dispatchPolicyValues),
        }),
        ({ rate, maxDistance, model, dispatch, ...layout }) => {
          const day = generateWarehouseInstance({ ...layout, orders: 20, shelfLength: 4 });
          const params = {
            max_distance: maxDistance,
            recharge_time: 3,
            robot_model: model,
            shift: { hours: 0.25, orders_per_hour: rate, seed: layout.seed, dispatch },
          };
          let outcome: ReturnType<typeof runShift>;
          try {
            outcome = runShift(day.environment, day.tasks, params);
          } catch (error) {
            // A pair no robot can do on its charge is refused before the shift starts.
            expect((error as Error).message).toMatch(/cannot be done/);
            return;
          }
          const { execution, results, stats } = outcome;
          // checkExecution runs the motion checker (check-motion.ts) for every model but point.
          expect(checkExecution(day.environment, results, execution, params).errors).toEqual([]);
          const floor = new Floor(day.environment);
          const orders = new Map(execution.orders!.map((order) => [order.id, order]));
          const deliveredBy = new Map<string, string>();
          for (const [id, robot] of Object.entries(execution.robots)) {
            for (const done of robot.deliveries) {
              expect(deliveredBy.has(done.order!)).toBe(false);
              deliveredBy.set(done.order!, id);
            }
          }
          // No leg from a station (parked, then given the order) starts before the order's
          // release: the robot's centre leaves the station's centre (the last time it reached it
          // before the pickup, or later if it stood, turned and set out from there) no sooner. (A
          // leg from a dropoff may start before: the dispatcher may give the order to a robot on
          // its way home, which turns back.)
          const stations = new Set(floor.stationIds);
          const entered = toDense(execution, {}).entered;
          for (const [id, steps] of Object.entries(results)) {
            const motion = segments(execution.robots[id].motion);
            for (const step of steps) {
              if (step.task === 'recharge' || !stations.has(step.path[0])) continue;
              const order = orders.get(step.order_id!)!;
              const from = floor.cellOf(step.path[0])!;
              const atStation = (x: number, y: number) => x === floor.x(from) && y === floor.y(from);
              const reached = entered[id].findLast(([t, x, y]) => t < order.pickup_s! && atStation(x, y));
              const setOut = motion.findLast(([t, x, y]) => t < order.pickup_s! && atStation(x, y));
              expect(Math.max(reached![0], setOut?.[0] ?? 0)).toBeGreaterThanOrEqual(order.release_s - 1e-3);
            }
          }
          const shift = stats.shift!;
          expect(shift.delivered).toBe(
            execution.orders!.filter((o) => o.done_s !== undefined && !o.after_shift_end).length,
          );
          // The timed run times the dispatcher's deliveries, later: never more, nor sooner.
          expect(shift.delivered).toBeLessThanOrEqual(shift.dispatcher_view!.delivered);
          expect(shift.throughput_per_h).toBeLessThanOrEqual(shift.dispatcher_view!.throughput_per_h);
          expect(execution.totals.deliveries).toBe(shift.delivered);
        },
      ),
      { numRuns: 16, seed: 20261129 },
    );
  });
});
