import type { ExperimentShiftStats } from '../records/experiment.ts';

/** A shift sweep's point as its answers see it: the point's setting and its shift figures (null: no result yet). */
export interface ShiftSweepCandidate {
  /** Orders per hour (a rate sweep) or robots (a fleet sweep at a rate). */
  readonly setting: number;
  readonly shift: Pick<ExperimentShiftStats, 'backlog_trend' | 'cycle_p95_s'> | null | undefined;
}

/**
 * What a shift sweep found:
 * - `found`: the answer lies inside the range tested (`point`);
 * - `all_met`: every point tested met the condition, so the answer may lie beyond the range (a
 *   rate sweep: test higher rates); `point` is the last one tested;
 * - `none_met`: no point tested met it; `closest` is the point nearest to meeting it;
 * - `no_points`: no point has a result yet.
 */
export type ShiftSweepFinding<T> =
  | { readonly status: 'found'; readonly point: T }
  | { readonly status: 'all_met'; readonly point: T }
  | { readonly status: 'none_met'; readonly closest: T }
  | { readonly status: 'no_points' };

type Finished<T extends ShiftSweepCandidate> = T & { readonly shift: NonNullable<T['shift']> };

function finishedBySetting<T extends ShiftSweepCandidate>(points: readonly T[]): Finished<T>[] {
  const bySetting = new Map<number, Finished<T>>();
  for (const point of points) {
    if (point.shift == null || bySetting.has(point.setting)) continue;
    bySetting.set(point.setting, point as Finished<T>);
  }
  return [...bySetting.values()].sort((a, b) => a.setting - b.setting);
}

/**
 * The highest rate the fleet sustains: the highest rate tested below which, and at which, every
 * rate kept a stable backlog. A growing backlog at some rate caps the answer there even when a
 * higher rate happens to end stable (the noise of one seeded run near capacity), so the answer
 * never claims a rate above one the fleet failed.
 */
export function highestSustainedRate<T extends ShiftSweepCandidate>(
  points: readonly T[],
): ShiftSweepFinding<Finished<T>> {
  const sorted = finishedBySetting(points);
  if (sorted.length === 0) return { status: 'no_points' };
  const firstGrowing = sorted.findIndex((point) => point.shift.backlog_trend === 'growing');
  if (firstGrowing === -1) return { status: 'all_met', point: sorted[sorted.length - 1] };
  if (firstGrowing === 0) return { status: 'none_met', closest: sorted[0] };
  return { status: 'found', point: sorted[firstGrowing - 1] };
}

/**
 * The fewest robots that hold a shift's rate: a stable backlog and a P95 cycle time of at most
 * `targetP95S`. When no fleet tested does, `closest` is the fleet with the lowest P95 among the
 * stable ones (else among all).
 */
export function fewestRobotsForShift<T extends ShiftSweepCandidate>(
  points: readonly T[],
  targetP95S: number,
): ShiftSweepFinding<Finished<T>> {
  const sorted = finishedBySetting(points);
  if (sorted.length === 0) return { status: 'no_points' };
  const meets = (point: Finished<T>) =>
    point.shift.backlog_trend === 'stable' && point.shift.cycle_p95_s !== null && point.shift.cycle_p95_s <= targetP95S;
  const met = sorted.find(meets);
  if (met) return { status: 'found', point: met };
  const stable = sorted.filter((point) => point.shift.backlog_trend === 'stable');
  const pool = stable.length > 0 ? stable : sorted;
  const p95 = (point: Finished<T>) => point.shift.cycle_p95_s ?? Number.POSITIVE_INFINITY;
  return { status: 'none_met', closest: pool.reduce((best, point) => (p95(point) < p95(best) ? point : best)) };
}
