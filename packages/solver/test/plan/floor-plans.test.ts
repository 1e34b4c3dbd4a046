import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Floor, generateWarehouseInstance } from '@fleetlab/warehouse';
import { assignGreedyByDistance } from '../../src/algorithms/greedy-distance.ts';
import {
  buildProblem,
  checkPlan,
  lowerBound,
  nodeDistance,
  solve,
  type Problem,
  type ProblemInput,
} from '../../src/index.ts';
import { buildPlanSteps } from '../../src/plan/plan-builder.ts';
import { evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { aroundShelf, stationRow } from '../floor-layouts.ts';
import { summary } from '../helpers.ts';

const walk = (problem: Problem, from: string, to: string) =>
  nodeDistance(problem, problem.nodeIndex.get(from)!, problem.nodeIndex.get(to)!);
const tasksOf = (...pairs: [string, string][]) => pairs;

describe('plans on the floor the robots drive', () => {
  it('measures each leg as the floor walk between the places: around a shelf, a pickup on each side', () => {
    const tasks = tasksOf(['PL', 'PR'], ['PT', 'PB'], ['PR', 'D1']);
    const floor = buildProblem({ environment: aroundShelf(), tasks });
    // PL (1, 1) to PR (5, 2): round the shelf by the top row or the bottom one, 7 m either way.
    expect(walk(floor, 'PL', 'PR')).toBe(7);
    // PT (3, 0) to PB (2, 3): 6 m round the shelf's left end, 8 m round its right end.
    expect(walk(floor, 'PT', 'PB')).toBe(6);
    expect(walk(floor, 'R1_1', 'D1')).toBe(10);
    expect(walk(floor, 'R1_1', 'PR')).toBe(7);
    expect(walk(floor, 'PR', 'D1')).toBe(3);
    // The spec's straight edges cut across open floor: R1_1 to D1 is 8.26 m there, against a 10 m walk.
    const graph = buildProblem({ environment: aroundShelf(), tasks, distances: 'graph' });
    expect(walk(graph, 'R1_1', 'D1')).toBe(8.26);
  });

  it('never walks through a station cell: a row of stations is walked round', () => {
    const problem = buildProblem({ environment: stationRow(), tasks: tasksOf(['P1', 'D2'], ['P1', 'D1']) });
    // D1 (0, 0) to D2 (4, 0): the stations R1-R3 stand between them, so down, along row 1, up.
    expect(walk(problem, 'D1', 'D2')).toBe(6);
    // A robot may leave its own station, but never crosses another: R2_1 (2, 0) to D1 (0, 0).
    expect(walk(problem, 'R2_1', 'D1')).toBe(4);
    expect(walk(problem, 'P1', 'D2')).toBe(3);
  });

  it('plans the charge a delivery needs on the floor although the graph fits both deliveries in one', () => {
    // 25 m a charge, 5% kept for traffic: 23.75 m. R1_1 -> PR -> D1 is 7 + 3 m and D1 is 10 m from
    // home: 20 m, it fits. The second (D1 -> PR -> D1, 6 m) would leave 16 m driven and 10 m home,
    // 26 m: the plan goes home first (10 m, t = 20 s), charges 3 min (t = 200 s) and drives 10 m.
    const tasks = tasksOf(['PR', 'D1'], ['PR', 'D1']);
    const params = { max_distance: 25, recharge_time: 3 };
    const problem = buildProblem({ environment: aroundShelf(), tasks, params });
    const { results, stats } = solve(problem, { algorithm: 'greedy_distance' });
    expect(summary(results.R1_1)).toEqual(['PR>D1', 'recharge@R1', 'PR>D1']);
    expect(
      results.R1_1.map((step) => [step.completion_time, step.total_distance, step.odometer_m, step.battery_remaining]),
    ).toEqual([
      [10, 10, 10, 60],
      [200, 20, 20, 100],
      [210, 10, 30, 60],
    ]);
    // The paths list the stored graph's nodes along each leg: from the robot over its station
    // (the same spot) and N3 off the shelf's bottom-right corner, never across the shelf.
    expect(results.R1_1.map((step) => step.path)).toEqual([
      ['R1_1', 'R1', 'N3', 'PR', 'D1'],
      ['D1', 'N3', 'R1'],
      ['R1', 'N3', 'PR', 'D1'],
    ]);
    expect(stats).toMatchObject({
      distances: 'floor',
      makespan_s: 210,
      recharges: 1,
      total_distance_m: 30,
      charger_queue_s: 0,
    });
    // On the graph's straight edges both deliveries fit one charge.
    const onGraph = solve(buildProblem({ environment: aroundShelf(), tasks, params, distances: 'graph' }), {
      algorithm: 'greedy_distance',
    });
    expect(summary(onGraph.results.R1_1)).toEqual(['PR>D1', 'PR>D1']);
    expect(onGraph.stats).toMatchObject({ distances: 'graph', recharges: 0 });
  });

  it("queues the plan's charges at a one-charger station, and its docks: 3 robots wait 0, 179 and 358 s at the charger, worked out by hand", () => {
    // Six PR -> D1 deliveries, one per charge: each robot does one, drives home and charges for
    // its second. All three leave R1 at 0 and reach PR (7 m) at 7 s; PR serves one robot at a
    // time and a visit holds it 1 s (no handling, then a step off), so they enter at 7, 8 and 9 s,
    // reach D1 (3 m) at 10, 11 and 12 s (D1 is free for each) and are home (10 m) at 20, 21 and
    // 22 s. One charger, served in order of arrival: charges end at 200, 380 and 560 s, the second
    // deliveries at 210, 390 and 570 s.
    const tasks = tasksOf(...Array.from({ length: 6 }, (): [string, string] => ['PR', 'D1']));
    const problem = buildProblem({
      environment: aroundShelf(3),
      tasks,
      params: { max_distance: 25, recharge_time: 3, chargers: 1 },
    });
    const { results, stats } = solve(problem, { algorithm: 'greedy_distance' });
    for (const [robot, first, pickupWait, wait, end] of [
      ['R1_1', 10, 0, 0, 200],
      ['R1_2', 11, 1, 179, 380],
      ['R1_3', 12, 2, 358, 560],
    ] as const) {
      expect(summary(results[robot])).toEqual(['PR>D1', 'recharge@R1', 'PR>D1']);
      expect(results[robot].map((step) => step.completion_time)).toEqual([first, end, end + 10]);
      expect(results[robot][0].pickup_queued_s ?? 0).toBe(pickupWait);
      expect(results[robot][1].queued_s ?? 0).toBe(wait);
    }
    expect(stats).toMatchObject({ makespan_s: 570, charger_queue_s: 537, dock_queue_s: 3 });
    expect(checkPlan(problem, results).errors).toEqual([]);
    // The checker refuses a plan that charges two robots at once at the one charger.
    const overlapping = structuredClone(results);
    overlapping.R1_2[1] = { ...overlapping.R1_2[1], completion_time: 201 };
    overlapping.R1_2[2] = { ...overlapping.R1_2[2], completion_time: 211 };
    delete overlapping.R1_2[1].queued_s;
    expect(checkPlan(problem, overlapping).errors).toContain(
      'Station R1 charges 2 robots at once at 21 s, but it has 1 charger',
    );
    // And one that lets two robots into PR at once: R1_2 entering at 7 s beside R1_1.
    const crowded = structuredClone(results);
    crowded.R1_2[0] = { ...crowded.R1_2[0], completion_time: 10 };
    delete crowded.R1_2[0].pickup_queued_s;
    expect(checkPlan(problem, crowded).errors).toContain(
      'PR serves 2 robots at once: one enters at 7 s while the visit from 7 s holds it until 8 s (entering, handling, leaving)',
    );
  });

  it('with drive units, a visit holds the dock from the centre reaching it to the centre reaching the next cell out: 4.65 s at PR, worked out by hand', () => {
    // The same six PR -> D1 deliveries with drive units. R1_1 -> PR is 191 ticks of 0.05 s, the
    // last 12 its quarter turn on PR to face the shelf: its centre is on PR at 179 (8.95 s). It
    // handles 2 s (40 ticks), turns a quarter to its walk to D1 and drives that walk's first metre
    // from standstill (0.625 + sqrt(2) = 2.039 s, 41 ticks): PR is free at 179 + 12 + 40 + 41 =
    // 272 (13.6 s). So R1_2, at PR as early, waits 93 ticks (4.65 s) and R1_3 twice that.
    const tasks = tasksOf(...Array.from({ length: 6 }, (): [string, string] => ['PR', 'D1']));
    const problem = buildProblem({
      environment: aroundShelf(3),
      tasks,
      params: { max_distance: 25, recharge_time: 3, chargers: 1, robot_model: 'drive-unit' },
    });
    const { results } = solve(problem, { algorithm: 'greedy_distance' });
    expect(['R1_1', 'R1_2', 'R1_3'].map((robot) => results[robot][0].pickup_queued_s ?? 0)).toEqual([0, 4.65, 9.3]);
    expect(checkPlan(problem, results).errors).toEqual([]);
    // Let in after the handling and the least way out alone (4.05 s), R1_2 would be on PR while
    // R1_1 still is: its centre reaches PR 0.6 s before R1_1's reaches the next cell.
    const early = structuredClone(results);
    early.R1_2[0] = { ...early.R1_2[0], completion_time: 21.7, pickup_queued_s: 4.05 };
    expect(checkPlan(problem, early).errors).toContain(
      'PR serves 2 robots at once: one enters at 13 s while the visit from 8.95 s holds it until 13.6 s (entering, handling, leaving)',
    );
  });

  it("puts handling_time_s at every pickup and dropoff into the plan's times", () => {
    // 4 s of handling: R1_1 -> PR 7 m, handling, PR -> D1 3 m: done at 14 s; handling at D1,
    // D1 -> PT 3 m, handling, PT -> D1 3 m: done at 28 s.
    const problem = buildProblem({
      environment: aroundShelf(),
      tasks: tasksOf(['PR', 'D1'], ['PT', 'D1']),
      params: { handling_time_s: 4 },
    });
    const { results, stats } = solve(problem, { algorithm: 'greedy_distance' });
    expect(results.R1_1.map((step) => step.completion_time)).toEqual([14, 28]);
    expect(stats.makespan_s).toBe(28);
  });

  it('refuses a delivery the reserve leaves no room for, saying so', () => {
    // The round trip R1 -> PR -> D1 -> R1 is 20 m; 21 m less the 5% reserve is 19.95 m.
    expect(() =>
      buildProblem({
        environment: aroundShelf(),
        tasks: tasksOf(['PR', 'D1']),
        params: { max_distance: 21, battery_reserve_pct: 5 },
      }),
    ).toThrow(
      'Delivery PR -> D1 cannot be done: the round trip from the nearest home station (R1) is 20.0 m but a charge covers 19.95 m once the 5% battery reserve for traffic is kept (max_distance 21 m)',
    );
    expect(
      buildProblem({
        environment: aroundShelf(),
        tasks: tasksOf(['PR', 'D1']),
        params: { max_distance: 21, battery_reserve_pct: 0 },
      }).maxDistance,
    ).toBe(21);
    // Without the parameter the reserve follows the crowd: 1 robot on 28 free cells, 3% + 60/28 = 5.1%.
    expect(
      buildProblem({ environment: aroundShelf(), tasks: tasksOf(['PR', 'D1']), params: { max_distance: 100 } })
        .floorParameters.batteryReservePct,
    ).toBe(5.1);
  });
});

describe('the search scores routes as the floor times them', () => {
  it("on random warehouses, each route's finish (evaluateRoute) is its last delivery in the plan less the plan's waits at docks, handling and speeds included", () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 10, max: 16 }),
          height: fc.integer({ min: 12, max: 16 }),
          stations: fc.integer({ min: 1, max: 3 }),
          robotsPerStation: fc.integer({ min: 1, max: 3 }),
          orders: fc.integer({ min: 1, max: 16 }),
          seed: fc.integer({ min: 1, max: 10_000 }),
          maxDistance: fc.constantFrom(120, 300, 1000),
          handling: fc.constantFrom(0, 1, 5),
          speed: fc.constantFrom(0.5, 1, 2),
        }),
        ({ maxDistance, handling, speed, ...options }) => {
          const instance = generateWarehouseInstance({ ...options, shelfLength: 4 });
          let problem: Problem;
          try {
            problem = buildProblem({
              environment: instance.environment,
              tasks: instance.tasks,
              params: { max_distance: maxDistance, handling_time_s: handling, robot_speed: speed },
            });
          } catch {
            return;
          }
          const routes = assignGreedyByDistance(problem);
          const plan = buildPlanSteps(problem, routes);
          expect(checkPlan(problem, plan).errors).toEqual([]);
          // The search times each route alone; the plan adds the waits beside docks another
          // robot's visit holds (chargers are one per robot here, so none at them).
          problem.robots.forEach((robot, r) => {
            const steps = plan[robot.id];
            const last = steps.at(-1)?.completion_time ?? 0;
            const waits = steps.reduce(
              (sum, step) => sum + (step.queued_s ?? 0) + (step.pickup_queued_s ?? 0) + (step.dropoff_queued_s ?? 0),
              0,
            );
            expect(evaluateRoute(problem, r, routes[r]).finish + waits).toBeCloseTo(last, 6);
          });
        },
      ),
      { numRuns: 60, seed: 27 },
    );
  });
});

describe('one-way aisles a planner draws', () => {
  /** "Around a shelf" with row 0 one-way westwards (W1): robots enter and leave it sideways, never drive east along it. */
  function westboundTopRow(): ProblemInput['environment'] {
    const base = aroundShelf();
    return {
      ...base,
      elements: { ...base.elements, one_way_aisles: [{ id: 'W1', position: [0, 0], size: [7, 1], direction: 'left' }] },
    };
  }

  it('walks follow them, so a leg and its way back differ, and the plan and its bound use the walk each way', () => {
    const problem = buildProblem({ environment: westboundTopRow(), tasks: tasksOf(['PT', 'D1']) });
    // D1 (6, 0) to PT (3, 0): west along row 0, 3 m. Back east is against W1, and PT's only other
    // side is shelf S1: west to (1, 0), down column 1 to (1, 3), east along row 3 to (6, 3), up
    // column 6 to D1: 13 m.
    expect(walk(problem, 'D1', 'PT')).toBe(3);
    expect(walk(problem, 'PT', 'D1')).toBe(13);
    // R1_1 (0, 4) reaches PT only from the east: to (5, 4), up to (5, 0), west to PT: 11 m (7 m two-way).
    expect(walk(problem, 'R1_1', 'PT')).toBe(11);
    const { results } = solve(problem, { algorithm: 'makespan', maxIterations: 20 });
    expect(results.R1_1.map((step) => step.completion_time)).toEqual([24]);
    expect(checkPlan(problem, results).errors).toEqual([]);
    expect(lowerBound(problem).battery_aware_s).toBe(24);
  });

  it('on random warehouses with a one-way row, every plan passes checkPlan and no bound passes a plan', () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 10, max: 14 }),
          height: fc.integer({ min: 12, max: 14 }),
          stations: fc.integer({ min: 1, max: 2 }),
          robotsPerStation: fc.integer({ min: 1, max: 2 }),
          orders: fc.integer({ min: 1, max: 8 }),
          seed: fc.integer({ min: 1, max: 10_000 }),
          maxDistance: fc.constantFrom(150, 1000),
          row: fc.nat(),
          direction: fc.constantFrom('left' as const, 'right' as const),
        }),
        ({ maxDistance, row, direction, ...options }) => {
          const instance = generateWarehouseInstance({ ...options, shelfLength: 4 });
          const floor = new Floor(instance.environment);
          const freeRows = Array.from({ length: floor.height }, (_, y) => y).filter((y) =>
            Array.from({ length: floor.width }, (_, x) => floor.blocked[floor.cellAt(x, y)]).every(
              (blocked) => !blocked,
            ),
          );
          if (freeRows.length === 0) return;
          const y = freeRows[row % freeRows.length];
          const environment = {
            ...instance.environment,
            elements: {
              ...instance.environment.elements,
              one_way_aisles: [
                {
                  id: 'W1',
                  position: [0, y] as [number, number],
                  size: [floor.width, 1] as [number, number],
                  direction,
                },
              ],
            },
          };
          let problem: Problem;
          try {
            problem = buildProblem({ environment, tasks: instance.tasks, params: { max_distance: maxDistance } });
          } catch (error) {
            expect((error as Error).message).toMatch(/cannot be done|There is no walk/);
            return;
          }
          const bound = lowerBound(problem);
          for (const algorithm of ['greedy_distance', 'makespan'] as const) {
            const { results } = solve(problem, { algorithm, maxIterations: 20 });
            expect(checkPlan(problem, results).errors).toEqual([]);
            const makespan = Math.max(0, ...Object.values(results).map((steps) => steps.at(-1)?.completion_time ?? 0));
            expect(bound.battery_aware_s).toBeLessThanOrEqual(makespan + 1e-6);
          }
        },
      ),
      { numRuns: 30, seed: 20261127 },
    );
  });
});
