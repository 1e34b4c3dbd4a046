import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyRouteTotals, evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { ChargeLabels } from '../../src/routes/charge-labels.ts';
import type { Problem } from '../../src/problem/problem.ts';
import { RouteEvaluator } from '../../src/routes/route-evaluator.ts';
import { buildUnlessInfeasible, gridInstanceArbitrary, servableBy } from '../helpers.ts';
import { A, B, C, D, twoStationsLine } from '../moves/two-stations-line.ts';

/** The route of robot r spliced as ChargeLabels.splice describes it. */
function spliced(route: number[], x: number, j: number, y: number): number[] {
  return [...route.slice(0, x), ...(j >= 0 ? [j] : []), ...route.slice(y)];
}

function expectSameTotals(
  problem: Problem,
  robot: number,
  route: number[],
  finish: number,
  totals: { finish: number; distance: number; recharges: number },
) {
  const reference = evaluateRoute(problem, robot, route);
  if (reference.finish === Infinity) {
    expect(finish).toBe(Infinity);
    return;
  }
  expect(finish).toBeCloseTo(reference.finish, 6);
  expect(totals.finish).toBeCloseTo(reference.finish, 6);
  expect(totals.distance).toBeCloseTo(reference.distance, 6);
}

describe('charge labels on two stations on a line', () => {
  it('score an insertion that needs a recharge exactly, moving the recharge to where it costs least', () => {
    // 38 m per charge. R1 = [B, D]: H1 -> P2 -> D2 is 20 m, D2 -> H1 18 m: recharge (180 s),
    // then H1 -> P4 -> D4 4 m: 222 s, 42 m. Inserting A first: H1 -> P1 -> D1 -> P2 -> D2 is
    // 20 m, the way home from D2 is 18 m: 38 m, exactly a charge, then D4 after the recharge: 222 s again.
    const problem = twoStationsLine(38);
    const labels = new ChargeLabels(problem, 0);
    labels.compute([B, D], 2);
    expect(labels.minRecharges).toBe(1);
    const totals = emptyRouteTotals();
    expect(labels.splice([B, D], 2, -1, 2, totals)).toBe(222);
    expect(totals).toEqual({ finish: 222, distance: 42, recharges: 1 });
    expect(labels.splice([B, D], 0, A, 0, totals)).toBe(222);
    expect(totals).toEqual({ finish: 222, distance: 42, recharges: 1 });
    // Removing B leaves [D]: 4 m on the first charge.
    expect(labels.splice([B, D], 0, -1, 1, totals)).toBe(4);
    expect(totals).toEqual({ finish: 4, distance: 4, recharges: 0 });
    // C in place of D: D2 -> P3 -> D3 is 2 m more (22 m) and D3 is 16 m from home: 38 m, one charge.
    expect(labels.splice([B, D], 1, C, 2, totals)).toBe(22);
    expect(totals).toEqual({ finish: 22, distance: 22, recharges: 0 });
    // A in place of D: D2 -> P1 -> D1 is 18 m more (38 m) and D1 is 2 m from home: 40 m > 38.
    // So the robot recharges after D2 (20 + 18 m, 180 s) and drives H1 -> P1 -> D1 (2 m): 220 s, 40 m.
    expect(labels.splice([B, D], 1, A, 2, totals)).toBe(220);
    expect(totals).toEqual({ finish: 220, distance: 40, recharges: 1 });
  });
});

for (const handovers of [false, true])
  describe(`charge labels on random small warehouses${handovers ? ', robots handed over mid-shift' : ''}`, () => {
    const instances = gridInstanceArbitrary({
      minHeight: 2,
      maxStations: 2,
      minPairs: 1,
      maxPairs: 9,
      minChargeFactor: 1.2,
      maxChargeFactor: 4,
      minRechargeMinutes: 0,
      startOffsets: [0, 1, 2],
      handovers,
    });

    it('every insertion, removal and replacement scores as the recharge DP scores the changed route', () => {
      fc.assert(
        fc.property(instances, fc.nat(), (input, pick) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          const robot = pick % problem.robotCount;
          const servable = servableBy(problem, robot);
          if (servable.length === 0) return;
          const outsider = servable[pick % servable.length];
          const route = servable.filter((j) => j !== outsider);
          const labels = new ChargeLabels(problem, robot);
          labels.compute(route, route.length);
          const totals = emptyRouteTotals();
          expectSameTotals(problem, robot, route, labels.splice(route, route.length, -1, route.length, totals), totals);
          const evaluator = new RouteEvaluator(problem, robot, route.slice());
          for (let k = 0; k <= route.length; k++) {
            const changed = spliced(route, k, outsider, k);
            expectSameTotals(problem, robot, changed, labels.splice(route, k, outsider, k, totals), totals);
          }
          for (let i = 0; i < route.length; i++) {
            const removed = spliced(route, i, -1, i + 1);
            expectSameTotals(problem, robot, removed, labels.splice(route, i, -1, i + 1, totals), totals);
            expectSameTotals(problem, robot, removed, evaluator.removalFinish(i, totals), totals);
            const replaced = spliced(route, i, outsider, i + 1);
            expectSameTotals(problem, robot, replaced, labels.splice(route, i, outsider, i + 1, totals), totals);
            expectSameTotals(problem, robot, replaced, evaluator.replacementFinish(i, outsider, totals), totals);
          }
          // The fewest recharges: no legal schedule of the route has fewer.
          const reference = evaluateRoute(problem, robot, route);
          if (reference.finish < Infinity) expect(labels.minRecharges).toBeLessThanOrEqual(reference.recharges);
        }),
        { numRuns: 400, seed: 20261125 },
      );
    });
  });
