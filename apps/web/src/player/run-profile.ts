// The rest-to-rest velocity profile of a drive (spec §4: robots accelerate up to max speed and
// brake before the places they stop at). A point robot's plan is drawn with the profile the
// player's max speed and acceleration sliders describe, stretched or squeezed in time so each
// drive still leaves and arrives on the plan's clock: the sliders shape the motion within a
// drive, never when it ends. A robot model's runs are drawn with the model's own phases
// (`modelRunProfile`, the warehouse's `runPhases`), which take exactly the run's planned time.

import type { RunPhases } from '@fleetlab/warehouse';
import type { MotionState } from './robot-state.ts';

/** A rest-to-rest trapezoidal (or, when too short for top speed, triangular) profile. */
export interface RunProfile {
  readonly length: number;
  /** m/s² while speeding up and while braking. */
  readonly acceleration: number;
  readonly braking: number;
  readonly peakSpeed: number;
  readonly accelTime: number;
  readonly cruiseTime: number;
  readonly brakeTime: number;
  readonly duration: number;
}

/** The sliders' profile: the same rate up and down. */
export function runProfile(length: number, maxSpeed: number, acceleration: number): RunProfile {
  const rampDistance = (maxSpeed * maxSpeed) / (2 * acceleration);
  const peakSpeed = 2 * rampDistance <= length ? maxSpeed : Math.sqrt(acceleration * length);
  const accelTime = peakSpeed / acceleration;
  const cruiseTime = peakSpeed === maxSpeed ? (length - 2 * rampDistance) / maxSpeed : 0;
  return {
    length,
    acceleration,
    braking: acceleration,
    peakSpeed,
    accelTime,
    cruiseTime,
    brakeTime: accelTime,
    duration: 2 * accelTime + cruiseTime,
  };
}

/** A robot model's straight run of `length` metres, as its phases time it (`runPhases`). */
export function modelRunProfile(length: number, phases: RunPhases): RunProfile {
  const { peakSpeed, accelerateS, cruiseS, brakeS } = phases;
  return {
    length,
    acceleration: accelerateS > 0 ? peakSpeed / accelerateS : 0,
    braking: brakeS > 0 ? peakSpeed / brakeS : 0,
    peakSpeed,
    accelTime: accelerateS,
    cruiseTime: cruiseS,
    brakeTime: brakeS,
    duration: accelerateS + cruiseS + brakeS,
  };
}

/** Distance covered `elapsed` seconds into a run. */
export function profileDistance(profile: RunProfile, elapsed: number): number {
  const { acceleration: a, braking: b, accelTime, cruiseTime, peakSpeed, duration, length } = profile;
  if (elapsed <= 0) return 0;
  if (elapsed >= duration) return length;
  if (elapsed < accelTime) return 0.5 * a * elapsed * elapsed;
  const rampDistance = 0.5 * peakSpeed * accelTime;
  if (elapsed < accelTime + cruiseTime) return rampDistance + peakSpeed * (elapsed - accelTime);
  const braking = elapsed - accelTime - cruiseTime;
  return Math.min(length, rampDistance + peakSpeed * cruiseTime + peakSpeed * braking - 0.5 * b * braking * braking);
}

export function profileSpeed(profile: RunProfile, elapsed: number): number {
  const { acceleration: a, braking: b, accelTime, cruiseTime, peakSpeed, duration } = profile;
  if (elapsed <= 0 || elapsed >= duration) return 0;
  if (elapsed < accelTime) return a * elapsed;
  if (elapsed < accelTime + cruiseTime) return peakSpeed;
  return Math.max(0, peakSpeed - b * (elapsed - accelTime - cruiseTime));
}

export function profileMotion(profile: RunProfile, elapsed: number): MotionState {
  if (elapsed < profile.accelTime) return 'accelerating';
  if (elapsed < profile.accelTime + profile.cruiseTime) return 'cruising';
  return 'decelerating';
}
