import { describe, expect, it } from 'vitest';
import {
  buildProblem,
  checkPlan,
  InfeasibleDeliveryError,
  solve,
  SolveCancelledError,
  type SolveProgress,
} from '../src/index.ts';
import { uncountedBy } from '@fleetlab/warehouse';
import { loadFixture, loadInstance, buildGraphProblem } from './helpers.ts';

const s1 = buildGraphProblem(loadInstance('s1'));
const m1 = buildGraphProblem(loadInstance('m1'));

describe('solve', () => {
  it('reports the stats of the model', () => {
    const { results, stats } = solve(s1, { algorithm: 'marginal_benefit', seed: 7 });
    expect(Object.keys(stats).sort()).toEqual(
      [
        'algorithm',
        'algorithm_id',
        'deliveries',
        'distances',
        'gap',
        'gap_battery',
        'iterations',
        'lower_bound_battery_s',
        'lower_bound_name',
        'lower_bound_s',
        'makespan_s',
        'objective_score',
        'objective_weights',
        'objectives',
        'recharges',
        'robot_model',
        'runtime_ms',
        'seed',
        'stop_reason',
        'total_distance_m',
      ].sort(),
    );
    expect(stats.seed).toBe(7);
    expect(stats.lower_bound_s).toBe(66.23);
    expect(stats.gap).toBeCloseTo(stats.makespan_s / 66.23 - 1, 3);
    expect(stats.lower_bound_battery_s).toBe(69.01);
    expect(stats.lower_bound_name).toBe('battery_segments');
    expect(stats.gap_battery).toBeCloseTo(stats.makespan_s / 69.01 - 1, 3);
    expect(Object.keys(results)).toEqual(['R1_1', 'R1_2', 'R2_1', 'R2_2']);
    // The weighted objective is normalised by the greedy plan: greedy itself scores exactly 1.
    expect(solve(s1, { algorithm: 'greedy_distance' }).stats.objective_score).toBe(1);
  });

  it('gives the same plan for the same seed (time-limited algorithms with an iteration cap)', () => {
    for (const algorithm of ['makespan', 'genetic', 'kmeans'] as const) {
      const first = solve(m1, { algorithm, seed: 11, maxIterations: 60 });
      const second = solve(m1, { algorithm, seed: 11, maxIterations: 60 });
      expect(second.results).toEqual(first.results);
      expect({ ...second.stats, runtime_ms: 0 }).toEqual({ ...first.stats, runtime_ms: 0 });
    }
  });

  it('stops at the time limit of an injected clock and reports progress at most every 250 ms', () => {
    let clock = 0;
    const now = () => (clock += 5);
    const progress: SolveProgress[] = [];
    const { stats } = solve(m1, { algorithm: 'makespan', timeLimitS: 2, now, onProgress: (p) => progress.push(p) });
    expect(stats.runtime_ms).toBeLessThanOrEqual(2100);
    expect(stats.iterations).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.length).toBeLessThanOrEqual(2000 / 250 + 3);
    expect(progress[progress.length - 1]).toEqual({ fraction: 1, bestMakespanS: stats.makespan_s });
    for (const p of progress) expect(p.fraction).toBeGreaterThanOrEqual(0);
  });

  it('stops with SolveCancelledError soon after shouldStop turns true', () => {
    let polls = 0;
    const started = performance.now();
    expect(() => solve(m1, { algorithm: 'makespan', timeLimitS: 60, shouldStop: () => ++polls > 200 })).toThrow(
      SolveCancelledError,
    );
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('returns early with a proven zero gap', () => {
    const problem = buildGraphProblem(loadFixture('line-one-robot'));
    const { stats } = solve(problem, { algorithm: 'makespan', timeLimitS: 30 });
    expect(stats.gap).toBe(0);
    expect(stats.runtime_ms).toBeLessThan(5000);
  });

  it('names the queue-free optimum as a bound, not a proof, when the optimal routes wait for a charger', () => {
    // Two robots of station R1, one charger, 80 m a charge: each does a delivery, charges 5 min and
    // does another. The exact method proves the routes optimal as if each had a charger: R1_2 done
    // at 375 s. With one charger R1_1 queues 298 s behind R1_2's charge and ends at 669 s. The
    // queue-free 375 s still bounds every plan; the plan is no longer proven optimal, and the
    // bound cannot count the charger queue.
    const { stats } = solve(buildProblem(loadFixture('queue-free-optimum')), { algorithm: 'makespan', timeLimitS: 2 });
    expect(stats).toMatchObject({
      makespan_s: 669,
      lower_bound_battery_s: 375,
      lower_bound_name: 'queue_free_optimum',
      stop_reason: 'completed',
      charger_queue_s: 298,
    });
    expect(uncountedBy(stats.lower_bound_name ?? '', stats)).toBe('charger queues');
  });

  it('honours a distance objective: less distance than under the makespan objective', () => {
    const input = loadInstance('s1');
    const byDistance = buildGraphProblem({
      ...input,
      params: { ...input.params, objective_weights: { distance_traveled: 100 } },
    });
    const distance = solve(byDistance, { algorithm: 'makespan', maxIterations: 400 }).stats;
    const makespan = solve(s1, { algorithm: 'makespan', maxIterations: 400 }).stats;
    expect(distance.total_distance_m).toBeLessThanOrEqual(makespan.total_distance_m);
    expect(distance.objective_weights).toEqual({ distance_traveled: 100 });
  });

  it('every algorithm gives a valid plan on s2, where batteries bind hard', () => {
    const s2 = buildGraphProblem(loadInstance('s2'));
    for (const algorithm of [
      'greedy_distance',
      'hungarian',
      'kmeans',
      'auction',
      'genetic',
      'makespan',
      'marginal_benefit',
    ] as const) {
      const { results } = solve(s2, { algorithm, maxIterations: 40 });
      expect(checkPlan(s2, results).errors).toEqual([]);
    }
  });

  it('throws InfeasibleDeliveryError from buildProblem, never a partial plan', () => {
    expect(() => buildGraphProblem({ ...loadFixture('battery-two-robots'), params: { max_distance: 10 } })).toThrow(
      InfeasibleDeliveryError,
    );
  });
});

describe('alternative plans', () => {
  it('makespan hands back up to the asked number of other good plans it met, each valid and different from the plan', () => {
    const instance = loadInstance('m2');
    const problem = buildProblem(instance);
    const outcome = solve(problem, { algorithm: 'makespan', maxIterations: 400, alternatives: 3 });
    const alternatives = outcome.alternatives ?? [];
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.length).toBeLessThanOrEqual(3);
    const seen = new Set([JSON.stringify(outcome.results)]);
    for (const alternative of alternatives) {
      expect(checkPlan(problem, alternative.results).errors).toEqual([]);
      expect(checkPlan(problem, alternative.results).metrics.makespan_s).toBeCloseTo(alternative.stats.makespan_s, 2);
      const text = JSON.stringify(alternative.results);
      expect(seen.has(text)).toBe(false);
      seen.add(text);
    }
    expect(solve(problem, { algorithm: 'makespan', maxIterations: 50 }).alternatives).toBeUndefined();
  });
});
