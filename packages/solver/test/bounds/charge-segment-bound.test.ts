import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveSmallExactly } from '../../src/algorithms/exact-small.ts';
import { chargeSegmentBound } from '../../src/bounds/charge-segment-bound.ts';
import { evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { buildProblem } from '../../src/index.ts';
import { aroundShelf } from '../floor-layouts.ts';
import { buildUnlessInfeasible, gridInstanceArbitrary, loadInstance } from '../helpers.ts';

describe('charge-segment bound', () => {
  it('around a shelf, a charge holds one delivery: 3 robots, 6 deliveries need 6 segments, 2 a robot: 180 s + 2 x 10 m', () => {
    // PR -> D1 from R1 is a 20 m round trip (7 + 3 + 10) and two never fit 23.75 m, so no pair
    // fits and K = 6. Each robot can fit its first segment (10 m to D1) and one more after a
    // charge (180 s + 20 m): 2 each by 210 s, so 210 s is the least makespan that holds 6.
    const tasks = Array.from({ length: 6 }, (): [string, string] => ['PR', 'D1']);
    const problem = buildProblem({
      environment: aroundShelf(3),
      tasks,
      params: { max_distance: 25, recharge_time: 3 },
    });
    expect(chargeSegmentBound(problem)).toBeCloseTo(210, 6);
  });

  it('gives nothing where a charge can hold three deliveries', () => {
    const tasks = Array.from({ length: 6 }, (): [string, string] => ['PR', 'D1']);
    expect(chargeSegmentBound(buildProblem({ environment: aroundShelf(3), tasks }))).toBe(0);
  });

  it('on s2 planned on the floor: no three deliveries fit a 76 m charge and at most 9 pairs do at once, so 21 segments', () => {
    const s2 = loadInstance('s2');
    const bound = chargeSegmentBound(buildProblem(s2));
    expect(bound).toBeGreaterThan(1100);
    expect(bound).toBeLessThanOrEqual(1175);
  });

  it('is never above the exact optimum on random tiny instances with short charges', () => {
    let binding = 0;
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          minHeight: 1,
          maxStations: 2,
          minPairs: 1,
          maxPairs: 7,
          minChargeFactor: 1,
          maxChargeFactor: 2,
          minRechargeMinutes: 0,
          startOffsets: [0, 1],
        }),
        (input) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          const routes = solveSmallExactly(problem);
          if (!routes) return;
          const optimum = Math.max(0, ...routes.map((route, r) => evaluateRoute(problem, r, route).finish));
          const bound = chargeSegmentBound(problem);
          expect(bound).toBeLessThanOrEqual(optimum + 1e-6);
          if (bound > 0) binding++;
        },
      ),
      { numRuns: 300, seed: 2027 },
    );
    // The argument applied (no three deliveries fit a charge) on a good share of them.
    expect(binding).toBeGreaterThan(50);
  });
});
