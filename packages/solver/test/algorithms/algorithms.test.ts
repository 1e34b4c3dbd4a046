import { describe, expect, it } from 'vitest';
import { ALGORITHMS, algorithmByIdOrName, type AlgorithmName } from '@fleetlab/warehouse';
import { checkPlan, solve } from '../../src/index.ts';
import { loadFixture, summary, buildGraphProblem } from '../helpers.ts';

const NAMES = ALGORITHMS.map((algorithm) => algorithm.name);

describe('the seven algorithms on line-one-robot (given order is the bad one)', () => {
  const problem = buildGraphProblem(loadFixture('line-one-robot'));

  it('greedy_distance keeps the given order: P2 first, then back for P1 (22 s)', () => {
    const { results, stats } = solve(problem, { algorithm: 'greedy_distance' });
    expect(results.R1_1).toEqual([
      {
        task: ['P2', 'D2'],
        path: ['R1_1', 'R1', 'P1', 'D1', 'P2', 'D2'],
        total_distance: 10,
        odometer_m: 10,
        completion_time: 10,
        battery_remaining: 99,
        battery_capacity: 100,
        max_distance: 1000,
      },
      {
        task: ['P1', 'D1'],
        path: ['D2', 'P2', 'D1', 'P1', 'D1'],
        total_distance: 22,
        odometer_m: 22,
        completion_time: 22,
        battery_remaining: 97.8,
        battery_capacity: 100,
        max_distance: 1000,
      },
    ]);
    expect(stats).toMatchObject({
      algorithm: 'greedy_distance',
      algorithm_id: 1,
      makespan_s: 22,
      total_distance_m: 22,
      recharges: 0,
      lower_bound_s: 10,
      gap: 1.2,
    });
  });

  for (const name of NAMES.filter((n) => n !== 'greedy_distance')) {
    it(`${name} does P1 first and reaches the bound (10 s, gap 0)`, () => {
      const { results, stats } = solve(problem, { algorithm: name, maxIterations: 50, timeLimitS: 5 });
      expect(summary(results.R1_1)).toEqual(['P1>D1', 'P2>D2']);
      expect(results.R1_1.map((step) => step.path)).toEqual([
        ['R1_1', 'R1', 'P1', 'D1'],
        ['D1', 'P2', 'D2'],
      ]);
      expect(stats.makespan_s).toBe(10);
      expect(stats.gap).toBe(0);
    });
  }
});

describe('the seven algorithms on battery-two-robots (a recharge is unavoidable)', () => {
  const problem = buildGraphProblem(loadFixture('battery-two-robots'));

  for (const name of NAMES) {
    it(`${name}: R1_1 does both P1 trips with a recharge at R1 between them; R2_1 does P2`, () => {
      const { results, stats } = solve(problem, { algorithm: name as AlgorithmName, maxIterations: 30, timeLimitS: 5 });
      const steps = results;
      expect(summary(steps.R1_1)).toEqual(['P1>D1', 'recharge@R1', 'P1>D1']);
      expect(steps.R1_1[1]).toEqual({
        task: 'recharge',
        path: ['D1', 'P1', 'R1'],
        total_distance: 20,
        odometer_m: 20,
        completion_time: 200,
        battery_remaining: 100,
        battery_capacity: 100,
        max_distance: 24,
        recharge_time: 3,
      });
      expect(steps.R1_1[2]).toMatchObject({
        path: ['R1', 'P1', 'D1'],
        total_distance: 10,
        odometer_m: 30,
        completion_time: 210,
        battery_remaining: 58.33,
      });
      expect(steps.R2_1).toEqual([
        {
          task: ['P2', 'D1'],
          path: ['R2_1', 'R2', 'P2', 'D1'],
          total_distance: 10,
          odometer_m: 10,
          completion_time: 10,
          battery_remaining: 58.33,
          battery_capacity: 100,
          max_distance: 24,
        },
      ]);
      expect(stats).toMatchObject({
        makespan_s: 210,
        total_distance_m: 40,
        recharges: 1,
        deliveries: 3,
        lower_bound_s: 12,
      });
      expect(checkPlan(problem, results).valid).toBe(true);
    });
  }
});

describe('algorithm registry', () => {
  it('lists the spec ids and names in order', () => {
    expect(ALGORITHMS.map((a) => [a.id, a.name])).toEqual([
      [1, 'greedy_distance'],
      [2, 'hungarian'],
      [3, 'kmeans'],
      [4, 'auction'],
      [5, 'genetic'],
      [6, 'makespan'],
      [7, 'marginal_benefit'],
    ]);
  });

  it('finds algorithms by id, numeric string or name', () => {
    expect(algorithmByIdOrName(6)?.name).toBe('makespan');
    expect(algorithmByIdOrName('4')?.name).toBe('auction');
    expect(algorithmByIdOrName('kmeans')?.id).toBe(3);
    expect(algorithmByIdOrName('simulated_annealing')).toBeUndefined();
    expect(algorithmByIdOrName(8)).toBeUndefined();
  });

  it('runs every algorithm of the warehouse list under its own name and id', () => {
    const problem = buildGraphProblem(loadFixture('line-one-robot'));
    for (const algorithm of ALGORITHMS) {
      const { stats } = solve(problem, { algorithm: algorithm.id, maxIterations: 5, timeLimitS: 5 });
      expect([stats.algorithm, stats.algorithm_id]).toEqual([algorithm.name, algorithm.id]);
    }
  });

  it('solve accepts an algorithm id and rejects an unknown one', () => {
    const problem = buildGraphProblem(loadFixture('line-one-robot'));
    expect(solve(problem, { algorithm: 2 }).stats.algorithm).toBe('hungarian');
    expect(() => solve(problem, { algorithm: 9 })).toThrow(/Unknown algorithm 9; use one of greedy_distance \(1\)/);
  });
});

describe('auction balance_factor', () => {
  it('with balance 0 bids pure marginal cost, so the nearer robot takes everything; with 100 the load is shared', () => {
    const fixture = loadFixture('battery-two-robots');
    const tasks: [string, string][] = [
      ['P2', 'D1'],
      ['P2', 'D1'],
    ];
    const greedyBidders = buildGraphProblem({ ...fixture, tasks, params: { max_distance: 1000, balance_factor: 0 } });
    const sharing = buildGraphProblem({ ...fixture, tasks, params: { max_distance: 1000, balance_factor: 100 } });
    const pure = solve(greedyBidders, { algorithm: 'auction' }).results;
    const shared = solve(sharing, { algorithm: 'auction' }).results;
    expect([pure.R1_1.length, pure.R2_1.length]).toEqual([0, 2]);
    expect([shared.R1_1.length, shared.R2_1.length]).toEqual([1, 1]);
  });
});
