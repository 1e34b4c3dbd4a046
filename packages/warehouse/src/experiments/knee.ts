import { z } from 'zod';

/** A sweep point as the knee rules see it: a fleet size (or chargers per station) and its makespan (null: no result). */
export interface KneeCandidate {
  readonly robotCount: number;
  readonly makespan: number | null | undefined;
}

/**
 * How a sweep's knee is chosen. Two rules read the curve's shape, two a planner's target:
 * - `diminishing_returns`: the smallest fleet beyond which no larger fleet tested gains at least
 *   `min_gain` (a fraction of that fleet's makespan) per added robot;
 * - `elbow`: the Kneedle elbow, the point farthest below the chord from the first to the last
 *   point once both axes are scaled to 0..1;
 * - `within_best`: the smallest fleet within `tolerance` (a fraction) of the best makespan;
 * - `finish_by`: the smallest fleet whose makespan is at most `deadline_s` seconds.
 */
export const kneeRuleSchema = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('diminishing_returns'), min_gain: z.number().gt(0).max(1) }),
  z.object({ rule: z.literal('elbow') }),
  z.object({ rule: z.literal('within_best'), tolerance: z.number().min(0).max(1) }),
  z.object({ rule: z.literal('finish_by'), deadline_s: z.number().positive() }),
]);
export type KneeRule = z.infer<typeof kneeRuleSchema>;
export type KneeRuleName = KneeRule['rule'];

/** One more robot must gain at least 5% of the makespan to be worth it. */
export const DEFAULT_KNEE_RULE = { rule: 'diminishing_returns', min_gain: 0.05 } as const satisfies KneeRule;

/**
 * What a knee rule found:
 * - `knee`: its answer lies inside the range tested;
 * - `largest_tested`: the shape rules' answer is the largest fleet tested (or the only one), so
 *   the curve may still improve beyond it: test more;
 * - `target_not_met`: no fleet tested finishes by the deadline; `closest` has the best makespan;
 * - `no_points`: no point has a makespan yet.
 */
export type KneeFinding<T> =
  | { readonly status: 'knee'; readonly point: T }
  | { readonly status: 'largest_tested'; readonly point: T }
  | { readonly status: 'target_not_met'; readonly closest: T }
  | { readonly status: 'no_points' };

/** A candidate whose makespan is known: what a finding points at. */
export type Finished<T> = T & { readonly makespan: number };

/** Points with a finite makespan, by fleet size; of equal fleet sizes the first point stays. */
function finishedByFleet<T extends KneeCandidate>(points: readonly T[]): Finished<T>[] {
  const bySize = new Map<number, Finished<T>>();
  for (const point of points) {
    if (typeof point.makespan !== 'number' || !Number.isFinite(point.makespan)) continue;
    if (!bySize.has(point.robotCount)) bySize.set(point.robotCount, point as Finished<T>);
  }
  return [...bySize.values()].sort((a, b) => a.robotCount - b.robotCount);
}

/** Comparisons on makespans keep a value exactly on a limit inside despite floating-point rounding. */
function slackOf(value: number): number {
  return 1e-9 * Math.max(1, Math.abs(value));
}

function atMost(value: number, limit: number): boolean {
  return value <= limit + slackOf(limit);
}

function diminishingReturnsIndex(sorted: readonly Finished<KneeCandidate>[], minGain: number): number {
  for (let i = 0; i < sorted.length; i++) {
    const here = sorted[i];
    const worthMore = sorted.slice(i + 1).some((larger) => {
      const gainPerUnit = (here.makespan - larger.makespan) / (larger.robotCount - here.robotCount);
      return gainPerUnit >= minGain * here.makespan - slackOf(here.makespan);
    });
    if (!worthMore) return i;
  }
  return sorted.length - 1;
}

/** Kneedle on a decreasing curve: the index farthest below the chord; -1 when no point lies below it. */
function elbowIndex(sorted: readonly Finished<KneeCandidate>[]): number {
  const first = sorted[0].robotCount;
  const xSpan = sorted[sorted.length - 1].robotCount - first;
  const makespans = sorted.map((point) => point.makespan);
  const low = Math.min(...makespans);
  const ySpan = Math.max(...makespans) - low;
  // A flat curve: more robots gain nothing, so the smallest fleet is the answer.
  if (ySpan <= slackOf(low)) return 0;
  if (xSpan <= 0) return -1;
  let best = -1;
  let bestDistance = 1e-9;
  sorted.forEach((point, index) => {
    const distance = 1 - (point.makespan - low) / ySpan - (point.robotCount - first) / xSpan;
    if (distance > bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

function withinBestIndex(sorted: readonly Finished<KneeCandidate>[], tolerance: number): number {
  const best = Math.min(...sorted.map((point) => point.makespan));
  const limit = best * (1 + Math.max(0, tolerance));
  return sorted.findIndex((point) => atMost(point.makespan, limit));
}

/**
 * The knee of a fleet sweep (or a charger sweep: `robotCount` is then the chargers per station)
 * by `rule`. Points without a makespan (pending, failed) are ignored.
 */
export function findKnee<T extends KneeCandidate>(points: readonly T[], rule: KneeRule): KneeFinding<Finished<T>> {
  const sorted = finishedByFleet(points);
  if (sorted.length === 0) return { status: 'no_points' };
  if (rule.rule === 'finish_by') {
    const met = sorted.find((point) => atMost(point.makespan, rule.deadline_s));
    if (met) return { status: 'knee', point: met };
    const closest = sorted.reduce((best, point) => (point.makespan < best.makespan ? point : best));
    return { status: 'target_not_met', closest };
  }
  const index =
    rule.rule === 'diminishing_returns'
      ? diminishingReturnsIndex(sorted, rule.min_gain)
      : rule.rule === 'elbow'
        ? elbowIndex(sorted)
        : withinBestIndex(sorted, rule.tolerance);
  const largest = sorted.length - 1;
  // No elbow below the chord (a straight or still steepening curve): the range ends too early.
  if (index < 0) return { status: 'largest_tested', point: sorted[largest] };
  return { status: index === largest ? 'largest_tested' : 'knee', point: sorted[index] };
}

/** The point a finding marks on a chart or a table: the knee, the largest fleet tested, or none. */
export function kneePointOf<T>(finding: KneeFinding<T>): T | null {
  return finding.status === 'knee' || finding.status === 'largest_tested' ? finding.point : null;
}
