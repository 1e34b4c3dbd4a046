import { describe, expect, it } from 'vitest';
import { loadBenchInstance } from '../../bench/point-plans.ts';
import { buildProblem, checkPlan, solve } from '../../src/index.ts';
import { assignGreedyByDistance } from '../../src/algorithms/greedy-distance.ts';
import { plannedMakespan } from '../../src/plan/plan-builder.ts';

describe('the makespan search starts from the plan that is shortest with its queues', () => {
  it('xl1 with drive units, whose dropoffs are busy all day: the greedy plan (846.05 s with its dock queues), not largest-first (892.1 s)', () => {
    // Largest-first's routes are the shorter by their own times (each robot alone with every dock
    // to itself); on the plan's clock, the docks' queues in, the greedy plan is 46 s shorter.
    const input = loadBenchInstance('xl1');
    const problem = buildProblem({ ...input, params: { ...input.params, robot_model: 'drive-unit' } });
    const greedy = plannedMakespan(problem, assignGreedyByDistance(problem));
    expect(greedy).toBeCloseTo(846.05, 6);
    // No iteration: the start itself.
    const { results, stats } = solve(problem, { algorithm: 'makespan', seed: 1, maxIterations: 0 });
    expect(checkPlan(problem, results).errors).toEqual([]);
    expect(stats.makespan_s).toBeCloseTo(846.05, 6);
  });
});
