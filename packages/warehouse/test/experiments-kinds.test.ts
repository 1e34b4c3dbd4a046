import { describe, expect, it } from 'vitest';
import { EXPERIMENT_KINDS } from '../src/experiments/experiment-kinds.ts';
import { experimentKindValues } from '../src/records/experiment.ts';

const SETTINGS = { parameters: { chargers: 2 } };

describe('EXPERIMENT_KINDS', () => {
  it('has one entry per kind, each naming its axis, its points and how its answer is read', () => {
    expect(Object.keys(EXPERIMENT_KINDS)).toEqual([...experimentKindValues]);
    expect(
      Object.values(EXPERIMENT_KINDS).map(({ label, axis, pointsField, answer, continuable }) => [
        label,
        axis,
        pointsField,
        answer,
        continuable,
      ]),
    ).toEqual([
      ['Fleet sweep', 'robots', 'robot_counts', 'knee', true],
      ['Algorithm comparison', 'algorithm', 'algorithms', 'best_algorithm', false],
      ['Charger sweep', 'chargers', 'charger_counts', 'knee', true],
      ['Rate sweep', 'rate', 'rates', 'highest_sustained_rate', true],
      ['Robot model comparison', 'robot_model', 'robot_models', 'robots_per_model', false],
    ]);
  });

  it('makes a sweep’s points smallest first, each setting its own value on the scenario’s fleet', () => {
    expect(EXPERIMENT_KINDS.fleet_sweep.points({ ...SETTINGS, algorithm: 'auction', robot_counts: [9, 1] }, 4)).toEqual(
      [
        { algorithm: 'auction', robotCount: 1, chargers: 2, ordersPerHour: undefined, label: '1 robot' },
        { algorithm: 'auction', robotCount: 9, chargers: 2, ordersPerHour: undefined, label: '9 robots' },
      ],
    );
    expect(
      EXPERIMENT_KINDS.charger_sweep.points({ ...SETTINGS, algorithm: 'genetic', charger_counts: [3, 1] }, 4),
    ).toEqual([
      { algorithm: 'genetic', robotCount: 4, chargers: 1, ordersPerHour: undefined, label: '1 charger per station' },
      { algorithm: 'genetic', robotCount: 4, chargers: 3, ordersPerHour: undefined, label: '3 chargers per station' },
    ]);
    expect(EXPERIMENT_KINDS.rate_sweep.points({ ...SETTINGS, algorithm: 'makespan', rates: [600] }, undefined)).toEqual(
      [{ algorithm: 'makespan', robotCount: undefined, chargers: 2, ordersPerHour: 600, label: '600 orders/h' }],
    );
  });

  it('makes a comparison’s points in the order given, named as planners name the algorithms', () => {
    expect(
      EXPERIMENT_KINDS.algorithm_comparison
        .points({ ...SETTINGS, algorithms: ['makespan', 'greedy_distance'] }, undefined)
        .map((point) => [point.algorithm, point.label]),
    ).toEqual([
      ['makespan', 'Makespan search'],
      ['greedy_distance', 'Greedy nearest'],
    ]);
  });
});
