import type { Floor } from './floor.ts';
import { stepsFor, type FloorParameters } from './floor-parameters.ts';
import { HEADING_STEPS, turnTime } from '../motion/drive-time.ts';
import type { FloorClock } from '../motion/floor-clock.ts';
import { restHeading } from '../motion/least-time-walks.ts';
import type { RobotKinematics } from '../records/robot-models.ts';

/**
 * Whether every move onto and off `cell` goes through one and the same neighbour: a robot that
 * leaves such a cell stands on that neighbour first, so the next robot can enter only a step
 * later than through a cell it can leave ahead.
 */
export function isDeadEnd(floor: Floor, cell: number): boolean {
  // At most one distinct cell among the ways out and in (no Set: free flow asks per visit).
  let only = -1;
  for (let slot = 0; slot < 8; slot++) {
    const other = slot < 4 ? floor.neighbours[cell * 4 + slot] : floor.incoming[cell * 4 + slot - 4];
    if (other < 0 || other === only) continue;
    if (only >= 0) return false;
    only = other;
  }
  return true;
}

/**
 * Steps a robot needs to leave a pickup or dropoff cell so the next may enter: the next robot may
 * step on as this one steps off (one cell's crossing), or, on a dead end entered and left through
 * one neighbour, one crossing later. A point robot crosses a cell in one step of 1 / top speed.
 * A robot with acceleration and turns first turns in place from the way it stood (the cell's rest
 * heading) to the way out, then sets off from standstill, and has left when its centre reaches
 * the next cell's centre (two cells on for a dead end): the least such time over the ways out, so
 * the dock capacity bound that counts visits with this figure stays a bound.
 */
export function dockLeaveSteps(
  floor: Floor,
  parameters: Pick<FloorParameters, 'robotSpeed' | 'stepS' | 'robotModel'>,
  cell: number,
): number {
  const deadEnd = isDeadEnd(floor, cell);
  const model = parameters.robotModel;
  if (model.point) {
    const crossing = Math.max(1, stepsFor(1 / parameters.robotSpeed, parameters.stepS));
    return crossing * (deadEnd ? 2 : 1);
  }
  const rest = restHeading(floor, cell);
  const setOff = timeToCover(model, deadEnd ? 2 : 1);
  let least = Infinity;
  for (let heading = 0; heading < 4; heading++) {
    const [dx, dy] = HEADING_STEPS[heading];
    const x = floor.x(cell) + dx;
    const y = floor.y(cell) + dy;
    if (x < 0 || y < 0 || x >= floor.width || y >= floor.height) continue;
    const out = floor.cellAt(x, y);
    if (floor.allowsStep(cell, out)) least = Math.min(least, turnTime(model, rest, heading) + setOff);
  }
  if (least === Infinity) least = setOff;
  return Math.max(1, stepsFor(least, parameters.stepS));
}

/**
 * How one visit of a robot with acceleration and turns holds a pickup or dropoff cell, its walks
 * in and out known, as the shared floor's moving block holds it (so a dock's queue in the plan
 * is the floor's): the cell is the robot's from when its centre reaches the cell's, before it
 * turns there to the cell's rest heading (`dockArrivalTurnSteps`, the end of its leg in), until
 * its centre reaches the next cell's on its walk out (`dockLeaveStepsTo`). A point robot and a
 * dead end (left through the cell a next robot comes in by) turn nothing and keep
 * `dockLeaveSteps`, the least over the ways out.
 */
const keepsLeastStay = (clock: FloorClock, cell: number) =>
  clock.parameters.robotModel.point || isDeadEnd(clock.floor, cell);

/** Steps of the turn to the rest heading at the end of the leg from `fromCell` (0 when it did not move). */
export function dockArrivalTurnSteps(clock: FloorClock, cell: number, fromCell: number): number {
  if (fromCell === cell || keepsLeastStay(clock, cell)) return 0;
  const { arriveHeading } = clock.legEnds(fromCell, cell);
  if (arriveHeading < 0) return 0;
  const { robotModel, stepS } = clock.parameters;
  // Whole ticks only: the centre may be a part of a tick earlier than this, never later.
  return Math.floor(turnTime(robotModel, arriveHeading, clock.restHeading(cell)) / stepS + 1e-9);
}

/**
 * Steps from the end of the handling until the centre reaches the next cell of the walk to
 * `toCell` (-1: the robot stays, and keeps the least way out): the turn from the rest heading to
 * that walk and the first metre of its first straight run, from standstill.
 */
export function dockLeaveStepsTo(clock: FloorClock, cell: number, toCell: number): number {
  const { floor, parameters } = clock;
  if (toCell < 0 || toCell === cell || keepsLeastStay(clock, cell)) return dockLeaveSteps(floor, parameters, cell);
  const { leaveHeading, firstRunCells } = clock.legEnds(cell, toCell);
  if (leaveHeading < 0) return dockLeaveSteps(floor, parameters, cell);
  const model = parameters.robotModel;
  const seconds = turnTime(model, clock.restHeading(cell), leaveHeading) + timeToFirstCentre(model, firstRunCells);
  return Math.max(1, stepsFor(seconds, parameters.stepS));
}

/**
 * Seconds from standstill until the centre has driven the first metre of a straight run of
 * `runMetres` that ends at standstill: on the acceleration ramp, at top speed, or already braking
 * (a short run whose braking begins before its first metre ends).
 */
function timeToFirstCentre(model: RobotKinematics, runMetres: number): number {
  const { topSpeed: v, acceleration: a, braking: b } = model;
  const cruises = runMetres >= (v * v) / (2 * a) + (v * v) / (2 * b);
  const peak = cruises ? v : Math.sqrt((2 * runMetres * a * b) / (a + b));
  const accelerating = (peak * peak) / (2 * a);
  if (accelerating >= 1) return Math.sqrt(2 / a);
  const braking = (peak * peak) / (2 * b);
  if (runMetres - braking >= 1) return peak / a + (1 - accelerating) / peak;
  // Braking already: the rest of the run takes sqrt(2 x rest / b) to standstill.
  const total = peak / a + (runMetres - accelerating - braking) / peak + peak / b;
  return total - Math.sqrt((2 * (runMetres - 1)) / b);
}

/** Seconds from standstill until the centre has driven `metres` (accelerating, then at top speed; no braking: it drives on). */
function timeToCover(model: RobotKinematics, metres: number): number {
  const { topSpeed: v, acceleration: a } = model;
  const ramp = (v * v) / (2 * a);
  return metres <= ramp ? Math.sqrt((2 * metres) / a) : v / a + (metres - ramp) / v;
}

/**
 * The pickup and dropoff cells and the one rule for who enters when: one robot at a time, first
 * come, first served, as the stations' chargers (`ChargerPool`). A robot that reaches a cell
 * another robot's visit holds waits beside it and enters when that visit ends; robots are served
 * in order of arrival, and robots arriving at the same moment in the order of the fleet.
 *
 * Claims must be made in that order: by arrival, then robot order. Times are in steps.
 */
export class DockPool {
  /** Per cell, the step its last visit ends (absent: never visited). */
  private readonly freeAt = new Map<number, number>();

  /** The step `cell` is next free (-Infinity: it is free now and was never held). */
  firstFree(cell: number): number {
    return this.freeAt.get(cell) ?? -Infinity;
  }

  /**
   * Takes `cell` for a robot that reached it at `arrival` and holds it `holdSteps` (its handling
   * there and leaving: `dockArrivalTurnSteps`, the handling and `dockLeaveStepsTo`, the handling
   * counted once more when it handles there twice in a row); returns
   * the step it enters.
   */
  claim(cell: number, arrival: number, holdSteps: number): number {
    const enter = Math.max(arrival, this.firstFree(cell));
    this.freeAt.set(cell, enter + holdSteps);
    return enter;
  }
}
