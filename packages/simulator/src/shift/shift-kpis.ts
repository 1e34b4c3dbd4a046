import {
  activitySteps,
  activityKindValues,
  type ActivityKind,
  type ActivitySharesRecord,
  type DispatchPolicy,
  type ExecutionRecord,
  type ShiftStatsRecord,
} from '@fleetlab/warehouse';
import { round2 } from '@fleetlab/warehouse';
import type { BookedOrder } from './order-book.ts';

const SECONDS_PER_HOUR = 3600;
/** The backlog's trend is read from a sample every this many seconds of the shift's second half. */
const TREND_SAMPLE_S = 60;
/** The cycle-time histogram has at most about this many bins, each a round number of seconds (1, 2 or 5 times a power of ten). */
const HISTOGRAM_BINS = 30;

export interface ShiftKpiInput {
  hours: number;
  dispatch: DispatchPolicy;
  stepS: number;
  endStep: number;
  /** The orders released during the shift, in order of release. */
  orders: readonly BookedOrder[];
  execution: ExecutionRecord;
  /** Metres a full charge covers. */
  maxDistance: number;
  replans: number;
}

/**
 * The figures of a shift (`stats.shift`, `shiftStatsSchema`), from its orders and its execution:
 * - throughput: deliveries per hour after the first (warm-up) hour, or over the whole shift when
 *   it lasts an hour or less;
 * - cycle time: release to dropoff of the delivered orders; percentiles by nearest rank (the
 *   smallest time at least p of the orders take no longer than);
 * - backlog: orders released and not yet delivered, at every moment (a delivery before a release
 *   at the same moment); `growing` when the least-squares line through the backlog, sampled every
 *   minute over the shift's second half, rises over that half by more than twice the samples'
 *   scatter about it (their standard deviation) plus one order; `stable` otherwise;
 * - utilisation: each robot's activities over the shift's steps, and the fleet's in all;
 * - charger queue: the wait before each charge that started; energy and distance per delivered order.
 */
export function shiftStats(input: ShiftKpiInput): ShiftStatsRecord {
  const { hours, orders, stepS, endStep, execution } = input;
  const shiftS = endStep * stepS;
  const released = orders.length;
  const delivered = orders.filter((order) => order.doneStep >= 0);
  const doneS = (order: BookedOrder) => order.doneStep * stepS;
  const cycles = delivered.map((order) => doneS(order) - order.releaseS).sort((a, b) => a - b);
  const afterWarmUp =
    hours > 1
      ? delivered.filter((order) => doneS(order) >= SECONDS_PER_HOUR).length / (hours - 1)
      : delivered.length / hours;
  const backlog = backlogOverTime(orders, stepS);
  return {
    hours,
    dispatch: input.dispatch,
    orders_per_hour: round2(released / hours),
    released,
    delivered: delivered.length,
    throughput_per_h: round2(afterWarmUp),
    cycle_p50_s: cycles.length > 0 ? round2(nearestRank(cycles, 0.5)) : null,
    cycle_p95_s: cycles.length > 0 ? round2(nearestRank(cycles, 0.95)) : null,
    cycle_max_s: cycles.length > 0 ? round2(cycles[cycles.length - 1]) : null,
    backlog_max: backlog.max,
    backlog_end: released - delivered.length,
    backlog_trend: backlogTrend(backlog, shiftS),
    by_hour: byHour(orders, stepS, hours),
    cycle_histogram: histogram(cycles),
    ...utilisation(execution, endStep),
    charger_queue_p95_s: chargerQueueP95(execution),
    energy_per_order_pct:
      delivered.length > 0 ? round2((100 * totalDistance(execution)) / input.maxDistance / delivered.length) : null,
    distance_per_order_m: delivered.length > 0 ? round2(totalDistance(execution) / delivered.length) : null,
    replans: input.replans,
  };
}

/** The value at nearest rank `share` of sorted values: the ceil(share * n)-th smallest. */
export function nearestRank(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length - 1e-9))) - 1];
}

/** The backlog's changes in time order (+1 a release, -1 a delivery; deliveries first at equal times), and its most. */
interface Backlog {
  times: number[];
  levels: number[];
  max: number;
}

function backlogOverTime(orders: readonly BookedOrder[], stepS: number): Backlog {
  const events: [time: number, change: number][] = [];
  for (const order of orders) {
    events.push([order.releaseS, 1]);
    if (order.doneStep >= 0) events.push([order.doneStep * stepS, -1]);
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const times: number[] = [];
  const levels: number[] = [];
  let level = 0;
  let max = 0;
  for (const [time, change] of events) {
    level += change;
    max = Math.max(max, level);
    times.push(time);
    levels.push(level);
  }
  return { times, levels, max };
}

/** The backlog just after `time` (every change at or before it counted). */
function backlogAt(backlog: Backlog, time: number): number {
  let low = 0;
  let high = backlog.times.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (backlog.times[middle] <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found < 0 ? 0 : backlog.levels[found];
}

function backlogTrend(backlog: Backlog, shiftS: number): 'stable' | 'growing' {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let time = shiftS / 2; time <= shiftS + 1e-9; time += TREND_SAMPLE_S) {
    xs.push(time);
    ys.push(backlogAt(backlog, time));
  }
  if (xs.length < 3) return 'stable';
  const n = xs.length;
  const meanX = xs.reduce((sum, x) => sum + x, 0) / n;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let k = 0; k < n; k++) {
    sxx += (xs[k] - meanX) ** 2;
    sxy += (xs[k] - meanX) * (ys[k] - meanY);
  }
  const slope = sxy / sxx;
  let squares = 0;
  for (let k = 0; k < n; k++) squares += (ys[k] - meanY - slope * (xs[k] - meanX)) ** 2;
  const scatter = Math.sqrt(squares / n);
  const rise = slope * (xs[n - 1] - xs[0]);
  return rise > 2 * scatter + 1 ? 'growing' : 'stable';
}

function byHour(orders: readonly BookedOrder[], stepS: number, hours: number): ShiftStatsRecord['by_hour'] {
  const count = Math.ceil(hours - 1e-9);
  const hourOf = (time: number) => Math.min(count - 1, Math.floor(time / SECONDS_PER_HOUR));
  const releasedIn = new Array<number>(count).fill(0);
  const deliveredIn = new Array<number>(count).fill(0);
  for (const order of orders) {
    releasedIn[hourOf(order.releaseS)]++;
    if (order.doneStep >= 0) deliveredIn[hourOf(order.doneStep * stepS)]++;
  }
  let backlog = 0;
  return releasedIn.map((releasedCount, hour) => {
    backlog += releasedCount - deliveredIn[hour];
    return { hour, released: releasedCount, delivered: deliveredIn[hour], backlog_end: backlog };
  });
}

function histogram(sortedCycles: readonly number[]): ShiftStatsRecord['cycle_histogram'] {
  const longest = sortedCycles.length > 0 ? sortedCycles[sortedCycles.length - 1] : 0;
  const binS = roundBinSize(longest);
  const counts = sortedCycles.length > 0 ? new Array<number>(Math.floor(longest / binS) + 1).fill(0) : [];
  for (const cycle of sortedCycles) counts[Math.floor(cycle / binS)]++;
  return { bin_s: binS, counts };
}

/** The least of 1, 2, 5, 10, 20, 50, ... seconds that cuts [0, longest] into fewer than HISTOGRAM_BINS bins. */
function roundBinSize(longest: number): number {
  for (let power = 1; ; power *= 10) {
    for (const factor of [1, 2, 5]) if (longest / (factor * power) < HISTOGRAM_BINS) return factor * power;
  }
}

function shares(steps: Record<ActivityKind, number>, total: number): ActivitySharesRecord {
  return Object.fromEntries(
    activityKindValues.map((kind) => [kind, total > 0 ? Math.round((steps[kind] / total) * 10000) / 10000 : 0]),
  ) as ActivitySharesRecord;
}

function utilisation(
  execution: ExecutionRecord,
  endStep: number,
): Pick<ShiftStatsRecord, 'utilisation' | 'utilisation_pct'> {
  const fleet = Object.fromEntries(activityKindValues.map((kind) => [kind, 0])) as Record<ActivityKind, number>;
  const robots: Record<string, ActivitySharesRecord> = {};
  const ids = Object.keys(execution.robots);
  for (const id of ids) {
    const steps = activitySteps(execution.robots[id].activities ?? [], endStep);
    robots[id] = shares(steps, endStep);
    for (const kind of activityKindValues) fleet[kind] += steps[kind];
  }
  const robotSteps = endStep * ids.length;
  const total = shares(fleet, robotSteps);
  return {
    utilisation: { total, robots },
    utilisation_pct: robotSteps > 0 ? round2(100 * (1 - fleet.idle / robotSteps)) : 0,
  };
}

function chargerQueueP95(execution: ExecutionRecord): number {
  const waits = Object.values(execution.robots)
    .flatMap((robot) => robot.charges.map((charge) => charge.start_s - charge.arrive_s))
    .sort((a, b) => a - b);
  return waits.length > 0 ? round2(nearestRank(waits, 0.95)) : 0;
}

function totalDistance(execution: ExecutionRecord): number {
  let metres = 0;
  for (const robot of Object.values(execution.robots)) metres += robot.distance_m;
  return metres;
}
