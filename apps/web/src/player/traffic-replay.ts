// The traffic replay: a solve's execution (every robot on the shared floor at once, see
// packages/simulator/README.md) turned into per-robot lookups the player samples each frame.
// Pure: the execution, environment and parameters go in; each robot's state at a simulated
// time t comes out.
//
// Built once per execution, per robot and per step of the executed day: the cell it stands
// on (the record's timeline), what it is doing (the record's activities: driving, waiting,
// queued, charging, handling, idle) and the metres it has driven since its last charge.
// Nothing is re-derived: an execution stored before activities were recorded is replayed as
// movement only, and says so. Sampling a frame is then two array reads per robot and a linear
// interpolation within the step, so a frame costs O(robots) whatever the length of the day,
// and writes into state objects the caller reuses: no allocation.
//
// A robot model other than `point` records the motion that ran (`motion`: segments of time,
// position, heading, speed, acceleration and state). Its robots are then placed from their
// segments (a binary search per robot and frame, O(robots x log segments)): they accelerate,
// cruise, brake and turn as executed, face their heading, and the player's sliders do not apply.

import {
  ACTIVITY_CODE,
  MOTION_SEGMENT_LENGTH,
  motionStateValues,
  decodeActivities,
  decodeTimeline,
  fleetOfPlan,
  Floor,
  resolveFloorParameters,
  type FleetEnvironment,
  type FloorEnvironment,
  type FloorParameterInput,
} from '@fleetlab/warehouse';
import type { ExecutionRecord, RobotExecutionRecord } from '@fleetlab/warehouse';
import { batteryCapacityOf, compareRobotIds, maxDistanceOf, type PlanParameters } from '../lib/plan-model.ts';
import {
  lastAtOrBefore,
  setBattery,
  TRAFFIC_BODY_RADIUS_CELLS,
  type ReplayModel,
  type ReplayRobot,
  type RobotState,
} from './robot-state.ts';

/**
 * What a robot does during one step, in bits 0-3 of its step code: the record's activity
 * (`ACTIVITY_CODE`), handling at a dropoff told apart from handling at a pickup, or nothing
 * recorded.
 */
const DOING = {
  ...ACTIVITY_CODE,
  handlingAtDropoff: 9,
  notRecorded: 10,
} as const;
const DOING_MASK = 0b1111;
/** Bits 4-5 of a step code: the direction of the robot's last move (right, down, left, up). */
const DIRECTION_SHIFT = 4;
const DIRECTION_MASK = 0b11;
/** Bit 6 of a step code: the robot moves to another cell during the step (the record's timeline says so). */
const MOVING = 0b100_0000;
const HEADINGS = [0, Math.PI / 2, Math.PI, -Math.PI / 2] as const;
/** Metres since a charge are stored in 16 bits; the spec's max_distance stays far below. */
const MAX_STORED_METRES = 0xffff;
/** Share of a slot's width a robot standing in its station's cell fills. */
const DEPOT_FILL = 0.78;

export type TrafficParameters = PlanParameters & FloorParameterInput;

export interface TrafficRobot extends ReplayRobot {
  /** Last step of its arrays: from then on it stands where it is, done. */
  readonly endStep: number;
  /** Per step 0..endStep: the floor cell (y * width + x) it stands on at that step. */
  readonly cells: Int32Array;
  /** Per step: what it does during [step, step + 1) in bits 0-3 (`DOING`), direction of its last move in bits 4-5, whether it moves in bit 6. */
  readonly codes: Uint8Array;
  /** Per step: metres driven since the last charge ended (0 at the start: batteries start full). */
  readonly sinceCharge: Uint16Array;
  /** Steps at which each delivery's dropoff is reached, in order. */
  readonly deliveryDone: Float64Array;
  /** Steps at which each piece of work (delivery with its handling, charge) is over, ascending. */
  readonly workDone: Float64Array;
  readonly chargeStarts: Int32Array;
  readonly chargeEnds: Int32Array;
  /** Step at which its last piece of work was over. */
  readonly finishStep: number;
  /** Runs of recorded waiting or queued steps [start, end), with the waiting steps before each run. */
  readonly waitStarts: Int32Array;
  readonly waitEnds: Int32Array;
  readonly waitBefore: Int32Array;
  /** Steps of the route's points (`xs`, `ys`): the timeline's waypoints. */
  readonly waypointSteps: Int32Array;
  /** Its station's cell, where robots of the station stand side by side (-1 if it has none). */
  readonly homeCell: number;
  /** Where it is drawn, and at what size, while it stands in its station's cell. */
  readonly depotX: number;
  readonly depotY: number;
  readonly depotScale: number;
  /** The motion that ran (a robot model other than `point`); null: the timeline is the motion. */
  readonly motion: MotionSegments | null;
}

/** A robot's recorded motion segments, column by column (see `robotExecutionSchema.motion`). */
export interface MotionSegments {
  /** Seconds each segment starts, ascending. */
  readonly t: Float64Array;
  /** Where the robot's centre is at the segment's start, in grid units (a cell's centre at +0.5). */
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Radians, screen convention (0 = +x, pi/2 = +y). */
  readonly heading: Float64Array;
  /** m/s and m/s² along the heading at the segment's start. */
  readonly speed: Float64Array;
  readonly accel: Float64Array;
  /** Index into `motionStateValues`. */
  readonly state: Uint8Array;
}

export interface TrafficModel extends ReplayModel {
  readonly robots: readonly TrafficRobot[];
  /** Simulated seconds per step (1 / robot_speed). */
  readonly stepSeconds: number;
  readonly width: number;
  readonly batteryCapacity: number;
  readonly maxDistance: number;
  /** Whether the execution records what each robot did (executions stored before it was recorded do not). */
  readonly activitiesRecorded: boolean;
  /** Whether the execution records its robots' motion (a robot model other than `point`): the sliders then do not apply. */
  readonly motionRecorded: boolean;
}

/** Splits a robot's flat `motion` into columns; null when it has none. */
export function motionSegmentsOf(motion: readonly number[] | undefined): MotionSegments | null {
  if (!motion || motion.length < MOTION_SEGMENT_LENGTH) return null;
  const count = Math.floor(motion.length / MOTION_SEGMENT_LENGTH);
  const column = (offset: number, map: (value: number) => number = (value) => value) =>
    Float64Array.from({ length: count }, (_, k) => map(motion[k * MOTION_SEGMENT_LENGTH + offset]));
  return {
    t: column(0),
    x: column(1, (x) => x + 0.5),
    y: column(2, (y) => y + 0.5),
    heading: column(3, (degrees) => (degrees * Math.PI) / 180),
    speed: column(4),
    accel: column(5),
    state: Uint8Array.from({ length: count }, (_, k) => motion[k * MOTION_SEGMENT_LENGTH + 6]),
  };
}

/** Robots standing together in one station cell are laid out on a small grid inside it. */
function depotLayout(slot: number, robotsAtStation: number, cell: number, width: number) {
  const columns = Math.max(1, Math.ceil(Math.sqrt(robotsAtStation)));
  const pitch = 1 / columns;
  return {
    x: (cell % width) + ((slot % columns) + 0.5) * pitch,
    y: Math.floor(cell / width) + (Math.floor(slot / columns) + 0.5) * pitch,
    scale: Math.min(1, (DEPOT_FILL * pitch) / (2 * TRAFFIC_BODY_RADIUS_CELLS)),
  };
}

function directionCode(delta: number, width: number): number {
  if (delta === 1) return 0;
  if (delta === width) return 1;
  if (delta === -1) return 2;
  return 3;
}

interface RobotPlaces {
  readonly homeCell: number;
  readonly slot: number;
  readonly robotsAtStation: number;
}

/** What the robot does at each step, from its recorded activities (handling at a dropoff starts where a delivery is done). */
function recordedDoing(record: RobotExecutionRecord, endStep: number, deliveryDone: Float64Array): Uint8Array {
  const doing = new Uint8Array(endStep + 1).fill(DOING.notRecorded);
  if (!record.activities) return doing;
  const dropoffArrivals = new Set(deliveryDone);
  for (const interval of decodeActivities(record.activities, endStep + 1)) {
    const code =
      interval.kind === 'handling' && dropoffArrivals.has(interval.startStep)
        ? DOING.handlingAtDropoff
        : ACTIVITY_CODE[interval.kind];
    doing.fill(code, interval.startStep, Math.min(interval.endStep, endStep + 1));
  }
  return doing;
}

/** Runs of recorded waiting and queued steps, and the waiting before each. */
function waitRuns(doing: Uint8Array, endStep: number) {
  const waitStarts: number[] = [];
  const waitEnds: number[] = [];
  const waitBefore: number[] = [];
  let waited = 0;
  for (let step = 0; step < endStep; step += 1) {
    if (doing[step] !== DOING.waiting && doing[step] !== DOING.queued && doing[step] !== DOING.dock_queued) continue;
    if (waitEnds.length > 0 && waitEnds[waitEnds.length - 1] === step) {
      waitEnds[waitEnds.length - 1] = step + 1;
    } else {
      waitStarts.push(step);
      waitEnds.push(step + 1);
      waitBefore.push(waited);
    }
    waited += 1;
  }
  return {
    waitStarts: Int32Array.from(waitStarts),
    waitEnds: Int32Array.from(waitEnds),
    waitBefore: Int32Array.from(waitBefore),
  };
}

function buildRobot(
  robotId: string,
  record: RobotExecutionRecord,
  places: RobotPlaces,
  width: number,
  stepSeconds: number,
  handlingSteps: number,
): TrafficRobot {
  // The record's times are whole steps, written in seconds rounded to the hundredth.
  const toStep = (seconds: number) => Math.round(seconds / stepSeconds);
  const timeline = record.timeline;
  let lastWaypointStep = 0;
  for (let k = 0; k < timeline.length; k += 3) lastWaypointStep = Math.max(lastWaypointStep, timeline[k]);
  const lastActivityStep =
    record.activities && record.activities.length >= 2 ? record.activities[record.activities.length - 2] : 0;
  const finishStep = toStep(record.finish_s);
  const chargeStarts = Int32Array.from(record.charges, (charge) => toStep(charge.start_s));
  const chargeEnds = Int32Array.from(record.charges, (charge) => toStep(charge.end_s));
  const endStep = Math.max(
    lastWaypointStep,
    finishStep,
    lastActivityStep,
    chargeEnds.length > 0 ? chargeEnds[chargeEnds.length - 1] : 0,
  );
  const cells = decodeTimeline(timeline, endStep, width);
  const deliveryDone = Float64Array.from(record.deliveries, (delivery) => toStep(delivery.done_s));
  const doing = recordedDoing(record, endStep, deliveryDone);

  const codes = new Uint8Array(endStep + 1);
  const sinceCharge = new Uint16Array(endStep + 1);
  let direction = 0;
  let metres = 0;
  let nextCharge = 0;
  for (let step = 0; step <= endStep; step += 1) {
    while (nextCharge < chargeEnds.length && chargeEnds[nextCharge] <= step) {
      if (chargeEnds[nextCharge] === step) metres = 0;
      nextCharge += 1;
    }
    sinceCharge[step] = Math.min(MAX_STORED_METRES, metres);
    const moved = step < endStep && cells[step + 1] !== cells[step];
    if (moved) {
      direction = directionCode(cells[step + 1] - cells[step], width);
      metres += 1;
    }
    codes[step] = doing[step] | (direction << DIRECTION_SHIFT) | (moved ? MOVING : 0);
  }

  const workDone = Float64Array.from(
    [...Array.from(deliveryDone, (done) => done + handlingSteps), ...chargeEnds].sort((a, b) => a - b),
  );
  const waypointCount = timeline.length / 3;
  const xs = new Float64Array(waypointCount);
  const ys = new Float64Array(waypointCount);
  const waypointSteps = new Int32Array(waypointCount);
  for (let k = 0; k < waypointCount; k += 1) {
    waypointSteps[k] = timeline[3 * k];
    xs[k] = timeline[3 * k + 1] + 0.5;
    ys[k] = timeline[3 * k + 2] + 0.5;
  }
  const depot = depotLayout(places.slot, places.robotsAtStation, places.homeCell, width);
  return {
    robotId,
    stepCount: record.deliveries.length + record.charges.length,
    deliveryCount: record.deliveries.length,
    xs,
    ys,
    endStep,
    cells,
    codes,
    sinceCharge,
    deliveryDone,
    workDone,
    chargeStarts,
    chargeEnds,
    finishStep,
    ...waitRuns(doing, endStep),
    waypointSteps,
    homeCell: places.homeCell,
    depotX: depot.x,
    depotY: depot.y,
    depotScale: depot.scale,
    motion: motionSegmentsOf(record.motion),
  };
}

/** Each executed robot's station cell and its place among the executed robots of that station. */
function placesOf(
  environment: FloorEnvironment,
  floor: Floor,
  executed: ReadonlySet<string>,
): Map<string, RobotPlaces> {
  const byStation = new Map<string, string[]>();
  for (const robot of environment.elements.robots ?? []) {
    if (!executed.has(robot.id)) continue;
    const ids = byStation.get(robot.station_id) ?? [];
    ids.push(robot.id);
    byStation.set(robot.station_id, ids);
  }
  const places = new Map<string, RobotPlaces>();
  for (const [stationId, ids] of byStation) {
    const homeCell = floor.cellOf(stationId) ?? -1;
    ids.forEach((id, slot) => places.set(id, { homeCell, slot, robotsAtStation: ids.length }));
  }
  return places;
}

/**
 * Builds the replay of an execution on its environment. Throws when the environment is not a
 * floor the execution can run on (the warehouse's FloorError, naming the problem).
 */
export function buildTrafficModel(
  execution: ExecutionRecord,
  drawn: FleetEnvironment,
  parameters?: TrafficParameters | null,
): TrafficModel {
  const robotIds = Object.keys(execution.robots).sort(compareRobotIds);
  // The fleet the solve ran: robots beyond the drawing park beside their stations (`fleetOfPlan`).
  const environment = { ...drawn, elements: { ...drawn.elements, robots: fleetOfPlan(drawn, robotIds) } };
  const floor = new Floor(environment);
  const stepSeconds = execution.step_s;
  const { handlingSteps } = resolveFloorParameters({ ...parameters, robot_speed: 1 / stepSeconds });
  const places = placesOf(environment, floor, new Set(robotIds));
  const robots = robotIds.map((robotId) => {
    const record = execution.robots[robotId];
    const start = record.timeline.length >= 3 ? record.timeline[2] * floor.width + record.timeline[1] : -1;
    const robotPlaces = places.get(robotId) ?? { homeCell: start, slot: 0, robotsAtStation: 1 };
    return buildRobot(robotId, record, robotPlaces, floor.width, stepSeconds, handlingSteps);
  });
  let endStep = 0;
  for (const robot of robots) endStep = Math.max(endStep, robot.endStep);
  // A shift lasts its hours whatever the robots do last: its replay runs to the execution's end.
  if (execution.orders) endStep = Math.max(endStep, execution.totals.steps);
  return {
    robots,
    endTime: endStep * stepSeconds,
    stepSeconds,
    width: floor.width,
    batteryCapacity: batteryCapacityOf(undefined, parameters),
    maxDistance: maxDistanceOf(undefined, parameters),
    activitiesRecorded: robotIds.every((robotId) => execution.robots[robotId].activities !== undefined),
    motionRecorded: robots.some((robot) => robot.motion !== null),
  };
}

// ---------------------------------------------------------------- sampling

/**
 * How much robots ease out of stops and into them (0 none .. 1 full) with the player's max
 * speed and acceleration. The execution fixes the step in which a robot crosses each cell, so a
 * robot that pulls away gently must make up for it before the step ends, briefly above the
 * solve's robot speed: max speed bounds that (a full ease peaks at 1.5 x the robot speed, so
 * at or below the robot speed there is none), and the acceleration sets how much of the cell
 * the ramp takes (v² / 2a metres, at most the whole cell).
 */
export function trafficEase(stepSeconds: number, maxSpeed: number, acceleration: number): number {
  const robotSpeed = 1 / stepSeconds;
  const headroom = 2 * (maxSpeed / robotSpeed - 1);
  const ramp = acceleration > 0 ? (robotSpeed * robotSpeed) / (2 * acceleration) : 1;
  return Math.min(1, Math.max(0, Math.min(headroom, ramp)));
}

/**
 * Progress through a one-cell move (0..1) at `fraction` of its step, and the speed factor
 * there, when the robot starts from rest and/or comes to rest in this step. The curves meet the
 * straight run at the cell's edge with the same speed, so a longer run stays smooth.
 */
function easedProgress(
  fraction: number,
  starting: boolean,
  stopping: boolean,
  ease: number,
  out: { progress: number; speed: number },
) {
  let curve = fraction;
  let slope = 1;
  if (starting && stopping) {
    curve = fraction * fraction * (3 - 2 * fraction);
    slope = 6 * fraction * (1 - fraction);
  } else if (starting) {
    curve = fraction * fraction * (2 - fraction);
    slope = fraction * (4 - 3 * fraction);
  } else if (stopping) {
    const rest = 1 - fraction;
    curve = 1 - rest * rest * (2 - rest);
    slope = rest * (4 - 3 * rest);
  }
  out.progress = fraction + ease * (curve - fraction);
  out.speed = 1 + ease * (slope - 1);
}

const eased = { progress: 0, speed: 1 };

/** Per `DOING` code: the motion and location a standing robot shows (a moving one is in transit). */
const MOTION_OF_DOING = [
  'stopped',
  'stopped',
  'stopped',
  'waiting',
  'queued',
  'recharging',
  'stopped',
  // stopped: a delay or a breakdown, where it stands on its way.
  'stopped',
  // dock_queued: standing by beside a pickup or dropoff, as a robot waiting for another does.
  'waiting',
  'stopped',
  'stopped',
] as const;
const LOCATION_OF_DOING = [
  'idle',
  'in transit',
  'in transit',
  'in transit',
  'idle',
  'idle',
  'at pickup',
  'in transit',
  'in transit',
  'at dropoff',
  'in transit',
] as const;

/**
 * Writes the robot's state at simulated time `time` into `out`; `ease` (from `trafficEase`)
 * shapes starts and stops within their steps, 0 moves at the robot speed throughout.
 */
export function sampleTrafficRobot(
  model: TrafficModel,
  robot: TrafficRobot,
  time: number,
  out: RobotState,
  ease = 0,
): RobotState {
  const at = Math.max(0, time / model.stepSeconds);
  const done = at >= robot.endStep;
  const step = done ? robot.endStep : Math.floor(at);
  const fraction = done ? 0 : at - step;
  const code = robot.codes[step];
  const doing = code & DOING_MASK;
  const moving = !done && (code & MOVING) !== 0;
  const width = model.width;

  const from = robot.cells[step];
  const atHome = from === robot.homeCell;
  const fromX = atHome ? robot.depotX : (from % width) + 0.5;
  const fromY = atHome ? robot.depotY : Math.floor(from / width) + 0.5;
  const fromScale = atHome ? robot.depotScale : 1;
  if (moving) {
    const to = robot.cells[step + 1];
    const toHome = to === robot.homeCell;
    const toX = toHome ? robot.depotX : (to % width) + 0.5;
    const toY = toHome ? robot.depotY : Math.floor(to / width) + 0.5;
    const starting = step === 0 || (robot.codes[step - 1] & MOVING) === 0;
    const stopping = step + 1 >= robot.endStep || (robot.codes[step + 1] & MOVING) === 0;
    easedProgress(fraction, starting, stopping, ease, eased);
    out.x = fromX + (toX - fromX) * eased.progress;
    out.y = fromY + (toY - fromY) * eased.progress;
    out.scale = fromScale + ((toHome ? robot.depotScale : 1) - fromScale) * eased.progress;
    out.speed = eased.speed / model.stepSeconds;
    out.motion =
      ease > 0 && (starting || stopping)
        ? starting && (!stopping || fraction < 0.5)
          ? 'accelerating'
          : 'decelerating'
        : 'cruising';
    out.location = 'in transit';
  } else {
    out.x = fromX;
    out.y = fromY;
    out.scale = fromScale;
    out.speed = 0;
    out.motion = done ? 'stopped' : MOTION_OF_DOING[doing];
    out.location = done || (doing === DOING.notRecorded && at >= robot.finishStep) ? 'idle' : LOCATION_OF_DOING[doing];
  }
  out.heading = HEADINGS[(code >> DIRECTION_SHIFT) & DIRECTION_MASK];
  if (robot.motion) placeFromMotion(robot.motion, time, width, moving ? -1 : from, out);
  out.done = done;
  out.routePoint = lastAtOrBefore(robot.waypointSteps, at) + 1;
  out.completedDeliveries = lastAtOrBefore(robot.deliveryDone, at) + 1;
  const workUnderWay = lastAtOrBefore(robot.workDone, at) + 1;
  out.stepIndex = done || workUnderWay >= robot.stepCount ? -1 : workUnderWay;

  const metres = robot.sinceCharge[step] + (moving ? eased.progress : 0);
  const charge = lastAtOrBefore(robot.chargeStarts, at);
  if (charge >= 0 && at < robot.chargeEnds[charge]) {
    // The charge (as recorded) fills the battery evenly from its level on arrival to full at the end.
    const start = robot.chargeStarts[charge];
    const length = robot.chargeEnds[charge] - start;
    const charged = length > 0 ? Math.min(1, (at - start) / length) : 1;
    setBattery(out, model.batteryCapacity, model.maxDistance, model.batteryCapacity, metres * (1 - charged));
  } else {
    setBattery(out, model.batteryCapacity, model.maxDistance, model.batteryCapacity, metres);
  }
  return out;
}

const STOPPED = motionStateValues.indexOf('stopped');
const TURNING = motionStateValues.indexOf('turning');

/**
 * Places a robot from its motion segments at `time`: the segment's start moved along its
 * heading by v dt + a dt² / 2, a turning segment's heading carried evenly to the next segment's
 * (the short way round), the speed v + a dt and the segment's state. A stopped robot keeps what
 * its steps say it does (waiting, queued, charging or stopped) and stands in its station's slot
 * when it is home.
 */
function placeFromMotion(
  motion: MotionSegments,
  time: number,
  width: number,
  standingCell: number,
  out: RobotState,
): void {
  // Where the steps put a standing robot (its station slot at home), kept when the motion stands in that cell.
  const standingX = out.x;
  const standingY = out.y;
  const k = Math.max(0, lastAtOrBefore(motion.t, time));
  const dt = Math.max(0, time - motion.t[k]);
  const state = motion.state[k];
  const heading = motion.heading[k];
  if (state === TURNING) {
    const next = k + 1 < motion.t.length ? k + 1 : -1;
    const span = next < 0 ? 0 : motion.t[next] - motion.t[k];
    let turn = next < 0 ? 0 : motion.heading[next] - heading;
    turn = Math.atan2(Math.sin(turn), Math.cos(turn));
    out.heading = span > 0 ? heading + turn * Math.min(1, dt / span) : heading;
    out.x = motion.x[k];
    out.y = motion.y[k];
    out.speed = 0;
    out.scale = 1;
    out.motion = 'turning';
    out.location = 'in transit';
    return;
  }
  const v = motion.speed[k];
  const a = motion.accel[k];
  const along = v * dt + (a * dt * dt) / 2;
  out.heading = heading;
  out.x = motion.x[k] + Math.cos(heading) * along;
  out.y = motion.y[k] + Math.sin(heading) * along;
  out.speed = Math.max(0, v + a * dt);
  if (state === STOPPED) {
    // The steps say why it stands (waiting, queued, charging) and, at home, its slot in the station's cell.
    if (standingCell === Math.round(out.y - 0.5) * width + Math.round(out.x - 0.5)) {
      out.x = standingX;
      out.y = standingY;
      return;
    }
    out.scale = 1;
    out.motion = 'stopped';
    return;
  }
  out.scale = 1;
  out.motion = motionStateValues[state] as RobotState['motion'];
  out.location = 'in transit';
}

/** Samples every robot into the reused `out` array (same order as `model.robots`). */
export function sampleTraffic(model: TrafficModel, time: number, out: RobotState[], ease = 0): RobotState[] {
  for (let index = 0; index < model.robots.length; index += 1) {
    sampleTrafficRobot(model, model.robots[index], time, out[index], ease);
  }
  return out;
}

/** Seconds the robot has spent waiting (blocked or queued) up to `time`. */
export function waitedSecondsAt(model: TrafficModel, robot: TrafficRobot, time: number): number {
  const at = Math.max(0, time / model.stepSeconds);
  const run = lastAtOrBefore(robot.waitStarts, at);
  if (run < 0) return 0;
  const inRun = Math.min(at, robot.waitEnds[run]) - robot.waitStarts[run];
  return (robot.waitBefore[run] + inRun) * model.stepSeconds;
}

export interface TrafficTally {
  /** Robots standing blocked by another robot (traffic). */
  waiting: number;
  /** Robots standing beside a pickup or dropoff another robot is at. */
  dockQueued: number;
  queued: number;
  charging: number;
  /** Every robot's waiting (blocked or queued) so far, in seconds. */
  waitedSeconds: number;
}

/**
 * How many robots wait (blocked, or queued at a dock), queue for a charger and charge at `time`
 * (from sampled states and the record's activities), and the waiting so far.
 */
export function tallyTraffic(model: TrafficModel, time: number, states: readonly RobotState[]): TrafficTally {
  const tally: TrafficTally = { waiting: 0, dockQueued: 0, queued: 0, charging: 0, waitedSeconds: 0 };
  const at = Math.max(0, time / model.stepSeconds);
  for (let index = 0; index < states.length; index += 1) {
    const motion = states[index].motion;
    if (motion === 'waiting') {
      // Both show as waiting on the floor; the record tells a dock's queue from traffic.
      const robot = model.robots[index];
      const doing = robot.codes[Math.min(robot.endStep, Math.floor(at))] & DOING_MASK;
      if (doing === DOING.dock_queued) tally.dockQueued += 1;
      else tally.waiting += 1;
    } else if (motion === 'queued') tally.queued += 1;
    else if (motion === 'recharging') tally.charging += 1;
    tally.waitedSeconds += waitedSecondsAt(model, model.robots[index], time);
  }
  return tally;
}
