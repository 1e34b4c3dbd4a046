import { ABSENT_PARAMETER_FALLBACKS, SOLVE_PARAMETER_DEFAULTS } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { resolveParams } from '../src/plan-input.ts';

describe('resolveParams', () => {
  it('gives absent parameters the warehouse defaults (spec §9) and fallbacks', () => {
    const resolved = resolveParams(undefined);
    expect(resolved).toEqual({ robotSpeed: 1, maxDistance: 1000, batteryCapacity: 100, rechargeMinutes: 3, chargers: null, handlingTimeS: 0, reserveScale: 1 });
    expect(resolved).toMatchObject({
      robotSpeed: SOLVE_PARAMETER_DEFAULTS.robot_speed,
      maxDistance: SOLVE_PARAMETER_DEFAULTS.max_distance,
      batteryCapacity: SOLVE_PARAMETER_DEFAULTS.battery_capacity,
      rechargeMinutes: SOLVE_PARAMETER_DEFAULTS.recharge_time,
      chargers: ABSENT_PARAMETER_FALLBACKS.chargers,
      handlingTimeS: ABSENT_PARAMETER_FALLBACKS.handling_time_s,
    });
  });

  it('keeps given parameters and names an unusable one', () => {
    expect(resolveParams({ robot_speed: 2, chargers: 3 })).toMatchObject({ robotSpeed: 2, chargers: 3 });
    expect(() => resolveParams({ max_distance: 0 })).toThrow('Parameter max_distance must be a number above 0, got 0');
  });
});
