import { describe, expect, it } from 'vitest';
import {
  ABSENT_PARAMETER_FALLBACKS,
  AUTOMATIC_BATTERY_RESERVE_RULE_TEXT,
  automaticBatteryReserve,
  resolveFloorParameters,
  SOLVE_PARAMETER_DEFAULTS,
  stepsFor,
} from '../src/index.ts';

describe('resolveFloorParameters', () => {
  it('gives absent parameters the warehouse defaults (spec §9) and fallbacks', () => {
    const resolved = resolveFloorParameters(undefined);
    expect(resolved).toEqual({
      robotModel: {
        name: 'point',
        point: true,
        topSpeed: 1,
        acceleration: Infinity,
        braking: Infinity,
        quarterTurnS: 0,
        handlingS: 0,
      },
      robotSpeed: 1,
      stepS: 1,
      maxDistance: 1000,
      batteryCapacity: 100,
      batteryReservePct: 5,
      plannedDistance: 950,
      rechargeMinutes: 3,
      chargeSteps: 180,
      chargeS: 180,
      handlingTimeS: 0,
      handlingSteps: 0,
      handlingS: 0,
      chargers: null,
    });
    expect(resolved).toMatchObject({
      robotSpeed: SOLVE_PARAMETER_DEFAULTS.robot_speed,
      maxDistance: SOLVE_PARAMETER_DEFAULTS.max_distance,
      batteryCapacity: SOLVE_PARAMETER_DEFAULTS.battery_capacity,
      rechargeMinutes: SOLVE_PARAMETER_DEFAULTS.recharge_time,
      chargers: ABSENT_PARAMETER_FALLBACKS.chargers,
      handlingTimeS: ABSENT_PARAMETER_FALLBACKS.handling_time_s,
    });
    expect(ABSENT_PARAMETER_FALLBACKS.battery_reserve_pct).toBeNull();
  });

  it('keeps an automatic battery reserve for traffic when none is given: more on a more crowded floor', () => {
    // 3% + 0.6 points per robot per 100 free cells, from 5% to 25%.
    expect(automaticBatteryReserve(20, 1775)).toBe(5);
    expect(automaticBatteryReserve(200, 1712)).toBe(10);
    expect(automaticBatteryReserve(400, 1692)).toBe(17.2);
    expect(automaticBatteryReserve(1000, 1000)).toBe(25);
    // Robots that accelerate and turn: the crowd's share 2.5 times, 200 robots on 1712 cells:
    // 3 + 2.5 x 0.6 x 200 / 17.12 = 3 + 17.52 = 20.5%; 400 on 1692: 3 + 35.46, capped at 25%; a
    // sparse floor keeps the 5% floor (20 on 1775: 3 + 1.69 = 4.7).
    expect(automaticBatteryReserve(200, 1712, false)).toBe(20.5);
    expect(automaticBatteryReserve(400, 1692, false)).toBe(25);
    expect(automaticBatteryReserve(20, 1775, false)).toBe(5);
    expect(AUTOMATIC_BATTERY_RESERVE_RULE_TEXT).toBe(
      '3% plus 0.6 points per robot per 100 free floor cells (2.5 times that for robots that accelerate and turn), from 5% to 25%',
    );
    const driveUnits = resolveFloorParameters(
      { max_distance: 1000, robot_model: 'drive-unit' },
      { robots: 200, freeCells: 1712 },
    );
    expect(driveUnits.batteryReservePct).toBe(20.5);
    expect(driveUnits.plannedDistance).toBeCloseTo(795, 9);
    const crowded = resolveFloorParameters({ max_distance: 1000 }, { robots: 400, freeCells: 1692 });
    expect(crowded.batteryReservePct).toBe(17.2);
    expect(crowded.plannedDistance).toBeCloseTo(828, 9);
    expect(
      resolveFloorParameters({ max_distance: 1000, battery_reserve_pct: 2 }, { robots: 400, freeCells: 1692 })
        .plannedDistance,
    ).toBe(980);
  });

  it('rounds handling and charging up to whole steps of 1 / robot_speed', () => {
    // 0.3 m/s: a step is 3.33 s; 5 s of handling takes 2 steps (6.67 s), 3 minutes exactly 54 steps.
    const resolved = resolveFloorParameters({ robot_speed: 0.3, handling_time_s: 5, recharge_time: 3 });
    expect(resolved).toMatchObject({ handlingSteps: 2, chargeSteps: 54 });
    expect(resolved.handlingS).toBeCloseTo(6.667, 3);
    expect(resolved.chargeS).toBeCloseTo(180, 9);
    expect(stepsFor(3, 1)).toBe(3);
    expect(stepsFor(3.0000000001, 1)).toBe(3);
    expect(stepsFor(3.1, 1)).toBe(4);
  });

  it('keeps given parameters and names an unusable one', () => {
    expect(resolveFloorParameters({ robot_speed: 2, chargers: 3, battery_reserve_pct: 0 })).toMatchObject({
      robotSpeed: 2,
      stepS: 0.5,
      chargers: 3,
      plannedDistance: 1000,
    });
    expect(() => resolveFloorParameters({ max_distance: 0 })).toThrow(
      'Parameter max_distance must be a number above 0, got 0',
    );
    expect(() => resolveFloorParameters({ chargers: 1.5 })).toThrow(
      'Parameter chargers must be a whole number >= 1, got 1.5',
    );
    expect(() => resolveFloorParameters({ battery_reserve_pct: 100 })).toThrow(
      'Parameter battery_reserve_pct must be a percentage from 0 to below 100, got 100',
    );
  });
});
