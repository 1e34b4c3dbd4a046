import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRobotModel, runPhases } from '@fleetlab/warehouse';
import {
  modelRunProfile,
  profileDistance,
  profileMotion,
  profileSpeed,
  runProfile,
  type RunProfile,
} from './run-profile.ts';

/** Where a run is, how fast it goes and what it does `elapsed` seconds in. */
const sampled = (profile: RunProfile, elapsed: number) => [
  profileDistance(profile, elapsed),
  profileSpeed(profile, elapsed),
  profileMotion(profile, elapsed),
];

describe('the sliders’ velocity profile', () => {
  it('accelerates, cruises and brakes exactly on a 10 m run at 1 m/s and 0.5 m/s²', () => {
    // 2 s ramps of 1 m each, 8 s cruise: 12 s.
    const profile = runProfile(10, 1, 0.5);
    expect(profile).toMatchObject({ peakSpeed: 1, accelTime: 2, cruiseTime: 8, duration: 12 });
    expect(sampled(profile, 1)).toEqual([0.25, 0.5, 'accelerating']);
    expect(sampled(profile, 6)).toEqual([5, 1, 'cruising']);
    expect(sampled(profile, 11)).toEqual([9.75, 0.5, 'decelerating']);
    expect([profileDistance(profile, 12), profileSpeed(profile, 12)]).toEqual([10, 0]);
  });

  it('is triangular when the run is too short to reach top speed', () => {
    const profile = runProfile(0.5, 1, 0.5);
    expect(profile).toMatchObject({ peakSpeed: 0.5, accelTime: 1, cruiseTime: 0, duration: 2 });
    expect(profileDistance(profile, 0.5)).toBe(0.0625);
    expect(profileSpeed(profile, 1.5)).toBe(0.25);
    expect(profileDistance(profile, 1.5)).toBeCloseTo(0.4375, 12);
  });

  it('covers exactly the run length at its end for any speed and acceleration, never above max speed', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 500, noNaN: true }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        fc.double({ min: 0.1, max: 3, noNaN: true }),
        (length, maxSpeed, acceleration) => {
          const profile = runProfile(length, maxSpeed, acceleration);
          return (
            Math.abs(profileDistance(profile, profile.duration) - length) < 1e-9 &&
            Math.abs(profileDistance(profile, profile.accelTime + profile.cruiseTime + profile.accelTime) - length) <
              1e-6 &&
            profile.peakSpeed <= maxSpeed + 1e-12
          );
        },
      ),
    );
  });
});

describe('a robot model’s run, as its phases time it', () => {
  it('accelerates at 1 m/s², cruises at 1 m/s and brakes at 0.5 m/s² over 3 m: 1 s, 1.5 s, 2 s', () => {
    const model = resolveRobotModel({
      robot_speed: 1,
      robot_model: { acceleration_m_s2: 1, braking_m_s2: 0.5, quarter_turn_s: 0 },
    });
    const profile = modelRunProfile(3, runPhases(model, 3));
    expect(profile).toMatchObject({ acceleration: 1, braking: 0.5, peakSpeed: 1, duration: 4.5 });
    // Up: 0.5 m in 1 s; at speed 1.5 m; down: 1 m in 2 s.
    expect(sampled(profile, 0.5)).toEqual([0.125, 0.5, 'accelerating']);
    expect(sampled(profile, 2)).toEqual([1.5, 1, 'cruising']);
    expect(sampled(profile, 3.5)).toEqual([2.75, 0.5, 'decelerating']);
    expect([profileDistance(profile, 4.5), profileSpeed(profile, 4.5)]).toEqual([3, 0]);
  });

  it('covers the run in its planned time at any rates, speed continuous and never above top speed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        (cells, topSpeed, acceleration, braking) => {
          const model = resolveRobotModel({
            robot_speed: topSpeed,
            robot_model: { acceleration_m_s2: acceleration, braking_m_s2: braking, quarter_turn_s: 0 },
          });
          const profile = modelRunProfile(cells, runPhases(model, cells));
          const { accelTime, cruiseTime } = profile;
          expect(profileDistance(profile, profile.duration)).toBe(cells);
          expect(profileDistance(profile, profile.duration - 1e-9)).toBeCloseTo(cells, 6);
          expect(profile.peakSpeed).toBeLessThanOrEqual(topSpeed + 1e-12);
          // The speed meets itself where the phases meet.
          expect(profileSpeed(profile, accelTime - 1e-9)).toBeCloseTo(profile.peakSpeed, 6);
          expect(profileSpeed(profile, accelTime + cruiseTime + 1e-9)).toBeCloseTo(profile.peakSpeed, 6);
          expect(profileDistance(profile, accelTime + cruiseTime)).toBeCloseTo(
            cells - 0.5 * profile.peakSpeed * profile.brakeTime,
            6,
          );
        },
      ),
    );
  });
});
