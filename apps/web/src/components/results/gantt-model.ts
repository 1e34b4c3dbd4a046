// The timeline (Gantt) of a plan: for every robot, when it travels empty, carries a
// delivery, recharges or stands idle, derived from its steps and the solve's robot speed.
// completion_time marks the end of each step; the step's distance (the change in
// total_distance) over the speed gives its travel time; a recharge also waits
// recharge_time minutes. The path's geometry splits a delivery's distance into the run to
// the pickup (travel) and the loaded run to the dropoff (delivery).

import { taskLabel } from '../../lib/display-format.ts';
import {
  deliveryPairOf,
  isRechargeStep,
  rechargeMinutesOf,
  robotSpeedOf,
  stepDistance,
  type PlanParameters,
  type RobotPlan,
} from '../../lib/plan-model.ts';

export type GanttKind = 'travel' | 'delivery' | 'recharge' | 'idle';

export interface GanttSegment {
  readonly kind: GanttKind;
  readonly start: number;
  readonly end: number;
  /** Step index (0-based) the segment belongs to; -1 for idle time. */
  readonly stepIndex: number;
  readonly label: string;
  /** Segments a box stands for: more than 1 when coalesceSegments merged a run of short ones. */
  readonly spans?: number;
}

export interface GanttRow {
  readonly robotId: string;
  readonly segments: readonly GanttSegment[];
  /** When the robot's last step ends. */
  readonly end: number;
}

export interface GanttChart {
  readonly rows: readonly GanttRow[];
  /** End of the time axis: the latest step end over all robots. */
  readonly horizon: number;
}

type Point = { readonly x: number; readonly y: number };

export interface GanttGeometry {
  /** Edge weights keyed `${from}>${to}`; the graph stores both directions. */
  readonly edgeWeights?: ReadonlyMap<string, number>;
  readonly positions?: ReadonlyMap<string, Point>;
}

export function edgeWeightsOf(
  graph: { readonly edges?: readonly { from: string; to: string; weight: number }[] } | null | undefined,
): Map<string, number> {
  const weights = new Map<string, number>();
  for (const edge of graph?.edges ?? []) weights.set(`${edge.from}>${edge.to}`, edge.weight);
  return weights;
}

function legLength(from: string, to: string, geometry: GanttGeometry): number {
  const weight = geometry.edgeWeights?.get(`${from}>${to}`) ?? geometry.edgeWeights?.get(`${to}>${from}`);
  if (weight !== undefined) return weight;
  const a = geometry.positions?.get(from);
  const b = geometry.positions?.get(to);
  return a && b ? Math.hypot(b.x - a.x, b.y - a.y) : 0;
}

function pathLength(path: readonly string[], fromIndex: number, toIndex: number, geometry: GanttGeometry): number {
  let length = 0;
  for (let index = fromIndex; index < toIndex; index += 1) length += legLength(path[index], path[index + 1], geometry);
  return length;
}

/** Share of a delivery step's path that leads to its pickup (0 when it starts there). */
export function toPickupShare(path: readonly string[], pickup: string, geometry: GanttGeometry): number {
  const pickupIndex = path.indexOf(pickup);
  if (pickupIndex <= 0) return 0;
  const total = pathLength(path, 0, path.length - 1, geometry);
  if (total <= 0) return pickupIndex / Math.max(1, path.length - 1);
  return pathLength(path, 0, pickupIndex, geometry) / total;
}

const EPSILON = 1e-6;

export function buildGanttChart(
  plans: readonly RobotPlan[],
  parameters?: PlanParameters | null,
  geometry: GanttGeometry = {},
): GanttChart {
  const speed = robotSpeedOf(parameters);
  let horizon = 0;
  for (const { steps } of plans) {
    for (const step of steps) horizon = Math.max(horizon, step.completion_time);
  }

  const rows = plans.map(({ robotId, steps }): GanttRow => {
    const segments: GanttSegment[] = [];
    const push = (kind: GanttKind, start: number, end: number, stepIndex: number, label: string) => {
      if (end - start > EPSILON) segments.push({ kind, start, end, stepIndex, label });
    };
    let previousEnd = 0;
    steps.forEach((step, stepIndex) => {
      const end = Math.max(previousEnd, step.completion_time);
      const travelTime = stepDistance(steps, stepIndex) / speed;
      const label = taskLabel(step);
      if (isRechargeStep(step)) {
        const waitStart = Math.max(previousEnd, end - rechargeMinutesOf(step, parameters) * 60);
        const travelStart = Math.max(previousEnd, waitStart - travelTime);
        push('idle', previousEnd, travelStart, -1, 'Idle');
        push('travel', travelStart, waitStart, stepIndex, label);
        push('recharge', waitStart, end, stepIndex, label);
      } else {
        const start = Math.max(previousEnd, end - travelTime);
        const pair = deliveryPairOf(step);
        const share = pair ? toPickupShare(step.path, pair[0], geometry) : 0;
        const atPickup = start + (end - start) * share;
        push('idle', previousEnd, start, -1, 'Idle');
        push('travel', start, atPickup, stepIndex, label);
        push('delivery', atPickup, end, stepIndex, label);
      }
      previousEnd = end;
    });
    push('idle', previousEnd, horizon, -1, 'Idle');
    return { robotId, segments, end: previousEnd };
  });
  return { rows, horizon };
}

/**
 * Merges each run of consecutive segments shorter than `minDuration` into one box, until the
 * box reaches `minDuration`, so a robot with thousands of steps draws at most about
 * horizon / minDuration boxes. A merged box keeps the run's exact start and end, takes the kind
 * that fills most of its time (the first such kind on a tie), names the steps it covers and
 * counts its segments in `spans`. Segments of `minDuration` or longer stay as they are.
 */
export function coalesceSegments(segments: readonly GanttSegment[], minDuration: number): GanttSegment[] {
  const boxes: GanttSegment[] = [];
  let run: GanttSegment[] = [];
  const flush = () => {
    if (run.length === 1) boxes.push(run[0]);
    else if (run.length > 1) boxes.push(mergedBox(run));
    run = [];
  };
  for (const segment of segments) {
    if (segment.end - segment.start >= minDuration) {
      flush();
      boxes.push(segment);
      continue;
    }
    run.push(segment);
    if (segment.end - run[0].start >= minDuration) flush();
  }
  flush();
  return boxes;
}

function mergedBox(run: readonly GanttSegment[]): GanttSegment {
  const timeByKind = new Map<GanttKind, number>();
  for (const segment of run)
    timeByKind.set(segment.kind, (timeByKind.get(segment.kind) ?? 0) + segment.end - segment.start);
  let kind = run[0].kind;
  for (const [candidate, time] of timeByKind) if (time > (timeByKind.get(kind) ?? 0)) kind = candidate;
  const steps = run.filter((segment) => segment.stepIndex >= 0);
  const label =
    steps.length === 0
      ? 'Idle'
      : steps[0].stepIndex === steps[steps.length - 1].stepIndex
        ? `step ${steps[0].stepIndex + 1}`
        : `steps ${steps[0].stepIndex + 1}–${steps[steps.length - 1].stepIndex + 1}`;
  return {
    kind,
    start: run[0].start,
    end: run[run.length - 1].end,
    stepIndex: steps[0]?.stepIndex ?? -1,
    label,
    spans: run.length,
  };
}

/** Steps of a time axis a clock reads (seconds): 1, 2, 5, 10, 15, 30 s; 1, 2, 5, 10, 15, 30 min; 1, 2, 3, 6, 12 h. */
const CLOCK_STEPS_S = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200];

/** The least of 1, 2 and 5 times a power of ten that is at least `rough`. */
function oneTwoFive(rough: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? rough;
}

/**
 * Axis ticks giving about `target` intervals, at a step a clock reads (15 min, not 1,000 s, whose
 * labels read '16 min 40 s'); under a second and past half a day, 1-2-5 steps (of days past it).
 */
export function timeTicks(horizon: number, target = 6): number[] {
  if (!(horizon > 0)) return [0];
  const rough = horizon / target;
  const step =
    rough < 1
      ? oneTwoFive(rough)
      : (CLOCK_STEPS_S.find((candidate) => candidate >= rough) ?? 86_400 * oneTwoFive(rough / 86_400));
  const ticks: number[] = [];
  // Multiplying (not accumulating) keeps ticks exact and distinct even for tiny horizons.
  for (let index = 0; index * step <= horizon + EPSILON; index++) ticks.push(Number((index * step).toPrecision(12)));
  return ticks;
}
