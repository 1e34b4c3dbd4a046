import type { Problem } from '../problem/problem.ts';
import type { SharedBoundWork } from './bound-list.ts';
import {
  finishFigures,
  type MasterGroup,
  type RechargeFinish,
  robotGroups,
  SegmentMaster,
} from './charge-segment-lp-bound.ts';
import { usableRobots } from './lower-bound.ts';
import { type Segment, SegmentPricing } from './segment-pricing.ts';

/**
 * Labels the splits' pricing may make in all (battery6 takes 1.1 million): past them the bound
 * reports what it has proven. It stops on this count, not on the clock, so it proves the same
 * figure on a busy machine as on an idle one, unless a solve's deadline for its costly bounds
 * (`SharedBoundWork.costlyStop`) comes first.
 */
const LABEL_BUDGET = 3_000_000;
/** A safety stop far above what the bench's floors take (1.2 s for battery6 on an idle core, 13.9 s on a slow shared machine). */
const SAFETY_BUDGET_S = 120;
/** Splits of one level (one least finish), and steps to list them, above which the bound stops at that level. */
const MAX_SPLITS_PER_LEVEL = 5_000;
const MAX_STEPS_PER_LEVEL = 200_000;
/** Levels walked at most (a robot recharging 30 times in a day is 30 levels of its group). */
const MAX_LEVELS = 1_000;
/** Columns kept per robot group to seed the next split's master. */
const POOL_SIZE = 10000;

/** How many recharges the robots make: per robot group (`robotGroups`), how many of its robots make c recharges, by c. */
type Split = number[][];

/**
 * The charge-segment LP (charge-segment-lp-bound.ts) with each robot's recharges a whole number.
 *
 * The LP over charge segments lets a fraction of a robot make a second recharge: on battery6 its
 * recharge count proves 7 recharges over 6 robots, so one robot makes two, yet the LP's time row
 * shares that robot's 600 s of charging with the others. Every plan has a split: how many of each
 * group's robots make c recharges, for each c. For a split s, a robot with c >= 1 recharges
 * drives exactly one first segment, c closed ones and one open one (the last), and one with none
 * at most one segment. The master with a group per (robot group, c) holding those robots, these
 * rows as equalities and its own time row, is a relaxation of the plans with split s, so its
 * proven value LP(s) is at most their makespans; so is least(s), the latest robot's least finish
 * with its recharges (`finishFigures`: first, then a cycle per further recharge). So
 *   M >= min over splits s of max(LP(s), least(s)).
 * Splits whose total is below the recharges the charge-segment LP proves are left out (no plan
 * has one). Splits are taken level by level, a level being a value of least(s), lowest first;
 * once a level is no less than the best value found, no split after it can lower the minimum,
 * and when the budget runs out the minimum is taken with the level reached. Each split's master
 * stops once it proves no less than the best value found (it cannot lower the minimum) or its
 * restricted value is no more than least(s) (max(LP(s), least(s)) is least(s) then), and starts
 * from the columns the masters before it priced (a segment of a robot group serves any of its
 * robots whatever their recharges). Once a split's master allows a makespan no more than the
 * list's other bounds, this bound cannot pass them and stops. 0 when the charge-segment LP was not
 * tried or proved no recharge.
 */
export function robotRechargesLpBound(
  problem: Problem,
  shared: SharedBoundWork,
  options: { alone?: boolean } = {},
): number {
  const segmentLp = shared.chargeSegmentLp();
  if (segmentLp.recharges <= 0) return 0;
  const groups = robotGroups(problem, usableRobots(problem));
  const pricing = new SegmentPricing(problem);
  const budget = { labels: LABEL_BUDGET, deadline: shared.costlyStop(SAFETY_BUDGET_S) };
  const finishes = finishFigures(pricing, groups);
  const pools = groups.map(() => new Map<string, Segment>());
  // The list's other bounds: once a split is shown to allow no more, this one cannot add to them.
  // (`alone`: as if no other bound were known, for tests and measurements of this one.)
  const known = options.alone
    ? 0
    : Math.max(segmentLp.makespan_s, shared.model().makespan_s, shared.battery().makespan_s);
  let best = Infinity;
  let levels = 0;
  for (const level of finishLevels(groups, finishes)) {
    if (level >= best || best <= known) return best;
    // A fleet that must recharge more often than any day allows (a floor with no plan at all can
    // make the recharge count absurd): every level below this one was weighed.
    if (++levels > MAX_LEVELS) return level;
    const splits = splitsAtLevel(groups, finishes, level, segmentLp.recharges);
    if (splits === null) return level;
    for (const split of splits) {
      if (performance.now() > budget.deadline || budget.labels <= 0) return level;
      shared.poll?.();
      best = Math.min(best, splitValue(problem, groups, split, level, known, best, { budget, pricing, pools, shared }));
      if (best <= known) return best;
    }
  }
  // Every split was weighed (a fleet whose robots cannot recharge has a level per group only).
  return Number.isFinite(best) ? best : 0;
}

interface SplitWork {
  budget: { labels: number; deadline: number };
  pricing: SegmentPricing;
  pools: Map<string, Segment>[];
  shared: SharedBoundWork;
}

/**
 * max(LP(s), least(s)) of one split; or a value no less than `best` when the LP proves that much;
 * or, when its master allows no more than `known`, a value no more than `known`.
 */
function splitValue(
  problem: Problem,
  groups: readonly MasterGroup[],
  split: Split,
  least: number,
  known: number,
  best: number,
  { budget, pricing, pools, shared }: SplitWork,
): number {
  const masterGroups: MasterGroup[] = [];
  const baseOf: number[] = [];
  groups.forEach((group, g) => {
    split[g].forEach((size, recharges) => {
      if (size === 0) return;
      masterGroups.push({ ...group, size, recharges });
      baseOf.push(g);
    });
  });
  const seed: Segment[] = [];
  masterGroups.forEach((_, m) => {
    for (const segment of pools[baseOf[m]].values()) seed.push({ ...segment, group: m });
  });
  const master = new SegmentMaster(problem, masterGroups, 'makespan', budget, shared.poll, pricing);
  const { value } = master.solve(Math.max(least, known), best, seed);
  for (const segment of master.used) {
    const pool = pools[baseOf[segment.group]];
    const key = `${segment.origin}:${segment.closed}:${segment.classes.join(',')}`;
    if (pool.size < POOL_SIZE && !pool.has(key)) pool.set(key, { ...segment, group: -1 });
  }
  return Math.max(value, least);
}

const finishWith = (finish: RechargeFinish, recharges: number) =>
  recharges === 0 ? 0 : finish.first + (recharges - 1) * finish.cycle;

/** Whether the group's robots can recharge at all (a finish and a cycle to repeat). */
const recharging = (finish: RechargeFinish) => Number.isFinite(finish.first) && finish.cycle > 0;

/** The distinct least finishes of one robot with 0, 1, 2, ... recharges over the groups, ascending, without end. */
function* finishLevels(groups: readonly MasterGroup[], finishes: readonly RechargeFinish[]): Generator<number> {
  const next = groups.map(() => 0);
  let last = -Infinity;
  for (;;) {
    let lowest = Infinity;
    let at = -1;
    next.forEach((c, g) => {
      if (c > 0 && !recharging(finishes[g])) return;
      const finish = finishWith(finishes[g], c);
      if (finish < lowest) {
        lowest = finish;
        at = g;
      }
    });
    if (at < 0) return;
    next[at]++;
    if (lowest > last) {
      last = lowest;
      yield lowest;
    }
  }
}

/**
 * The splits whose least is `level` and whose recharges number at least `fewest`: each robot at
 * most the recharges it can finish by the level, some robot exactly at it. Null when there are
 * more than MAX_SPLITS_PER_LEVEL, or listing them takes more than MAX_STEPS_PER_LEVEL steps.
 */
function splitsAtLevel(
  groups: readonly MasterGroup[],
  finishes: readonly RechargeFinish[],
  level: number,
  fewest: number,
): Split[] | null {
  const most = groups.map((_, g) => {
    let c = 0;
    while (recharging(finishes[g]) && finishWith(finishes[g], c + 1) <= level) c++;
    return c;
  });
  // The most recharges the groups from g on can still add.
  const after = new Array<number>(groups.length + 1).fill(0);
  for (let g = groups.length - 1; g >= 0; g--) after[g] = after[g + 1] + most[g] * groups[g].size;
  const splits: Split[] = [];
  let steps = 0;
  const counts = groups.map((_, g) => new Array<number>(most[g] + 1).fill(0));
  // Per group, how many of its robots make c recharges for c = most down to 0; false once the
  // splits or the steps taken to find them pass their caps.
  const place = (g: number, c: number, left: number, total: number, reached: boolean): boolean => {
    if (++steps > MAX_STEPS_PER_LEVEL) return false;
    if (g === groups.length) {
      if (total >= fewest && reached) splits.push(counts.map((row) => row.slice()));
      return splits.length <= MAX_SPLITS_PER_LEVEL;
    }
    // Even every robot left at its most cannot reach `fewest`.
    if (total + left * Math.max(0, c) + after[g + 1] < fewest) return true;
    if (c < 0) return left === 0 ? place(g + 1, most[g + 1] ?? 0, groups[g + 1]?.size ?? 0, total, reached) : true;
    for (let size = left; size >= 0; size--) {
      counts[g][c] = size;
      const hits = size > 0 && finishWith(finishes[g], c) === level;
      if (!place(g, c - 1, left - size, total + size * c, reached || hits)) return false;
    }
    counts[g][c] = 0;
    return true;
  };
  if (!place(0, most[0], groups[0].size, 0, false)) return null;
  return splits;
}
