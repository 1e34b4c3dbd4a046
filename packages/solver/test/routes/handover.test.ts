import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { dropoffToHome, homeToPickup, legBetween, startToPickup } from '../../src/problem/delivery-legs.ts';
import { planRoutes, type Problem } from '../../src/index.ts';
import { buildGraphProblem, buildUnlessInfeasible, gridInstanceArbitrary, makeEnvironment } from '../helpers.ts';

/** The best finish of a route by trying every set of recharge moments: an oracle for the recharge DP, handovers included. */
function bruteForceFinish(problem: Problem, robot: number, route: number[]): number {
  const limit = problem.maxDistance + 1e-9;
  let best = Infinity;
  for (let mask = 0; mask < 1 << route.length; mask++) {
    let time = route.length > 0 ? problem.readyS[robot] : 0;
    let used = problem.initialUsed[robot];
    let ok = true;
    route.forEach((j, k) => {
      if (!ok) return;
      let approach = k === 0 ? startToPickup(problem, robot, j) : legBetween(problem, route[k - 1], j);
      if (mask & (1 << k)) {
        const home = k === 0 ? problem.startToHome[robot] : dropoffToHome(problem, robot, route[k - 1]);
        if (used + home > limit) ok = false;
        time += home / problem.speed + problem.rechargeSeconds;
        used = 0;
        approach = homeToPickup(problem, robot, j);
      }
      used += approach + problem.deliveryLength[j];
      time += (approach + problem.deliveryLength[j]) / problem.speed;
      if (used + dropoffToHome(problem, robot, j) > limit) ok = false;
    });
    if (ok) best = Math.min(best, time);
  }
  return best;
}

describe('robots handed over mid-shift', () => {
  /**
   * "Line": R1 at x = 0, P1 at 2 -> D1 at 3, 12 m a charge, 1 m/s, 1 min recharge. Handed over
   * at D1 (x = 3) at 100 s with 8 m used: P1 -> D1 from there is 1 + 1 m and 3 m home, 13 m in
   * all: over the charge, so it goes home first (3 m, 103 s), charges (163 s) and drives 3 m:
   * done at 166 s. With 5 m used it goes straight on: done at 102 s.
   */
  const line = (used: number) =>
    buildGraphProblem({
      environment: makeEnvironment({
        nodes: [
          ['H1', 'robot_station', 0, 0],
          ['R1_1', 'robot', 0, 0],
          ['P1', 'pickup', 2, 0],
          ['D1', 'dropoff', 3, 0],
        ],
        edges: [
          ['H1', 'P1', 2],
          ['P1', 'D1', 1],
          ['R1_1', 'H1', 0],
        ],
        robots: [['R1_1', 'H1']],
      }),
      tasks: [['P1', 'D1']],
      params: { max_distance: 12, recharge_time: 1 },
      handovers: { R1_1: { place: 'D1', ready_s: 100, used_m: used } },
    });

  it('start late and part-charged: worked out by hand on a line', () => {
    expect(evaluateRoute(line(8), 0, [0])).toEqual({ finish: 166, distance: 6, recharges: 1 });
    expect(evaluateRoute(line(5), 0, [0])).toEqual({ finish: 102, distance: 2, recharges: 0 });
  });

  it('the recharge DP finds the best schedule that brute force finds, on random routes', () => {
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          minHeight: 1,
          maxStations: 2,
          minPairs: 1,
          maxPairs: 7,
          minChargeFactor: 1,
          maxChargeFactor: 3,
          minRechargeMinutes: 0,
          startOffsets: [0, 1],
          handovers: true,
        }),
        fc.nat(),
        (input, pick) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          const robot = pick % problem.robotCount;
          const route = [...Array(problem.deliveryCount).keys()];
          const expected = bruteForceFinish(problem, robot, route);
          const finish = evaluateRoute(problem, robot, route).finish;
          if (expected === Infinity) expect(finish).toBe(Infinity);
          else expect(finish).toBeCloseTo(expected, 9);
        },
      ),
      { numRuns: 300, seed: 31 },
    );
  });

  it('planRoutes gives every open order to one robot, warm-started or not, on routes its robot can drive', () => {
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          minHeight: 2,
          maxStations: 3,
          minPairs: 1,
          maxPairs: 10,
          minChargeFactor: 1.5,
          maxChargeFactor: 4,
          minRechargeMinutes: 0,
          startOffsets: [0],
          handovers: true,
        }),
        fc.constantFrom('greedy_distance' as const, 'makespan' as const, 'genetic' as const),
        (input, algorithm) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          const cold = planRoutes(problem, { algorithm, maxIterations: 30 });
          const pairs = Object.values(cold.routes).flatMap((work) => work.filter((item) => item !== 'recharge'));
          expect(pairs.map((pair) => pair.join('>')).sort()).toEqual(input.tasks.map((pair) => pair.join('>')).sort());
          const warmStart = Object.fromEntries(
            Object.entries(cold.routes).map(([id, work]) => [
              id,
              work.filter((item) => item !== 'recharge') as [string, string][],
            ]),
          );
          const warm = planRoutes(problem, { algorithm, maxIterations: 30, warmStart });
          // A search started from a plan never returns a worse one.
          if (algorithm !== 'greedy_distance') expect(warm.makespanS).toBeLessThanOrEqual(cold.makespanS + 1e-6);
        },
      ),
      { numRuns: 60, seed: 32 },
    );
  });
});
