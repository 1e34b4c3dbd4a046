import { describe, expect, it } from 'vitest';
import { buildProblem, solve } from '@fleetlab/solver';
import { decodeTimeline, Floor, generateWarehouseInstance, robotWorkFromPlan } from '@fleetlab/warehouse';
import { FloorTraffic, Mode, Phase } from '../src/execution/floor-traffic.ts';
import { createMovementPolicy } from '../src/movement/movement-policies.ts';
import { checkExecution, simulate, SimulationError } from '../src/index.ts';
import { CROSSING, deliver, NARROW_AISLE, TWO_AISLES, GREEDY_PLAN, loadedAtPickups, twoAisles } from './fixtures.ts';

const cellsOf = (timeline: number[], last: number, width: number) =>
  Array.from(decodeTimeline(timeline, last, width), (cell) => `${cell % width},${Math.floor(cell / width)}`);

// R1_1 goes down the left aisle (PA at the top to DA at the bottom), R2_1 up (PB at the bottom to
// DB at the top). Alone: R1_1 is at PA at t = 2 and 7 cells down at DA at t = 9; R2_1 is at PB at
// t = 2 and 7 cells up and 1 right at DB at t = 10. Free flow 10 s.
const plan = { R1_1: [deliver('PA', 'DA')], R2_1: [deliver('PB', 'DB')] };

describe('traffic policies on named layouts', () => {
  it('plain PIBT sends both robots into the left aisle head-on: one backs out and goes round, 19 s', () => {
    // They meet at t = 5, R1_1 on (0, 4) and R2_1 on (0, 5). R2_1 ranks higher (ties go by robot
    // order) and pushes R1_1 back up the aisle and out at the top, onto (1, 1) at t = 9 and, as
    // R2_1 takes DB there at t = 10, on to (2, 1). From there both ways to DA are 9 cells; the coin
    // sends R1_1 down the right aisle: DA at t = 19.
    const execution = simulate(TWO_AISLES, plan, { traffic_policy: 'pibt' });
    expect(cellsOf(execution.robots.R1_1.timeline, 19, 3)).toEqual([
      '1,0',
      '1,1',
      '0,1',
      '0,2',
      '0,3',
      '0,4',
      '0,3',
      '0,2',
      '0,1',
      '1,1',
      '2,1',
      '2,2',
      '2,3',
      '2,4',
      '2,5',
      '2,6',
      '2,7',
      '2,8',
      '1,8',
      '0,8',
    ]);
    expect(execution.robots.R2_1.deliveries).toEqual([{ pickup: 'PB', dropoff: 'DB', done_s: 10 }]);
    expect(execution.totals).toMatchObject({ free_flow_makespan_s: 10, executed_makespan_s: 19, conflicts: 0 });
    expect(checkExecution(TWO_AISLES, plan, execution).errors).toEqual([]);
  });

  it('the guide path sends the second robot round by the other aisle: 12 s, sooner than plain PIBT', () => {
    // Both get their second goal at t = 2 and R1_1 is guided first: down the left aisle, its
    // shortest walk. R2_1's shortest walk (8 cells) runs against R1_1's guide path on the 7 cells
    // of that one-lane aisle, over 2 steps each; round by the right aisle is 10 cells, so it goes that
    // way: DB at t = 12. R1_1 meets nobody: DA at t = 9.
    const execution = simulate(TWO_AISLES, plan, { traffic_policy: 'guided' });
    expect(cellsOf(execution.robots.R1_1.timeline, 9, 3)).toEqual([
      '1,0',
      '1,1',
      '0,1',
      '0,2',
      '0,3',
      '0,4',
      '0,5',
      '0,6',
      '0,7',
      '0,8',
    ]);
    expect(cellsOf(execution.robots.R2_1.timeline, 12, 3)).toEqual([
      '1,9',
      '1,8',
      '0,8',
      '1,8',
      '2,8',
      '2,7',
      '2,6',
      '2,5',
      '2,4',
      '2,3',
      '2,2',
      '2,1',
      '1,1',
    ]);
    expect(execution.robots.R1_1.deliveries).toEqual([{ pickup: 'PA', dropoff: 'DA', done_s: 9 }]);
    expect(execution.robots.R2_1.deliveries).toEqual([{ pickup: 'PB', dropoff: 'DB', done_s: 12 }]);
    expect(execution.totals).toMatchObject({
      free_flow_makespan_s: 10,
      executed_makespan_s: 12,
      waiting_s: 0,
      conflicts: 0,
    });
    expect(checkExecution(TWO_AISLES, plan, execution).errors).toEqual([]);
  });

  it('at a crossing the robot whose plan ends last goes first, so the day ends with its plan: 10 s, not 11 s', () => {
    // CROSSING: R1_1 from the west end picks at P1 (1, 2) and drops at D1 (4, 2) twice; R2_1
    // from the north end picks at P2 (2, 1) and drops at D2 (2, 4) once. Alone: R1_1 at D1 at
    // t = 4 and, 3 cells back to P1 and 3 on, at t = 10; R2_1 at D2 at t = 4. At t = 1 both stand
    // on their pickups and want the crossing (2, 2) next. R2_1's plan ends 6 s before R1_1's, so
    // it starts its goal 6 steps below R1_1 and gives way: R1_1 crosses at t = 2 and keeps to its
    // plan (D1 at 4 and 10); R2_1 crosses a step later, D2 at t = 5. Ranked by lateness alone the
    // tie would go to R2_1 (the later robot in the fleet) and R1_1, a step late, would end at 11 s.
    const plan = { R1_1: [deliver('P1', 'D1'), deliver('P1', 'D1')], R2_1: [deliver('P2', 'D2')] };
    const execution = simulate(CROSSING, plan, { traffic_policy: 'guided' });
    expect(cellsOf(execution.robots.R1_1.timeline, 10, 5).slice(0, 4)).toEqual(['0,2', '1,2', '2,2', '3,2']);
    expect(cellsOf(execution.robots.R2_1.timeline, 5, 5)).toEqual(['2,0', '2,1', '2,1', '2,2', '2,3', '2,4']);
    expect(execution.robots.R1_1.deliveries.map((delivery) => delivery.done_s)).toEqual([4, 10]);
    expect(execution.robots.R2_1.deliveries.map((delivery) => delivery.done_s)).toEqual([5]);
    expect(execution.totals).toMatchObject({ free_flow_makespan_s: 10, executed_makespan_s: 10, conflicts: 0 });
    expect(checkExecution(CROSSING, plan, execution).errors).toEqual([]);
  });

  it('a robot with no charge to spare, stuck, turns to its shortest walk from a guide path round the traffic it may not take', () => {
    // The moves on TWO_AISLES: R1_1 on PA (0, 1) heads for DA (0, 8) down the left aisle; R2_1
    // on PB (0, 8) for DB (1, 1). R1_1's guide path runs down the aisle, so R2_1's cheapest one
    // goes round by the right aisle (10 cells against 8, as in the guided run above). R2_1 has no
    // charge to spare (tight): it only waits or steps closer, and the first step round, onto
    // (1, 8), is a step away, so it waits. Once it counts as stuck it takes the least crowded of
    // its shortest walks and steps up the aisle onto (0, 7), the one cell closer. Before, it
    // stood for good (on d20k with drive units such a robot, boxed in at a pickup, jammed the
    // day until a replay).
    const floor = new Floor(TWO_AISLES);
    const state = new FloorTraffic(floor, robotWorkFromPlan(floor, TWO_AISLES, plan));
    const policy = createMovementPolicy('guided', floor, state, () => 0.5);
    const at = (x: number, y: number) => y * floor.width + x;
    const place = (robot: number, from: number, goal: number) => {
      state.pos[robot] = from;
      state.stand(robot, from);
      state.goal[robot] = goal;
      state.field[robot] = floor.distanceField(goal);
      state.mode[robot] = Mode.Moving;
      state.phase[robot] = Phase.ToDropoff;
      policy.newGoal(robot);
    };
    place(0, at(0, 1), at(0, 8));
    place(1, at(0, 8), at(1, 1));
    state.tight[1] = 1;
    const moves = () => {
      policy.chooseMoves([0, 1]);
      const next = [state.next[0], state.next[1]];
      for (const robot of [0, 1]) {
        state.release(robot, state.next[robot]);
        state.next[robot] = -1;
      }
      return next;
    };
    expect(moves()).toEqual([at(0, 2), at(0, 8)]);
    policy.stuck(1, 1, 0.5);
    expect(moves()).toEqual([at(0, 2), at(0, 7)]);
  });

  it('is deterministic: the same plan and seed give the same execution', () => {
    const day = generateWarehouseInstance({
      width: 16,
      height: 16,
      stations: 3,
      robotsPerStation: 3,
      orders: 30,
      seed: 4,
      aisleWidth: 1,
      shelfLength: 4,
    });
    const plan = solve(buildProblem(day), GREEDY_PLAN).results;
    const run = () => simulate(day.environment, plan, { traffic_policy: 'guided' }, { tasks: day.tasks, seed: 3 });
    const first = run();
    expect(first.totals.deliveries).toBe(30);
    expect(run()).toEqual(first);
  });

  it('moves by the congestion-aware policy when the parameters name none', () => {
    expect(simulate(TWO_AISLES, plan, {})).toEqual(simulate(TWO_AISLES, plan, { traffic_policy: 'guided' }));
  });

  it('where no other way exists the guided robot waits its turn like plain PIBT: the narrow aisle, 10 s', () => {
    // One corridor, no way round: the guide paths are the shortest walks and both policies play
    // the hand-worked crossing of the narrow aisle (see simulate.test.ts).
    const crossing = { R1_1: [deliver('P1', 'D1')], R2_1: [deliver('P2', 'D2')] };
    for (const traffic_policy of ['pibt', 'guided']) {
      const execution = simulate(NARROW_AISLE, crossing, { traffic_policy });
      expect([
        traffic_policy,
        execution.robots.R2_1.deliveries[0].done_s,
        execution.robots.R1_1.deliveries[0].done_s,
      ]).toEqual([traffic_policy, 5, 10]);
    }
  });

  it('refuses a traffic policy it does not know, naming the choices', () => {
    expect(() => simulate(TWO_AISLES, plan, { traffic_policy: 'fastest' })).toThrow(
      new SimulationError('Parameter traffic_policy must be one of guided, lookahead, pibt, got "fastest"'),
    );
  });
});

describe('guide paths of point robots', () => {
  // TWO_AISLES with aisles 10 long: PB and DA share (0, 12), R2 stands at (1, 13). 28 free cells.
  /** R1_1 loaded at PA for DA, R2_1 loaded at PB for DB, R2_1's guide path made first: R1_1's first cell. */
  const firstCell = (idleRobots: number) => {
    const plan: Record<string, ReturnType<typeof deliver>[]> = {
      R1_1: [deliver('PA', 'DA')],
      R2_1: [deliver('PB', 'DB')],
    };
    for (let k = 0; k < idleRobots; k++) plan[`R1_${k + 2}`] = [];
    const { floor, state, policy } = loadedAtPickups(twoAisles(10, idleRobots), plan, [
      [0, 'PA'],
      [1, 'PB'],
    ]);
    policy.chooseMoves([1, 0]);
    return [floor.x(state.next[0]), floor.y(state.next[0])];
  };

  it('on a sparse floor keep to the shortest walk; on a crowded one go round a robot coming the other way', () => {
    // 2 robots on 28 free cells (0.07 a cell): down its aisle, the shortest walk (11 steps),
    // though R2_1 comes up it.
    expect(firstCell(0)).toEqual([0, 2]);
    // 4 robots (0.14 a cell; two idle at R1): round by the other aisle (15 steps), out of R2_1's way.
    expect(firstCell(2)).toEqual([1, 1]);
  });
});
