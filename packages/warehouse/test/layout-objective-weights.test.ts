import { describe, expect, it } from 'vitest';
import { normalizeObjectiveWeights } from '../src/layout/objective-weights.ts';

describe('normalizeObjectiveWeights', () => {
  it('keeps the default: completion_time alone at 100', () => {
    expect(normalizeObjectiveWeights({ completion_time: true }, { completion_time: 100 })).toEqual({
      completion_time: 100,
    });
  });

  it('enables completion_time at 100 when nothing is enabled', () => {
    expect(normalizeObjectiveWeights({}, { energy_usage: 40 })).toEqual({ completion_time: 100 });
    expect(normalizeObjectiveWeights({ completion_time: false, energy_usage: false }, {})).toEqual({
      completion_time: 100,
    });
  });

  it('splits evenly when every enabled weight is 0, the remainder to the first', () => {
    expect(normalizeObjectiveWeights({ completion_time: true, energy_usage: true }, {})).toEqual({
      completion_time: 50,
      energy_usage: 50,
    });
    expect(
      normalizeObjectiveWeights(
        { energy_usage: true, distance_traveled: true, cost_efficiency: true },
        { energy_usage: 0 },
      ),
    ).toEqual({
      energy_usage: 34,
      distance_traveled: 33,
      cost_efficiency: 33,
    });
  });

  it('scales proportionally and rounds, the remainder to the first', () => {
    expect(
      normalizeObjectiveWeights(
        { completion_time: true, energy_usage: true },
        { completion_time: 30, energy_usage: 10 },
      ),
    ).toEqual({
      completion_time: 75,
      energy_usage: 25,
    });
    expect(
      normalizeObjectiveWeights(
        { completion_time: true, energy_usage: true, distance_traveled: true },
        { completion_time: 1, energy_usage: 1, distance_traveled: 1 },
      ),
    ).toEqual({ completion_time: 34, energy_usage: 33, distance_traveled: 33 });
    expect(
      normalizeObjectiveWeights(
        { balanced_workload: true, cost_efficiency: true },
        { balanced_workload: 1, cost_efficiency: 2 },
      ),
    ).toEqual({
      balanced_workload: 33,
      cost_efficiency: 67,
    });
  });

  it('takes a negative remainder off the first: 1, 1.5, 1.5, 96 rounds to 1, 2, 2, 96', () => {
    expect(
      normalizeObjectiveWeights(
        { completion_time: true, energy_usage: true, distance_traveled: true, balanced_workload: true },
        { completion_time: 1, energy_usage: 1.5, distance_traveled: 1.5, balanced_workload: 96 },
      ),
    ).toEqual({ completion_time: 0, energy_usage: 2, distance_traveled: 2, balanced_workload: 96 });
  });

  it('never makes the first negative: if rounding would, every share is rounded down instead', () => {
    expect(
      normalizeObjectiveWeights(
        { completion_time: true, energy_usage: true, distance_traveled: true, balanced_workload: true },
        { completion_time: 0.4, energy_usage: 1.5, distance_traveled: 1.5, balanced_workload: 96.6 },
      ),
    ).toEqual({ completion_time: 2, energy_usage: 1, distance_traveled: 1, balanced_workload: 96 });
  });

  it('returns only enabled objectives, in the spec order, ignoring weights of disabled ones', () => {
    const weights = normalizeObjectiveWeights(
      { cost_efficiency: true, completion_time: true, energy_usage: false },
      { cost_efficiency: 10, completion_time: 10, energy_usage: 80 },
    );
    expect(weights).toEqual({ completion_time: 50, cost_efficiency: 50 });
    expect(Object.keys(weights)).toEqual(['completion_time', 'cost_efficiency']);
  });

  it('counts missing, negative and non-finite weights as 0', () => {
    expect(
      normalizeObjectiveWeights(
        { completion_time: true, energy_usage: true, distance_traveled: true },
        { completion_time: -20, energy_usage: Number.NaN, distance_traveled: 5 },
      ),
    ).toEqual({ completion_time: 0, energy_usage: 0, distance_traveled: 100 });
  });

  it('sums to 100 with no negative weight for any input (all five enabled)', () => {
    for (let a = 0; a <= 12; a += 3) {
      for (let b = 0; b <= 12; b += 4) {
        const weights = normalizeObjectiveWeights(
          {
            completion_time: true,
            energy_usage: true,
            distance_traveled: true,
            balanced_workload: true,
            cost_efficiency: true,
          },
          { completion_time: a, energy_usage: b, distance_traveled: 7, balanced_workload: a + b, cost_efficiency: 1 },
        );
        const values = Object.values(weights) as number[];
        expect(values.reduce((sum, weight) => sum + weight, 0)).toBe(100);
        expect(values.every((weight) => Number.isInteger(weight) && weight >= 0)).toBe(true);
      }
    }
  });
});
