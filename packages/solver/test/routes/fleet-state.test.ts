import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignGreedyByDistance } from '../../src/algorithms/greedy-distance.ts';
import { buildUnlessInfeasible, smallWarehouses } from '../helpers.ts';
import { A, C, D, fleetOf, twoStationsLine } from '../moves/two-stations-line.ts';

describe('fleet state', () => {
  it('finishCutoff on two stations on a line: the latest finish a robot may reach for a given objective', () => {
    // R1 = [A, D] (4 s), R2 = [C] (4 s); scaled by these routes, the value is
    // max finish / 4 + 0.05 / (2 x 4) x (sum of finishes). To reach value 1.1, R2 alone may
    // finish at f with f / 4 + 0.00625 (4 + f) < 1.1 (f above 4): f < 1.075 / 0.25625 = 4.1951...
    const state = fleetOf(twoStationsLine(), [[A, D], [C]]);
    expect(state.value()).toBeCloseTo(1 + 0.00625 * 8, 12);
    expect(state.finishCutoff(1, 1.1)).toBeCloseTo(1.075 / 0.25625, 6);
    // Below the value of R1 alone finishing at 4 s, R2 would have to finish before it started.
    expect(state.finishCutoff(1, 1.02)).toBeLessThan(4);
  });

  it('finishCutoff is exact under the makespan objective: just above it the value reaches the target, just below it does not', () => {
    fc.assert(
      fc.property(smallWarehouses, fc.nat(), fc.double({ min: 0, max: 0.3, noNaN: true }), (input, pick, slack) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem || problem.robotCount < 2) return;
        const state = fleetOf(problem, assignGreedyByDistance(problem));
        const b = pick % problem.robotCount;
        const target = state.value() * (1 + slack);
        const cutoff = state.finishCutoff(b, target);
        const distance = state.evaluators[b].distance;
        expect(state.valueWith(b, cutoff * (1 + 1e-6) + 1e-6, distance)).toBeGreaterThanOrEqual(target);
        if (cutoff > 1e-3) expect(state.valueWith(b, cutoff * (1 - 1e-6) - 1e-6, distance)).toBeLessThan(target);
      }),
      { numRuns: 200, seed: 20261125 },
    );
  });
});
