import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildProblem, solve } from '@fleetlab/solver';
import { decodeTimeline, type FloorEnvironment, generateWarehouseInstance } from '@fleetlab/warehouse';
import { checkExecution, simulate } from '../src/index.ts';
import { deliver, randomLayouts, GREEDY_PLAN } from './fixtures.ts';

const cellsOf = (timeline: number[], last: number, width: number) =>
  Array.from(decodeTimeline(timeline, last, width), (cell) => `${cell % width},${Math.floor(cell / width)}`);

/**
 * "Pocket": a 10 x 2 floor whose row 1 is a one-cell corridor with a side pocket at (4, 0).
 *   row 0:  S S S S . S S S S S      (S1 over x 0-3, S2 over x 5-9)
 *   row 1:  R1 P1 . . . . . . P2 R2  (D2 shares P1's cell, D1 shares P2's)
 */
const POCKET: FloorEnvironment = {
  dimensions: { width: 10, height: 2 },
  elements: {
    shelves: [
      { id: 'S1', position: [0, 0], size: [4, 1] },
      { id: 'S2', position: [5, 0], size: [5, 1] },
    ],
    pickups: [
      { id: 'P1', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' },
      { id: 'P2', position: [8.5, 1], shelf_id: 'S2', side: 'bottom' },
    ],
    dropoffs: [
      { id: 'D1', position: [8.5, 1.5] },
      { id: 'D2', position: [1.5, 1.5] },
    ],
    robot_stations: [
      { id: 'R1', position: [0.5, 1.5] },
      { id: 'R2', position: [9.5, 1.5] },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 1.5] },
      { id: 'R2_1', station_id: 'R2', position: [9.5, 1.5] },
    ],
  },
};

/**
 * "Corridor": an 8 x 2 floor, a shelf over all of row 0 and a one-cell corridor below it; two
 * robots of station R1 (0, 1) start in the corridor one behind the other, R1_1 at (2, 1), R1_2 at
 * (1, 1). P1 (4, 1), P2 (5, 1), D2 (6, 1), D1 (7, 1).
 */
const CORRIDOR: FloorEnvironment = {
  dimensions: { width: 8, height: 2 },
  elements: {
    shelves: [{ id: 'S1', position: [0, 0], size: [8, 1] }],
    pickups: [
      { id: 'P1', position: [4.5, 1], shelf_id: 'S1', side: 'bottom' },
      { id: 'P2', position: [5.5, 1], shelf_id: 'S1', side: 'bottom' },
    ],
    dropoffs: [
      { id: 'D1', position: [7.5, 1.5] },
      { id: 'D2', position: [6.5, 1.5] },
    ],
    robot_stations: [{ id: 'R1', position: [0.5, 1.5] }],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [2.5, 1.5] },
      { id: 'R1_2', station_id: 'R1', position: [1.5, 1.5] },
    ],
  },
};

describe('the lookahead policy, worked out by hand', () => {
  it('in a corridor with a side pocket the robot met head-on steps into the pocket, not back down the corridor: 10 s', () => {
    // Alone: R1_1 picks at P1 (1, 1) at t = 1 and drives 7 cells right to D1 (8, 1), t = 8; R2_1
    // picks at P2 (8, 1) at t = 1 and drives 7 cells left to D2, t = 8. At t = 4 they stand face
    // to face, R1_1 on the pocket's mouth (4, 1), R2_1 on (5, 1). R2_1 ranks higher (ties go by
    // robot order) and plans (4, 1), (3, 1), (2, 1); R1_1, evicted, must leave (4, 1) now without
    // swapping with R2_1: back along the corridor ahead of R2_1 (5 + 6 + 7 steps to go over the
    // three steps), or into the pocket (4, 0) and out again onto (4, 1) the step R2_1 leaves it
    // for (3, 1), then on to (5, 1) (5 + 4 + 3): the pocket. R2_1 keeps its pace (D2 at t = 8);
    // R1_1 loses the two steps in and out: D1 at t = 10.
    const plan = { R1_1: [deliver('P1', 'D1')], R2_1: [deliver('P2', 'D2')] };
    const execution = simulate(POCKET, plan, { traffic_policy: 'lookahead' });
    expect(cellsOf(execution.robots.R1_1.timeline, 10, 10)).toEqual([
      '0,1',
      '1,1',
      '2,1',
      '3,1',
      '4,1',
      '4,0',
      '4,1',
      '5,1',
      '6,1',
      '7,1',
      '8,1',
    ]);
    expect(cellsOf(execution.robots.R2_1.timeline, 8, 10)).toEqual([
      '9,1',
      '8,1',
      '7,1',
      '6,1',
      '5,1',
      '4,1',
      '3,1',
      '2,1',
      '1,1',
    ]);
    expect(execution.robots.R2_1.deliveries).toEqual([{ pickup: 'P2', dropoff: 'D2', done_s: 8 }]);
    expect(execution.robots.R1_1.deliveries).toEqual([{ pickup: 'P1', dropoff: 'D1', done_s: 10 }]);
    expect(execution.totals).toMatchObject({ free_flow_makespan_s: 8, executed_makespan_s: 10, conflicts: 0 });
    expect(checkExecution(POCKET, plan, execution, { traffic_policy: 'lookahead' }).errors).toEqual([]);
  });

  it('a follower moves in the same step as its leader: two robots down one corridor run as if alone, 5 s', () => {
    // R1_1 (2, 1) -> P2 (5, 1) at t = 3 -> D1 (7, 1) at t = 5; R1_2 (1, 1) -> P1 (4, 1) at t = 3 ->
    // D2 (6, 1) at t = 5, one cell behind R1_1 all the way: each step R1_2 takes the cell R1_1
    // leaves in that step (R1_2 ranks higher and evicts R1_1's "stay", R1_1 plans forward).
    const plan = { R1_1: [deliver('P2', 'D1')], R1_2: [deliver('P1', 'D2')] };
    const execution = simulate(CORRIDOR, plan, { traffic_policy: 'lookahead' });
    expect(cellsOf(execution.robots.R1_1.timeline, 5, 8)).toEqual(['2,1', '3,1', '4,1', '5,1', '6,1', '7,1']);
    expect(cellsOf(execution.robots.R1_2.timeline, 5, 8)).toEqual(['1,1', '2,1', '3,1', '4,1', '5,1', '6,1']);
    expect(execution.robots.R1_1.deliveries).toEqual([{ pickup: 'P2', dropoff: 'D1', done_s: 5 }]);
    expect(execution.robots.R1_2.deliveries).toEqual([{ pickup: 'P1', dropoff: 'D2', done_s: 5 }]);
    expect(execution.totals).toMatchObject({
      free_flow_makespan_s: 5,
      executed_makespan_s: 5,
      waiting_s: 0,
      conflicts: 0,
    });
    expect(checkExecution(CORRIDOR, plan, execution, { traffic_policy: 'lookahead' }).errors).toEqual([]);
  });
});

describe('the lookahead policy on random layouts', () => {
  it('every execution finishes every delivery and passes checkExecution, and the same seed gives the same run', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...randomLayouts({ width: [12, 18], height: [12, 18], stations: [1, 4], robotsPerStation: [1, 5] }),
          orders: fc.integer({ min: 5, max: 60 }),
          maxDistance: fc.constantFrom(150, 400, 1000),
        }),
        ({ maxDistance, ...layout }) => {
          const day = generateWarehouseInstance({ ...layout, shelfLength: 4 });
          const params = { max_distance: maxDistance, recharge_time: 3, traffic_policy: 'lookahead' };
          const problem = buildProblem({ environment: day.environment, tasks: day.tasks, params });
          const plan = solve(problem, GREEDY_PLAN).results;
          const execution = simulate(day.environment, plan, params, { tasks: day.tasks, seed: layout.seed });
          expect(execution.totals.deliveries).toBe(day.tasks.length);
          expect(checkExecution(day.environment, plan, execution, params).errors).toEqual([]);
          expect(simulate(day.environment, plan, params, { tasks: day.tasks, seed: layout.seed })).toEqual(execution);
        },
      ),
      { numRuns: 20, seed: 34 },
    );
  });
});
