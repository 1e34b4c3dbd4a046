import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLargestFirst, largestFirstOrder } from '../../src/algorithms/largest-first-construction.ts';
import { evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { relatedDeliveries } from '../../src/algorithms/related-deliveries.ts';
import { buildUnlessInfeasible, gridInstanceArbitrary } from '../helpers.ts';
import { A, B, C, D, fleetOf, twoStationsLine } from '../moves/two-stations-line.ts';

describe('largest-first construction on two stations on a line', () => {
  const problem = twoStationsLine();
  const scale = fleetOf(
    problem,
    problem.robots.map(() => []),
  ).scale;

  it('sizes each delivery by its length and half its cheapest drives in and out', () => {
    // Every delivery is 1 m; the cheapest drive in is 1 m for all (a robot's start or a dropoff
    // next to the pickup). Out: D1 -> P4 and D2 -> P3 are 1 m, but D3 -> P2 and D4 -> P1 are 3 m.
    // Sizes: A, B 2 m; C, D 3 m. Largest first, ties by index.
    expect(largestFirstOrder(problem)).toEqual([C, D, A, B]);
  });

  it('places C, D, A, B each where the makespan (then the busy time) grows least: both robots finish at 4 s', () => {
    // C: R2 in 4 s (R1 would need 18 s). D: R1 in 4 s (R2 18 s). A before D on R1: still 4 s, as
    // P1 -> D1 lies on R1's way to P4. B before C on R2: 4 s. The optimum.
    const routes = buildLargestFirst(problem, scale, () => false);
    expect(routes).toEqual([
      [A, D],
      [B, C],
    ]);
    expect(routes!.map((route, r) => evaluateRoute(problem, r, route).finish)).toEqual([4, 4]);
  });

  it('hurried, tries only the robots that finish earliest (here both, so the plan is the same)', () => {
    const routes = buildLargestFirst(problem, scale, () => true);
    expect(routes).toEqual([
      [A, D],
      [B, C],
    ]);
  });
});

describe('largest-first construction on random small warehouses', () => {
  const instances = gridInstanceArbitrary({
    minHeight: 2,
    maxStations: 3,
    minPairs: 1,
    maxPairs: 12,
    minChargeFactor: 1.2,
    maxChargeFactor: 5,
    minRechargeMinutes: 0,
    startOffsets: [0, 1],
  });

  it('gives every delivery to exactly one robot, on routes every robot can drive', () => {
    fc.assert(
      fc.property(instances, fc.boolean(), fc.boolean(), (input, hurried, withRelated) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem) return;
        const scale = fleetOf(
          problem,
          problem.robots.map(() => []),
        ).scale;
        // Hurried with related lists, it also tries the robots that hold a delivery's related ones.
        const related = withRelated ? relatedDeliveries({ problem, checkCancelled: () => {} }) : undefined;
        const routes = buildLargestFirst(problem, scale, () => hurried, related);
        if (!routes) return;
        expect(routes.flat().sort((x, y) => x - y)).toEqual([...Array(problem.deliveryCount).keys()]);
        routes.forEach((route, r) => expect(evaluateRoute(problem, r, route).finish).toBeLessThan(Infinity));
      }),
      { numRuns: 150, seed: 20261125 },
    );
  });
});
