import { describe, expect, it } from 'vitest';
import { experimentCreateSchema, fewestRobotsForShift, highestSustainedRate } from '../src/index.ts';

const point = (setting: number, backlog_trend: 'stable' | 'growing' | null, cycle_p95_s: number | null = 100) => ({
  setting,
  shift: backlog_trend === null ? null : { backlog_trend, cycle_p95_s },
});

describe('highestSustainedRate', () => {
  it('is the last rate before the first growing backlog, whatever order the points come in', () => {
    const finding = highestSustainedRate([
      point(1200, 'stable'),
      point(2400, 'growing'),
      point(600, 'stable'),
      point(1800, 'stable'),
    ]);
    expect(finding).toEqual({ status: 'found', point: point(1800, 'stable') });
  });

  it('never claims a rate above one the fleet failed, even when a higher rate ended stable', () => {
    const finding = highestSustainedRate([point(600, 'stable'), point(1200, 'growing'), point(1800, 'stable')]);
    expect(finding).toEqual({ status: 'found', point: point(600, 'stable') });
  });

  it('says when every rate tested held (test higher) and when none did', () => {
    expect(highestSustainedRate([point(600, 'stable'), point(1200, 'stable')])).toEqual({
      status: 'all_met',
      point: point(1200, 'stable'),
    });
    expect(highestSustainedRate([point(1200, 'growing'), point(600, 'growing')])).toEqual({
      status: 'none_met',
      closest: point(600, 'growing'),
    });
  });

  it('ignores points without a result', () => {
    expect(highestSustainedRate([point(600, null)])).toEqual({ status: 'no_points' });
    expect(highestSustainedRate([point(600, 'stable'), point(1200, null)])).toEqual({
      status: 'all_met',
      point: point(600, 'stable'),
    });
  });
});

describe('fewestRobotsForShift', () => {
  it('is the smallest fleet with a stable backlog and P95 within the target', () => {
    const points = [
      point(40, 'growing', 2000),
      point(60, 'stable', 700),
      point(80, 'stable', 540),
      point(100, 'stable', 480),
    ];
    expect(fewestRobotsForShift(points, 600)).toEqual({ status: 'found', point: point(80, 'stable', 540) });
    expect(fewestRobotsForShift(points, 700)).toEqual({ status: 'found', point: point(60, 'stable', 700) });
  });

  it('does not take a short P95 with a growing backlog (the orders still waiting are not in it)', () => {
    expect(fewestRobotsForShift([point(40, 'growing', 300), point(60, 'stable', 500)], 600)).toEqual({
      status: 'found',
      point: point(60, 'stable', 500),
    });
  });

  it('names the closest stable fleet when none meets the target', () => {
    const finding = fewestRobotsForShift(
      [point(40, 'growing', 100), point(60, 'stable', 900), point(80, 'stable', 800)],
      600,
    );
    expect(finding).toEqual({ status: 'none_met', closest: point(80, 'stable', 800) });
    expect(fewestRobotsForShift([], 600)).toEqual({ status: 'no_points' });
  });
});

describe('shift experiments in POST /experiments', () => {
  const base = { name: 'Rates', scenario_id: 1, task_id: 1, algorithm: 'greedy_distance' };
  const issues = (body: unknown) => {
    const parsed = experimentCreateSchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts a rate sweep over a shift and fills the defaults', () => {
    const parsed = experimentCreateSchema.parse({
      ...base,
      kind: 'rate_sweep',
      rates: [600, 1200],
      parameters: { shift: { hours: 2, orders_per_hour: 1 } },
    });
    expect(parsed.rates).toEqual([600, 1200]);
    expect(parsed.cycle_p95_target_s).toBeUndefined();
  });

  it('names what a rate sweep is missing or must not have', () => {
    expect(issues({ ...base, kind: 'rate_sweep', rates: [600] })).toEqual([
      'parameters: A rate_sweep runs shifts: set parameters.shift (hours, dispatch)',
    ]);
    expect(issues({ ...base, kind: 'rate_sweep', parameters: { shift: { hours: 1, orders_per_hour: 5 } } })).toEqual([
      'rates: Required for a rate_sweep',
    ]);
    expect(
      issues({
        ...base,
        kind: 'rate_sweep',
        rates: [600, 600],
        parameters: { shift: { hours: 1, orders_per_hour: 5 } },
      }),
    ).toEqual(['rates: Rates must be distinct']);
    expect(
      issues({ ...base, kind: 'rate_sweep', rates: [600], parameters: { shift: { hours: 1, profile: [5] } } }),
    ).toEqual(["parameters: A rate_sweep sets each point's rate: parameters.shift cannot have a profile"]);
    expect(
      issues({ ...base, kind: 'rate_sweep', rates: [0], parameters: { shift: { hours: 1, orders_per_hour: 5 } } }),
    ).toEqual(['rates.0: Rates start at 1 order per hour']);
    expect(issues({ ...base, kind: 'fleet_sweep', robot_counts: [1], rates: [600] })).toEqual([
      'rates: Not used by a fleet_sweep',
    ]);
  });

  it('lets a rate sweep leave the rate out (each point sets it) and asks for it in every other kind', () => {
    expect(
      issues({
        ...base,
        kind: 'rate_sweep',
        rates: [600],
        parameters: { shift: { hours: 1, dispatch: 'nearest_idle' } },
      }),
    ).toEqual([]);
    expect(issues({ ...base, kind: 'fleet_sweep', robot_counts: [1, 2], parameters: { shift: { hours: 1 } } })).toEqual(
      ['parameters.shift.orders_per_hour: a shift needs orders_per_hour or an hourly profile'],
    );
    expect(
      issues({ ...base, kind: 'rate_sweep', rates: [600], parameters: { shift: { hours: 2, profile: [0, 0] } } }),
    ).toEqual([
      'parameters.shift.profile: a profile needs orders in at least one hour',
      "parameters: A rate_sweep sets each point's rate: parameters.shift cannot have a profile",
    ]);
  });

  it('takes a P95 target only for an experiment that runs shifts', () => {
    expect(issues({ ...base, kind: 'fleet_sweep', robot_counts: [1, 2], cycle_p95_target_s: 600 })).toEqual([
      'cycle_p95_target_s: Only used when the experiment runs shifts (parameters.shift)',
    ]);
    expect(
      issues({
        ...base,
        kind: 'fleet_sweep',
        robot_counts: [1, 2],
        cycle_p95_target_s: 600,
        parameters: { shift: { hours: 1, orders_per_hour: 60 } },
      }),
    ).toEqual([]);
    expect(
      issues({
        ...base,
        kind: 'fleet_sweep',
        robot_counts: [1],
        cycle_p95_target_s: 5,
        parameters: { shift: { hours: 1, orders_per_hour: 60 } },
      }),
    ).toEqual(['cycle_p95_target_s: cycle_p95_target_s must be at least 10 s']);
  });
});
