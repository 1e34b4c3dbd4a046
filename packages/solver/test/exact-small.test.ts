import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveSmallExactly } from '../src/algorithms/exact-small.ts';
import { buildProblem, checkPlan, solve } from '../src/index.ts';
import { buildUnlessInfeasible, gridInstanceArbitrary, loadInstance, makeEnvironment } from './helpers.ts';

/**
 * "Star": two robots 1 m from station R1; three pickups on spokes, one dropoff D.
 * From a robot: d1 = 1 + 2 + 2 = 5 s, d2 = 1 + 3 + 3 = 7 s, d3 = 1 + 1 + 1 = 3 s; from D:
 * d1 4 s, d2 6 s, d3 2 s. d2 alone takes 7 s, so no plan beats 7 s; one robot doing d2 and the
 * other d1 and d3 (in either order) reaches it, with 7 + 7 = 14 s of busy time.
 */
const star = {
  environment: makeEnvironment({
    nodes: [['R1', 'robot_station', 0, 0], ['R1_1', 'robot', 0, 0], ['R1_2', 'robot', 0, 0], ['P1', 'pickup', 2, 0], ['P2', 'pickup', 0, 3], ['P3', 'pickup', 1, 0], ['D', 'dropoff', 4, 0]],
    edges: [['R1_1', 'R1', 1], ['R1_2', 'R1', 1], ['R1', 'P1', 2], ['R1', 'P2', 3], ['R1', 'P3', 1], ['P1', 'D', 2], ['P2', 'D', 3], ['P3', 'D', 1]],
    robots: [['R1_1', 'R1'], ['R1_2', 'R1']],
  }),
  tasks: [['P1', 'D'], ['P2', 'D'], ['P3', 'D']] as [string, string][],
};

describe('the exact method for small instances', () => {
  it('finds the 7 s plan of the star by hand: d2 alone, d1 and d3 together', () => {
    const problem = buildProblem(star);
    const routes = solveSmallExactly(problem)!;
    expect(routes.map((route) => [...route].sort())).toEqual(expect.arrayContaining([[1], [0, 2]]));
    const outcome = solve(problem, { algorithm: 'makespan', timeLimitS: 300 });
    expect(outcome.stats).toMatchObject({ makespan_s: 7, stop_reason: 'optimal' });
  });

  it('ends a 6-delivery solve with a 300 s limit at once, proven optimal, for genetic and makespan', () => {
    const s1 = loadInstance('s1');
    const six = { ...s1, tasks: s1.tasks.slice(0, 6) };
    const problem = buildProblem(six);
    // A clock that never moves: only proving optimality can end these searches.
    const frozen = () => 0;
    const capped = solve(problem, { algorithm: 'makespan', maxIterations: 3000 });
    for (const algorithm of ['makespan', 'genetic'] as const) {
      const { stats, results } = solve(problem, { algorithm, timeLimitS: 300, now: frozen });
      expect(stats.stop_reason).toBe('optimal');
      expect(stats.makespan_s).toBeLessThanOrEqual(capped.stats.makespan_s);
      expect(checkPlan(problem, results).valid).toBe(true);
    }
  });

  it('is never beaten by a heuristic on random tiny instances, and its plans are valid', () => {
    fc.assert(
      fc.property(
        gridInstanceArbitrary({ minHeight: 2, maxStations: 2, minPairs: 0, maxPairs: 6, minChargeFactor: 1.5, maxChargeFactor: 6, minRechargeMinutes: 0, startOffsets: [0] }),
        (input) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          const exact = solve(problem, { algorithm: 'makespan', timeLimitS: 300 });
          expect(exact.stats.stop_reason).toBe('optimal');
          expect(checkPlan(problem, exact.results).errors).toEqual([]);
          for (const algorithm of ['greedy_distance', 'marginal_benefit', 'auction'] as const) {
            expect(exact.stats.makespan_s).toBeLessThanOrEqual(solve(problem, { algorithm }).stats.makespan_s + 1e-9);
          }
        },
      ),
      { numRuns: 40, seed: 20261125 },
    );
  });

  it('stops a search that has stalled for as long as it took to find its best (10 s at least), long before the limit', () => {
    const s2 = buildProblem(loadInstance('s2'));
    let clock = 0;
    // A clock of the solver's own: every reading is 20 ms later, so the run is the same on any machine.
    const { stats } = solve(s2, { algorithm: 'makespan', timeLimitS: 300, now: () => (clock += 20) });
    expect(stats.stop_reason).toBe('stalled');
    expect(stats.runtime_ms).toBeLessThan(300_000);
  });
});
