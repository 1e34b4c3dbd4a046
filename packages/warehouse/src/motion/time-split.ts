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
 * A straight run from standstill to standstill, phase by phase: it accelerates for `accelerateS`
 * up to `peakSpeed`, holds it for `cruiseS` and brakes for `brakeS`. A trapezoid spends v/a
 * accelerating and v/b braking and the rest at top speed; a run too short to reach top speed (a
 * triangle) peaks at sqrt(2 m a b / (a + b)); a point's run is all cruise. The phases add up to
 * `runTime`; the player draws a robot model's runs with them.
 */
export interface RunPhases {
  readonly peakSpeed: number;
  readonly accelerateS: number;
  readonly cruiseS: number;
  readonly brakeS: number;
}

export function runPhases(model: RobotKinematics, metres: number): RunPhases {
  const { topSpeed: v, acceleration: a, braking: b } = model;
  if (metres <= 0) return { peakSpeed: 0, accelerateS: 0, cruiseS: 0, brakeS: 0 };
  if (model.point) return { peakSpeed: v, accelerateS: 0, cruiseS: metres / v, brakeS: 0 };
  const rampMetres = (v * v) / (2 * a) + (v * v) / (2 * b);
  if (metres >= rampMetres)
    return { peakSpeed: v, accelerateS: v / a, cruiseS: (metres - rampMetres) / v, brakeS: v / b };
  const peak = Math.sqrt((2 * metres * a * b) / (a + b));
  return { peakSpeed: peak, accelerateS: peak / a, cruiseS: 0, brakeS: peak / b };
}

/** A straight run of `metres` from standstill to standstill split into cruise and ramps (`runPhases`). */
export function runTimeSplit(model: RobotKinematics, metres: number): Omit<DriveTimeSplit, 'turningS'> {
  const phases = runPhases(model, metres);
  return { cruiseS: phases.cruiseS, rampsS: phases.accelerateS + phases.brakeS };
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
