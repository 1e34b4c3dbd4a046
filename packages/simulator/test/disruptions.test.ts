import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildProblem, solve } from '@fleetlab/solver';
import {
  activitySteps,
  decodeTimeline,
  type ExecutionRecord,
  Floor,
  generateWarehouseInstance,
  resolveFloorParameters,
  robotWorkFromPlan,
  solveParametersInputSchema,
} from '@fleetlab/warehouse';
import { FloorTraffic, Mode, Phase } from '../src/execution/floor-traffic.ts';
import { Recorder } from '../src/execution/recorder.ts';
import { WorkCycle } from '../src/execution/work-cycle.ts';
import { OrderBook } from '../src/shift/order-book.ts';
import { DetourFields } from '../src/execution/detours.ts';
import { Disruptions } from '../src/execution/disruptions.ts';
import { GuideSearch } from '../src/movement/guide-search.ts';
import { checkExecution, runShift, simulate, SimulationError } from '../src/index.ts';
import {
  CORRIDOR,
  deliver,
  NARROW_AISLE,
  randomLayouts,
  TWO_AISLES,
  GREEDY_PLAN,
  loadedAtPickups,
} from './fixtures.ts';

/** Robot seconds the record's activities call stopped, and the seconds of its delays and breakdowns. */
function stoppedSeconds(execution: ExecutionRecord): [number, number] {
  let activities = 0;
  for (const robot of Object.values(execution.robots))
    activities += activitySteps(robot.activities ?? [], execution.totals.steps).stopped * execution.step_s;
  const { delays, breakdowns } = execution.totals;
  return [activities, (delays?.lost_s ?? 0) + (breakdowns?.lost_s ?? 0)];
}

describe('the draws of delays and breakdowns', () => {
  it('stops a robot as often and as long as the parameters say, per robot its own seeded stream', () => {
    // 400 robots for 3,600 steps of 1 s: the clocks run only while a robot is not stopped.
    const settings = { delayEveryS: 3600 / 6, delayMeanS: 20, breakdownEveryS: 3600 * 2, repairS: 300 };
    const draws = new Disruptions(settings, 400, 1, 7);
    let onTheMove = 0;
    for (let robot = 0; robot < 400; robot++) {
      for (let step = 0; step < 3600; step++) {
        if (draws.isStopped(robot, step)) continue;
        onTheMove++;
        draws.tick(robot, step, true);
      }
    }
    const delays = draws.delays.flat();
    const breakdowns = draws.breakdowns.flat();
    // Poisson counts: 6 delays and 0.5 breakdowns per robot-hour on the move, within 3 standard deviations.
    const hours = onTheMove / 3600;
    expect([hours.toFixed(1), delays.length, breakdowns.length]).toEqual(['374.7', 2217, 175]);
    expect(Math.abs(delays.length - 6 * hours)).toBeLessThan(3 * Math.sqrt(6 * hours));
    expect(Math.abs(breakdowns.length - 0.5 * hours)).toBeLessThan(3 * Math.sqrt(0.5 * hours));
    // Delays last 20 s on average (exponential, in whole steps, at least one); a breakdown the repair.
    const meanDelay = delays.reduce((sum, stop) => sum + stop.endStep - stop.startStep, 0) / delays.length;
    expect(Math.abs(meanDelay - 20)).toBeLessThan(3 * (20 / Math.sqrt(delays.length)));
    expect(new Set(breakdowns.map((stop) => stop.endStep - stop.startStep))).toEqual(new Set([300]));
    // Stops never overlap.
    for (let robot = 0; robot < 400; robot++) {
      const stops = [...draws.delays[robot], ...draws.breakdowns[robot]].sort((a, b) => a.startStep - b.startStep);
      for (let k = 1; k < stops.length; k++) expect(stops[k].startStep).toBeGreaterThanOrEqual(stops[k - 1].endStep);
    }
    // A robot's stops are its own: the same seed gives robot 3 the same stops whatever the others do.
    const alone = new Disruptions(settings, 400, 1, 7);
    for (let step = 0; step < 3600; step++) if (!alone.isStopped(3, step)) alone.tick(3, step, true);
    expect(alone.delays[3]).toEqual(draws.delays[3]);
  });

  it('keeps a stop that falls due on a keep-clear cell for the next ordinary cell', () => {
    const draws = new Disruptions(
      { delayEveryS: 1, delayMeanS: 5, breakdownEveryS: Number.POSITIVE_INFINITY, repairS: 0 },
      1,
      1,
      1,
    );
    for (let step = 0; step < 20; step++) expect(draws.tick(0, step, false)).toBeNull();
    expect(draws.tick(0, 20, true)).toBe('delay');
    expect(draws.delays[0][0].startStep).toBe(20);
  });
});

describe('walks round a broken-down robot', () => {
  // TWO_AISLES: two one-lane aisles, x 0 and x 2, from y 2 to y 7; PA at (0, 1), DA at (0, 8).
  const floor = new Floor(TWO_AISLES);
  const cell = (x: number, y: number) => y * floor.width + x;
  const blocked = new Uint8Array(floor.cellCount);
  blocked[cell(0, 4)] = 1;

  it('the distance field leads round the blocked cell by the other aisle, and a blocked goal is cut off', () => {
    const detours = new DetourFields(floor, new Uint8Array(floor.cellCount));
    detours.block(cell(0, 4));
    expect(floor.distance(cell(0, 1), cell(0, 8))).toBe(7);
    // (0,1) -> (1,1) -> (2,1) -> (2,8) -> (1,8) -> (0,8): 1 + 1 + 7 + 1 + 1 steps.
    expect(detours.field(cell(0, 8))[cell(0, 1)]).toBe(11);
    expect(detours.field(cell(0, 4))[cell(0, 1)]).toBeGreaterThanOrEqual(0x3fffffff);
    // Without a blocked cell it is the floor's own field.
    detours.unblock(cell(0, 4));
    expect(detours.field(cell(0, 8))).toBe(floor.distanceField(cell(0, 8)));
  });

  it('a guide path never passes a blocked cell', () => {
    const cells = floor.cellCount;
    const traffic = {
      flow: new Int32Array(cells * 4),
      load: new Int32Array(cells),
      nearFlow: new Int32Array(cells * 4),
      nearLoad: new Int32Array(cells),
      rigidFlow: new Int32Array(cells * 4),
    };
    const path = new Int32Array(cells);
    const length = new GuideSearch(floor, blocked).run(cell(0, 1), cell(0, 8), traffic, path);
    expect(length).toBe(12);
    expect([...path.subarray(0, length)].map((at) => [floor.x(at), floor.y(at)])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      ...[2, 3, 4, 5, 6, 7, 8].map((y) => [2, y]),
      [1, 8],
      [0, 8],
    ]);
  });
});

describe('a point robot keeping to shortest walks by choice', () => {
  it('goes round a broken-down robot that cuts all of them off, where a robot short of charge waits', () => {
    // TWO_AISLES with its first robot alone (0.05 robots per free cell): points keep to their shortest walks.
    // Loaded at PA (0, 1) for DA (0, 8), with a broken-down robot's cell at (0, 4) on every
    // shortest walk: it sets out by (1, 1) round the other aisle, 11 steps against 7.
    const layout = {
      ...TWO_AISLES,
      elements: { ...TWO_AISLES.elements, robots: TWO_AISLES.elements.robots?.filter((robot) => robot.id === 'R1_1') },
    };
    const start = (short: boolean) => {
      const { floor, state, policy } = loadedAtPickups(layout, { R1_1: [deliver('PA', 'DA')] }, [[0, 'PA']]);
      const cell = (x: number, y: number) => y * floor.width + x;
      expect([state.phase[0], state.goal[0]]).toEqual([Phase.ToDropoff, cell(0, 8)]);
      state.blockedCell[cell(0, 4)] = 1;
      if (short) policy.urgent(0, 0);
      policy.chooseMoves([0]);
      return [floor.x(state.next[0]), floor.y(state.next[0])];
    };
    expect(start(false)).toEqual([1, 1]);
    // Short of charge it cannot afford the detour: it keeps the floor's walk and waits for the repair.
    expect(start(true)).toEqual([0, 2]);
  });
});

describe("a broken-down robot's orders", () => {
  it('go back to the dispatcher unless picked up: a carried order stays with its robot', () => {
    // CORRIDOR: station R1 at (0, 1), dropoff D1 at (2, 1), pickup P1 at (21, 1).
    const floor = new Floor(CORRIDOR);
    const robots = robotWorkFromPlan(floor, CORRIDOR, { R1_1: [] });
    const params = { ...resolveFloorParameters({}), replays: 0 };
    const state = new FloorTraffic(floor, robots);
    const work = new WorkCycle(floor, robots, params, state, new Recorder(floor, robots), () => {}, null);
    const orders = ['O1', 'O2', 'O3'].map((id, k) => ({ id, pickup: 'P1', dropoff: 'D1', releaseS: k }));
    const book = new OrderBook(floor, orders, params.stepS);
    book.release(10);
    work.events = book;
    work.startAll();
    const [o1, o2, o3] = book.orders;
    for (const order of book.orders) order.robot = 0;
    work.appendWork(0, [o2.work, o1.work], 0);
    expect(state.phase[0]).toBe(Phase.ToPickup);
    // Broken down on its way to the pickup: both orders go back, oldest first; it heads home.
    expect(book.takeBack(work, 0, 1).map((order) => order.id)).toEqual(['O1', 'O2']);
    expect([o1.robot, o2.robot, work.openWork(0)]).toEqual([-1, -1, []]);
    expect(work.isIdle(0)).toBe(true);
    // Given two again, it reaches the pickup and carries O1 when it breaks down: only O3 goes back.
    work.appendWork(0, [o1.work, o3.work], 2);
    state.leave(0, state.pos[0]);
    state.pos[0] = floor.requireCellOf('P1');
    state.stand(0, state.pos[0]);
    work.arrived(0, 30);
    expect([state.mode[0], state.phase[0], o1.pickupStep]).toEqual([Mode.Moving, Phase.ToDropoff, 30]);
    expect(book.takeBack(work, 0, 31).map((order) => order.id)).toEqual(['O3']);
    expect([o1.robot, o3.robot, state.phase[0], work.openWork(0)]).toEqual([0, -1, Phase.ToDropoff, []]);
  });
});

describe('executions with delays and breakdowns', () => {
  const crossing = { R1_1: [deliver('P1', 'D1')], R2_1: [deliver('P2', 'D2')] };

  it('in a one-lane aisle a broken-down robot blocks its cell and the other waits for the repair', () => {
    // Breakdowns every few seconds on the move: both robots break down in the corridor, and
    // nobody can pass a broken robot there, so the day lasts at least the repairs.
    const params = { breakdowns: { mtbf_h: 0.002, repair_min: 0.5 } };
    const execution = simulate(NARROW_AISLE, crossing, params, { seed: 2 });
    expect(checkExecution(NARROW_AISLE, crossing, execution, params).errors).toEqual([]);
    expect(execution.totals.deliveries).toBe(2);
    const breakdowns = execution.totals.breakdowns;
    expect(breakdowns?.count).toBeGreaterThan(1);
    expect(execution.totals.delays).toBeUndefined();
    // Without them the crossing is the hand-worked 10 s (simulate.test.ts); each repair is 30 s.
    expect(execution.totals.without_disruptions).toEqual({
      executed_makespan_s: 10,
      throughput_per_h: 720,
      deliveries: 2,
    });
    expect(execution.totals.executed_makespan_s).toBeGreaterThanOrEqual(10 + 30);
    // While a robot is broken down in the corridor, the other never gets past it: it stays on
    // its own side (or in the pocket above, which only the broken robot's cell may lead to).
    const floor = new Floor(NARROW_AISLE);
    const last = execution.totals.steps;
    const path = (id: string) => decodeTimeline(execution.robots[id].timeline, last, floor.width);
    for (const [id, other] of [
      ['R1_1', 'R2_1'],
      ['R2_1', 'R1_1'],
    ]) {
      const mine = path(id);
      const theirs = path(other);
      for (const stop of execution.robots[id].breakdowns ?? []) {
        const cell = mine[stop.start_s];
        const side = Math.sign(floor.x(theirs[stop.start_s]) - floor.x(cell));
        for (let t = stop.start_s; t <= stop.end_s; t++) {
          expect(mine[t]).toBe(cell);
          if (side !== 0) expect(Math.sign(floor.x(theirs[t]) - floor.x(cell))).not.toBe(-side);
        }
      }
    }
  });

  it('runs without them exactly as before: no stop fields in the record', () => {
    const plain = simulate(NARROW_AISLE, crossing, {});
    expect(plain.totals).not.toHaveProperty('delays');
    expect(plain.totals).not.toHaveProperty('without_disruptions');
    expect(plain.robots.R1_1).not.toHaveProperty('breakdowns');
  });

  it('refuses bad delays and breakdowns naming the field, in simulate and in the solve parameters', () => {
    expect(() => simulate(NARROW_AISLE, crossing, { delays: { rate_per_robot_h: -1, mean_s: 30 } })).toThrow(
      new SimulationError('Parameter delays.rate_per_robot_h: delays.rate_per_robot_h must be above 0 and at most 120'),
    );
    expect(() => simulate(NARROW_AISLE, crossing, { breakdowns: { mtbf_h: 8 } })).toThrow(SimulationError);
    const parsed = solveParametersInputSchema.safeParse({ breakdowns: { mtbf_h: 8, repair_min: 0 } });
    expect(parsed.success ? null : [parsed.error.issues[0].path, parsed.error.issues[0].message]).toEqual([
      ['breakdowns', 'repair_min'],
      'breakdowns.repair_min must be above 0 and at most 1440',
    ]);
    expect(solveParametersInputSchema.parse({ delays: { rate_per_robot_h: 1, mean_s: 30 } }).delays).toEqual({
      rate_per_robot_h: 1,
      mean_s: 30,
    });
  });

  it('on random small layouts stays conflict-free and finishes every delivery (property)', () => {
    let breakdowns = 0;
    let delays = 0;
    fc.assert(
      fc.property(
        fc.record({
          ...randomLayouts({ width: [10, 16], height: [12, 16], stations: [1, 3], robotsPerStation: [1, 4] }),
          rate: fc.double({ min: 2, max: 60, noNaN: true }),
          meanS: fc.double({ min: 1, max: 60, noNaN: true }),
          mtbfH: fc.double({ min: 0.02, max: 2, noNaN: true }),
          repairMin: fc.double({ min: 0.1, max: 5, noNaN: true }),
          policy: fc.constantFrom('guided', 'pibt'),
        }),
        ({ rate, meanS, mtbfH, repairMin, policy, ...layout }) => {
          const day = generateWarehouseInstance({ ...layout, orders: 25, shelfLength: 4 });
          const plan = solve(buildProblem(day), GREEDY_PLAN).results;
          const params = {
            traffic_policy: policy,
            delays: { rate_per_robot_h: rate, mean_s: meanS },
            breakdowns: { mtbf_h: mtbfH, repair_min: repairMin },
          };
          const execution = simulate(day.environment, plan, params, { tasks: day.tasks, seed: layout.seed });
          expect(checkExecution(day.environment, plan, execution, params).errors).toEqual([]);
          expect(execution.totals.conflicts).toBe(0);
          expect(execution.totals.deliveries).toBe(day.tasks.length);
          expect(execution.totals.without_disruptions?.deliveries).toBe(day.tasks.length);
          // The activities call the stops' time stopped, no more, no less.
          const [stopped, lost] = stoppedSeconds(execution);
          expect(stopped).toBeCloseTo(lost, 1);
          breakdowns += execution.totals.breakdowns?.count ?? 0;
          delays += execution.totals.delays?.count ?? 0;
        },
      ),
      { numRuns: 16, seed: 34 },
    );
    // The runs did stop robots: on average more than one breakdown and one delay each.
    expect(breakdowns).toBeGreaterThan(16);
    expect(delays).toBeGreaterThan(16);
  });

  it('with robots that accelerate and turn, on random small layouts stays conflict-free, stands every stop out and finishes every delivery (property)', () => {
    let stops = 0;
    fc.assert(
      fc.property(
        fc.record({
          ...randomLayouts({ width: [10, 14], height: [12, 14], stations: [1, 2], robotsPerStation: [1, 3] }),
          rate: fc.double({ min: 10, max: 120, noNaN: true }),
          meanS: fc.double({ min: 1, max: 30, noNaN: true }),
          mtbfH: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
          repairMin: fc.double({ min: 0.1, max: 2, noNaN: true }),
          model: fc.constantFrom('drive-unit', 'amr'),
        }),
        ({ rate, meanS, mtbfH, repairMin, model, ...layout }) => {
          const day = generateWarehouseInstance({ ...layout, orders: 15, shelfLength: 4 });
          const planParams = { ...day.params, robot_model: model };
          const plan = solve(buildProblem({ ...day, params: planParams }), GREEDY_PLAN).results;
          const params = {
            robot_model: model,
            delays: { rate_per_robot_h: rate, mean_s: meanS },
            breakdowns: { mtbf_h: mtbfH, repair_min: repairMin },
          };
          // simulate checks the record (motion included) and throws on a conflict.
          const execution = simulate(day.environment, plan, params, { tasks: day.tasks, seed: layout.seed });
          expect(checkExecution(day.environment, plan, execution, params).errors).toEqual([]);
          expect(execution.totals.deliveries).toBe(day.tasks.length);
          const without = execution.totals.without_disruptions!;
          expect(without.deliveries).toBe(day.tasks.length);
          const [stopped, lost] = stoppedSeconds(execution);
          expect(stopped).toBeCloseTo(lost, 1);
          // Standing still never makes the day shorter than the plan.
          expect(execution.totals.executed_makespan_s).toBeGreaterThanOrEqual(execution.totals.free_flow_makespan_s);
          stops += (execution.totals.delays?.count ?? 0) + (execution.totals.breakdowns?.count ?? 0);
        },
      ),
      { numRuns: 10, seed: 35 },
    );
    expect(stops).toBeGreaterThan(10);
  });

  it('in a shift on random small layouts hands a broken-down robot’s open orders on and delivers each order at most once (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...randomLayouts({ width: [10, 16], height: [12, 16], stations: [1, 3], robotsPerStation: [2, 3] }),
          dispatch: fc.constantFrom('reoptimise', 'nearest_idle'),
        }),
        ({ dispatch, ...layout }) => {
          const day = generateWarehouseInstance({ ...layout, orders: 30, shelfLength: 4 });
          const params = {
            max_distance: 1000,
            recharge_time: 3,
            delays: { rate_per_robot_h: 20, mean_s: 10 },
            breakdowns: { mtbf_h: 0.1, repair_min: 3 },
            shift: { hours: 1, orders_per_hour: 30, seed: layout.seed, dispatch },
          };
          const { execution, results } = runShift(day.environment, day.tasks, params);
          expect(checkExecution(day.environment, results, execution, params).errors).toEqual([]);
          const delivered = Object.values(execution.robots).flatMap((robot) => robot.deliveries.map((d) => d.order));
          expect(new Set(delivered).size).toBe(delivered.length);
          // Every order released in the first half hour is delivered by the end.
          for (const order of execution.orders ?? []) if (order.release_s <= 1800) expect(order.done_s).toBeDefined();
          // Orders picked up by a robot are delivered by it (a carried order stays with its robot).
          for (const order of execution.orders ?? []) {
            if (order.done_s === undefined) continue;
            const robot = Object.entries(execution.robots).find(([, record]) =>
              record.deliveries.some((d) => d.order === order.id),
            )?.[0];
            expect(robot).toBe(order.robot);
          }
          expect(execution.totals.breakdowns?.count).toBeGreaterThan(0);
          expect(execution.totals.without_disruptions?.shift).toBeDefined();
        },
      ),
      { numRuns: 8, seed: 34 },
    );
  });

  it('in a shift of robots that accelerate and turn, stays conflict-free, delivers each order at most once and stands every stop out (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...randomLayouts({ width: [10, 14], height: [12, 14], stations: [1, 2], robotsPerStation: [2, 3] }),
          model: fc.constantFrom('drive-unit' as const, 'amr' as const),
        }),
        ({ model, ...layout }) => {
          const day = generateWarehouseInstance({ ...layout, orders: 20, shelfLength: 4 });
          const params = {
            max_distance: 1000,
            recharge_time: 3,
            robot_model: model,
            delays: { rate_per_robot_h: 20, mean_s: 10 },
            breakdowns: { mtbf_h: 0.1, repair_min: 3 },
            shift: { hours: 0.5, orders_per_hour: 30, seed: layout.seed },
          };
          const { execution, results } = runShift(day.environment, day.tasks, params);
          expect(checkExecution(day.environment, results, execution, params).errors).toEqual([]);
          const delivered = Object.values(execution.robots).flatMap((robot) => robot.deliveries.map((d) => d.order));
          expect(new Set(delivered).size).toBe(delivered.length);
          const [stopped, lost] = stoppedSeconds(execution);
          expect(stopped).toBeCloseTo(lost, 1);
          expect(execution.totals.without_disruptions?.shift).toBeDefined();
        },
      ),
      { numRuns: 4, seed: 36 },
    );
  });
});
