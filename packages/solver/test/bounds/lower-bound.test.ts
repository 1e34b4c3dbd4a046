import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { solveRectangularAssignment } from '../../src/assignment/dense-assignment.ts';
import { lowerBound, type Problem } from '../../src/index.ts';
import { canServe } from '../../src/problem/delivery-legs.ts';
import { modelLowerBound } from '../../src/bounds/lower-bound.ts';
import { nodeDistance } from '../../src/problem/problem.ts';
import {
  buildUnlessInfeasible,
  gridInstanceArbitrary,
  loadFixture,
  loadInstance,
  makeEnvironment,
  buildGraphProblem,
} from '../helpers.ts';

/** Small warehouses with many pairs on few cells, so places repeat and lone self-pairs occur. */
const manyPairsArbitrary = gridInstanceArbitrary({
  minHeight: 1,
  maxStations: 3,
  minPairs: 1,
  maxPairs: 12,
  minChargeFactor: 1.2,
  maxChargeFactor: 6,
  minRechargeMinutes: 0,
  startOffsets: [0, 0.5],
});

/**
 * The model's parts 1 and 2 per delivery, independently of the solver's bound: A is solved
 * exactly by the Hungarian method on the n x (robots + n) matrix (start -> pickup, or another
 * delivery's dropoff -> pickup; a delivery never after itself).
 */
function exactModelBound(problem: Problem): { single_delivery_s: number; distance_m: number } {
  const n = problem.deliveryCount;
  const { deliveries, robots, speed } = problem;
  const usable = robots.map((_, r) => r).filter((r) => deliveries.some((_, j) => canServe(problem, r, j)));
  let single = 0;
  for (const delivery of deliveries) {
    const nearest = Math.min(...usable.map((r) => nodeDistance(problem, robots[r].startNode, delivery.pickupNode)));
    single = Math.max(single, (nearest + delivery.length) / speed);
  }
  const cost = (j: number, k: number): number => {
    if (k < usable.length) return nodeDistance(problem, robots[usable[k]].startNode, deliveries[j].pickupNode);
    const i = k - usable.length;
    return i === j ? Infinity : nodeDistance(problem, deliveries[i].dropoffNode, deliveries[j].pickupNode);
  };
  const columnOf = solveRectangularAssignment(n, usable.length + n, cost);
  let assignment = 0;
  deliveries.forEach((delivery, j) => (assignment += delivery.length + cost(j, columnOf[j])));
  return { single_delivery_s: single, distance_m: assignment };
}

describe('assignment', () => {
  it('the rectangular solver gives every row of the smaller side a distinct column, optimally', () => {
    const cost = [
      [4, 1, 3],
      [2, 0, 5],
    ];
    expect(Array.from(solveRectangularAssignment(2, 3, (i, j) => cost[i][j]))).toEqual([1, 0]);
    expect(Array.from(solveRectangularAssignment(3, 2, (i, j) => cost[j][i]))).toEqual([1, 0, -1]);
    expect(Array.from(solveRectangularAssignment(2, 2, (i, j) => (i === j ? Infinity : 1)))).toEqual([1, 0]);
  });
});

describe('lowerBound', () => {
  it('on line-one-robot: lengths 6 m plus predecessors 4 m (start -> P1, D1 -> P2), both parts 10 s', () => {
    const bound = lowerBound(buildGraphProblem(loadFixture('line-one-robot')));
    expect(bound).toMatchObject({
      makespan_s: 10,
      single_delivery_s: 10,
      fleet_work_s: 10,
      fleet_work_nobattery_s: 10,
      distance_m: 10,
      battery_aware_s: 10,
      tightest_s: 10,
      tightest_name: 'fleet_work',
      floor_s: 0,
    });
    // Every bound of the list, in its order; none passes the model's 10 s here.
    expect(bound.bounds.map((value) => value.name)).toEqual([
      'fleet_work',
      'battery_segments',
      'charge_segments',
      'detour_capacity',
      'charger_turns',
      'charger_capacity',
      'whole_charges',
      'charge_segment_lp',
      'robot_recharges_lp',
      'drive_time',
      'drive_items_lp',
      'dock_capacity',
    ]);
    for (const value of bound.bounds) expect(value.makespan_s).toBeLessThanOrEqual(10);
    // A point robot's clock is the model's: the drive-time bound adds nothing.
    expect(bound.bounds.find((value) => value.name === 'drive_time')?.makespan_s).toBe(0);
  });

  it('counts the charges that total work needs: f(w) = w/v + (ceil(w/M) - 1) * recharge', () => {
    const fixture = loadFixture('battery-two-robots');
    const bound = lowerBound(buildGraphProblem({ ...fixture, params: { max_distance: 20 } }));
    expect(bound.distance_m).toBe(24);
    expect(bound.fleet_work_s).toBe(12);
    const slow = lowerBound(
      buildGraphProblem({
        ...fixture,
        tasks: [...fixture.tasks, ...fixture.tasks, ...fixture.tasks],
        params: { max_distance: 24 },
      }),
    );
    // Nine deliveries: the work per robot exceeds one 24 m charge, so the bound adds one recharge.
    expect(slow.fleet_work_s).toBeCloseTo(slow.distance_m / 2 + 180, 9);
  });

  it('a lone delivery cannot follow itself: R -10- P -1- D gives A = 10 (start -> P), not 1 (D -> P)', () => {
    const line = (tasks: [string, string][]) =>
      buildGraphProblem({
        environment: makeEnvironment({
          nodes: [
            ['R1', 'robot_station', 0, 0],
            ['R1_1', 'robot', 0, 0],
            ['P', 'pickup', 10, 0],
            ['D', 'dropoff', 11, 0],
          ],
          edges: [
            ['R1_1', 'R1', 0],
            ['R1', 'P', 10],
            ['P', 'D', 1],
          ],
          robots: [['R1_1', 'R1']],
        }),
        tasks,
        params: { max_distance: 100 },
      });
    expect(lowerBound(line([['P', 'D']])).distance_m).toBe(1 + 10);
    // Two deliveries of the same pair: each may take the other's dropoff (D -> P, 1 m); the
    // assignment rules out only a delivery after itself, not cycles of two or more.
    expect(
      lowerBound(
        line([
          ['P', 'D'],
          ['P', 'D'],
        ]),
      ).distance_m,
    ).toBe(2 + 1 + 1);
  });

  it('equals the exact assignment on random small instances, and stays below it with too few candidates and no pricing', () => {
    let cutShort = 0;
    fc.assert(
      fc.property(manyPairsArbitrary, (input) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem || problem.deliveryCount === 0) return;
        const exact = exactModelBound(problem);
        const bound = lowerBound(problem);
        expect(bound.single_delivery_s).toBe(exact.single_delivery_s);
        expect(bound.distance_m).toBeLessThanOrEqual(exact.distance_m + 1e-9);
        expect(bound.distance_m).toBeCloseTo(exact.distance_m, 9);
        // Every place a candidate of every place: the first prices are optimal.
        const everyPlace = modelLowerBound(problem, undefined, {
          candidates: problem.deliveryCount + problem.robotCount,
          pricingRounds: 0,
        });
        expect(everyPlace.distance_m).toBeCloseTo(exact.distance_m, 9);
        // One candidate each, then pricing rounds, each warm-started from the last: A again.
        const priced = modelLowerBound(problem, undefined, { candidates: 1 });
        expect(priced.distance_m).toBeCloseTo(exact.distance_m, 9);
        // One candidate and no pricing: the repaired prices still bound A from below.
        const sparse = modelLowerBound(problem, undefined, { candidates: 1, pricingRounds: 0 });
        expect(sparse.distance_m).toBeLessThanOrEqual(exact.distance_m + 1e-9);
        if (sparse.distance_m < exact.distance_m - 1e-6) cutShort++;
      }),
      { numRuns: 300, seed: 151 },
    );
    // The sparse case must really differ sometimes, or it tests nothing.
    expect(cutShort).toBeGreaterThan(20);
  });

  // The values of the former dense Jonker-Volgenant bound, to the last digit it printed.
  const dense: Record<string, { makespan_s: number; nobattery_s: number; distance_m: number }> = {
    s1: { makespan_s: 66.23499999999999, nobattery_s: 66.23499999999999, distance_m: 264.93999999999994 },
    s2: { makespan_s: 573.85, nobattery_s: 213.85000000000002, distance_m: 855.4000000000001 },
    m1: { makespan_s: 240.51000000000002, nobattery_s: 240.51000000000002, distance_m: 2164.59 },
    m2: { makespan_s: 520.0766666666668, nobattery_s: 520.0766666666668, distance_m: 4680.690000000001 },
    l1: { makespan_s: 855.2839999999999, nobattery_s: 675.2839999999999, distance_m: 13505.679999999997 },
    xl1: { makespan_s: 623.1250000000003, nobattery_s: 623.1250000000003, distance_m: 62312.50000000003 },
  };
  for (const id of ['s1', 's2', 'm1', 'm2', 'l1', 'xl1']) {
    it(`matches the lower_bound of instance ${id} and the former dense bound`, () => {
      const instance = loadInstance(id);
      const bound = lowerBound(buildGraphProblem(instance));
      expect(bound.makespan_s).toBeCloseTo(instance.lower_bound.makespan_lb_s, 1);
      expect(bound.fleet_work_nobattery_s).toBeCloseTo(instance.lower_bound.makespan_lb_nobattery_s, 1);
      expect(bound.distance_m).toBeCloseTo(instance.lower_bound.distance_lb_m, 1);
      expect(bound.makespan_s).toBeCloseTo(dense[id].makespan_s, 9);
      expect(bound.fleet_work_nobattery_s).toBeCloseTo(dense[id].nobattery_s, 9);
      expect(bound.distance_m).toBeCloseTo(dense[id].distance_m, 8);
    });
  }
});
