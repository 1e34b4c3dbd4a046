// What the player knows about one robot at one instant, whichever replay produced it (the
// plan's motion model or the executed traffic timelines). Samplers write into these objects,
// which the caller creates once and reuses: a frame allocates nothing.

/**
 * Spec §4 motion states, and with traffic three more: 'waiting' (blocked by another robot with
 * work left), 'queued' (waiting for a free charger at its station) and 'turning' (in place, for a
 * robot model that turns; replayed from the execution's motion).
 */
export type MotionState =
  | 'accelerating'
  | 'decelerating'
  | 'cruising'
  | 'turning'
  | 'stopped'
  | 'recharging'
  | 'waiting'
  | 'queued';
export type LocationState = 'at pickup' | 'at dropoff' | 'in transit' | 'idle';

export interface Position {
  readonly x: number;
  readonly y: number;
}

/** Spec §2/§9: the low battery alert shows at 15% or less. */
export const LOW_BATTERY_PERCENT = 15;

/**
 * Body radius, in cells, of a robot in the traffic replay. Neighbours there stand one cell
 * apart and, turning past each other with eased starts and stops, never come closer than 0.53
 * of a cell, so bodies of this size never overlap.
 */
export const TRAFFIC_BODY_RADIUS_CELLS = 0.26;

export interface RobotState {
  readonly robotId: string;
  /** Grid units (metres): where the robot's centre is drawn. */
  x: number;
  y: number;
  /** Radians, screen convention (x right, y down). */
  heading: number;
  speed: number;
  motion: MotionState;
  location: LocationState;
  /** Index into the replay's route points of the next point ahead (for drawing the rest of the route). */
  routePoint: number;
  /** Index of the step under way; -1 before any and once done. */
  stepIndex: number;
  completedDeliveries: number;
  /** Metres since the last charge (the simulation's distance counter). */
  distanceSinceCharge: number;
  battery: number;
  batteryPercent: number;
  lowBattery: boolean;
  done: boolean;
  /** Drawn size against a robot on the floor: below 1 while it shares its station's cell with others. */
  scale: number;
}

/** What the canvas and the robot table read of a replayed robot, in either mode. */
export interface ReplayRobot {
  readonly robotId: string;
  readonly stepCount: number;
  readonly deliveryCount: number;
  /** The robot's whole route as points (grid units); `RobotState.routePoint` indexes it. */
  readonly xs: Float64Array;
  readonly ys: Float64Array;
}

export interface ReplayModel {
  readonly robots: readonly ReplayRobot[];
  /** Simulated time at which every robot is done. */
  readonly endTime: number;
}

export function createRobotState(robotId: string): RobotState {
  return {
    robotId,
    x: 0,
    y: 0,
    heading: 0,
    speed: 0,
    motion: 'stopped',
    location: 'idle',
    routePoint: 0,
    stepIndex: -1,
    completedDeliveries: 0,
    distanceSinceCharge: 0,
    battery: 0,
    batteryPercent: 0,
    lowBattery: false,
    done: false,
    scale: 1,
  };
}

export function createFleetStates(model: ReplayModel): RobotState[] {
  return model.robots.map((robot) => createRobotState(robot.robotId));
}

/** Writes the battery that `distanceSinceCharge` metres leave of a charge at `base` units. */
export function setBattery(
  out: RobotState,
  capacity: number,
  maxDistance: number,
  base: number,
  distanceSinceCharge: number,
): void {
  const drained = maxDistance > 0 ? (capacity * distanceSinceCharge) / maxDistance : 0;
  const battery = Math.min(capacity, Math.max(0, base - drained));
  out.distanceSinceCharge = distanceSinceCharge;
  out.battery = battery;
  out.batteryPercent = capacity > 0 ? (battery / capacity) * 100 : 0;
  out.lowBattery = out.batteryPercent <= LOW_BATTERY_PERCENT;
}

/** Index of the last entry <= value in an ascending array, or from - 1. */
export function lastAtOrBefore(values: ArrayLike<number>, value: number, from = 0, to = values.length - 1): number {
  let low = from;
  let high = to;
  let found = from - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (values[middle] <= value) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
