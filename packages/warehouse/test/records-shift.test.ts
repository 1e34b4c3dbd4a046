import { describe, expect, it } from 'vitest';
import {
  plannedOrdersPerHour,
  shiftParametersSchema,
  solveParametersInputSchema,
  taskDetailsSchema,
} from '../src/index.ts';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('shift parameters', () => {
  it('take a rate or an hourly profile, one rate per started hour, and name what is wrong', () => {
    expect(shiftParametersSchema.parse({ hours: 8, orders_per_hour: 1200 })).toEqual({
      hours: 8,
      orders_per_hour: 1200,
    });
    expect(shiftParametersSchema.safeParse({ hours: 2.5, profile: [600, 1200, 300] }).success).toBe(true);
    expect(issues(shiftParametersSchema.safeParse({ hours: 8 }))).toEqual([
      'orders_per_hour: a shift needs orders_per_hour or an hourly profile',
    ]);
    expect(issues(shiftParametersSchema.safeParse({ hours: 3, profile: [100, 200] }))).toEqual([
      'profile: the profile needs one rate per started hour of the shift: 3 for 3 h, got 2',
    ]);
    expect(issues(shiftParametersSchema.safeParse({ hours: 2, profile: [0, 0] }))).toEqual([
      'profile: a profile needs orders in at least one hour',
    ]);
    expect(issues(shiftParametersSchema.safeParse({ hours: 30, orders_per_hour: 10 }))).toEqual([
      'hours: a shift lasts at most 24 h',
    ]);
    expect(issues(shiftParametersSchema.safeParse({ hours: 1, orders_per_hour: 10, dispatch: 'fastest' }))).toEqual([
      'dispatch: dispatch must be one of reoptimise, nearest_idle',
    ]);
    expect(issues(shiftParametersSchema.safeParse({ hours: 1, orders_per_hour: 10, every: 5 }))[0]).toMatch(/every/);
  });

  it('sit in the solve parameters as `shift`', () => {
    const parameters = solveParametersInputSchema.parse({
      shift: { hours: 1, orders_per_hour: 60, dispatch: 'nearest_idle' },
    });
    expect(parameters.shift).toEqual({ hours: 1, orders_per_hour: 60, dispatch: 'nearest_idle' });
    expect(solveParametersInputSchema.safeParse({ shift: { hours: 0, orders_per_hour: 60 } }).success).toBe(false);
  });
});

describe('plannedOrdersPerHour', () => {
  it('is the rate, or the profile weighted by the part of each hour the shift lasts', () => {
    expect(plannedOrdersPerHour({ hours: 8, orders_per_hour: 1200 })).toBe(1200);
    // 600 + 1200 + 0.5 * 300 = 1950 orders over 2.5 h.
    expect(plannedOrdersPerHour({ hours: 2.5, profile: [600, 1200, 300] })).toBe(780);
    // The profile wins over a rate given with it, as in the order stream.
    expect(plannedOrdersPerHour({ hours: 0.25, orders_per_hour: 10, profile: [40] })).toBe(40);
  });
});

describe('task release times', () => {
  it('need one time per pair', () => {
    expect(
      taskDetailsSchema.safeParse({
        tasks: [
          ['P1', 'D1'],
          ['P2', 'D1'],
        ],
        release_s: [0, 30],
      }).success,
    ).toBe(true);
    expect(issues(taskDetailsSchema.safeParse({ tasks: [['P1', 'D1']], release_s: [0, 30] }))).toEqual([
      'release_s: release_s needs one time per pair: 1 pairs, 2 times',
    ]);
    expect(issues(taskDetailsSchema.safeParse({ tasks: [['P1', 'D1']], release_s: [-1] }))).toEqual([
      'release_s.0: release_s cannot be negative',
    ]);
  });
});
