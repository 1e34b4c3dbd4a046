// The rest-to-rest velocity profile the player's max speed and acceleration sliders describe
// (spec §4: robots accelerate up to max speed and brake before the places they stop at). The
// planned replay stretches or squeezes it in time so each drive still leaves and arrives on
// the plan's clock: the sliders shape the motion within a drive, never when it ends.

import type { MotionState } from './robot-state.ts';

/** A rest-to-rest trapezoidal (or, when too short for top speed, triangular) profile. */
export interface RunProfile {
  readonly length: number;
  readonly acceleration: number;
  readonly peakSpeed: number;
  readonly accelTime: number;
  readonly cruiseTime: number;
  readonly duration: number;
}

export function runProfile(length: number, maxSpeed: number, acceleration: number): RunProfile {
  const rampDistance = (maxSpeed * maxSpeed) / (2 * acceleration);
  if (2 * rampDistance <= length) {
    const accelTime = maxSpeed / acceleration;
    const cruiseTime = (length - 2 * rampDistance) / maxSpeed;
    return { length, acceleration, peakSpeed: maxSpeed, accelTime, cruiseTime, duration: 2 * accelTime + cruiseTime };
  }
  const peakSpeed = Math.sqrt(acceleration * length);
  const accelTime = peakSpeed / acceleration;
  return { length, acceleration, peakSpeed, accelTime, cruiseTime: 0, duration: 2 * accelTime };
}

/** Distance covered `elapsed` seconds into a run. */
export function profileDistance(profile: RunProfile, elapsed: number): number {
  const { acceleration: a, accelTime, cruiseTime, peakSpeed, duration, length } = profile;
  if (elapsed <= 0) return 0;
  if (elapsed >= duration) return length;
  if (elapsed < accelTime) return 0.5 * a * elapsed * elapsed;
  const rampDistance = 0.5 * a * accelTime * accelTime;
  if (elapsed < accelTime + cruiseTime) return rampDistance + peakSpeed * (elapsed - accelTime);
  const braking = elapsed - accelTime - cruiseTime;
  return Math.min(length, rampDistance + peakSpeed * cruiseTime + peakSpeed * braking - 0.5 * a * braking * braking);
}

export function profileSpeed(profile: RunProfile, elapsed: number): number {
  const { acceleration: a, accelTime, cruiseTime, peakSpeed, duration } = profile;
  if (elapsed <= 0 || elapsed >= duration) return 0;
  if (elapsed < accelTime) return a * elapsed;
  if (elapsed < accelTime + cruiseTime) return peakSpeed;
  return Math.max(0, peakSpeed - a * (elapsed - accelTime - cruiseTime));
}

export function profileMotion(profile: RunProfile, elapsed: number): MotionState {
  if (elapsed < profile.accelTime) return 'accelerating';
  if (elapsed < profile.accelTime + profile.cruiseTime) return 'cruising';
  return 'decelerating';
}
