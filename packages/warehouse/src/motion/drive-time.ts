import type { RobotKinematics } from '../records/robot-models.ts';

/**
 * The one home of travel time: how long a robot of a given model takes for a straight run, a
 * turn in place and a whole floor walk. The plan's legs, free flow, the shared floor, the
 * checker and the player all read these.
 *
 * Headings are quarter turns: 0 = +x, 1 = +y, 2 = -x, 3 = -y (degrees = 90 x heading; y grows
 * downwards on the floor, as its cells are numbered).
 */

export type Heading = 0 | 1 | 2 | 3;

/**
 * Seconds a step of the floor's clock lasts for a robot with acceleration and turns (a point
 * robot's step is 1 / robot_speed, one cell): fine enough that rounding each leg up to it moves
 * a day's figures by hundredths of a percent.
 */
export const MOTION_TICK_S = 0.05;

/** Cell steps of each heading: +x, +y, -x, -y. */
export const HEADING_STEPS: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
];

/** The floor's neighbour slot (`Floor.neighbours`: right, left, down, up) of each heading (+x, +y, -x, -y). */
export const FLOOR_DIRECTION_OF_HEADING: readonly number[] = [0, 2, 1, 3];

/** The heading of each of the floor's neighbour slots (the inverse of FLOOR_DIRECTION_OF_HEADING). */
export const HEADING_OF_FLOOR_DIRECTION: readonly Heading[] = FLOOR_DIRECTION_OF_HEADING.map(
  (_, slot) => FLOOR_DIRECTION_OF_HEADING.indexOf(slot) as Heading,
);

/** The heading of a step between two neighbouring cells (dx, dy), or -1 when it is not one step. */
export function headingOfStep(dx: number, dy: number): Heading | -1 {
  for (let h = 0; h < 4; h++) if (HEADING_STEPS[h][0] === dx && HEADING_STEPS[h][1] === dy) return h as Heading;
  return -1;
}

/** Quarter turns from one heading to another, the short way round (0, 1 or 2). */
export function quarterTurns(from: number, to: number): number {
  const diff = (((to - from) % 4) + 4) % 4;
  return diff === 3 ? 1 : diff;
}

/** Seconds to turn in place from one heading to another. */
export function turnTime(model: RobotKinematics, from: number, to: number): number {
  return quarterTurns(from, to) * model.quarterTurnS;
}

/**
 * Seconds a start from standstill to top speed takes beyond cruising the same metres (v / 2a),
 * and the same of braking to a stop (v / 2b): what a stop costs a robot at speed (0 for a point).
 */
export function speedChangeLossS(model: RobotKinematics): { start: number; brake: number } {
  return { start: model.topSpeed / (2 * model.acceleration), brake: model.topSpeed / (2 * model.braking) };
}

/**
 * Seconds for a straight run of `metres` from standstill to standstill: accelerate, cruise at top
 * speed, brake (a trapezoid), or, when the run is too short to reach top speed, accelerate and
 * brake at once (a triangle). A point covers it at top speed.
 */
export function runTime(model: RobotKinematics, metres: number): number {
  if (metres <= 0) return 0;
  const { topSpeed: v, acceleration: a, braking: b } = model;
  if (model.point) return metres / v;
  const ramps = (v * v) / (2 * a) + (v * v) / (2 * b);
  if (metres >= ramps) return metres / v + v / (2 * a) + v / (2 * b);
  const peak = Math.sqrt((2 * metres * a * b) / (a + b));
  return peak / a + peak / b;
}

/**
 * Metres from which a run's time grows by 1 / top speed a metre (the run reaches top speed): the
 * whole cells of the acceleration and braking ramps, at least 1.
 */
export function cruisingRunCells(model: RobotKinematics): number {
  if (model.point) return 1;
  const { topSpeed: v, acceleration: a, braking: b } = model;
  return Math.max(1, Math.ceil((v * v) / (2 * a) + (v * v) / (2 * b) - 1e-9));
}

/** A walk cut into its straight runs: each run's heading and length in cells. */
export interface WalkRuns {
  runs: { heading: Heading; cells: number }[];
}

/** The straight runs of a walk given as floor coordinates, one cell a step; throws on a jump. */
export function runsOfWalk(points: readonly (readonly [number, number])[]): WalkRuns {
  const runs: WalkRuns['runs'] = [];
  for (let i = 1; i < points.length; i++) {
    const heading = headingOfStep(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
    if (heading < 0)
      throw new Error(`A walk steps from (${points[i - 1].join(', ')}) to (${points[i].join(', ')}): not neighbours`);
    const last = runs.at(-1);
    if (last && last.heading === heading) last.cells++;
    else runs.push({ heading: heading as Heading, cells: 1 });
  }
  return { runs };
}
/**
 * Seconds to drive a walk (floor coordinates, one cell a step) from standstill facing
 * `startHeading`, stopping before every turn, turning in place, and at the end turning to
 * `endHeading` when given. Cells are 1 m.
 */
export function walkTime(
  model: RobotKinematics,
  points: readonly (readonly [number, number])[],
  startHeading: number,
  endHeading?: number,
): number {
  let heading = startHeading;
  let time = 0;
  for (const run of runsOfWalk(points).runs) {
    time += turnTime(model, heading, run.heading) + runTime(model, run.cells);
    heading = run.heading;
  }
  if (endHeading !== undefined) time += turnTime(model, heading, endHeading);
  return time;
}
