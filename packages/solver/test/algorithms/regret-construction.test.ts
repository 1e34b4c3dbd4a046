import { ElitePlans } from '../../src/routes/elite-plans.ts';
import { describe, expect, it } from 'vitest';
import type { AlgorithmContext } from '../../src/algorithms/context.ts';
import { buildRegretStart } from '../../src/algorithms/regret-construction.ts';
import { solve } from '../../src/index.ts';
import { createRandom } from '../../src/algorithms/random.ts';
import { summary } from '../helpers.ts';
import { A, B, C, D, fleetOf, twoStationsLine } from '../moves/two-stations-line.ts';

/** A context whose clock moves on by `stepMs` at every reading. */
function contextWithClock(stepMs: number, maxIterations: number): AlgorithmContext {
  const problem = twoStationsLine();
  let clock = 0;
  return {
    problem,
    random: createRandom(1),
    scale: fleetOf(problem, [[A, B, C, D], []]).scale,
    greedyRoutes: [[A, B, C, D], []],
    warmStart: null,
    elite: new ElitePlans(0),
    lowerBound: () => 0,
    now: () => (clock += stepMs),
    deadlineMs: 1000,
    maxIterations,
    checkCancelled: () => {},
    timeUp: () => false,
    progress: () => {},
    iterations: 0,
    stopReason: 'completed',
  };
}

describe('the regret construction on two stations on a line', () => {
  it('marginal_benefit gives each robot its own end: R1 = [A, D] (4 s), R2 = [B, C] (4 s)', () => {
    // Empty robots: A and B take 2 s at their own end and 20 s at the other (regret 18), C and D
    // 4 s against 18 s (regret 14), so A and B go first, to R1 and R2. Then D costs 4 s on R1
    // ([A, D]) against 18 s on R2, and C 4 s on R2 ([B, C]) against 18 s on R1; whichever goes
    // first, the other still prefers its own end.
    const { results, stats } = solve(twoStationsLine(), { algorithm: 'marginal_benefit' });
    expect(summary(results.R1)).toEqual(['P1>D1', 'P4>D4']);
    expect(summary(results.R2)).toEqual(['P2>D2', 'P3>D3']);
    expect(stats.makespan_s).toBe(4);
  });

  it('as the start of a search it gives up past 40% of the time budget, but never under an iteration cap', () => {
    // Each clock reading moves 500 ms on and the budget is 1 s: the limit has passed at the first check.
    expect(buildRegretStart(contextWithClock(500, Infinity))).toBeNull();
    expect(buildRegretStart(contextWithClock(500, 100))).toEqual([
      [A, D],
      [B, C],
    ]);
  });
});
