import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildProblem, solve } from '@fleetlab/solver';
import {
  Floor,
  freeFlow,
  generateWarehouseInstance,
  type GeneratedInstance,
  resolveFloorParameters,
  robotWorkFromPlan,
  TRAFFIC_POLICIES,
} from '@fleetlab/warehouse';
import { checkExecution, runShift, simulate } from '../src/index.ts';
import { CHARGING_BAY, CORRIDOR, deliver, NARROW_AISLE, recharge } from './fixtures.ts';

const crossingPlan = { R1_1: [deliver('P1', 'D1')], R2_1: [deliver('P2', 'D2')] };
const crossing = () => simulate(NARROW_AISLE, crossingPlan, {});

describe('checkExecution catches each kind of bad execution', () => {
  it('two robots on one cell', () => {
    const execution = crossing();
    execution.robots.R2_1.timeline = [0, 6, 1, 4, 2, 1];
    expect(checkExecution(NARROW_AISLE, crossingPlan, execution).errors).toContain(
      'Robots R1_1 and R2_1 both stand on cell (2, 1) at step 7',
    );
  });

  it('two robots swapping cells', () => {
    const plan = { R1_1: [deliver('P1', 'D1')], R2_1: [] };
    const execution = simulate(NARROW_AISLE, plan, {});
    // R1_1 drives (3, 1) -> (4, 1) at step 4 while R2_1, one step late, drives (4, 1) -> (3, 1).
    execution.robots.R2_1.timeline = [0, 6, 1, 4, 3, 1, 5, 2, 1];
    expect(checkExecution(NARROW_AISLE, plan, execution).errors).toContain(
      'Two robots swap cell (4, 1) and cell (3, 1) at step 4',
    );
  });

  it('a jump and a step into a shelf', () => {
    const execution = crossing();
    execution.robots.R1_1.timeline = [0, 0, 1, 1, 2, 1, 2, 5, 1];
    expect(checkExecution(NARROW_AISLE, crossingPlan, execution).errors[0]).toBe(
      'Robot R1_1: the waypoint at step 1 is too soon for its distance',
    );
    execution.robots.R1_1.timeline = [0, 0, 1, 1, 0, 0];
    expect(checkExecution(NARROW_AISLE, crossingPlan, execution).errors).toContain(
      'Robot R1_1 stands on blocked or missing cell (0, 0) at step 1',
    );
  });

  it('deliveries out of the plan order or not on the dropoff', () => {
    const plan = { R1_1: [deliver('P1', 'D1'), deliver('P2', 'D2')], R2_1: [] };
    const execution = simulate(NARROW_AISLE, plan, {});
    execution.robots.R1_1.deliveries = [
      { pickup: 'P2', dropoff: 'D2', done_s: 5 },
      { pickup: 'P1', dropoff: 'D1', done_s: 9 },
    ];
    expect(checkExecution(NARROW_AISLE, plan, execution).errors).toContain(
      'Robot R1_1 delivers P2 -> D2 where its plan has P1 -> D1 next',
    );
  });

  it('more robots charging than the station has chargers, or a queue served out of order', () => {
    const plan = Object.fromEntries([1, 2, 3, 4].map((k) => [`R1_${k}`, [recharge]]));
    const execution = simulate(CHARGING_BAY, plan, { chargers: 1 });
    expect(checkExecution(CHARGING_BAY, plan, execution, { chargers: 1 }).errors).toEqual([]);
    const both = structuredClone(execution);
    both.robots.R1_2.charges = [{ station: 'R1', arrive_s: 0, start_s: 0, end_s: 180 }];
    expect(checkExecution(CHARGING_BAY, plan, both, { chargers: 1 }).errors).toContain(
      "Station R1 starts R1_2's charge at step 0, but with 1 charger served first come, first served it starts at step 180",
    );
    // R1_3 and R1_2 swap turns: both arrived at 0, so R1_2 (earlier in the fleet) goes first.
    const swapped = structuredClone(execution);
    swapped.robots.R1_2.charges = [{ station: 'R1', arrive_s: 0, start_s: 360, end_s: 540 }];
    swapped.robots.R1_3.charges = [{ station: 'R1', arrive_s: 0, start_s: 180, end_s: 360 }];
    expect(checkExecution(CHARGING_BAY, plan, swapped, { chargers: 1 }).errors).toContain(
      "Station R1 starts R1_2's charge at step 360, but with 1 charger served first come, first served it starts at step 180",
    );
  });

  it("a charge somewhere other than the robot's own station cell, or cut short", () => {
    const plan = { R1_1: [recharge], R1_2: [], R1_3: [], R1_4: [] };
    const execution = simulate(CHARGING_BAY, plan, { recharge_time: 3 });
    execution.robots.R1_1.charges = [{ station: 'R2', arrive_s: 0, start_s: 0, end_s: 120 }];
    expect(checkExecution(CHARGING_BAY, plan, execution, { recharge_time: 3 }).errors).toEqual([
      'Robot R1_1 charge 1 runs 0-120 s after arriving at 0 s; a charge takes 180 s',
      'Robot R1_1 charge 1 is at station R2, not at its own R1',
    ]);
  });

  it('a robot that leaves a pickup or a dropoff before its handling time is up', () => {
    const plan = { R1_1: [deliver('P1', 'D1'), deliver('P1', 'D1')], R1_2: [], R1_3: [], R1_4: [] };
    const handled = simulate(CHARGING_BAY, plan, { handling_time_s: 2 });
    expect(checkExecution(CHARGING_BAY, plan, handled, { handling_time_s: 2 }).errors).toEqual([]);
    // The same cells checked against 3 s of handling: it left P1 (stood there at steps 3-5) and D1 (9-11) too soon.
    const errors = checkExecution(CHARGING_BAY, plan, handled, { handling_time_s: 3 }).errors;
    expect(errors).toContain('Robot R1_1 leaves pickup P1 at step 6 before handling it for 3 s');
    expect(errors).toContain('Robot R1_1 leaves dropoff D1 before handling it for 3 s');
  });

  it("a robot on another station's cell", () => {
    const plan = { R1_1: [deliver('P1', 'D1')], R2_1: [] };
    const execution = simulate(NARROW_AISLE, plan, {});
    // R1_1 drives on from D1 (5, 1) into R2's station cell (6, 1).
    execution.robots.R1_1.timeline = [0, 0, 1, 5, 5, 1, 6, 6, 1];
    expect(checkExecution(NARROW_AISLE, plan, execution).errors).toContain(
      "Robot R1_1 enters station R2's cell at step 6, which only that station's robots may",
    );
  });

  it('a finish that is not the last delivery, and activities that disagree with the cells', () => {
    const plan = { R1_1: [deliver('P1', 'D1')], R2_1: [] };
    const execution = simulate(NARROW_AISLE, plan, {});
    execution.robots.R1_1.finish_s = 7;
    execution.robots.R1_1.activities = [0, 1, 3, 3];
    expect(checkExecution(NARROW_AISLE, plan, execution).errors).toEqual([
      'Robot R1_1 reports its finish at 7 s but its last delivery is done at 5 s',
      "Robot R1_1 is 'waiting' during step 3 but moves",
    ]);
  });

  it('a robot that moves during its delay or breakdown, stops that overlap, and totals that miscount them', () => {
    const execution = crossing();
    // R1_1 drives off at once: a delay over its first two steps is broken.
    execution.robots.R1_1.delays = [{ start_s: 0, end_s: 2 }];
    execution.robots.R1_1.breakdowns = [{ start_s: 1, end_s: 3 }];
    execution.totals.delays = { count: 1, lost_s: 2 };
    let errors = checkExecution(NARROW_AISLE, crossingPlan, execution).errors;
    expect(errors).toContain('Robot R1_1 moves from cell (0, 1) at step 1 during its delay from 0 s to 2 s');
    expect(errors).toContain('Robots record breakdowns but the totals count none');
    execution.robots.R1_1.breakdowns = [];
    execution.totals.breakdowns = { count: 0, lost_s: 0 };
    // The day lasts 12 steps.
    execution.robots.R1_1.delays = [{ start_s: 11, end_s: 14 }];
    execution.totals.delays = { count: 2, lost_s: 3 };
    errors = checkExecution(NARROW_AISLE, crossingPlan, execution).errors;
    expect(errors).toContain(
      "Robot R1_1's delay from 11 s to 14 s is empty, overlaps another stop or runs past the execution",
    );
    expect(errors).toContain('The totals count 2 delays but the robots record 1');
  });

  it('queues that do not fit in the waiting, totals and a heat map that miscount them, and a queue at no dock', () => {
    // R1_1 waits 1 s in all (the crossing run).
    const execution = crossing();
    execution.robots.R1_1.dock_queue_s = 2;
    execution.robots.R2_1.queued_s = 1;
    execution.totals.dock_queue_s = { D1: 1, R1: 0.5 };
    execution.heatmap.dock_queue_s = execution.heatmap.wait_s.map(() => 0);
    execution.heatmap.dock_queue_s[0] = 3;
    const errors = checkExecution(NARROW_AISLE, crossingPlan, execution).errors;
    expect(errors).toContain('Robot R1_1 queues 2.00 s but waits only 1 s in all');
    expect(errors).toContain('Robot R2_1 queues 1.00 s but waits only 0 s in all');
    // Its activities hold no step queued at a dock.
    expect(errors).toContain("Robot R1_1 is 'dock_queued' for 0.00 s but its dock queue is 2 s");
    expect(errors).toContain("The totals give 0.00 s of charger queue but the robots' add up to 1.00 s");
    expect(errors).toContain('The dock queue names R1, which is no pickup or dropoff of the floor');
    expect(errors).toContain("The totals give 1.50 s of dock queue but the robots' add up to 2.00 s");
    expect(errors).toContain('The heat map puts 3 s of dock queue on cell (0, 0), where robots waited 0 s in all');
    expect(errors).toContain('The heat map holds 3.00 s of dock queue but the totals give 1.50 s');
  });

  it('a battery overrun and a robot stranded after its dropoff', () => {
    const plan = { R1_1: [deliver('P1', 'D1')], R1_2: [], R1_3: [], R1_4: [] };
    const execution = simulate(CHARGING_BAY, plan, {});
    // R1_1 drives 7 m to D1, 5 m from its station.
    expect(checkExecution(CHARGING_BAY, plan, execution, { max_distance: 10 }).errors).toEqual([
      'Robot R1_1 after dropoff D1 has 3 m of charge left but its station is 5 m away',
    ]);
    expect(checkExecution(CHARGING_BAY, plan, execution, { max_distance: 6 }).errors).toEqual([
      'Robot R1_1 has driven 7 m since its last charge at step 7, over max_distance 6 m',
      'Robot R1_1 after dropoff D1 has -1 m of charge left but its station is 5 m away',
    ]);
  });
});

describe('random small warehouses', () => {
  const layouts = fc.record({
    width: fc.integer({ min: 10, max: 16 }),
    height: fc.integer({ min: 12, max: 16 }),
    stations: fc.integer({ min: 1, max: 3 }),
    robotsPerStation: fc.integer({ min: 1, max: 3 }),
    orders: fc.integer({ min: 0, max: 14 }),
    seed: fc.integer({ min: 1, max: 10_000 }),
    aisleWidth: fc.constantFrom(1, 2),
    maxDistance: fc.constantFrom(150, 400, 1000),
    chargers: fc.constantFrom(undefined, 1),
    handling: fc.constantFrom(0, 2),
    speed: fc.constantFrom(0.5, 1, 2),
    // Traffic rules a planner might draw: keep-clear cells anywhere robots only pass, and one
    // one-way aisle along a whole free row.
    keepClear: fc.array(fc.nat(), { maxLength: 5 }),
    oneWay: fc.option(fc.record({ row: fc.nat(), direction: fc.constantFrom('left', 'right') }), { nil: undefined }),
  });

  type Layout = typeof layouts extends fc.Arbitrary<infer T> ? T : never;

  /** The generated environment with the layout's traffic rules drawn on it. */
  function withTrafficRules(
    environment: GeneratedInstance['environment'],
    { keepClear, oneWay }: Pick<Layout, 'keepClear' | 'oneWay'>,
  ): GeneratedInstance['environment'] {
    const floor = new Floor(environment);
    const { pickups = [], dropoffs = [], robot_stations = [] } = environment.elements;
    const places = new Set([...pickups, ...dropoffs, ...robot_stations].map((place) => floor.cellOf(place.id)));
    const passable: number[] = [];
    for (let cell = 0; cell < floor.cellCount; cell++)
      if (!floor.blocked[cell] && !places.has(cell)) passable.push(cell);
    const keep = [...new Set(keepClear.map((k) => passable[k % passable.length]))];
    const freeRows: number[] = [];
    for (let y = 0; y < floor.height; y++) {
      let free = true;
      for (let x = 0; x < floor.width; x++) free &&= !floor.blocked[floor.cellAt(x, y)];
      if (free) freeRows.push(y);
    }
    const row = oneWay && freeRows.length > 0 ? freeRows[oneWay.row % freeRows.length] : -1;
    return {
      ...environment,
      elements: {
        ...environment.elements,
        keep_clear_cells: keep.map((cell, k) => ({
          id: `K${k + 1}`,
          position: [floor.x(cell) + 0.5, floor.y(cell) + 0.5] as [number, number],
        })),
        one_way_aisles:
          row < 0
            ? []
            : [
                {
                  id: 'W1',
                  position: [0, row] as [number, number],
                  size: [floor.width, 1] as [number, number],
                  direction: oneWay!.direction,
                },
              ],
      },
    };
  }

  /** The instance and a plan of it, or null when no robot can do some delivery within a charge. */
  function planned(
    { maxDistance, chargers, handling, speed, keepClear, oneWay, ...options }: Layout,
    algorithm: 'greedy_distance' | 'makespan',
  ) {
    const generated = generateWarehouseInstance({ ...options, shelfLength: 4 });
    const instance = { ...generated, environment: withTrafficRules(generated.environment, { keepClear, oneWay }) };
    const params = {
      max_distance: maxDistance,
      recharge_time: 3,
      handling_time_s: handling,
      robot_speed: speed,
      ...(chargers ? { chargers } : {}),
    };
    try {
      const problem = buildProblem({ environment: instance.environment, tasks: instance.tasks, params });
      return { instance, params, plan: solve(problem, { algorithm, maxIterations: 20 }).results };
    } catch (error) {
      // A one-way row can cut a place off; a keep-clear cell never can.
      expect((error as Error).message).toMatch(oneWay ? /cannot be done|There is no walk/ : /cannot be done/);
      return null;
    }
  }

  it('the plan is what each robot alone on the floor does: free flow equals the plan, to the step, with no extra charge', () => {
    fc.assert(
      fc.property(layouts, fc.constantFrom('greedy_distance' as const, 'makespan' as const), (layout, algorithm) => {
        const made = planned(layout, algorithm);
        if (!made) return;
        const floor = new Floor(made.instance.environment);
        const parameters = resolveFloorParameters(made.params);
        const robots = robotWorkFromPlan(floor, made.instance.environment, made.plan);
        const alone = freeFlow(floor, parameters, robots);
        robots.forEach((robot, r) => {
          const steps = made.plan[robot.id];
          const deliveries = steps.filter((step) => Array.isArray(step.task)).map((step) => step.completion_time);
          expect(alone[r].deliveryDoneSteps.map((done) => Math.round(done * parameters.stepS * 100) / 100)).toEqual(
            deliveries,
          );
          const charges = steps.filter((step) => step.task === 'recharge');
          expect(alone[r].charges.map((charge) => Math.round(charge.endStep * parameters.stepS * 100) / 100)).toEqual(
            charges.map((step) => step.completion_time),
          );
        });
        const execution = simulate(made.instance.environment, made.plan, made.params, { tasks: made.instance.tasks });
        expect(execution.totals.free_flow_makespan_s).toBe(execution.totals.planned_makespan_s);
      }),
      { numRuns: 40, seed: 20261127 },
    );
  });

  it("with every traffic policy every execution passes the checker (traffic rules included), every delivery is done, and executed >= free flow less the plan's dock waits", () => {
    fc.assert(
      fc.property(layouts, (layout) => {
        const made = planned(layout, 'greedy_distance');
        if (!made) return;
        for (const { name } of TRAFFIC_POLICIES) {
          const execution = simulate(
            made.instance.environment,
            made.plan,
            { ...made.params, traffic_policy: name },
            { tasks: made.instance.tasks },
          );
          expect(checkExecution(made.instance.environment, made.plan, execution, made.params).errors).toEqual([]);
          expect(execution.totals.deliveries).toBe(made.instance.tasks.length);
          // The floor may let robots into a pickup or dropoff in another order than the plan's
          // first come, first served (traffic holds one back, another goes first): at most the
          // plan's own dock waits can be saved so.
          const dockWaits = Object.values(made.plan)
            .flat()
            .reduce((sum, step) => sum + (step.pickup_queued_s ?? 0) + (step.dropoff_queued_s ?? 0), 0);
          expect(execution.totals.executed_makespan_s).toBeGreaterThanOrEqual(
            execution.totals.free_flow_makespan_s - dockWaits - 1e-6,
          );
        }
      }),
      { numRuns: 40, seed: 20261125 },
    );
  });
});

describe('checkExecution catches each kind of bad shift', () => {
  // Three orders on the corridor at 0, 60 and 120 s (see shift.test.ts): picked up at 21, 81 and
  // 141 s, done at 40, 100 and 160 s.
  const params = { max_distance: 100_000, shift: { hours: 0.25, orders_per_hour: 12 } };
  const shift = () =>
    runShift(
      CORRIDOR,
      [
        ['P1', 'D1'],
        ['P1', 'D1'],
        ['P1', 'D1'],
      ],
      params,
      { releaseS: [0, 60, 120] },
    );
  const errors = (outcome: ReturnType<typeof shift>) =>
    checkExecution(CORRIDOR, outcome.results, outcome.execution, params).errors;

  it('passes the shift as it ran', () => {
    expect(errors(shift())).toEqual([]);
  });

  it('an order picked up before its release', () => {
    const outcome = shift();
    outcome.execution.orders![1].release_s = 90;
    expect(errors(outcome)).toContain('Order O2 is picked up at 81 s, before its release at 90 s');
  });

  it('an order the robot does not stand on the pickup for when it says', () => {
    const outcome = shift();
    outcome.execution.orders![1].pickup_s = 75;
    expect(errors(outcome)).toContain(
      'Robot R1_1 does not stand on pickup P1 of order O2 from 75 s for the handling, between its previous delivery and this one',
    );
  });

  it('an order delivered twice, and one delivered by nobody', () => {
    const outcome = shift();
    outcome.execution.robots.R1_1.deliveries[1].order = 'O1';
    expect(errors(outcome)).toEqual(
      expect.arrayContaining([
        'Order O1 is delivered twice, by R1_1 and by R1_1',
        'Order O2 says it is delivered at 100 s, but no robot delivers it',
        'Order O1 says R1_1 delivered it at 40 s, but R1_1 delivers it at 100 s',
      ]),
    );
  });

  it('a delivery for an order the shift does not have, or of another pair', () => {
    const outcome = shift();
    outcome.execution.robots.R1_1.deliveries[2].order = 'O9';
    expect(errors(outcome)).toContain(
      'Robot R1_1 delivers P1 -> D1 at 160 s for order O9, which the shift does not have',
    );
    const swapped = shift();
    swapped.execution.orders![0].dropoff = 'D9';
    expect(errors(swapped)).toContain('Robot R1_1 delivers P1 -> D1 for order O1, which is P1 -> D9');
  });

  it('orders not numbered in order of release', () => {
    const outcome = shift();
    outcome.execution.orders![2].id = 'O7';
    outcome.execution.robots.R1_1.deliveries[2].order = 'O7';
    expect(errors(outcome)).toContain('Order 3 of the shift is O7; orders are O1, O2, ... in order of release');
  });

  it("a charge that is not among the results' recharge steps", () => {
    const outcome = shift();
    outcome.execution.robots.R1_1.charges.push({ station: 'R1', arrive_s: 200, start_s: 200, end_s: 380 });
    expect(errors(outcome)).toContain('Robot R1_1 charges 1 times; its results have 0 recharge steps');
  });
});
