// The path simulation's motion model (spec §2 'Path simulation player', §4 'Simulation per
// robot'). Pure: the plan, node positions and settings go in; each robot's state at a
// simulated time t comes out. Every robot's timeline (runs between stops, dwells, recharge
// waits) is computed once, so sampling a frame is a binary search per robot and writes into
// state objects the caller reuses: no allocation per frame.
//
// Simulated time is the player's own: robots drive at the player's max speed and
// acceleration, not at the plan's robot_speed, so the replay shows motion rather than
// re-reading completion_time.

import {
  batteryCapacityOf,
  deliveryPairOf,
  isRechargeStep,
  maxDistanceOf,
  type PlanParameters,
  type RobotPlan,
} from '../lib/plan-model.ts';
import {
  lastAtOrBefore,
  setBattery as writeBattery,
  type LocationState,
  type MotionState,
  type Position,
  type ReplayModel,
  type ReplayRobot,
  type RobotState,
} from './robot-state.ts';

export type NodePositions = ReadonlyMap<string, Position>;

export interface MotionSettings {
  /** Top speed in m/s (grid cells per second); spec §9: 0.1 to 5, default 1. */
  readonly maxSpeed: number;
  /** Acceleration and braking in m/s²; spec §9: 0.1 to 3, default 0.5. */
  readonly acceleration: number;
  /** Recharge wait of a step that does not carry recharge_time; spec §9: 6 minutes. */
  readonly defaultRechargeMinutes: number;
  /**
   * Simulated seconds a robot stands at a pickup or dropoff after braking there. The plan
   * has no handling time; a short stop makes 'at pickup' / 'at dropoff' visible on screen.
   */
  readonly stopDwellSeconds: number;
}

export const MAX_SPEED_LIMITS = { min: 0.1, max: 5, step: 0.1, default: 1 } as const;
export const ACCELERATION_LIMITS = { min: 0.1, max: 3, step: 0.1, default: 0.5 } as const;
export const DEFAULT_RECHARGE_MINUTES = 6;
export const DEFAULT_STOP_DWELL_SECONDS = 1;

export const DEFAULT_MOTION_SETTINGS: MotionSettings = {
  maxSpeed: MAX_SPEED_LIMITS.default,
  acceleration: ACCELERATION_LIMITS.default,
  defaultRechargeMinutes: DEFAULT_RECHARGE_MINUTES,
  stopDwellSeconds: DEFAULT_STOP_DWELL_SECONDS,
};

export function clampToLimits(value: number, limits: { min: number; max: number; default: number }): number {
  if (!Number.isFinite(value)) return limits.default;
  return Math.min(limits.max, Math.max(limits.min, value));
}

// ---------------------------------------------------------------- velocity profile

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

function profileMotion(profile: RunProfile, elapsed: number): MotionState {
  if (elapsed < profile.accelTime) return 'accelerating';
  if (elapsed < profile.accelTime + profile.cruiseTime) return 'cruising';
  return 'decelerating';
}

// ---------------------------------------------------------------- timelines

const RUN = 0;
const DWELL = 1;
const RECHARGE = 2;
type SegmentKind = typeof RUN | typeof DWELL | typeof RECHARGE;

interface TimelineSegment {
  readonly kind: SegmentKind;
  readonly start: number;
  readonly duration: number;
  readonly stepIndex: number;
  /** RUN: the run's polyline in the robot's point arrays. */
  readonly firstPoint: number;
  readonly lastPoint: number;
  readonly profile: RunProfile | null;
  /** DWELL: where the robot stands; RECHARGE: 'idle'. */
  readonly location: LocationState;
  readonly distanceAtStart: number;
  readonly batteryBaseAtStart: number;
  readonly deliveriesAtStart: number;
  readonly headingAtStart: number;
  readonly x: number;
  readonly y: number;
  /** Points of the robot's route stored before this segment: where its remaining route starts. */
  readonly pointCursor: number;
}

export interface RobotTimeline extends ReplayRobot {
  readonly segments: readonly TimelineSegment[];
  readonly segmentStarts: Float64Array;
  /** Run polylines, back to back: coordinates and distance from the start of their run. */
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  readonly runDistance: Float64Array;
  readonly endTime: number;
  readonly batteryCapacity: number;
  readonly maxDistance: number;
  /** State after the last segment. */
  readonly final: {
    readonly x: number;
    readonly y: number;
    readonly heading: number;
    readonly distanceSinceCharge: number;
    readonly batteryBase: number;
  };
}

export interface FleetModel extends ReplayModel {
  readonly robots: readonly RobotTimeline[];
  readonly settings: MotionSettings;
}

interface TimelineBuilder {
  segments: TimelineSegment[];
  xs: number[];
  ys: number[];
  runDistance: number[];
  time: number;
  x: number;
  y: number;
  heading: number;
  distanceSinceCharge: number;
  batteryBase: number;
  deliveries: number;
}

function addRun(
  builder: TimelineBuilder,
  nodes: readonly Position[],
  stepIndex: number,
  settings: MotionSettings,
): void {
  // Zero-length edges (repeated nodes) carry no motion; dropping them keeps headings defined.
  const firstPoint = builder.xs.length;
  builder.xs.push(builder.x);
  builder.ys.push(builder.y);
  builder.runDistance.push(0);
  let length = 0;
  let heading = builder.heading;
  let firstHeading: number | null = null;
  for (const node of nodes) {
    const lastIndex = builder.xs.length - 1;
    const dx = node.x - builder.xs[lastIndex];
    const dy = node.y - builder.ys[lastIndex];
    const edge = Math.hypot(dx, dy);
    if (edge <= 1e-9) continue;
    length += edge;
    heading = Math.atan2(dy, dx);
    if (firstHeading === null) firstHeading = heading;
    builder.xs.push(node.x);
    builder.ys.push(node.y);
    builder.runDistance.push(length);
  }
  if (length <= 1e-9) {
    builder.xs.length = firstPoint;
    builder.ys.length = firstPoint;
    builder.runDistance.length = firstPoint;
    return;
  }
  const profile = runProfile(length, settings.maxSpeed, settings.acceleration);
  builder.segments.push({
    kind: RUN,
    start: builder.time,
    duration: profile.duration,
    stepIndex,
    firstPoint,
    lastPoint: builder.xs.length - 1,
    profile,
    location: 'in transit',
    distanceAtStart: builder.distanceSinceCharge,
    batteryBaseAtStart: builder.batteryBase,
    deliveriesAtStart: builder.deliveries,
    headingAtStart: firstHeading ?? builder.heading,
    x: builder.x,
    y: builder.y,
    pointCursor: firstPoint,
  });
  builder.time += profile.duration;
  builder.distanceSinceCharge += length;
  builder.x = builder.xs[builder.xs.length - 1];
  builder.y = builder.ys[builder.ys.length - 1];
  builder.heading = heading;
}

function addWait(
  builder: TimelineBuilder,
  kind: typeof DWELL | typeof RECHARGE,
  duration: number,
  stepIndex: number,
  location: LocationState,
): void {
  if (!(duration > 0)) return;
  builder.segments.push({
    kind,
    start: builder.time,
    duration,
    stepIndex,
    firstPoint: -1,
    lastPoint: -1,
    profile: null,
    location,
    distanceAtStart: builder.distanceSinceCharge,
    batteryBaseAtStart: builder.batteryBase,
    deliveriesAtStart: builder.deliveries,
    headingAtStart: builder.heading,
    x: builder.x,
    y: builder.y,
    pointCursor: builder.xs.length,
  });
  builder.time += duration;
}

function knownPositions(ids: readonly string[], positions: NodePositions): Position[] {
  const known: Position[] = [];
  for (const id of ids) {
    const position = positions.get(id);
    if (position) known.push(position);
  }
  return known;
}

/** Where a robot stands before its first step: its first path node, else its own node. */
function startPosition(plan: RobotPlan, positions: NodePositions): Position {
  for (const step of plan.steps) {
    for (const id of step.path) {
      const position = positions.get(id);
      if (position) return position;
    }
  }
  return positions.get(plan.robotId) ?? { x: 0, y: 0 };
}

export function buildRobotTimeline(
  plan: RobotPlan,
  positions: NodePositions,
  settings: MotionSettings = DEFAULT_MOTION_SETTINGS,
  parameters?: PlanParameters | null,
): RobotTimeline {
  const firstStep = plan.steps[0];
  const batteryCapacity = batteryCapacityOf(firstStep, parameters);
  const maxDistance = maxDistanceOf(firstStep, parameters);
  const start = startPosition(plan, positions);
  const builder: TimelineBuilder = {
    segments: [],
    xs: [],
    ys: [],
    runDistance: [],
    time: 0,
    x: start.x,
    y: start.y,
    heading: 0,
    distanceSinceCharge: 0,
    batteryBase: batteryCapacity,
    deliveries: 0,
  };
  let deliveryCount = 0;

  plan.steps.forEach((step, stepIndex) => {
    const path = step.path;
    if (isRechargeStep(step)) {
      addRun(builder, knownPositions(path, positions), stepIndex, settings);
      const minutes =
        typeof step.recharge_time === 'number' && step.recharge_time >= 0
          ? step.recharge_time
          : settings.defaultRechargeMinutes;
      addWait(builder, RECHARGE, minutes * 60, stepIndex, 'idle');
      // Spec §4: after the wait the battery is the step's battery_remaining and the counter restarts.
      builder.batteryBase =
        typeof step.battery_remaining === 'number' ? step.battery_remaining : batteryCapacityOf(step, parameters);
      builder.distanceSinceCharge = 0;
      return;
    }
    deliveryCount += 1;
    const pair = deliveryPairOf(step);
    const pickupIndex = pair ? path.indexOf(pair[0]) : -1;
    if (pickupIndex >= 0) {
      addRun(builder, knownPositions(path.slice(1, pickupIndex + 1), positions), stepIndex, settings);
      addWait(builder, DWELL, settings.stopDwellSeconds, stepIndex, 'at pickup');
    }
    addRun(builder, knownPositions(path.slice(Math.max(1, pickupIndex + 1)), positions), stepIndex, settings);
    // Spec §4: a delivery counts as complete when the dropoff is reached.
    builder.deliveries += 1;
    addWait(builder, DWELL, settings.stopDwellSeconds, stepIndex, 'at dropoff');
  });

  const segmentStarts = new Float64Array(builder.segments.length);
  builder.segments.forEach((segment, index) => {
    segmentStarts[index] = segment.start;
  });
  return {
    robotId: plan.robotId,
    segments: builder.segments,
    segmentStarts,
    xs: Float64Array.from(builder.xs),
    ys: Float64Array.from(builder.ys),
    runDistance: Float64Array.from(builder.runDistance),
    endTime: builder.time,
    batteryCapacity,
    maxDistance,
    stepCount: plan.steps.length,
    deliveryCount,
    final: {
      x: builder.x,
      y: builder.y,
      heading: builder.heading,
      distanceSinceCharge: builder.distanceSinceCharge,
      batteryBase: builder.batteryBase,
    },
  };
}

export function buildFleetModel(
  plans: readonly RobotPlan[],
  positions: NodePositions,
  settings: MotionSettings = DEFAULT_MOTION_SETTINGS,
  parameters?: PlanParameters | null,
): FleetModel {
  const robots = plans.map((plan) => buildRobotTimeline(plan, positions, settings, parameters));
  let endTime = 0;
  for (const robot of robots) endTime = Math.max(endTime, robot.endTime);
  return { robots, endTime, settings };
}

// ---------------------------------------------------------------- sampling

function setBattery(out: RobotState, timeline: RobotTimeline, base: number, distanceSinceCharge: number): void {
  writeBattery(out, timeline.batteryCapacity, timeline.maxDistance, base, distanceSinceCharge);
}

/** Writes the robot's state at simulated time `time` into `out`. */
export function sampleRobot(timeline: RobotTimeline, time: number, out: RobotState): RobotState {
  const t = Math.max(0, time);
  const segmentIndex = lastAtOrBefore(timeline.segmentStarts, t);
  if (t >= timeline.endTime || segmentIndex < 0) {
    const final = timeline.final;
    out.x = final.x;
    out.y = final.y;
    out.heading = final.heading;
    out.speed = 0;
    out.motion = 'stopped';
    out.location = 'idle';
    out.stepIndex = -1;
    out.routePoint = timeline.xs.length;
    out.completedDeliveries = timeline.deliveryCount;
    out.done = true;
    out.scale = 1;
    setBattery(out, timeline, final.batteryBase, final.distanceSinceCharge);
    return out;
  }
  const segment = timeline.segments[segmentIndex];
  const elapsed = t - segment.start;
  out.scale = 1;
  out.stepIndex = segment.stepIndex;
  out.completedDeliveries = segment.deliveriesAtStart;
  out.done = false;
  if (segment.kind !== RUN || !segment.profile) {
    out.x = segment.x;
    out.y = segment.y;
    out.heading = segment.headingAtStart;
    out.speed = 0;
    out.motion = segment.kind === RECHARGE ? 'recharging' : 'stopped';
    out.location = segment.location;
    out.routePoint = segment.pointCursor;
    setBattery(out, timeline, segment.batteryBaseAtStart, segment.distanceAtStart);
    return out;
  }
  const profile = segment.profile;
  const travelled = profileDistance(profile, elapsed);
  const edgeStart = Math.min(
    segment.lastPoint - 1,
    Math.max(segment.firstPoint, lastAtOrBefore(timeline.runDistance, travelled, segment.firstPoint, segment.lastPoint)),
  );
  const fromDistance = timeline.runDistance[edgeStart];
  const edgeLength = timeline.runDistance[edgeStart + 1] - fromDistance;
  const fraction = edgeLength > 0 ? Math.min(1, (travelled - fromDistance) / edgeLength) : 1;
  const x0 = timeline.xs[edgeStart];
  const y0 = timeline.ys[edgeStart];
  const dx = timeline.xs[edgeStart + 1] - x0;
  const dy = timeline.ys[edgeStart + 1] - y0;
  out.x = x0 + dx * fraction;
  out.y = y0 + dy * fraction;
  out.heading = Math.atan2(dy, dx);
  out.speed = profileSpeed(profile, elapsed);
  out.motion = profileMotion(profile, elapsed);
  out.location = 'in transit';
  out.routePoint = edgeStart + 1;
  setBattery(out, timeline, segment.batteryBaseAtStart, segment.distanceAtStart + travelled);
  return out;
}

/** Samples every robot into the reused `out` array (same order as `model.robots`). */
export function sampleFleet(model: FleetModel, time: number, out: RobotState[]): RobotState[] {
  for (let index = 0; index < model.robots.length; index += 1) {
    sampleRobot(model.robots[index], time, out[index]);
  }
  return out;
}

export function isFleetDone(model: FleetModel, time: number): boolean {
  return time >= model.endTime;
}
