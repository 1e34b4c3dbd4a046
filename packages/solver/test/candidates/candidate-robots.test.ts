import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildByRegretInsertion } from '../../src/algorithms/regret-construction.ts';
import { assignBySequentialAuction } from '../../src/algorithms/sequential-auction.ts';
import { evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { CandidateRobots } from '../../src/candidates/candidate-robots.ts';
import { algorithmContext, buildUnlessInfeasible, stationStartInstances } from '../helpers.ts';
import { A, B, C, D, twoStationsLine } from '../moves/two-stations-line.ts';

describe('candidate robots', () => {
  it('on two stations on a line: one candidate is the robot nearest the pickup; two are both robots', () => {
    const problem = twoStationsLine();
    const one = new CandidateRobots(problem, 1);
    // A (P1, x = 1) and D (P4, x = 3) are near R1 at x = 0; B (P2, x = 19) and C (P3, x = 17) near R2 at x = 20.
    expect([A, B, C, D].map((j) => one.robots[problem.deliveryClass[j]])).toEqual([0, 1, 1, 0]);
    const listedBy = (candidates: CandidateRobots, r: number) =>
      Array.from(candidates.byRobotClass.subarray(candidates.byRobotStart[r], candidates.byRobotStart[r + 1]));
    expect(listedBy(one, 0)).toEqual([problem.deliveryClass[A], problem.deliveryClass[D]]);
    expect(listedBy(one, 1)).toEqual([problem.deliveryClass[B], problem.deliveryClass[C]]);
    const two = new CandidateRobots(problem, 2);
    expect(Array.from(two.robots)).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    expect(two.slotOf(problem.deliveryClass[C], 1)).toBe(1);
  });

  it('lists only robots that can serve the class', () => {
    // 38 m per charge: R1 (at x = 0) cannot do B (P2 -> D2 at x = 19 and 18) and come home.
    const problem = twoStationsLine(30);
    const candidates = new CandidateRobots(problem, 2);
    expect(
      Array.from(candidates.robots.subarray(2 * problem.deliveryClass[B], 2 * problem.deliveryClass[B] + 2)),
    ).toEqual([1, -1]);
  });
});

describe('regret and auction constructions with few candidates per delivery', () => {
  const instances = stationStartInstances;
  const weightings = [{ completion_time: 100 }, { completion_time: 50, distance_traveled: 30, cost_efficiency: 20 }];

  it('place every delivery once in legal routes, under the completion-time objective (stale entries) and a mix (all updated)', () => {
    fc.assert(
      fc.property(
        instances,
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(...weightings),
        (input, count, weights) => {
          const problem = buildUnlessInfeasible({ ...input, params: { ...input.params, objective_weights: weights } });
          if (!problem) return;
          for (const routes of [
            buildByRegretInsertion(algorithmContext(problem), () => false, count)!,
            assignBySequentialAuction(algorithmContext(problem), count),
          ]) {
            expect(routes.flat().sort((x, y) => x - y)).toEqual([...Array(problem.deliveryCount).keys()]);
            routes.forEach((route, r) => expect(evaluateRoute(problem, r, route).finish).toBeLessThan(Infinity));
          }
        },
      ),
      { numRuns: 300, seed: 16 },
    );
  });

  it('under the completion-time objective, stale entries change nothing: the same routes as with every entry updated', () => {
    fc.assert(
      fc.property(instances, fc.integer({ min: 1, max: 6 }), (input, count) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem) return;
        const context = () => algorithmContext(problem);
        expect(buildByRegretInsertion(context(), () => false, count, true)).toEqual(
          buildByRegretInsertion(context(), () => false, count, false),
        );
        expect(assignBySequentialAuction(context(), count, true)).toEqual(
          assignBySequentialAuction(context(), count, false),
        );
      }),
      { numRuns: 200, seed: 17 },
    );
  });
});
