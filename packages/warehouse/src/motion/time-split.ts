import type { RobotKinematics } from '../records/robot-models.ts';
import { runsOfWalk, turnTime } from './drive-time.ts';

/**
 * Where a drive's seconds go: at top speed, on the acceleration and braking ramps, turning in
 * place. The three parts add up to `runTime` / `walkTime` of the same drive (the clock's own
 * formulas, split where they add), before the floor rounds a leg up to its clock's ticks.
 */
export interface DriveTimeSplit {
  /** Seconds at top speed (a point robot's whole run). */
  cruiseS: number;
  /** Seconds accelerating from standstill and braking to standstill. */
  rampsS: number;
  /** Seconds turning in place. */
  turningS: number;
}

export const NO_DRIVE: Readonly<DriveTimeSplit> = { cruiseS: 0, rampsS: 0, turningS: 0 };

/**
 * A straight run of `metres` from standstill to standstill split into cruise and ramps: a
 * trapezoid spends v/a accelerating and v/b braking and the rest at top speed; a run too short
 * to reach top speed (a triangle) is ramps only; a point's run is all cruise.
 */
export function runTimeSplit(model: RobotKinematics, metres: number): Omit<DriveTimeSplit, 'turningS'> {
  if (metres <= 0) return { cruiseS: 0, rampsS: 0 };
  const { topSpeed: v, acceleration: a, braking: b } = model;
  if (model.point) return { cruiseS: metres / v, rampsS: 0 };
  const rampMetres = (v * v) / (2 * a) + (v * v) / (2 * b);
  if (metres >= rampMetres) return { cruiseS: (metres - rampMetres) / v, rampsS: v / a + v / b };
  const peak = Math.sqrt((2 * metres * a * b) / (a + b));
  return { cruiseS: 0, rampsS: peak / a + peak / b };
}

/**
 * `walkTime`'s drive split into its parts: every straight run's cruise and ramps, every turn in
 * place (the one to `endHeading` included when given).
 */
export function walkTimeSplit(
  model: RobotKinematics,
  points: readonly (readonly [number, number])[],
  startHeading: number,
  endHeading?: number,
): DriveTimeSplit {
  const split = { cruiseS: 0, rampsS: 0, turningS: 0 };
  let heading = startHeading;
  for (const run of runsOfWalk(points).runs) {
    const { cruiseS, rampsS } = runTimeSplit(model, run.cells);
    split.turningS += turnTime(model, heading, run.heading);
    split.cruiseS += cruiseS;
    split.rampsS += rampsS;
    heading = run.heading;
  }
  if (endHeading !== undefined) split.turningS += turnTime(model, heading, endHeading);
  return split;
}
