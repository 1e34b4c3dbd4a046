import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildProblem, solve } from '@fleetlab/solver';
import {
  activityAt,
  type ExecutionRecord,
  Floor,
  type FloorEnvironment,
  generateWarehouseInstance,
  createSeededRandom,
  FloorClock,
  freeFlow,
  resolveFloorParameters,
  robotWorkFromPlan,
  runTime,
  trafficPolicyNameValues,
} from '@fleetlab/warehouse';
import { checkMotion } from '../src/check-motion.ts';
import { executeOnFloor } from '../src/execution/executor.ts';
import { checkExecution, simulate, toDense } from '../src/index.ts';
import { MotionWriter } from '../src/motion/motion-writer.ts';
import { leastTimeOver, type RunLimits, StraightRun } from '../src/motion/straight-run.ts';

/** A run planned afresh (its own `StraightRun`). */
const runPieces = (t: number, x: number, v: number, target: number, limits: RunLimits) =>
  new StraightRun().plan(t, x, v, target, limits);
/** A run's pieces as objects, to compare. */
const piecesOf = (run: StraightRun) =>
  Array.from({ length: run.count }, (_, k) => ({
    t: run.t(k),
    x: run.x(k),
    v: run.v(k),
    a: run.a(k),
    d: run.d(k),
    state: run.state(k),
  }));
const stateAt = (run: StraightRun, t: number, target: number) => {
  run.stateAt(t, target);
  return { x: run.atX, v: run.atV };
};
import { deliver, NARROW_AISLE, segments } from './fixtures.ts';

/** Kiva-like figures without handling: 1 m/s² both ways, 1.5 m/s, 0.625 s a quarter turn. */
const KIVA = { acceleration_m_s2: 1, braking_m_s2: 1, quarter_turn_s: 0.625, top_speed_m_s: 1.5, handling_s: 0 };
/** The same robot driving sideways: no turns. */
const SIDEWAYS = { ...KIVA, quarter_turn_s: 0 };
const LIMITS = { topSpeed: 1.5, acceleration: 1, braking: 1 };

/**
 * "Straight": a 12 x 2 floor, row 1 a corridor under shelf S1: station R1 at (0, 1), pickup P1 at
 * (1, 1), dropoff D1 at (11, 1): P1 -> D1 is one straight 10 m run.
 */
const STRAIGHT: FloorEnvironment = {
  dimensions: { width: 12, height: 2 },
  elements: {
    shelves: [{ id: 'S1', position: [0, 0], size: [12, 1] }],
    pickups: [{ id: 'P1', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' }],
    dropoffs: [{ id: 'D1', position: [11.5, 1.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 1.5] }],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 1.5] }],
  },
};

/**
 * "L": a 4 x 4 floor, shelf S1 over x 0-2, y 0-2, so row 3 and column 3 are free: station R1 at
 * (0, 3), pickup P1 at (1, 3) under the shelf, dropoff D1 at (3, 0).
 */
const L_WALK: FloorEnvironment = {
  dimensions: { width: 4, height: 4 },
  elements: {
    shelves: [{ id: 'S1', position: [0, 0], size: [3, 3] }],
    pickups: [{ id: 'P1', position: [1.5, 3], shelf_id: 'S1', side: 'bottom' }],
    dropoffs: [{ id: 'D1', position: [3.5, 0.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 3.5] }],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 3.5] }],
  },
};

/**
 * "Wide crossing": a 7 x 5 floor with a 3 x 2 shelf in each corner: row 2 and column 3 are
 * one-lane corridors crossing at (3, 2). R1 (0, 2), P1 (1, 2), D1 (6, 2); R2 (3, 0), P2 (3, 1),
 * D2 (3, 4).
 */
const WIDE_CROSSING: FloorEnvironment = {
  dimensions: { width: 7, height: 5 },
  elements: {
    shelves: [
      { id: 'S1', position: [0, 0], size: [3, 2] },
      { id: 'S2', position: [4, 0], size: [3, 2] },
      { id: 'S3', position: [0, 3], size: [3, 2] },
      { id: 'S4', position: [4, 3], size: [3, 2] },
    ],
    pickups: [
      { id: 'P1', position: [1.5, 2], shelf_id: 'S1', side: 'bottom' },
      { id: 'P2', position: [4, 1.5], shelf_id: 'S2', side: 'left' },
    ],
    dropoffs: [
      { id: 'D1', position: [6.5, 2.5] },
      { id: 'D2', position: [3.5, 4.5] },
    ],
    robot_stations: [
      { id: 'R1', position: [0.5, 2.5] },
      { id: 'R2', position: [3.5, 0.5] },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 2.5] },
      { id: 'R2_1', station_id: 'R2', position: [3.5, 0.5] },
    ],
  },
};

describe('a straight run, worked out by hand', () => {
  it('10 m from standstill to standstill at 1 m/s² and 1.5 m/s: 1.5 s up, 5.17 s cruising, 1.5 s down = 8.17 s', () => {
    const pieces = runPieces(0, 0, 0, 10, LIMITS);
    expect(piecesOf(pieces).map((piece) => [piece.state, piece.d])).toEqual([
      [1, 1.5],
      [2, expect.closeTo(31 / 6, 12)],
      [3, 1.5],
    ]);
    expect(pieces.end(0)).toBeCloseTo(10 / 1.5 + 1.5, 12);
    expect(pieces.end(0)).toBeCloseTo(
      runTime({ ...LIMITS, name: 'k', point: false, quarterTurnS: 0, handlingS: 0 }, 10),
      12,
    );
    // Half way (5 m) is reached cruising: 1.5 s + (5 - 1.125) / 1.5 s.
    expect(pieces.timeAt(5, 10, 0)).toBeCloseTo(1.5 + 3.875 / 1.5, 12);
  });

  it('a 1 m hop never reaches top speed: up to 1 m/s in 1 s, down in 1 s = 2 s', () => {
    const pieces = runPieces(0, 0, 0, 1, LIMITS);
    expect(piecesOf(pieces)).toEqual([
      { t: 0, x: 0, v: 0, a: 1, d: 1, state: 1 },
      { t: 1, x: 0.5, v: 1, a: -1, d: 1, state: 3 },
    ]);
  });

  it('a robot braking for a limit that moves on accelerates again from where it is', () => {
    // Allowed 1 m: at 1.5 s it is braking at 0.875 m, 0.5 m/s; the limit moves to 10 m.
    const first = runPieces(0, 0, 0, 1, LIMITS);
    expect(first.t(1)).toBe(1);
    const again = runPieces(1.5, 0.875, 0.5, 10, LIMITS);
    expect(piecesOf(again)[0]).toMatchObject({ t: 1.5, x: 0.875, v: 0.5, a: 1, d: 1, state: 1 });
    expect(again.end(1.5)).toBeCloseTo(1.5 + 1 + (10 - 0.875 - 1 - 1.125) / 1.5 + 1.5, 12);
  });

  it('the least time over 2 m from standstill: 1.5 s up to 1.5 m/s (1.125 m), 0.875 m cruising', () => {
    expect(leastTimeOver(2, 0, LIMITS)).toBeCloseTo(1.5 + 0.875 / 1.5, 12);
    expect(leastTimeOver(1, 0, LIMITS)).toBeCloseTo(Math.SQRT2, 12);
  });

  // What lets a robot be granted a cell before its holder releases it: the holder's run is only
  // ever re-planned to a further limit from where it is, and that run is nowhere behind the old
  // one (so the old run's release is the latest); no run gets anywhere sooner than full effort.
  it('a run re-planned to a further limit is never behind the old one, and never ahead of full effort', () => {
    const states = fc
      .record({
        v: fc.double({ min: 0, max: 1.5, noNaN: true }),
        near: fc.double({ min: 0, max: 12, noNaN: true }),
        further: fc.double({ min: 0, max: 12, noNaN: true }),
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        limits: fc.constantFrom(LIMITS, { topSpeed: 1.2, acceleration: 0.5, braking: 0.7 }),
      })
      .filter(({ v, near, limits }) => v <= limits.topSpeed && (v * v) / (2 * limits.braking) <= near);
    fc.assert(
      fc.property(states, ({ v, near, further, at, limits }) => {
        const old = runPieces(0, 0, v, near, limits);
        const end = old.end(0);
        // Re-planned at some moment of the old run, from where it is then (to a micrometre or microsecond: float).
        const t0 = at * end;
        const state = stateAt(old, t0, near);
        const target = near + further;
        const fresh = runPieces(t0, state.x, state.v, target, limits);
        for (let k = 0; k <= 50; k++) {
          const t = t0 + ((end + 1 - t0) * k) / 50;
          expect(stateAt(fresh, t, target).x).toBeGreaterThanOrEqual(stateAt(old, t, near).x - 1e-6);
        }
        for (let k = 1; k <= 10; k++) {
          const x = state.x + ((target - state.x) * k) / 10;
          expect(fresh.timeAt(x, target, t0)).toBeGreaterThanOrEqual(
            t0 + leastTimeOver(x - state.x, state.v, limits) - 1e-6,
          );
        }
      }),
      { numRuns: 300, seed: 20261129 },
    );
  });
});

describe('a motion writer', () => {
  it('rounds to the millisecond and millimetre, turns quarter turns into degrees and lets a segment of no time give way', () => {
    const writer = new MotionWriter();
    writer.write(0, 1.00049, 2.5, 1, 0, 0, 0);
    writer.write(1.0004, 1.5, 2.5, 1, 0.7, 0.5, 1);
    // At the same millisecond as the one before: that one lasted no time and is replaced.
    writer.write(1.0001, 1.5, 2.5, 2, 0, 0, 4);
    writer.write(2.25, 1.5, 2.5, 2, 0, 0, 0);
    expect(writer.segments()).toEqual([
      0, 1, 2.5, 90, 0, 0, 0, 1, 1.5, 2.5, 180, 0, 0, 4, 2.25, 1.5, 2.5, 180, 0, 0, 0,
    ]);
  });

  it('keeps every segment past the size it starts with', () => {
    const writer = new MotionWriter();
    const expected: number[] = [];
    for (let k = 0; k < 1000; k++) {
      writer.write(k, k / 2, 0, k % 4, 1, 0, 2);
      expected.push(k, k / 2, 0, (k % 4) * 90, 1, 0, 2);
    }
    expect(writer.segments()).toEqual(expected);
  });
});

describe('robots with acceleration and turns on the shared floor, worked out by hand', () => {
  it('the 10 m run: a 1 m hop (2 s) to P1, then 10 m in 8.17 s, rounded up to 8.2 s; the motion as driven', () => {
    const params = { robot_model: SIDEWAYS };
    const plan = { R1_1: [deliver('P1', 'D1')] };
    const execution = simulate(STRAIGHT, plan, params);
    const robot = execution.robots.R1_1;
    expect(execution.step_s).toBe(0.05);
    expect(robot.deliveries).toEqual([{ pickup: 'P1', dropoff: 'D1', done_s: 10.2 }]);
    expect(execution.totals).toMatchObject({ free_flow_makespan_s: 10.2, executed_makespan_s: 10.2, waiting_s: 0 });
    expect(segments(robot.motion).slice(0, 6)).toEqual([
      [0, 0, 1, 0, 0, 1, 1],
      [1, 0.5, 1, 0, 1, -1, 3],
      [2, 1, 1, 0, 0, 1, 1],
      [3.5, 2.125, 1, 0, 1.5, 0, 2],
      [8.667, 9.875, 1, 0, 1.5, -1, 3],
      [10.167, 11, 1, 270, 0, 0, 0],
    ]);
    // The cells as entered, for other tools: the centre of (2, 1) at 2 + sqrt(2) s.
    const entered = toDense(execution, { R1: 1 }).entered.R1_1;
    expect(entered.slice(0, 3)).toEqual([
      [0, 0, 1, 0],
      [2, 1, 1, 0],
      [3.414, 2, 1, 0],
    ]);
    expect(checkExecution(STRAIGHT, plan, execution, params).errors).toEqual([]);
  });

  it('a drive unit that breaks down brakes, stands the repair out on its cell and sets off again from standstill', () => {
    // Breakdowns every 3.6 s on the move on average, each a 6 s repair (120 ticks): the 10 m run
    // from P1 to D1 is cut by at least one.
    const plan = { R1_1: [deliver('P1', 'D1')] };
    const params = { robot_model: 'drive-unit' as const, breakdowns: { mtbf_h: 0.001, repair_min: 0.1 } };
    const execution = simulate(STRAIGHT, plan, params, { seed: 3 });
    expect(checkExecution(STRAIGHT, plan, execution, params).errors).toEqual([]);
    const { breakdowns, without_disruptions: without } = execution.totals;
    expect(breakdowns?.count).toBeGreaterThan(0);
    const stops = execution.robots.R1_1.breakdowns ?? [];
    // Alone on the floor, nobody blocks it: a repair is no traffic delay, and its activity says
    // it stood for a breakdown.
    expect(execution.robots.R1_1.waiting_s).toBe(0);
    for (const stop of stops)
      expect(activityAt(execution.robots.R1_1.activities ?? [], Math.round(stop.start_s / 0.05))).toBe('stopped');
    expect(stops.map((stop) => Math.round((stop.end_s - stop.start_s) * 100) / 100)).toEqual(stops.map(() => 6));
    // Through each repair the robot stands (speed 0) on one spot, and it sets off only after.
    const motion = segments(execution.robots.R1_1.motion ?? []);
    for (const stop of stops) {
      const first = motion.findLastIndex(([t]) => t <= stop.start_s);
      const during = motion.slice(first).filter(([t], k) => k === 0 || t < stop.end_s);
      for (const [, x, y, , speed] of during) {
        expect(speed).toBe(0);
        expect([x, y]).toEqual([during[0][1], during[0][2]]);
      }
    }
    // The day without them is the robot's plan; with them it is longer by the repairs and more
    // (braking to stand and starting again).
    expect(without?.executed_makespan_s).toBe(execution.totals.free_flow_makespan_s);
    expect(execution.totals.executed_makespan_s).toBeGreaterThan(without!.executed_makespan_s + breakdowns!.lost_s);
  });

  it('an L walk with one quarter turn: 0.625 + 2.83 (2 m) + 0.625 + 3.5 (3 m) + 0.625 s, plus the hop and handling', () => {
    // Station (0, 3) faces the shelf (270°): to P1 a turn, a 1 m hop and a turn back: 3.25 s.
    // Handling 2 s. P1 -> D1: turn to 0°, 2 m (a triangle, 2 sqrt 2 s), turn to 270°, 3 m
    // (3 / 1.5 + 1.5 s), turn to face D1's shelf (180°): 8.2034 s, rounded up to 8.25 s.
    const params = { robot_model: 'drive-unit' as const };
    const plan = { R1_1: [deliver('P1', 'D1')] };
    const execution = simulate(L_WALK, plan, params);
    expect(execution.robots.R1_1.deliveries[0].done_s).toBe(3.25 + 2 + 8.25);
    expect(execution.totals.free_flow_makespan_s).toBe(13.5);
    const turns = segments(execution.robots.R1_1.motion).filter((segment) => segment[6] === 4);
    expect(turns.map((segment) => [segment[0], segment[3]])).toEqual([
      [0, 270],
      [2.625, 0],
      [5.25, 270],
      [8.703, 0],
      [12.828, 270],
    ]);
    expect(checkExecution(L_WALK, plan, execution, params).errors).toEqual([]);
  });

  it('two robots at a crossing: the second brakes one cell short until the first will have cleared it, and goes on without stopping', () => {
    // Alone: R1_1 hop to P1 (3.25 s), turn, 5 m (4.83 s), turn: done at 9.35 s; R2_1 likewise
    // with 3 m: 8.0 s. R2_1 takes (3, 2) first; its run (from 3.875 s) clears it (reaches (3, 3))
    // at 3.875 + 1.5 + 0.5 + (1.5 - sqrt 2) = 5.9608 s, no later. R1_1 turns until 3.875 s; at
    // full effort it would reach (3, 2) 2 m on at 3.875 + 1.5 + 0.875 / 1.5 = 5.9583 s, too soon,
    // so it may only go 1 m (to (2, 2)) and looks again each tick. Braking from 4.875 s (1 m/s,
    // 0.5 m on) its least time to (3, 2) grows as 5.9583 + 2/3 (tau + tau^2); at the tick 4.925 s
    // (0.95 m/s, 0.54875 m on) it is past 5.9608 s + 1 ms: (3, 2) and the rest of the 5 m are
    // its. It accelerates to 1.5 m/s (0.55 s, at 1.2225 m), cruises 2.6525 m (1.7683 s), brakes
    // (1.5 s) and turns (0.625 s): 9.3683 s, the leg (6.1183 s from 3.25 s) rounded up to
    // 6.15 s: done at 9.4 s, never standing (it reaches (3, 2) at 5.993 s, after R2_1 left).
    const params = { robot_model: KIVA };
    const plan = { R1_1: [deliver('P1', 'D1')], R2_1: [deliver('P2', 'D2')] };
    const execution = simulate(WIDE_CROSSING, plan, params);
    expect(execution.robots.R2_1.deliveries[0].done_s).toBe(8);
    expect(execution.robots.R1_1.deliveries[0].done_s).toBe(9.4);
    expect(execution.robots.R1_1.waiting_s).toBe(0);
    expect(execution.totals).toMatchObject({ free_flow_makespan_s: 9.35, executed_makespan_s: 9.4 });
    const r1 = segments(execution.robots.R1_1.motion).filter((segment) => segment[0] >= 3.875 && segment[0] <= 9.5);
    expect(r1).toEqual([
      [3.875, 1, 2, 0, 0, 1, 1],
      [4.875, 1.5, 2, 0, 1, -1, 3],
      [4.925, 1.549, 2, 0, 0.95, 1, 1],
      [5.475, 2.222, 2, 0, 1.5, 0, 2],
      [7.243, 4.875, 2, 0, 1.5, -1, 3],
      [8.743, 6, 2, 0, 0, 0, 4],
      [9.368, 6, 2, 90, 0, 0, 0],
      [9.4, 6, 2, 90, 0, 0, 0],
    ]);
    expect(checkExecution(WIDE_CROSSING, plan, execution, params).errors).toEqual([]);
  });
});

describe('the discrete run decides the order on a clock close to the real one', () => {
  it('on the L walk, a drive unit stands a step after braking at P1 and three steps to turn at speed at (3, 3)', () => {
    // The discrete run moves a cell a step of 1 / 1.5 s = 2/3 s and handles for 3 steps (2 s).
    // Points: (1, 3) at step 1, handling to step 4, (3, 3) at 6, (3, 0) at 9. A drive unit owes
    // v / 2b = 0.75 s braking at P1: at its next move it stands a step (0.75 >= 1/3, leaving
    // 0.75 - 2/3 = 0.083 s), so (3, 3) at 7. There it turns at speed: braking 0.75 + a quarter
    // turn 0.625 + starting v / 2a = 0.75 s: 2.208 s owed, three steps standing (2.208 -> 1.542
    // -> 0.875 -> 0.208 < 1/3), so (3, 0) at 7 + 3 + 3 = 13.
    const floor = new Floor(L_WALK);
    const robots = robotWorkFromPlan(floor, L_WALK, { R1_1: [deliver('P1', 'D1')] });
    const driveUnit = resolveFloorParameters({ robot_model: 'drive-unit' });
    const clock = new FloorClock(floor, driveUnit);
    const discrete = resolveFloorParameters({ robot_model: 'point', robot_speed: 1.5, handling_time_s: 2 });
    const run = (kinematics?: typeof driveUnit.robotModel) =>
      executeOnFloor(
        floor,
        robots,
        { ...discrete, replays: 0 },
        {
          policy: 'guided',
          planned: freeFlow(floor, discrete, robots),
          random: createSeededRandom(1).next,
          stepBudget: 100,
          preferredWalk: (from, goal) => clock.legCells(from, goal),
          legMetres: (from, to) => clock.legMetres(from, to),
          kinematics,
        },
      ).robots[0].timeline;
    expect(run()).toEqual([0, 0, 3, 1, 1, 3, 6, 3, 3, 9, 3, 0]);
    expect(run(driveUnit.robotModel)).toEqual([0, 0, 3, 1, 1, 3, 7, 3, 3, 13, 3, 0]);
  });
});

describe('random small warehouses with robot models', () => {
  const layouts = fc.record({
    width: fc.integer({ min: 10, max: 14 }),
    height: fc.integer({ min: 12, max: 14 }),
    stations: fc.integer({ min: 1, max: 3 }),
    robotsPerStation: fc.integer({ min: 1, max: 3 }),
    orders: fc.integer({ min: 0, max: 12 }),
    seed: fc.integer({ min: 1, max: 10_000 }),
    aisleWidth: fc.constantFrom(1, 2),
    maxDistance: fc.constantFrom(150, 1000),
    model: fc.constantFrom('drive-unit' as const, 'amr' as const),
  });

  it('every execution passes the checker (motion included), planned = free flow, executed >= free flow, the same on the plan’s clock', () => {
    fc.assert(
      fc.property(layouts, ({ maxDistance, model, ...options }) => {
        const instance = generateWarehouseInstance({ ...options, shelfLength: 4 });
        const params = { max_distance: maxDistance, recharge_time: 3, robot_model: model };
        let plan: Record<string, unknown>;
        let problem: ReturnType<typeof buildProblem>;
        try {
          problem = buildProblem({ environment: instance.environment, tasks: instance.tasks, params });
          plan = solve(problem, { algorithm: 'greedy_distance', maxIterations: 10 }).results;
        } catch (error) {
          expect((error as Error).message).toMatch(/cannot be done/);
          return;
        }
        const execution = simulate(instance.environment, plan, params, { tasks: instance.tasks });
        // The solve's clock (its legs' rows already made) times the run to the same record.
        const clock = problem.floorClock ?? undefined;
        expect(simulate(instance.environment, plan, params, { tasks: instance.tasks, clock })).toEqual(execution);
        expect(checkExecution(instance.environment, plan, execution, params).errors).toEqual([]);
        expect(execution.totals.free_flow_makespan_s).toBe(execution.totals.planned_makespan_s);
        expect(execution.totals.executed_makespan_s).toBeGreaterThanOrEqual(execution.totals.free_flow_makespan_s);
        expect(execution.totals.deliveries).toBe(instance.tasks.length);
      }),
      { numRuns: 25, seed: 20261129 },
    );
  });

  it('a robot alone drives exactly its plan with every movement policy: executed = free flow = planned', () => {
    fc.assert(
      fc.property(
        layouts,
        fc.constantFrom(...trafficPolicyNameValues),
        ({ maxDistance, model, ...options }, policy) => {
          const generated = generateWarehouseInstance({ ...options, stations: 1, robotsPerStation: 1, shelfLength: 4 });
          const params = { max_distance: maxDistance, recharge_time: 3, robot_model: model, traffic_policy: policy };
          let plan: Record<string, unknown>;
          try {
            const problem = buildProblem({ environment: generated.environment, tasks: generated.tasks, params });
            plan = solve(problem, { algorithm: 'greedy_distance', maxIterations: 10 }).results;
          } catch (error) {
            expect((error as Error).message).toMatch(/cannot be done/);
            return;
          }
          const execution = simulate(generated.environment, plan, params, { tasks: generated.tasks });
          expect(execution.totals.executed_makespan_s).toBe(execution.totals.free_flow_makespan_s);
          expect(execution.totals.free_flow_makespan_s).toBe(execution.totals.planned_makespan_s);
          expect(execution.totals.waiting_s).toBe(0);
        },
      ),
      { numRuns: 25, seed: 20261130 },
    );
  });
});

describe('checkExecution catches each kind of bad motion', () => {
  // On the narrow aisle (7 x 2, row 1 free; stations at (0, 1) and (6, 1)), drive-unit figures.
  const floor = new Floor(NARROW_AISLE);
  const robots = robotWorkFromPlan(floor, NARROW_AISLE, { R1_1: [], R2_1: [] });
  const parameters = resolveFloorParameters({ robot_model: 'drive-unit' });
  const STAND_R2 = [0, 6, 1, 180, 0, 0, 0];
  /** R1_1's 1 m hop to (1, 1): 1 s up to 1 m/s, 1 s down. */
  const HOP = [0, 0, 1, 0, 0, 1, 1, 1, 0.5, 1, 0, 1, -1, 3, 2, 1, 1, 0, 0, 0, 0];
  const errorsOf = (r1: number[], r2: number[] = STAND_R2, timelines?: [number[], number[]]) => {
    const execution = {
      step_s: 0.05,
      robots: {
        R1_1: { timeline: timelines?.[0] ?? [0, 0, 1, 40, 1, 1], motion: r1 },
        R2_1: { timeline: timelines?.[1] ?? [0, 6, 1], motion: r2 },
      },
    } as unknown as ExecutionRecord;
    const errors: string[] = [];
    checkMotion(floor, robots, parameters, execution, (message) => errors.push(message));
    return errors;
  };

  it('passes the hop as driven', () => {
    expect(errorsOf(HOP)).toEqual([]);
  });

  it('a segment that does not end where the next starts', () => {
    const broken = [...HOP];
    broken[8] = 0.7;
    expect(errorsOf(broken)).toEqual([
      'Robot R1_1 motion segment 1 (0 s): ends at (0.500, 1.000) but the next segment starts at (0.7, 1)',
    ]);
  });

  it('a speed above the top speed', () => {
    // Up to 2 m/s in 2 s (2 m), down in 2 s (2 m): to (4, 1).
    const fast = [0, 0, 1, 0, 0, 1, 1, 2, 2, 1, 0, 2, -1, 3, 4, 4, 1, 0, 0, 0, 0];
    expect(errorsOf(fast)[0]).toBe(
      "Robot R1_1 motion segment 1 (0 s): speed reaches 2.000 m/s, outside 0-1.5 m/s (the model's top speed)",
    );
  });

  it('an acceleration or braking above the model’s', () => {
    const hard = [0, 0, 1, 0, 0, 2, 1, 0.5, 0.25, 1, 0, 1, -2, 3, 1, 0.5, 1, 0, 0, 0, 0];
    expect(errorsOf(hard)[0]).toBe(
      "Robot R1_1 motion segment 1 (0 s): accelerates at 2 m/s², above the model's 1 m/s²",
    );
  });

  it('a turn quicker than quarter_turn_s a quarter, or moving while turning, or a heading change without a turn', () => {
    expect(
      errorsOf([0, 0, 1, 270, 0, 0, 4, 0.3, 0, 1, 0, 0, 0, 0], STAND_R2, [
        [0, 0, 1],
        [0, 6, 1],
      ]),
    ).toEqual(['Robot R1_1 motion segment 1 (0 s): turns 1 quarter in 0.300 s; the model takes 0.625 s a quarter']);
    expect(
      errorsOf([0, 0, 1, 0, 0.5, 0, 4, 0.625, 0.3, 1, 90, 0, 0, 0], STAND_R2, [
        [0, 0, 1],
        [0, 6, 1],
      ])[0],
    ).toBe('Robot R1_1 motion segment 1 (0 s): turning at 0.5 m/s: a robot stands still while turning');
    expect(
      errorsOf([0, 0, 1, 270, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0], STAND_R2, [
        [0, 0, 1],
        [0, 6, 1],
      ]),
    ).toEqual(['Robot R1_1 motion segment 1 (0 s): the heading changes from 270° to 0° without a turn in place']);
  });

  it('a move onto a shelf', () => {
    const intoShelf = [0, 0, 1, 270, 0, 1, 1, 1, 0, 0.5, 270, 1, -1, 3, 2, 0, 0, 270, 0, 0, 0];
    expect(errorsOf(intoShelf)).toEqual([
      'Robot R1_1 motion segment 2 (1 s): drives onto (0, 0), which is not free floor',
    ]);
  });

  it('two robots holding one cell at once, and driving one edge in opposite directions', () => {
    // R2_1 drives 5 m west to (1, 1) (1.5 s up, 1.83 s cruising, 1.5 s down): R1_1 has stood there since 2 s.
    const west = [
      0, 6, 1, 180, 0, 1, 1, 1.5, 4.875, 1, 180, 1.5, 0, 2, 3.333, 2.125, 1, 180, 1.5, -1, 3, 4.833, 1, 1, 180, 0, 0, 0,
    ];
    const westTimeline = [0, 6, 1, 29, 5, 1, 42, 4, 1, 55, 3, 1, 69, 2, 1, 97, 1, 1];
    expect(errorsOf(HOP, west, [[0, 0, 1, 40, 1, 1], westTimeline])).toEqual([
      'Robots R1_1 and R2_1 both hold cell (1, 1): R2_1 reaches it at 4.833 s, where R1_1 stands from 2.000 s on',
    ]);
    // R1_1 stands until 3 s, then drives 2 m east (2 sqrt 2 s) over (1, 1) to (2, 1), while R2_1
    // drives from (2, 1) to (1, 1).
    const peak = Math.round(Math.SQRT2 * 1000) / 1000; // m/s, to the record's 3 decimals
    const east = [0, 0, 1, 0, 0, 0, 0, 3, 0, 1, 0, 0, 1, 1, 4.414, 1, 1, 0, peak, -1, 3, 5.828, 2, 1, 0, 0, 0, 0];
    const errors = errorsOf(east, west, [[0, 0, 1, 89, 1, 1, 117, 2, 1], westTimeline]);
    expect(errors).toEqual([
      'Robots R1_1 and R2_1 both hold cell (1, 1): R2_1 reaches it at 4.833 s, before R1_1 leaves it at 5.828 s',
      'Robots R2_1 and R1_1 drive between cell (1, 1) and cell (2, 1) in opposite directions at once (around 4.414 s)',
    ]);
  });
});
