import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileDistance, profileMotion, profileSpeed, runProfile } from './run-profile.ts';

describe('the sliders’ velocity profile', () => {
  it('accelerates, cruises and brakes exactly on a 10 m run at 1 m/s and 0.5 m/s²', () => {
    // 2 s ramps of 1 m each, 8 s cruise: 12 s.
    const profile = runProfile(10, 1, 0.5);
    expect(profile).toMatchObject({ peakSpeed: 1, accelTime: 2, cruiseTime: 8, duration: 12 });
    expect([profileDistance(profile, 1), profileSpeed(profile, 1), profileMotion(profile, 1)]).toEqual([
      0.25,
      0.5,
      'accelerating',
    ]);
    expect([profileDistance(profile, 6), profileSpeed(profile, 6), profileMotion(profile, 6)]).toEqual([
      5,
      1,
      'cruising',
    ]);
    expect([profileDistance(profile, 11), profileSpeed(profile, 11), profileMotion(profile, 11)]).toEqual([
      9.75,
      0.5,
      'decelerating',
    ]);
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
