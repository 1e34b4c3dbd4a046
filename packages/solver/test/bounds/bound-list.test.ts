import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, BOUNDS, generateWarehouseInstance } from '@fleetlab/warehouse';
import { solveSmallExactly } from '../../src/algorithms/exact-small.ts';
import { computeBounds, MAKESPAN_BOUNDS, SharedBoundWork } from '../../src/bounds/bound-list.ts';
import { driveItemsLpBound } from '../../src/bounds/drive-items-lp-bound.ts';
import { loadBenchInstance } from '../../bench/point-plans.ts';
import {
  buildProblem,
  checkPlan,
  InfeasibleDeliveryError,
  lowerBound,
  solve,
  type Problem,
  type ProblemInput,
} from '../../src/index.ts';
import { measureRoutes } from '../../src/plan/objective.ts';
import { aroundShelf, deadEndDock } from '../floor-layouts.ts';
import { buildUnlessInfeasible, gridInstanceArbitrary } from '../helpers.ts';

const figureOf = (figures: ReturnType<typeof computeBounds>, name: string) =>
  figures.values.find((value) => value.name === name)?.makespan_s ?? 0;

const tasksOf = (...pairs: [string, string][]): [string, string][] => pairs;

const boundValue = (problem: Problem, name: string) =>
  lowerBound(problem).bounds.find((bound) => bound.name === name)?.makespan_s ?? Number.NaN;

/** Three robots on station `station`, ids R1_1 to R1_3. */
const threeRobotsOn = (station: string, position: [number, number]) =>
  [1, 2, 3].map((k) => ({ id: `${station}_${k}`, station_id: station, position }));

/** Greedy's and the makespan search's plans are valid and end no sooner than `seconds`. */
function expectPlansNoSoonerThan(problem: Problem, seconds: number): void {
  for (const algorithm of ['greedy_distance', 'makespan'] as const) {
    const { results, stats } = solve(problem, { algorithm, maxIterations: 20 });
    expect(checkPlan(problem, results).errors).toEqual([]);
    expect(stats.makespan_s).toBeGreaterThanOrEqual(seconds);
  }
}

/** Random small warehouses, batteries from tight to ample, chargers one per robot or scarce. */
const smallInstances = (maxPairs: number, handovers = false) =>
  fc.tuple(
    gridInstanceArbitrary({
      handovers,
      minHeight: 2,
      maxStations: 3,
      minPairs: 1,
      maxPairs,
      minChargeFactor: 1.5,
      maxChargeFactor: 6,
      minRechargeMinutes: 0,
      startOffsets: [0, 1],
    }),
    fc.constantFrom<number | null>(null, 1),
  );

const withChargers = (input: ProblemInput, chargers: number | null): ProblemInput =>
  chargers === null ? input : { ...input, params: { ...input.params, chargers } };

/** Random small floors for the plan-level property tests: their size and stations. */
const smallFloorSizes = {
  width: fc.integer({ min: 10, max: 14 }),
  height: fc.integer({ min: 12, max: 14 }),
  stations: fc.integer({ min: 1, max: 2 }),
};
const planners = fc.constantFrom('greedy_distance' as const, 'makespan' as const, 'auction' as const);

describe('the list of bounds', () => {
  it('is the list of BOUNDS, in its order, each saying what it counts', () => {
    expect(MAKESPAN_BOUNDS.map((bound) => bound.name)).toEqual(BOUNDS.map((bound) => bound.name));
    for (const bound of MAKESPAN_BOUNDS) expect(bound.counts.length).toBeGreaterThan(10);
  });

  it('every bound of plans is at most every algorithm’s plan on random small instances, chargers ample or scarce', () => {
    let chargerBinding = 0;
    let lpBinding = 0;
    fc.assert(
      fc.property(smallInstances(9), fc.integer({ min: 1, max: 1000 }), ([input, chargers], seed) => {
        const problem = buildUnlessInfeasible(withChargers(input, chargers));
        if (!problem) return;
        const bounds = computeBounds(problem);
        for (const algorithm of ALGORITHMS) {
          const { results, stats } = solve(problem, { algorithm: algorithm.name, seed, maxIterations: 15 });
          const check = checkPlan(problem, results);
          expect(check.errors).toEqual([]);
          MAKESPAN_BOUNDS.forEach((bound, k) => {
            expect(bounds.values[k].makespan_s, bound.name).toBeLessThanOrEqual(check.metrics.makespan_s + 1e-6);
          });
          expect(stats.lower_bound_battery_s).toBeLessThanOrEqual(stats.makespan_s + 0.01);
        }
        if (bounds.values.some((bound) => bound.name === 'charger_capacity' && bound.makespan_s > 0)) chargerBinding++;
        if (bounds.values.some((bound) => bound.name === 'charge_segment_lp' && bound.makespan_s > 0)) lpBinding++;
      }),
      { numRuns: 40, seed: 20261129 },
    );
    // The charger bound and the charge-segment LP say something on some of them: the test is
    // not idle (test/bounds/charge-segment-lp-bound.test.ts has the LP's own property tests).
    expect(chargerBinding).toBeGreaterThan(0);
    expect(lpBinding).toBeGreaterThan(0);
  });

  it('every bound of plans is at most the proven optimum of the exact method (one charger per robot), robots handed over mid-shift or not', () => {
    let checked = 0;
    fc.assert(
      fc.property(smallInstances(8, true), fc.boolean(), ([handedOver], handed) => {
        const input = handed ? handedOver : { ...handedOver, handovers: undefined };
        const problem = buildUnlessInfeasible(input);
        if (!problem) return;
        const routes = solveSmallExactly(problem);
        if (!routes) return;
        const optimum = Math.max(0, ...measureRoutes(problem, routes).finish);
        const bounds = computeBounds(problem);
        // The exact method times routes without the docks' queues; the dock bound holds for plans,
        // which queue (the test above). Chargers are one per robot here, so no charger queues.
        MAKESPAN_BOUNDS.forEach((bound, k) => {
          if (bound.name !== 'dock_capacity') {
            expect(bounds.values[k].makespan_s, bound.name).toBeLessThanOrEqual(optimum + 1e-6);
          }
        });
        checked++;
      }),
      { numRuns: 150, seed: 20261130 },
    );
    expect(checked).toBeGreaterThan(80);
  });
});

describe('bounds on the clock of robots that accelerate, brake and turn', () => {
  it('every bound of routes is at most the proven optimum of the exact method on random small floors, batteries tight or ample', () => {
    let checked = 0;
    let driveTimeTightest = 0;
    let itemsAbove = 0;
    let pricedAbove = 0;
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 10, max: 13 }),
          height: fc.integer({ min: 12, max: 13 }),
          stations: fc.integer({ min: 1, max: 2 }),
          robotsPerStation: fc.constant(1),
          orders: fc.integer({ min: 1, max: 6 }),
          seed: fc.integer({ min: 1, max: 10_000 }),
          maxDistance: fc.constantFrom(40, 60, 300),
          model: fc.constantFrom('drive-unit' as const, 'amr' as const),
        }),
        ({ maxDistance, model, ...options }) => {
          const instance = generateWarehouseInstance({ ...options, shelfLength: 4 });
          let problem: Problem;
          try {
            problem = buildProblem({
              environment: instance.environment,
              tasks: instance.tasks,
              params: { max_distance: maxDistance, recharge_time: 2, robot_model: model },
            });
          } catch (error) {
            expect(error).toBeInstanceOf(InfeasibleDeliveryError);
            return;
          }
          const routes = solveSmallExactly(problem);
          if (!routes) return;
          const optimum = Math.max(0, ...measureRoutes(problem, routes).finish);
          const bounds = computeBounds(problem);
          MAKESPAN_BOUNDS.forEach((bound, k) => {
            if (bound.holdsFor === 'routes') {
              expect(bounds.values[k].makespan_s, bound.name).toBeLessThanOrEqual(optimum + 1e-6);
            }
          });
          if (bounds.tightest.name === 'drive_time') driveTimeTightest++;
          const items = figureOf(bounds, 'drive_items_lp');
          if (items > figureOf(bounds, 'drive_time') + 1e-6) itemsAbove++;
          const { shared } = bounds;
          const unpriced = driveItemsLpBound(
            problem,
            shared.model().distance_m,
            shared.driveModel().distance_m,
            shared.driveTime(),
            shared,
            { pricedDetours: false },
          );
          if (items > unpriced + 1e-6) pricedAbove++;
          checked++;
        },
      ),
      { numRuns: 60, seed: 20261201 },
    );
    expect(checked).toBeGreaterThan(30);
    // The legs' least times are the tightest bound on some of them: the test is not idle.
    expect(driveTimeTightest).toBeGreaterThan(0);
    // The item LP proves more than the aggregate drive-time bound on some of them, and its rows
    // with the recharges' detours priced more than it proves without them on some.
    expect(itemsAbove).toBeGreaterThan(0);
    expect(pricedAbove).toBeGreaterThan(0);
  });

  it('the item LP works from the assignment by places, so a day of 640 deliveries gets it too, at most its plan', () => {
    const instance = generateWarehouseInstance({
      width: 12,
      height: 14,
      stations: 2,
      robotsPerStation: 4,
      orders: 640,
      seed: 2,
      shelfLength: 4,
    });
    const problem = buildProblem({
      environment: instance.environment,
      tasks: instance.tasks,
      params: { max_distance: 200, recharge_time: 2, robot_model: 'drive-unit' },
    });
    const bounds = computeBounds(problem);
    const items = figureOf(bounds, 'drive_items_lp');
    // Each robot recharges several times: counting whole recharges per delivery item proves more
    // than the fleet's drive time alone (3,286.81 s against 3,192.05 s).
    expect(items).toBeGreaterThan(figureOf(bounds, 'drive_time') + 50);
    expect(bounds.tightest.name).toBe('drive_items_lp');
    const { results, stats } = solve(problem, { algorithm: 'greedy_distance', seed: 1, timeLimitS: 1 });
    expect(checkPlan(problem, results).errors).toEqual([]);
    expect(items).toBeLessThanOrEqual(stats.makespan_s);
  });

  it("the item LP's priced detours: on m1 with drive units every robot recharges once, and pricing the way through a station lifts the bound from 467.0 s to 470.7 s, at most the plan", () => {
    const input = loadBenchInstance('m1');
    const problem = buildProblem({ ...input, params: { ...input.params, robot_model: 'drive-unit' } });
    const shared = new SharedBoundWork(problem);
    const lp = (pricedDetours: boolean) =>
      driveItemsLpBound(
        problem,
        shared.model().distance_m,
        shared.driveModel().distance_m,
        shared.driveTime(),
        shared,
        {
          pricedDetours,
        },
      );
    const unpriced = lp(false);
    const priced = lp(true);
    // The bisection stops within 0.1% of the makespan it cannot prove.
    expect(unpriced).toBeCloseTo(467.0, -0.5);
    expect(priced).toBeCloseTo(470.7, -0.5);
    expect(priced).toBeGreaterThan(unpriced + 2);
    const { results, stats } = solve(problem, { algorithm: 'greedy_distance', seed: 1, timeLimitS: 1 });
    expect(checkPlan(problem, results).errors).toEqual([]);
    expect(priced).toBeLessThanOrEqual(stats.makespan_s);
  });
});

describe('bounds of plans on the clock of robots that turn, docks busy', () => {
  it('the dock bound (each visit its known arrival turn or way out) and every other bound are at most every plan on random small floors', () => {
    let checked = 0;
    let dockTightest = 0;
    fc.assert(
      fc.property(
        fc.record({
          ...smallFloorSizes,
          robotsPerStation: fc.integer({ min: 2, max: 6 }),
          orders: fc.integer({ min: 6, max: 30 }),
          dropoffs: fc.integer({ min: 1, max: 2 }),
          seed: fc.integer({ min: 1, max: 10_000 }),
          model: fc.constantFrom('drive-unit' as const, 'amr' as const),
          algorithm: planners,
        }),
        ({ model, algorithm, ...options }) => {
          const instance = generateWarehouseInstance({ ...options, shelfLength: 4 });
          let problem: Problem;
          try {
            problem = buildProblem({
              environment: instance.environment,
              tasks: instance.tasks,
              params: { max_distance: 1000, robot_model: model },
            });
          } catch (error) {
            expect(error).toBeInstanceOf(InfeasibleDeliveryError);
            return;
          }
          const { results } = solve(problem, { algorithm, seed: 1, maxIterations: 10 });
          const check = checkPlan(problem, results);
          expect(check.errors).toEqual([]);
          const bounds = computeBounds(problem);
          MAKESPAN_BOUNDS.forEach((bound, k) => {
            expect(bounds.values[k].makespan_s, bound.name).toBeLessThanOrEqual(check.metrics.makespan_s + 1e-6);
          });
          if (bounds.tightest.name === 'dock_capacity') dockTightest++;
          checked++;
        },
      ),
      { numRuns: 40, seed: 20261129 },
    );
    expect(checked).toBeGreaterThan(30);
    // The dock is the tightest bound on some of them: the test is not idle.
    expect(dockTightest).toBeGreaterThan(0);
  });
});

describe('bounds of plans on floors whose stations share their chargers', () => {
  it('every bound is at most every plan, the plans checked, on random small floors with one charger per station', () => {
    let checked = 0;
    let chargersInTurn = 0;
    fc.assert(
      fc.property(
        fc.record({
          ...smallFloorSizes,
          robotsPerStation: fc.integer({ min: 2, max: 4 }),
          orders: fc.integer({ min: 4, max: 16 }),
          seed: fc.integer({ min: 1, max: 10_000 }),
          maxDistance: fc.constantFrom(40, 60, 90),
          rechargeMinutes: fc.constantFrom(1, 2),
          model: fc.constantFrom('point' as const, 'drive-unit' as const),
          algorithm: planners,
        }),
        ({ maxDistance, rechargeMinutes, model, algorithm, ...options }) => {
          const instance = generateWarehouseInstance({ ...options, shelfLength: 4 });
          const build = (chargers?: number) =>
            buildProblem({
              environment: instance.environment,
              tasks: instance.tasks,
              params: { max_distance: maxDistance, recharge_time: rechargeMinutes, robot_model: model, chargers },
            });
          let problem: Problem;
          try {
            problem = build(1);
          } catch (error) {
            expect(error).toBeInstanceOf(InfeasibleDeliveryError);
            return;
          }
          const { results } = solve(problem, { algorithm, seed: 1, maxIterations: 10 });
          const check = checkPlan(problem, results);
          expect(check.errors).toEqual([]);
          const bounds = computeBounds(problem);
          MAKESPAN_BOUNDS.forEach((bound, k) => {
            expect(bounds.values[k].makespan_s, bound.name).toBeLessThanOrEqual(check.metrics.makespan_s + 1e-6);
          });
          // The chargers in turn pass the detour bound only where the stations share them.
          if (figureOf(bounds, 'charger_turns') > figureOf(bounds, 'detour_capacity') + 1e-6) chargersInTurn++;
          expect(figureOf(computeBounds(build()), 'charger_turns')).toBe(
            figureOf(computeBounds(build()), 'detour_capacity'),
          );
          checked++;
        },
      ),
      { numRuns: 40, seed: 20261202 },
    );
    expect(checked).toBeGreaterThan(30);
    expect(chargersInTurn).toBeGreaterThan(0);
  });
});

describe('bounds of what is scarce, worked out by hand', () => {
  it('3 robots, 1 charger, two 180 s charges each: the charger bound holds 1,080 s of charging', () => {
    // Nine PR -> D1 deliveries, one per charge (R1 -> PR 7 m, PR -> D1 3 m, D1 -> R1 10 m: 20 m of
    // 23.75 m usable; two would take 26 m). Three robots make at least 9 charge segments, so 6
    // recharges of 180 s on the one charger, one after the other, and after the last one a
    // robot still drives 10 m to its delivery: 6 x 180 + 10 = 1,090 s.
    const problem = buildProblem({
      environment: aroundShelf(3),
      tasks: tasksOf(...Array.from({ length: 9 }, (): [string, string] => ['PR', 'D1'])),
      params: { max_distance: 25, recharge_time: 3, chargers: 1 },
    });
    expect(boundValue(problem, 'charger_capacity')).toBeCloseTo(1090, 4);
    const bound = lowerBound(problem);
    expect(bound.tightest_name).toBe('charger_capacity');
    // The fleet's average work counts 2 recharges per robot, but not that they share a charger.
    expect(bound.makespan_s).toBeLessThan(500);
    const { results, stats } = solve(problem, { algorithm: 'makespan', maxIterations: 30 });
    expect(checkPlan(problem, results).errors).toEqual([]);
    expect(stats.makespan_s).toBeGreaterThanOrEqual(1090);
    expect(stats).toMatchObject({ lower_bound_name: 'charger_capacity', lower_bound_battery_s: 1090 });
  });

  it('a robot whose deliveries need more than a charge (1.125 of one) pays a whole one, with its way home and back', () => {
    // One robot, three PR -> D1 deliveries. The model's least driving W is 18 m (the lengths, 3 m
    // each, and 3 m from D1 to each pickup). A 26 m charge leaves 16 m after the 10 m home kept
    // after the last dropoff: 18 m needs 1.125 charges, so one recharge (60 s), which costs at
    // least D1 -> R1 -> PR less D1 -> PR = 10 + 7 - 3 = 14 m: 60 + (18 + 14) / 1 = 92 s. The
    // model's bound spreads 18 m over the 26 m charge and counts no recharge: 18 s.
    const problem = buildProblem({
      environment: aroundShelf(1),
      tasks: tasksOf(['PR', 'D1'], ['PR', 'D1'], ['PR', 'D1']),
      params: { max_distance: 26, recharge_time: 1, battery_reserve_pct: 0 },
    });
    expect(boundValue(problem, 'whole_charges')).toBeCloseTo(92, 4);
    expect(lowerBound(problem).makespan_s).toBeCloseTo(18, 6);
    // The optimum: two deliveries (16 m, home 10 m), the charge, the third (10 m): 96 s.
    const { stats } = solve(problem, { algorithm: 'makespan', maxIterations: 30 });
    expect(stats.makespan_s).toBe(96);
  });

  it('a drive unit’s dock visits pay their known turns: four PB -> D2 deliveries, worked out by hand', () => {
    // A 6 x 2 floor: shelf over (1, 0)-(2, 0), PB under it at (1, 1) facing it (-y), D2 at (3, 0)
    // facing it (-x), station R1 at (5, 0) with three drive units (2 s handling = 40 ticks).
    //   row 0:  .  S  S  D2 .  R1
    //   row 1:  .  PB .  .  .  .
    // R1 -> PB: 8.042 s (a quarter turn, 1 m down, a quarter turn, 4 m along row 1, a quarter turn
    // to the shelf), 161 ticks of 0.05 s. PB -> D2: a quarter turn to +x, 2 m along row 1 (2 x
    // sqrt(2) s), a quarter turn, 1 m up (2 s), a quarter turn to -x: 6.703 s, 135 ticks. So D2
    // is first reached at 8.05 + 2 + 6.75 = 16.8 s. Each D2 visit comes in heading -y and turns a quarter there (12 ticks:
    // 0.625 s, whole ticks down); its least way out is a quarter turn and 1 m from standstill
    // (0.625 + sqrt(2) = 2.039 s, 41 ticks): 93 ticks a visit. Four visits, less the first
    // one's turn and the last one's handling and way out: 372 - 12 - 81 = 279 ticks = 13.95 s,
    // so no plan ends before 30.75 s. Counting the least visit only (before): 16.8 + 3 x 81
    // ticks = 28.95 s.
    const problem = buildProblem({
      environment: {
        dimensions: { width: 6, height: 2 },
        elements: {
          shelves: [{ id: 'S1', position: [1, 0], size: [2, 1] }],
          pickups: [{ id: 'PB', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' }],
          dropoffs: [{ id: 'D2', position: [3.5, 0.5] }],
          robot_stations: [{ id: 'R1', position: [5.5, 0.5] }],
          robots: threeRobotsOn('R1', [5.5, 0.5]),
        },
      },
      tasks: tasksOf(...Array.from({ length: 4 }, (): [string, string] => ['PB', 'D2'])),
      params: { max_distance: 1000, robot_model: 'drive-unit' },
    });
    expect(boundValue(problem, 'dock_capacity')).toBeCloseTo(30.75, 6);
    expectPlansNoSoonerThan(problem, 30.75);
  });

  it('a pickup’s last visit pays the leg to its dropoff: four PB deliveries to two dropoffs, worked out by hand', () => {
    // A 6 x 2 floor, point robots at 1 m/s (1 s steps), 5 s handling, three robots on R1:
    //   row 0:  D1 S  S  .  D2 R1
    //   row 1:  .  PB .  .  .  .
    // R1 -> PB is 5 m. Each PB visit holds it 5 s handling + 1 s way out: 6 s. The fourth visit is
    // claimed no earlier than 5 + 3 x 6 = 23 s, handled until 28 s, and its delivery arrives no
    // sooner than the nearer dropoff, D1, 2 m on: 30 s. Counting no leg after the last visit
    // (before): 5 + 4 x 6 - 6 = 23 s. Each dropoff has two visits only (D1: 12 + 2 x 7 - 7 = 19 s).
    const problem = buildProblem({
      environment: {
        dimensions: { width: 6, height: 2 },
        elements: {
          shelves: [{ id: 'S1', position: [1, 0], size: [2, 1] }],
          pickups: [{ id: 'PB', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' }],
          dropoffs: [
            { id: 'D1', position: [0.5, 0.5] },
            { id: 'D2', position: [4.5, 0.5] },
          ],
          robot_stations: [{ id: 'R1', position: [5.5, 0.5] }],
          robots: threeRobotsOn('R1', [5.5, 0.5]),
        },
      },
      tasks: tasksOf(['PB', 'D1'], ['PB', 'D1'], ['PB', 'D2'], ['PB', 'D2']),
      params: { max_distance: 1000, handling_time_s: 5 },
    });
    expect(boundValue(problem, 'dock_capacity')).toBeCloseTo(30, 6);
    expectPlansNoSoonerThan(problem, 30);
  });

  it('a dropoff’s visits from far pickups count from when they can first arrive: D1 fed from three pickups, worked out by hand', () => {
    // A 9 x 2 floor, point robots at 1 m/s (1 s steps), 2 s handling, three robots on R1:
    //   row 0:  R1 S  .  .  D1 .  PL S  .
    //   row 1:  .  PA .  .  .  .  .  PZ .
    // R1 -> PA is 2 m, R1 -> PL and R1 -> PZ 8 m; PA -> D1 and PZ -> D1 4 m, PL -> D1 2 m. So D1's
    // visits can first come at 2 + 2 + 4 = 8 s (from PA), 12 s (PL) and 14 s (PZ); each holds it
    // 2 s handling + 1 s way out. The four from PL and PZ: the first claims D1 no earlier than
    // 12 s, the last no earlier than 12 + 3 x 3 = 21 s, and delivers on arrival: 21 s. Counting
    // from the first visit alone (before): 8 + 4 x 3 = 20 s.
    const problem = buildProblem({
      environment: {
        dimensions: { width: 9, height: 2 },
        elements: {
          shelves: [
            { id: 'S1', position: [1, 0], size: [1, 1] },
            { id: 'S2', position: [7, 0], size: [1, 1] },
          ],
          pickups: [
            { id: 'PA', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' },
            { id: 'PL', position: [7, 0.5], shelf_id: 'S2', side: 'left' },
            { id: 'PZ', position: [7.5, 1], shelf_id: 'S2', side: 'bottom' },
          ],
          dropoffs: [{ id: 'D1', position: [4.5, 0.5] }],
          robot_stations: [{ id: 'R1', position: [0.5, 0.5] }],
          robots: threeRobotsOn('R1', [0.5, 0.5]),
        },
      },
      tasks: tasksOf(['PA', 'D1'], ['PL', 'D1'], ['PL', 'D1'], ['PZ', 'D1'], ['PZ', 'D1']),
      params: { max_distance: 1000, handling_time_s: 2 },
    });
    expect(boundValue(problem, 'dock_capacity')).toBeCloseTo(21, 6);
    expectPlansNoSoonerThan(problem, 21);
  });

  it('a dropoff with 100 visits of 2 s: no plan and no bound below 200 s', () => {
    // D1 is a dead end: a robot comes in and leaves by the cell below, so with no handling a
    // visit holds it 2 steps (1 s each). The first robot reaches it after 5 m: 5 + 99 x 2 = 203 s.
    const problem = buildProblem({
      environment: deadEndDock(3),
      tasks: tasksOf(...Array.from({ length: 100 }, (): [string, string] => ['PB', 'D1'])),
      params: { max_distance: 1000, handling_time_s: 0 },
    });
    const bound = lowerBound(problem);
    expect(bound.floor_s).toBeCloseTo(203, 6);
    expect(boundValue(problem, 'dock_capacity')).toBeGreaterThanOrEqual(200);
    // Plans queue at docks: the plan is at the dock bound (D1 takes a robot every 2 s from 5 s
    // on), which is then the tightest bound, and the plan says how long its robots wait.
    for (const algorithm of ['greedy_distance', 'makespan'] as const) {
      const { results, stats } = solve(problem, { algorithm, maxIterations: 20 });
      expect(checkPlan(problem, results).errors).toEqual([]);
      expect(stats.dock_bound_s).toBe(203);
      expect(stats.makespan_s).toBe(203);
      expect(stats.lower_bound_name).toBe('dock_capacity');
      expect(stats.dock_queue_s).toBeGreaterThan(0);
    }
  });
});
