import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { legBetween } from '../../src/problem/delivery-legs.ts';
import { GranularRobots } from '../../src/candidates/granular-robots.ts';
import { checkPlan, type Problem } from '../../src/index.ts';
import { descend } from '../../src/moves/local-search.ts';
import { relatedByPlace } from '../../src/candidates/place-neighbours.ts';
import { buildPlanSteps } from '../../src/plan/plan-builder.ts';
import { algorithmContext, buildUnlessInfeasible, gridInstanceArbitrary } from '../helpers.ts';
import { A, B, C, D, fleetOf, twoStationsLine } from '../moves/two-stations-line.ts';

/** Each delivery's `size` most related others by scanning every pair: the definition relatedDeliveries keeps. */
function relatedByScan(problem: Problem, size: number): number[][] {
  return [...Array(problem.deliveryCount).keys()].map((j) =>
    [...Array(problem.deliveryCount).keys()]
      .filter((k) => k !== j)
      .map((k) => ({ k, score: legBetween(problem, j, k) + legBetween(problem, k, j) }))
      .sort((x, y) => x.score - y.score || x.k - y.k)
      .slice(0, size)
      .map(({ k }) => k),
  );
}

const instances = gridInstanceArbitrary({
  minHeight: 2,
  maxStations: 3,
  minPairs: 2,
  maxPairs: 14,
  minChargeFactor: 1.5,
  maxChargeFactor: 5,
  minRechargeMinutes: 0,
  startOffsets: [0],
});

describe('related deliveries by place', () => {
  it("on two stations on a line: each delivery's nearest is the other one at its end", () => {
    // A (P1 -> D1) and D (P4 -> D4): D1 -> P4 is 1 m and D4 -> P1 3 m, 4 m; C: 15 + 15 = 30 m;
    // B: 17 + 17 = 34 m. C and D: D3 -> P4 and D4 -> P3 are 13 m each, 26 m.
    const problem = twoStationsLine();
    expect(Array.from(relatedByPlace(problem, 3))).toEqual([D, C, B, C, D, A, B, D, A, A, C, B]);
    expect(Array.from(relatedByPlace(problem, 1))).toEqual([D, C, B, A]);
  });

  it('are the lists of a scan over every pair, on random warehouses', () => {
    fc.assert(
      fc.property(instances, fc.integer({ min: 1, max: 6 }), (input, size) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem) return;
        const lists = relatedByPlace(problem, size);
        relatedByScan(problem, size).forEach((expected, j) => {
          expect(Array.from(lists.subarray(j * size, (j + 1) * size)).filter((k) => k >= 0)).toEqual(expected);
        });
      }),
      { numRuns: 300, seed: 30 },
    );
  });
});

describe('granular robots', () => {
  it('on two stations on a line with one candidate per class: the class candidate and the holders of related deliveries', () => {
    const problem = twoStationsLine();
    const granular = new GranularRobots(problem, relatedByScan(problem, 1), 1);
    expect(granular.restricts).toBe(true);
    // A's most related delivery is D. With D held by R2, A's robots are R1 (its candidate) and R2.
    granular.placeAll([
      [A, B],
      [C, D],
    ]);
    expect(granular.forDelivery(A, [])).toEqual([0, 1]);
    granular.place(D, 0);
    expect(granular.forDelivery(A, [])).toEqual([0]);
    // R2's route [C] relates to B (held by R1).
    expect(granular.forRoute(1, [C], [])).toEqual([0]);
  });

  it('a descent on granular robot lists keeps every delivery once, in legal routes, and never worsens the plan', () => {
    fc.assert(
      fc.property(instances, (input) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem || problem.robotCount < 2) return;
        const start = algorithmContext(problem).greedyRoutes;
        const state = fleetOf(problem, start);
        const before = state.value();
        const size = Math.min(problem.deliveryCount - 1, 3);
        descend(state, () => false, {
          maxMoves: 50,
          granular: new GranularRobots(problem, relatedByScan(problem, size), 1),
        });
        expect(state.value()).toBeLessThanOrEqual(before);
        const routes = state.routes();
        expect(routes.flat().sort((x, y) => x - y)).toEqual([...Array(problem.deliveryCount).keys()]);
        routes.forEach((route, r) => expect(evaluateRoute(problem, r, route).finish).toBeLessThan(Infinity));
        const results = buildPlanSteps(problem, routes);
        expect(checkPlan(problem, results).errors).toEqual([]);
      }),
      { numRuns: 150, seed: 31 },
    );
  });
});
