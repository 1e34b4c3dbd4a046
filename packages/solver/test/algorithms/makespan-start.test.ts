import { describe, expect, it } from 'vitest';
import { loadBenchInstance } from '../../bench/point-plans.ts';
import { buildProblem, checkPlan, solve } from '../../src/index.ts';
import { assignGreedyByDistance } from '../../src/algorithms/greedy-distance.ts';
import { plannedMakespan } from '../../src/plan/plan-builder.ts';

describe('the makespan search starts from the plan that is shortest with its queues', () => {
  it('xl1 with AMRs, whose dropoffs are busy all day: the greedy plan (1,439.25 s with its dock queues), not largest-first (1,527.65 s)', () => {
    // Largest-first's routes are the shorter by their own times (914.05 s against 1,045.7 s: each
    // robot alone with every dock to itself); on the plan's clock, the docks' queues in, the
    // greedy plan is 88.4 s shorter.
    const input = loadBenchInstance('xl1');
    const problem = buildProblem({ ...input, params: { ...input.params, robot_model: 'amr' } });
    const greedy = plannedMakespan(problem, assignGreedyByDistance(problem));
    expect(greedy).toBeCloseTo(1439.25, 6);
    // No iteration: the start itself.
    const { results, stats } = solve(problem, { algorithm: 'makespan', seed: 1, maxIterations: 0 });
    expect(checkPlan(problem, results).errors).toEqual([]);
    expect(stats.makespan_s).toBeCloseTo(1439.25, 6);
  });
});
