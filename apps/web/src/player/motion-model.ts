// The planned replay's motion model (spec §2 'Path simulation player', §4 'Simulation per
// robot'). Pure: each robot's schedule on the plan's clock (planned-schedule.ts) and the
// max speed and acceleration sliders go in; each robot's state at a simulated time t comes out.
//
// A drive leaves and arrives exactly when the plan says. Within it a point robot follows the
// sliders' rest-to-rest profile (run-profile.ts), stretched or squeezed in time to the drive's
// planned duration: the sliders decide how a robot pulls away, cruises and brakes, never when it
// gets there. A robot model's run carries its own profile, which the sliders leave alone.
// Timelines are built once per slider setting, so sampling a frame is a binary search per robot
// and writes into state objects the caller reuses: no allocation per frame.

import type { PlannedDrive, PlannedSchedule, PlannedStand } from './planned-schedule.ts';
import {
  lastAtOrBefore,
  setBattery as writeBattery,
  type LocationState,
  type MotionState,
  type ReplayModel,
  type ReplayRobot,
  type RobotState,
} from './robot-state.ts';
import { profileDistance, profileMotion, profileSpeed, runProfile, type RunProfile } from './run-profile.ts';

export interface MotionSettings {
  /** Top speed in m/s (grid cells per second) of the profile a drive follows; spec §9: 0.1 to 5, default 1. */
  readonly maxSpeed: number;
  /** Acceleration and braking in m/s²; spec §9: 0.1 to 3, default 0.5. */
  readonly acceleration: number;
}

export const MAX_SPEED_LIMITS = { min: 0.1, max: 5, step: 0.1, default: 1 } as const;
export const ACCELERATION_LIMITS = { min: 0.1, max: 3, step: 0.1, default: 0.5 } as const;

export const DEFAULT_MOTION_SETTINGS: MotionSettings = {
  maxSpeed: MAX_SPEED_LIMITS.default,
  acceleration: ACCELERATION_LIMITS.default,
};

export function clampToLimits(value: number, limits: { min: number; max: number; default: number }): number {
  if (!Number.isFinite(value)) return limits.default;
  return Math.min(limits.max, Math.max(limits.min, value));
}

// ---------------------------------------------------------------- timelines

interface TimelineSegment {
  readonly start: number;
  /** Planned seconds. */
  readonly duration: number;
  /** A drive: its polyline in the robot's point arrays, its profile and profile seconds per planned second. */
  readonly firstPoint: number;
  readonly lastPoint: number;
  readonly profile: RunProfile | null;
  readonly timeScale: number;
  /** Standing: what it does there. */
  readonly motion: MotionState;
  readonly location: LocationState;
  readonly distanceAtStart: number;
  readonly batteryBaseAtStart: number;
  readonly headingAtStart: number;
  /** Turning in place: the heading it turns to, evenly over the segment, the short way round (else headingAtStart). */
  readonly headingAtEnd: number;
  readonly x: number;
  readonly y: number;
  /** Points of the robot's route stored before this segment: where its remaining route starts. */
  readonly pointCursor: number;
}

export interface RobotTimeline extends ReplayRobot {
  readonly segments: readonly TimelineSegment[];
  readonly segmentStarts: Float64Array;
  /** Drive polylines, back to back: coordinates and distance from the start of their drive. */
  readonly runDistance: Float64Array;
  readonly deliveryDone: Float64Array;
  readonly workEnds: Float64Array;
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
  readonly segments: TimelineSegment[];
  readonly xs: number[];
  readonly ys: number[];
  readonly runDistance: number[];
  x: number;
  y: number;
  heading: number;
  distanceSinceCharge: number;
  batteryBase: number;
}

function addDrive(builder: TimelineBuilder, drive: PlannedDrive, settings: MotionSettings): void {
  const { start, end, points } = drive;
  // Zero-length edges (repeated points) carry no motion; dropping them keeps headings defined.
  const firstPoint = builder.xs.length;
  builder.xs.push(builder.x);
  builder.ys.push(builder.y);
  builder.runDistance.push(0);
  let length = 0;
  let heading = builder.heading;
  let firstHeading: number | null = null;
  for (const point of points) {
    const lastIndex = builder.xs.length - 1;
    const dx = point.x - builder.xs[lastIndex];
    const dy = point.y - builder.ys[lastIndex];
    const edge = Math.hypot(dx, dy);
    if (edge <= 1e-9) continue;
    length += edge;
    heading = Math.atan2(dy, dx);
    firstHeading ??= heading;
    builder.xs.push(point.x);
    builder.ys.push(point.y);
    builder.runDistance.push(length);
  }
  if (length <= 1e-9 || !(end > start)) {
    // Nothing to drive, or no time to drive it in: the robot is where the drive ends.
    builder.xs.length = firstPoint;
    builder.ys.length = firstPoint;
    builder.runDistance.length = firstPoint;
    const last = points[points.length - 1];
    if (last) {
      builder.x = last.x;
      builder.y = last.y;
    }
    builder.distanceSinceCharge += length;
    return;
  }
  const profile = drive.profile ?? runProfile(length, settings.maxSpeed, settings.acceleration);
  builder.segments.push({
    start,
    duration: end - start,
    firstPoint,
    lastPoint: builder.xs.length - 1,
    profile,
    timeScale: profile.duration / (end - start),
    motion: 'cruising',
    location: 'in transit',
    distanceAtStart: builder.distanceSinceCharge,
    batteryBaseAtStart: builder.batteryBase,
    headingAtStart: firstHeading ?? builder.heading,
    headingAtEnd: heading,
    x: builder.x,
    y: builder.y,
    pointCursor: firstPoint,
  });
  builder.distanceSinceCharge += length;
  builder.x = builder.xs[builder.xs.length - 1];
  builder.y = builder.ys[builder.ys.length - 1];
  builder.heading = heading;
}

function addStand(builder: TimelineBuilder, stand: PlannedStand, capacity: number): void {
  if (!(stand.end > stand.start)) return;
  builder.segments.push({
    start: stand.start,
    duration: stand.end - stand.start,
    firstPoint: -1,
    lastPoint: -1,
    profile: null,
    timeScale: 1,
    motion: stand.motion,
    location: stand.location,
    distanceAtStart: builder.distanceSinceCharge,
    batteryBaseAtStart: builder.batteryBase,
    headingAtStart: builder.heading,
    headingAtEnd: stand.turnTo ?? builder.heading,
    x: builder.x,
    y: builder.y,
    pointCursor: builder.xs.length,
  });
  if (stand.turnTo !== undefined) builder.heading = stand.turnTo;
  if (stand.motion === 'recharging') {
    // Spec §4: after the charge the battery is the step's battery_remaining and the counter restarts.
    builder.batteryBase = stand.chargedTo ?? capacity;
    builder.distanceSinceCharge = 0;
  }
}

/** One robot's timeline for the sliders' profile. */
function buildRobotTimeline(
  schedule: PlannedSchedule,
  settings: MotionSettings = DEFAULT_MOTION_SETTINGS,
): RobotTimeline {
  const builder: TimelineBuilder = {
    segments: [],
    xs: [],
    ys: [],
    runDistance: [],
    x: schedule.start.x,
    y: schedule.start.y,
    heading: 0,
    distanceSinceCharge: 0,
    batteryBase: schedule.batteryCapacity,
  };
  for (const activity of schedule.activities) {
    if (activity.kind === 'drive') addDrive(builder, activity, settings);
    else addStand(builder, activity, schedule.batteryCapacity);
  }
  return {
    robotId: schedule.robotId,
    segments: builder.segments,
    segmentStarts: Float64Array.from(builder.segments, (segment) => segment.start),
    xs: Float64Array.from(builder.xs),
    ys: Float64Array.from(builder.ys),
    runDistance: Float64Array.from(builder.runDistance),
    deliveryDone: schedule.deliveryDone,
    workEnds: schedule.workEnds,
    endTime: schedule.endTime,
    batteryCapacity: schedule.batteryCapacity,
    maxDistance: schedule.maxDistance,
    stepCount: schedule.stepCount,
    deliveryCount: schedule.deliveryCount,
    final: {
      x: builder.x,
      y: builder.y,
      heading: builder.heading,
      distanceSinceCharge: builder.distanceSinceCharge,
      batteryBase: builder.batteryBase,
    },
  };
}

/** Every robot's timeline; the fleet is done when its last robot is. */
export function buildFleetModel(
  schedules: readonly PlannedSchedule[],
  settings: MotionSettings = DEFAULT_MOTION_SETTINGS,
): FleetModel {
  const robots = schedules.map((schedule) => buildRobotTimeline(schedule, settings));
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
  out.scale = 1;
  out.completedDeliveries = lastAtOrBefore(timeline.deliveryDone, t) + 1;
  if (t >= timeline.endTime) {
    const final = timeline.final;
    out.x = final.x;
    out.y = final.y;
    out.heading = final.heading;
    out.speed = 0;
    out.motion = 'stopped';
    out.location = 'idle';
    out.stepIndex = -1;
    out.routePoint = timeline.xs.length;
    out.done = true;
    setBattery(out, timeline, final.batteryBase, final.distanceSinceCharge);
    return out;
  }
  const workUnderWay = lastAtOrBefore(timeline.workEnds, t) + 1;
  out.stepIndex = workUnderWay < timeline.stepCount ? workUnderWay : -1;
  out.done = false;
  const segmentIndex = lastAtOrBefore(timeline.segmentStarts, t);
  const segment = segmentIndex >= 0 ? timeline.segments[segmentIndex] : null;
  if (!segment?.profile || t >= segment.start + segment.duration) {
    // Standing: in a stand segment, or between segments where nothing happens (before the first drive).
    const standing = segment && t < segment.start + segment.duration ? segment : null;
    const next = segmentIndex + 1 < timeline.segments.length ? timeline.segments[segmentIndex + 1] : null;
    const at = standing ?? next;
    out.x = at ? at.x : timeline.final.x;
    out.y = at ? at.y : timeline.final.y;
    out.heading = standing ? turnedHeading(standing, t) : at ? at.headingAtStart : timeline.final.heading;
    out.speed = 0;
    out.motion = standing ? standing.motion : 'stopped';
    out.location = standing ? standing.location : 'in transit';
    out.routePoint = at ? at.pointCursor : timeline.xs.length;
    if (at) setBattery(out, timeline, at.batteryBaseAtStart, at.distanceAtStart);
    else setBattery(out, timeline, timeline.final.batteryBase, timeline.final.distanceSinceCharge);
    return out;
  }
  const profile = segment.profile;
  const elapsed = (t - segment.start) * segment.timeScale;
  const travelled = profileDistance(profile, elapsed);
  const edgeStart = Math.min(
    segment.lastPoint - 1,
    Math.max(
      segment.firstPoint,
      lastAtOrBefore(timeline.runDistance, travelled, segment.firstPoint, segment.lastPoint),
    ),
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
  out.speed = profileSpeed(profile, elapsed) * segment.timeScale;
  out.motion = profileMotion(profile, elapsed);
  out.location = 'in transit';
  out.routePoint = edgeStart + 1;
  setBattery(out, timeline, segment.batteryBaseAtStart, segment.distanceAtStart + travelled);
  return out;
}

/** A standing robot's heading at `t`: on a turn in place, carried evenly from its start to its end the short way round. */
function turnedHeading(segment: TimelineSegment, t: number): number {
  if (segment.headingAtEnd === segment.headingAtStart) return segment.headingAtStart;
  let turn = segment.headingAtEnd - segment.headingAtStart;
  turn -= 2 * Math.PI * Math.round(turn / (2 * Math.PI));
  return segment.headingAtStart + turn * Math.min(1, (t - segment.start) / segment.duration);
}

/** Samples every robot into the reused `out` array (same order as `model.robots`). */
export function sampleFleet(model: FleetModel, time: number, out: RobotState[]): RobotState[] {
  for (let index = 0; index < model.robots.length; index += 1) {
    sampleRobot(model.robots[index], time, out[index]);
  }
  return out;
}
