import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignByHungarianRounds } from '../../src/algorithms/hungarian-rounds.ts';
import { AppendState, evaluateRoute } from '../../src/routes/battery-schedule.ts';
import type { Problem } from '../../src/index.ts';
import { algorithmContext, buildUnlessInfeasible, stationStartInstances } from '../helpers.ts';
import { A, B, C, D, twoStationsLine } from '../moves/two-stations-line.ts';

/** What the first round cost: each robot's finish after its first delivery, summed, and how many robots got one. */
function firstRound(problem: Problem, routes: number[][]): { cost: number; robots: number } {
  let cost = 0;
  let robots = 0;
  routes.forEach((route, r) => {
    if (route.length === 0) return;
    cost += new AppendState(problem, r).finishIfAppended(route[0]);
    robots++;
  });
  return { cost, robots };
}

describe('hungarian rounds', () => {
  it('on two stations on a line, whole-matrix and sparse rounds both give each robot its own end', () => {
    // Round 1: R1 -> A (2 s) and R2 -> B (2 s), not the 20 s trips across. Round 2: R1 at D1 does
    // D (4 s), R2 at D2 does C (4 s).
    const problem = twoStationsLine();
    for (const denseRoundWork of [Infinity, 0]) {
      expect(assignByHungarianRounds(algorithmContext(problem), denseRoundWork, 1)).toEqual([
        [A, D],
        [B, C],
      ]);
    }
  });

  it('sparse rounds (classes, candidate arcs grown until the prices prove them) are as cheap as whole-matrix rounds', () => {
    fc.assert(
      fc.property(stationStartInstances, (input) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem) return;
        const dense = assignByHungarianRounds(algorithmContext(problem), Infinity);
        // One candidate class per robot to start with: the prices must ask for more.
        const sparse = assignByHungarianRounds(algorithmContext(problem), 0, 1);
        // Both rounds are optimal, though they may break ties differently.
        const denseRound = firstRound(problem, dense);
        const sparseRound = firstRound(problem, sparse);
        expect(sparseRound.robots).toBe(denseRound.robots);
        expect(sparseRound.cost).toBeCloseTo(denseRound.cost, 6);
        expect(sparse.flat().sort((x, y) => x - y)).toEqual([...Array(problem.deliveryCount).keys()]);
        sparse.forEach((route, r) => expect(evaluateRoute(problem, r, route).finish).toBeLessThan(Infinity));
      }),
      { numRuns: 300, seed: 2 },
    );
  });
});
