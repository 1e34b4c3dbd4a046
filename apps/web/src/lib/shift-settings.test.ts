import { describe, expect, it } from 'vitest';
import { shiftParametersSchema } from '@fleetlab/warehouse';
import {
  defaultShiftSettings,
  describeShift,
  parseHourlyProfile,
  readShiftSettings,
  SHIFT_FIELD_RULES,
  shiftSettingsFromParameters,
  type ShiftSettings,
} from './shift-settings.ts';

const on = (fields: Partial<ShiftSettings>): ShiftSettings => ({ ...defaultShiftSettings(), enabled: true, ...fields });

describe('readShiftSettings', () => {
  it('sends no shift while the switch is off, whatever the fields hold', () => {
    expect(readShiftSettings({ ...defaultShiftSettings(), hours: 'x' })).toEqual({ shift: undefined, problems: {} });
  });

  it('reads an 8 h shift at 1,200 orders an hour, re-optimised every 60 s, seed 1, as the schema takes it', () => {
    const { shift, problems } = readShiftSettings(on({ ordersPerHour: '1200' }));
    expect(problems).toEqual({});
    expect(shift).toEqual({ hours: 8, orders_per_hour: 1200, dispatch: 'reoptimise', reoptimise_every_s: 60, seed: 1 });
    expect(shiftParametersSchema.parse(shift)).toEqual(shift);
  });

  it('sends the hourly profile instead of the rate, and no re-planning interval for nearest idle', () => {
    const { shift } = readShiftSettings(
      on({ hours: '2.5', ordersPerHour: '', profile: '600, 1200;900', dispatch: 'nearest_idle', seed: '7' }),
    );
    expect(shift).toEqual({ hours: 2.5, profile: [600, 1200, 900], dispatch: 'nearest_idle', seed: 7 });
    expect(shiftParametersSchema.safeParse(shift).success).toBe(true);
  });

  it('names every field out of its range instead of holding it there', () => {
    expect(
      readShiftSettings(on({ hours: '30', ordersPerHour: '0', reoptimiseEvery: '5', seed: '1.5' })).problems,
    ).toEqual({
      hours: 'Shift Length must be a number of hours from 0.25 to 24',
      ordersPerHour: 'Orders per Hour must be a number from 1 to 20,000',
      reoptimiseEvery: 'Re-optimise Every must be a number of seconds from 10 to 3,600',
      seed: 'Seed must be a whole number from 0 to 2147483647',
    });
    expect(readShiftSettings(on({ ordersPerHour: ' ' })).problems).toEqual({
      ordersPerHour: SHIFT_FIELD_RULES.ordersPerHourRequired,
    });
    expect(readShiftSettings(on({ ordersPerHour: '' })).problems.ordersPerHour).toBe(
      'Orders per Hour is required: a number from 1 to 20,000, or an hourly profile',
    );
  });

  it('leaves the rate to the points of a rate sweep, even with the switch off', () => {
    expect(readShiftSettings({ ...defaultShiftSettings(), hours: '1' }, { rateSetByPoints: true })).toEqual({
      shift: { hours: 1, dispatch: 'reoptimise', reoptimise_every_s: 60, seed: 1 },
      problems: {},
    });
  });
});

describe('parseHourlyProfile', () => {
  it('needs one rate per started hour: 3 for 2.5 h', () => {
    expect(parseHourlyProfile('60, 90', 2.5)).toEqual({
      problem: 'Hourly Profile needs one rate per started hour: 3 for a 2.5 h shift, got 2',
    });
    expect(parseHourlyProfile('60 90 0', 2.5)).toEqual({ profile: [60, 90, 0] });
  });

  it('names the hour of a wrong entry', () => {
    expect(parseHourlyProfile('60, lots', 2)).toEqual({ problem: "Hourly Profile: 'lots' (hour 2) is not a number" });
    expect(parseHourlyProfile('60, 90, 25000', 3)).toEqual({
      problem: "Hourly Profile: hour 3 has 25000; each hour's rate is from 0 to 20,000 orders",
    });
    expect(parseHourlyProfile('-5', 1)).toEqual({
      problem: "Hourly Profile: hour 1 has -5; each hour's rate is from 0 to 20,000 orders",
    });
    expect(parseHourlyProfile('0, 0', 2)).toEqual({ problem: 'Hourly Profile needs orders in at least one hour' });
  });
});

describe('a stored shift', () => {
  it('fills the form as it ran, and reads back the same', () => {
    const stored = { hours: 3, profile: [300, 600, 450], dispatch: 'nearest_idle' as const, seed: 4 };
    const settings = shiftSettingsFromParameters(stored);
    expect(settings).toMatchObject({
      enabled: true,
      hours: '3',
      profile: '300, 600, 450',
      dispatch: 'nearest_idle',
      seed: '4',
    });
    expect(readShiftSettings(settings).shift).toEqual(stored);
    expect(shiftSettingsFromParameters(undefined).enabled).toBe(false);
  });

  it('reads in a few words', () => {
    expect(
      describeShift({ hours: 8, orders_per_hour: 1200, dispatch: 'reoptimise', reoptimise_every_s: 60, seed: 1 }),
    ).toBe('8 h at 1,200 orders/h, Re-optimise every 60 s, seed 1');
    expect(describeShift({ hours: 2, profile: [600, 1200], dispatch: 'nearest_idle', seed: 3 })).toBe(
      '2 h at hourly profile 600, 1,200 orders/h, Nearest idle robot, seed 3',
    );
  });
});
