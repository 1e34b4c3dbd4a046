import fc from 'fast-check';
import { ACTIVITY_BREAKDOWN_ORDER, type ActivityKind } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { PLAYER_COLOURS } from '../../player/render-player.ts';
import {
  ACTIVITY_COLOURS,
  activityShares,
  drivingSplitOf,
  orderRobots,
  partsAsShown,
  percentShares,
  timeBreakdownOf,
} from './time-breakdown.ts';
import {
  TWO_ROBOTS_TEN_SECONDS,
  TWO_ROBOTS_WITH_MOTION,
  TWO_ROBOTS_WITHOUT_ACTIVITIES,
} from './time-breakdown.fixture.ts';

const seconds = (values: Partial<Record<ActivityKind, number>>) =>
  Object.fromEntries(ACTIVITY_BREAKDOWN_ORDER.map((kind) => [kind, values[kind] ?? 0])) as Record<ActivityKind, number>;

describe('timeBreakdownOf', () => {
  it('reads each robot’s seconds of every activity from the recorded activities, and adds them up', () => {
    const breakdown = timeBreakdownOf(TWO_ROBOTS_TEN_SECONDS)!;
    expect(breakdown.dayS).toBe(10);
    // R1 handles at steps 12-14 of 0.5 s: the day's last handling ends at 7 s.
    expect(breakdown.lastHandlingEndS).toBe(7);
    expect(breakdown.robots).toEqual([
      {
        robotId: 'R1',
        seconds: seconds({ drive_empty: 2, drive_loaded: 3, waiting: 1, handling: 1, idle: 3 }),
        totalS: 10,
      },
      { robotId: 'R2', seconds: seconds({ queued: 1.5, charging: 6, drive_empty: 2.5 }), totalS: 10 },
    ]);
    expect(breakdown.total).toEqual({
      seconds: seconds({
        drive_loaded: 3,
        drive_empty: 4.5,
        waiting: 1,
        queued: 1.5,
        charging: 6,
        handling: 1,
        idle: 3,
      }),
      totalS: 20,
    });
    expect(activityShares(breakdown.total)).toEqual({
      drive_loaded: 15,
      drive_empty: 22.5,
      waiting: 5,
      queued: 7.5,
      dock_queued: 0,
      stopped: 0,
      charging: 30,
      handling: 5,
      idle: 15,
    });
  });

  it('gives nothing for an execution stored before activities were recorded', () => {
    expect(timeBreakdownOf(TWO_ROBOTS_WITHOUT_ACTIVITIES)).toBeNull();
  });

  it('orders the robots by time lost waiting (blocked or queued) or time idle, most first', () => {
    const { robots } = timeBreakdownOf(TWO_ROBOTS_TEN_SECONDS)!;
    expect(orderRobots(robots, 'robot').map((robot) => robot.robotId)).toEqual(['R1', 'R2']);
    expect(orderRobots(robots, 'traffic').map((robot) => robot.robotId)).toEqual(['R2', 'R1']);
    expect(orderRobots(robots, 'idle').map((robot) => robot.robotId)).toEqual(['R1', 'R2']);
  });
});

describe('drivingSplitOf', () => {
  it('splits the robots’ driving by their motion: at speed, accelerating and braking, turning in place', () => {
    expect(drivingSplitOf(TWO_ROBOTS_WITH_MOTION)).toEqual({
      drivingS: 7.5,
      atSpeedS: 2.5,
      rampsS: 4.5,
      turningS: 0.5,
    });
    expect(percentShares([2.5, 4.5, 0.5])).toEqual([33.3, 60, 6.7]);
  });

  it('gives nothing for point robots, which record no motion, or a run without activities', () => {
    expect(drivingSplitOf(TWO_ROBOTS_TEN_SECONDS)).toBeNull();
    expect(drivingSplitOf(TWO_ROBOTS_WITHOUT_ACTIVITIES)).toBeNull();
  });
});

describe('activityShares', () => {
  it('rounds thirds to tenths that add up to 100, the spare tenth to the earliest', () => {
    expect(
      activityShares({ seconds: seconds({ drive_loaded: 1, drive_empty: 1, waiting: 1 }), totalS: 3 }),
    ).toMatchObject({
      drive_loaded: 33.4,
      drive_empty: 33.3,
      waiting: 33.3,
    });
  });

  it('is all zero when nothing was timed', () => {
    expect(Object.values(activityShares({ seconds: seconds({}), totalS: 0 }))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('always adds up to exactly 100.0%, each share within a tenth of its exact value', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 9, maxLength: 9 }), (values) => {
        const times = seconds(Object.fromEntries(ACTIVITY_BREAKDOWN_ORDER.map((kind, index) => [kind, values[index]])));
        const totalS = values.reduce((sum, value) => sum + value, 0);
        fc.pre(totalS > 0);
        const shares = activityShares({ seconds: times, totalS });
        const tenths = ACTIVITY_BREAKDOWN_ORDER.reduce((sum, kind) => sum + Math.round(shares[kind] * 10), 0);
        expect(tenths).toBe(1000);
        for (const kind of ACTIVITY_BREAKDOWN_ORDER)
          expect(Math.abs(shares[kind] - (100 * times[kind]) / totalS)).toBeLessThanOrEqual(0.1 + 1e-9);
      }),
      { seed: 25 },
    );
  });
});

describe('activity colours', () => {
  it('are nine distinct colours, waiting and queued the player’s halos made opaque', () => {
    expect(new Set(Object.values(ACTIVITY_COLOURS)).size).toBe(9);
    const opaque = (rgba: string) => rgba.replace(/^rgba\((\d+), (\d+), (\d+), [\d.]+\)$/, 'rgb($1, $2, $3)');
    expect(ACTIVITY_COLOURS.waiting).toBe(opaque(PLAYER_COLOURS.waiting));
    expect(ACTIVITY_COLOURS.queued).toBe(opaque(PLAYER_COLOURS.queued));
    expect(ACTIVITY_COLOURS.waiting).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    expect(ACTIVITY_COLOURS.charging).toBe(PLAYER_COLOURS.recharging);
  });
});

describe('partsAsShown', () => {
  it('rounds the driving’s parts so that they add up to its total as shown', () => {
    // m1 with drive units: Driving loaded 1,464.5 s and empty 1,189.5 s read 24 min 25 s and
    // 19 min 50 s, so the driving reads 44 min 15 s (2,655 s), though it is 2,654.0 s exactly;
    // its parts, each rounded alone, would read 22 min 43 s + 16 min 53 s + 4 min 38 s = 44 min 14 s.
    expect(partsAsShown(2655, [1363.4, 1012.8, 277.8])).toEqual([1364, 1013, 278]);
    // Under a minute, in tenths: 7.5 s of 2.5 + 4.5 + 0.5.
    expect(partsAsShown(7.5, [2.5, 4.5, 0.5])).toEqual([2.5, 4.5, 0.5]);
    expect(partsAsShown(0.3, [0.1, 0.1, 0.1])).toEqual([0.1, 0.1, 0.1]);
    expect(partsAsShown(60, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up to the total as shown (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 5000, noNaN: true }), { minLength: 1, maxLength: 5 }), (parts) => {
        const total = parts.reduce((sum, part) => sum + part, 0);
        fc.pre(total > 0);
        const shown = total >= 60 ? Math.round(total) : Math.round(total * 10) / 10;
        const rounded = partsAsShown(shown, parts);
        const sum = rounded.reduce((a, b) => a + b, 0);
        return Math.abs(sum - shown) < 1e-9;
      }),
    );
  });
});
