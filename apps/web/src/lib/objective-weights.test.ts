import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { objectiveNameValues, type ObjectiveName } from '@fleetlab/warehouse';
import { defaultObjectiveSettings, objectiveWeightsToSubmit, type ObjectiveSettings } from './objective-weights.ts';

function settings(
  enabled: Partial<Record<ObjectiveName, number>>,
  disabled: Partial<Record<ObjectiveName, number>> = {},
): ObjectiveSettings {
  const result = defaultObjectiveSettings();
  for (const name of objectiveNameValues) result[name] = { enabled: false, weight: disabled[name] ?? 0 };
  for (const [name, weight] of Object.entries(enabled))
    result[name as ObjectiveName] = { enabled: true, weight: weight ?? 0 };
  return result;
}

// The form's settings through the shared spec §5 rule: every case of the rule, seen from the form.
describe('objectiveWeightsToSubmit', () => {
  it('sends the spec default: completion_time alone at 100', () => {
    expect(objectiveWeightsToSubmit(defaultObjectiveSettings())).toEqual({ completion_time: 100 });
  });

  it('re-enables completion_time at 100 when every objective is disabled', () => {
    expect(objectiveWeightsToSubmit(settings({}, { energy_usage: 40 }))).toEqual({ completion_time: 100 });
  });

  it('splits evenly when all enabled weights are 0, the remainder going to the first', () => {
    expect(objectiveWeightsToSubmit(settings({ completion_time: 0, energy_usage: 0 }))).toEqual({
      completion_time: 50,
      energy_usage: 50,
    });
    expect(objectiveWeightsToSubmit(settings({ energy_usage: 0, distance_traveled: 0, cost_efficiency: 0 }))).toEqual({
      energy_usage: 34,
      distance_traveled: 33,
      cost_efficiency: 33,
    });
  });

  it('scales proportionally to 100', () => {
    expect(objectiveWeightsToSubmit(settings({ completion_time: 30, energy_usage: 10 }))).toEqual({
      completion_time: 75,
      energy_usage: 25,
    });
    expect(objectiveWeightsToSubmit(settings({ distance_traveled: 7 }))).toEqual({ distance_traveled: 100 });
  });

  it('gives the rounding remainder to the first enabled objective', () => {
    // 1/3 each rounds to 33: the missing 1 goes to completion_time.
    expect(
      objectiveWeightsToSubmit(settings({ completion_time: 10, energy_usage: 10, balanced_workload: 10 })),
    ).toEqual({
      completion_time: 34,
      energy_usage: 33,
      balanced_workload: 33,
    });
    // 200/3 rounds up to 67 and 100/3 down to 33: nothing left over.
    expect(objectiveWeightsToSubmit(settings({ completion_time: 1, energy_usage: 2 }))).toEqual({
      completion_time: 33,
      energy_usage: 67,
    });
    // 12.5 rounds up three times and 62.5 once: 102, so the first gives back 2.
    expect(
      objectiveWeightsToSubmit(
        settings({ completion_time: 1, energy_usage: 1, distance_traveled: 1, balanced_workload: 5 }),
      ),
    ).toEqual({ completion_time: 11, energy_usage: 13, distance_traveled: 13, balanced_workload: 63 });
  });

  it('sends only enabled objectives, ignoring weights typed into disabled ones', () => {
    expect(objectiveWeightsToSubmit(settings({ cost_efficiency: 20 }, { completion_time: 80 }))).toEqual({
      cost_efficiency: 100,
    });
  });

  it('treats negative and non-numeric weights as 0', () => {
    expect(
      objectiveWeightsToSubmit(settings({ completion_time: Number.NaN, energy_usage: -5, distance_traveled: 10 })),
    ).toEqual({
      completion_time: 0,
      energy_usage: 0,
      distance_traveled: 100,
    });
  });

  it('never lets a tiny first share go negative', () => {
    // Rounded shares 0 + 34 + 34 + 33 = 101 would leave the first at -1.
    const result = objectiveWeightsToSubmit(
      settings({ completion_time: 0.1, energy_usage: 33.5, distance_traveled: 33.5, balanced_workload: 32.9 }),
    );
    expect(result).toEqual({ completion_time: 2, energy_usage: 33, distance_traveled: 33, balanced_workload: 32 });
  });

  it('always returns non-negative integer weights of the enabled objectives summing to 100', () => {
    const setting = fc.record({
      enabled: fc.boolean(),
      weight: fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.integer({ min: 0, max: 100 })),
    });
    fc.assert(
      fc.property(fc.tuple(setting, setting, setting, setting, setting), (tuple) => {
        const input = Object.fromEntries(
          objectiveNameValues.map((name, index) => [name, tuple[index]]),
        ) as ObjectiveSettings;
        const result = objectiveWeightsToSubmit(input);
        const values = Object.values(result);
        expect(values.reduce((sum, value) => sum + value, 0)).toBe(100);
        for (const value of values) expect(Number.isInteger(value) && value >= 0).toBe(true);
        const expectedKeys = objectiveNameValues.filter((name) => input[name].enabled);
        expect(Object.keys(result)).toEqual(expectedKeys.length > 0 ? expectedKeys : ['completion_time']);
      }),
    );
  });
});
