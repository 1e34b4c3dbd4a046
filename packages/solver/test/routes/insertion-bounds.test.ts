import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { InsertionBounds } from '../../src/routes/insertion-bounds.ts';
import { buildUnlessInfeasible, gridInstanceArbitrary, servableBy } from '../helpers.ts';
import { A, B, C, D, twoStationsLine } from '../moves/two-stations-line.ts';

describe('insertion bounds', () => {
  it('give the recharge DP finish of each insertion on two stations on a line', () => {
    // 38 m per charge, R1 = [B]. A before B: H1 -> P1 -> D1 -> P2 -> D2 is 20 m, and D2 is
    // 18 m from home: exactly the charge, 20 s. A after B: D1 would be 38 m out and 2 m from
    // home, so R1 recharges after B (20 + 18 m, 180 s) and does A from home (2 m): 220 s.
    const problem = twoStationsLine(38);
    const bounds = new InsertionBounds(problem);
    bounds.build(0, [B], 1);
    expect(bounds.lower(A, 0)).toBeCloseTo(20, 9);
    expect(bounds.lower(A, 1)).toBeCloseTo(220, 9);
    // R1 = [A, D] (4 m, 4 s) and C (P3 -> D3, 1 m) at the end: D4 -> P3 is 13 m, D3 16 m from
    // home, 4 + 14 + 16 = 34 m fits: 18 s. Before A: H1 -> P3 -> D3 -> P1 -> D1 -> P4 -> D4 =
    // 17 + 1 + 15 + 1 + 1 + 1 = 36 m, and D4 is 4 m from home: 40 m does not fit, so R1
    // recharges after C (18 + 16 m, 180 s) and does A, D from home (4 m): 34 + 180 + 4 = 218 s.
    bounds.build(0, [A, D], 2);
    expect(bounds.lower(C, 2)).toBeCloseTo(18, 9);
    expect(bounds.lower(C, 0)).toBeCloseTo(218, 9);
    expect(evaluateRoute(problem, 0, [C, A, D]).finish).toBeCloseTo(218, 9);
  });

  it('never exceed, and match, the recharge DP finish of every insertion on random small warehouses', () => {
    const instances = gridInstanceArbitrary({
      minHeight: 2,
      maxStations: 2,
      minPairs: 2,
      maxPairs: 8,
      minChargeFactor: 1.2,
      maxChargeFactor: 4,
      minRechargeMinutes: 0,
      startOffsets: [0, 1],
    });
    let recharging = 0;
    fc.assert(
      fc.property(instances, fc.nat(), (input, pick) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem) return;
        const robot = pick % problem.robotCount;
        const j = pick % problem.deliveryCount;
        const route = servableBy(problem, robot).filter((other) => other !== j);
        if (evaluateRoute(problem, robot, route).finish === Infinity) return;
        const bounds = new InsertionBounds(problem);
        bounds.build(robot, route, route.length);
        for (let k = 0; k <= route.length; k++) {
          const exact = evaluateRoute(problem, robot, [...route.slice(0, k), j, ...route.slice(k)]);
          // A bound may miss that no schedule is legal (then the DP says so), never the other way round.
          if (exact.finish === Infinity) continue;
          expect(bounds.lower(j, k)).toBeCloseTo(exact.finish, 6);
          if (exact.recharges > 0) recharging++;
        }
      }),
      { numRuns: 300, seed: 15 },
    );
    // Insertions that need a charge must be common, or the segments are not tested.
    expect(recharging).toBeGreaterThan(300);
  });

  it('never exceed the recharge DP finish of a route with a window reordered, reversed or given a chain', () => {
    const instances = gridInstanceArbitrary({
      minHeight: 2,
      maxStations: 2,
      minPairs: 3,
      maxPairs: 9,
      minChargeFactor: 1.2,
      maxChargeFactor: 3,
      minRechargeMinutes: 0,
      startOffsets: [0, 1],
    });
    let windows = 0;
    let exact = 0;
    fc.assert(
      fc.property(instances, fc.nat(), fc.nat(), (input, pick, cut) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem) return;
        const robot = pick % problem.robotCount;
        const servable = servableBy(problem, robot);
        const route = servable.slice(0, Math.max(1, servable.length - 2));
        const spare = servable.slice(route.length);
        if (evaluateRoute(problem, robot, route).finish === Infinity) return;
        const bounds = new InsertionBounds(problem);
        bounds.build(robot, route, route.length);
        const from = cut % route.length;
        for (let to = from + 1; to <= route.length; to++) {
          const window = route.slice(from, to);
          const chains = [window.slice().reverse(), [...window.slice(1), window[0]], [...window, ...spare]];
          for (const chain of chains) {
            const exactFinish = evaluateRoute(problem, robot, [
              ...route.slice(0, from),
              ...chain,
              ...route.slice(to),
            ]).finish;
            const lower = bounds.lowerReplacing(from, to, chain, 0, chain.length);
            expect(lower).toBeLessThanOrEqual(exactFinish + 1e-9);
            windows++;
            if (Math.abs(lower - exactFinish) < 1e-6) exact++;
          }
        }
      }),
      { numRuns: 300, seed: 1515 },
    );
    // Mostly tight, or the bound would not spare the DP.
    expect(exact).toBeGreaterThan(0.6 * windows);
  });
});
