import { SOLVE_PARAMETER_DEFAULTS } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { InfeasibleDeliveryError, InvalidProblemError, nodeDistance, shortestPath, solve } from '../../src/index.ts';
import { loadFixture, makeEnvironment, buildGraphProblem } from '../helpers.ts';

describe('buildProblem', () => {
  it('fills the spec §9 defaults, the warehouse ones', () => {
    const problem = buildGraphProblem({ ...loadFixture('line-one-robot'), params: undefined });
    expect(problem.params).toEqual(SOLVE_PARAMETER_DEFAULTS);
    expect(problem.params).toEqual({
      time_limit: 300,
      battery_capacity: 100,
      max_distance: 1000,
      robot_speed: 1,
      recharge_time: 3,
      balance_factor: 50,
      objective_weights: { completion_time: 100 },
    });
    expect(problem.rechargeSeconds).toBe(180);
  });

  it('keeps given parameters and drops zero objective weights', () => {
    const problem = buildGraphProblem({
      ...loadFixture('line-one-robot'),
      params: { robot_speed: 2, objective_weights: { completion_time: 60, distance_traveled: 40, energy_usage: 0 } },
    });
    expect(problem.params.robot_speed).toBe(2);
    expect(problem.params.objective_weights).toEqual({ completion_time: 60, distance_traveled: 40 });
  });

  it('computes shortest distances and paths as node-id lists', () => {
    const problem = buildGraphProblem(loadFixture('line-one-robot'));
    const index = (id: string) => problem.nodeIndex.get(id)!;
    expect(nodeDistance(problem, index('R1_1'), index('D2'))).toBe(10);
    expect(shortestPath(problem, index('D2'), index('P1'))).toEqual(['D2', 'P2', 'D1', 'P1']);
    expect(shortestPath(problem, index('P1'), index('P1'))).toEqual(['P1']);
    expect(problem.robots).toEqual([{ id: 'R1_1', stationId: 'R1', startNode: index('R1_1'), homeNode: index('R1') }]);
    expect(problem.deliveries.map((d) => [d.pickupId, d.dropoffId, d.length])).toEqual([
      ['P2', 'D2', 2],
      ['P1', 'D1', 4],
    ]);
  });

  it('names an unreachable pickup', () => {
    const fixture = loadFixture('battery-two-robots');
    expect(() => buildGraphProblem({ ...fixture, tasks: [['P9', 'D1']] })).toThrow(
      new InfeasibleDeliveryError(['P9', 'D1'], 'pickup P9 is unreachable from every robot'),
    );
    try {
      buildGraphProblem({ ...fixture, tasks: [['P9', 'D1']] });
    } catch (error) {
      expect(error).toBeInstanceOf(InfeasibleDeliveryError);
      expect((error as InfeasibleDeliveryError).pair).toEqual(['P9', 'D1']);
      expect((error as Error).message).toBe(
        'Delivery P9 -> D1 cannot be done: pickup P9 is unreachable from every robot',
      );
    }
  });

  it('names a delivery whose round trip exceeds a full charge', () => {
    const fixture = loadFixture('battery-two-robots');
    expect(() => buildGraphProblem({ ...fixture, params: { max_distance: 15 } })).toThrow(
      'Delivery P1 -> D1 cannot be done: the round trip from the nearest home station (R1) is 20.0 m but a full charge covers 15 m',
    );
  });

  it('names an unreachable dropoff', () => {
    const environment = makeEnvironment({
      nodes: [
        ['R1', 'robot_station', 0, 0],
        ['R1_1', 'robot', 0, 0],
        ['P1', 'pickup', 1, 0],
        ['D1', 'dropoff', 5, 5],
      ],
      edges: [
        ['R1', 'R1_1', 0],
        ['R1', 'P1', 1],
      ],
      robots: [['R1_1', 'R1']],
    });
    expect(() => buildGraphProblem({ environment, tasks: [['P1', 'D1']] })).toThrow(
      'Delivery P1 -> D1 cannot be done: dropoff D1 cannot be reached from pickup P1',
    );
  });

  it('rejects unknown ids with a message naming them', () => {
    const fixture = loadFixture('line-one-robot');
    expect(() =>
      buildGraphProblem({
        ...fixture,
        tasks: [
          ['P1', 'D1'],
          ['P7', 'D1'],
        ],
      }),
    ).toThrow(
      new InvalidProblemError('Unknown pickup id P7 in task 2 (P7 -> D1): no such node in the environment graph'),
    );
    expect(() => buildGraphProblem({ ...fixture, tasks: [['P1', 'D9']] })).toThrow('Unknown dropoff id D9 in task 1');
  });

  it('rejects unusable parameters', () => {
    const fixture = loadFixture('line-one-robot');
    expect(() => buildGraphProblem({ ...fixture, params: { robot_speed: 0 } })).toThrow(
      'Parameter robot_speed must be a number above 0, got 0',
    );
    expect(() => buildGraphProblem({ ...fixture, params: { balance_factor: 150 } })).toThrow(
      'balance_factor must be a number from 0 to 100',
    );
  });

  it('gives a valid empty plan for an empty task list, with every robot present', () => {
    const problem = buildGraphProblem({ ...loadFixture('battery-two-robots'), tasks: [] });
    for (const algorithm of ['greedy_distance', 'makespan', 'genetic', 'kmeans'] as const) {
      const { results, stats } = solve(problem, { algorithm, maxIterations: 5 });
      expect(results.R1_1).toEqual([]);
      expect(results.R2_1).toEqual([]);
      expect(stats).toMatchObject({ makespan_s: 0, total_distance_m: 0, recharges: 0, lower_bound_s: 0, gap: 0 });
    }
  });
});
