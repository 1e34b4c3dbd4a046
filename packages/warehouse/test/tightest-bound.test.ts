import { describe, expect, it } from 'vitest';
import { tightestBoundOf } from '../src/index.ts';

describe('tightestBoundOf', () => {
  it('prefers the tightest bound when it is the larger one, with its own gap and name', () => {
    expect(
      tightestBoundOf({
        lower_bound_s: 573.85,
        gap: 0.3602,
        lower_bound_battery_s: 760.96,
        gap_battery: 0.0258,
        lower_bound_name: 'charger_capacity',
      }),
    ).toEqual({ boundS: 760.96, gap: 0.0258, name: 'charger_capacity' });
    // Solves stored before the bounds were named.
    expect(
      tightestBoundOf({ lower_bound_s: 573.85, gap: 0.3602, lower_bound_battery_s: 760.96, gap_battery: 0.0258 }),
    ).toEqual({ boundS: 760.96, gap: 0.0258, name: null });
  });

  it('keeps the model bound (fleet_work) when the tightest one adds nothing or is missing', () => {
    expect(
      tightestBoundOf({ lower_bound_s: 240.51, gap: 0.0013, lower_bound_battery_s: 240.51, gap_battery: 0.0013 }),
    ).toEqual({ boundS: 240.51, gap: 0.0013, name: 'fleet_work' });
    expect(tightestBoundOf({ lower_bound_s: 66.23, gap: 0.1728 })).toEqual({
      boundS: 66.23,
      gap: 0.1728,
      name: 'fleet_work',
    });
  });

  it('gives null when the solve reports no bound', () => {
    expect(tightestBoundOf(null)).toBeNull();
    expect(tightestBoundOf({})).toBeNull();
  });
});
