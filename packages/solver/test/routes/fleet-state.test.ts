import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignGreedyByDistance } from '../../src/algorithms/greedy-distance.ts';
import { buildUnlessInfeasible, smallWarehouses } from '../helpers.ts';
import { A, C, D, fleetOf, twoStationsLine } from '../moves/two-stations-line.ts';

describe('fleet state', () => {
  it('finishCutoff on two stations on a line: a finish above which a robot cannot bring the value below a target', () => {
    // R1 = [A, D] (4 s), R2 = [C] (4 s); scaled by these routes, the value is
    // max finish / 4 + 0.05 / (2 x 4) x (sum of finishes) + the soft maximum
    // 0.1 / 4 x tau x ln(sum of e^((f - 4) / tau)), tau = 0.004 x 4 = 0.016.
    const state = fleetOf(twoStationsLine(), [[A, D], [C]]);
    expect(state.value()).toBeCloseTo(1 + 0.00625 * 8 + 0.025 * 0.016 * Math.log(2), 12);
    // To reach value 1.1, R2 alone may finish at f with f / 4 + 0.00625 (4 + f) + 0.0004 ln(1 +
    // e^((f - 4) / 0.016)) < 1.1; above 4 s the soft term is 0.025 (f - 4) to within 1e-5, so
    // f < 1.175 / 0.28125 = 4.17777... The cutoff leaves R2's own share of the soft term out
    // (never below the true one): 1.075 / 0.25625 = 4.1951...
    expect(state.valueWith(1, 4.1777, 0)).toBeLessThan(1.1);
    expect(state.valueWith(1, 4.1779, 0)).toBeGreaterThan(1.1);
    expect(state.finishCutoff(1, 1.1)).toBeCloseTo(1.075 / 0.25625, 6);
    // Below the value of R1 alone finishing at 4 s, R2 would have to finish before it started.
    expect(state.finishCutoff(1, 1.02)).toBeLessThan(4);
  });

  it('finishCutoff is safe under the makespan objective: at or above it the value reaches the target', () => {
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
      }),
      { numRuns: 200, seed: 20261125 },
    );
  });
});
