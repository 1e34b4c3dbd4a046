import type { Problem } from '../problem/problem.ts';
import type { SharedBoundWork } from './bound-list.ts';
import { highs } from './highs-runtime.ts';
import { usableRobots } from './lower-bound.ts';
import { robotChargeFigures } from './robot-charge-figures.ts';
import {
  type GroupDuals,
  type PricedSegment,
  type RobotGroup,
  type Segment,
  type SegmentOrigin,
  SegmentPricing,
} from './segment-pricing.ts';

/** Deliveries above which the bound is not tried (0): the pricing's labels grow with them. */
export const LP_MAX_DELIVERIES = 200;
/**
 * Deliveries a charge segment may hold (the battery-aware bound's per-robot segment capacity)
 * above which the bound is not tried: the pricing's labels grow about as the classes to that
 * power, and long segments are where the LP's fractional charges say least (m1 with 1 charger per
 * station: 9 a segment, the LP's master stays below the other bounds).
 */
export const LP_MAX_SEGMENT_DELIVERIES = 6;
/**
 * Labels the pricing may make in all; past them the bound stops with what it has proven. It stops
 * on this count and on MAX_ROUNDS, not on the clock, so it proves the same figure on a busy
 * machine as on an idle one (a 2 s stop on the clock proved nothing on battery6 on a slow shared
 * machine, where the LP takes 7.4 s), unless a solve's deadline for its costly bounds
 * (`SharedBoundWork.costlyStop`) comes first.
 */
const LABEL_BUDGET = 3_000_000;
/** A safety stop far above what the bench's floors take: past it the bound stops with what it has proven. */
const SAFETY_BUDGET_S = 120;
const MAX_ROUNDS = 300;
/** Columns added per group and origin per round. */
const COLUMNS_PER_PRICING = 25;
/** Labels the quick pricing keeps at each delivery class. */
const QUICK_BUCKET = 3;
/** What an artificial cover column costs (it keeps the first masters feasible; no plan uses one). */
const ARTIFICIAL_COST = 1e7;
/** Taken off the proven value, so that rounding in the sums never lifts it above the LP's optimum. */
const RELATIVE_TOLERANCE = 1e-7;

export interface ChargeSegmentLp {
  /** Seconds no plan can finish before; 0 when the bound was not tried or proved nothing. */
  makespan_s: number;
  /** Whether column generation ended with no segment of negative reduced cost (the LP's optimum). */
  converged: boolean;
  rounds: number;
  columns: number;
  /** The last restricted master's value: the LP optimum when converged. */
  master_s: number;
  /** The fewest recharges any plan makes (the second LP, rounded up); 0 when unknown. */
  recharges: number;
}

const NOT_TRIED: ChargeSegmentLp = {
  makespan_s: 0,
  converged: false,
  rounds: 0,
  columns: 0,
  master_s: 0,
  recharges: 0,
};

export interface ChargeSegmentLpOptions {
  /**
   * Solve the makespan LP to its optimum even where the recharge count proves more (by default
   * it stops once its master can no longer pass that): for tests and measurements of the LP.
   */
  untilConverged?: boolean;
}

/** What a master minimises: the makespan, or the recharges (closed segments) whatever the makespan. */
type MasterObjective = 'makespan' | 'recharges';

/** The labels and the time both masters may still use. */
interface Budget {
  labels: number;
  /** performance.now() past which no round starts. */
  deadline: number;
}

/** A master's proven value and how column generation went. */
interface MasterOutcome {
  value: number;
  converged: boolean;
  rounds: number;
  columns: number;
  master: number;
}

/**
 * The LP relaxation of a set-covering master over charge segments (segment-pricing.ts), with
 * the makespan M as a variable, solved by column generation with HiGHS.
 *
 * The master. Robots of one group g (same start, home, station, classes served, ready time and
 * charge at the start; K_g robots) share columns x_s, one per segment s, whose time t_s is its
 * drive at top speed, its handling (none after the day's last dropoff), the recharge of a closed
 * one (the drive home and the recharge time), the ready time of a first one. Any plan gives an
 * integral solution with M its makespan: count each robot's segments (cut at its recharges; a
 * recharge right at the start is an empty closed first segment). Then
 *   cover:   for each delivery class k, the segments' visits of k  >= its deliveries;
 *   time:    per group, sum t_s x_s <= K_g M (each robot's segments, in turn, end by M; the
 *            charger queue and the docks only add waiting);
 *   first:   per group, first segments <= K_g; open: per group, open segments <= K_g;
 *   chain:   per group, later segments - closed segments <= 0 (a later one starts at a recharge);
 *   station: per station with fewer chargers than robots, recharge_time x closed segments of its
 *            robots <= chargers x (M - a) (its chargers charge one robot each at a time, and
 *            after each recharge its robot drives a later segment, which takes a at least).
 * Minimise M. The LP's optimum is at most every plan's makespan; it holds for plans (they queue
 * at the chargers), not for routes timed as if every robot had a charger.
 *
 * Why it stays valid with floating point and an early stop. For duals y of the right signs
 * (cover >= 0, the <= rows <= 0) and any plan (x, M): b'y <= sum_s (A_s'y) x_s + (A_M'y) M. With
 * d_s = -A_s'y the segments' reduced costs, d_min their least over the whole segment set (exact
 * pricing), K the robots, t_min the least time of a later segment, and since first segments
 * number at most K and later ones at most K M / t_min (the time rows):
 *   M >= (b'y - max(0, -d_min) K) / (A_M'y + max(0, -d_min) K / t_min).
 * This is worked out from the duals HiGHS returns and the pricing's own sums after every round
 * whose pricing was exact, the best kept; at convergence (d_min >= 0) it is b'y, the LP's
 * optimum. A bound past its budget reports the best of these rounds, which is valid as it is.
 *
 * The second LP: the same rows with M free, minimising the closed segments (the recharges, those
 * at the start included). Its proven value (the same argument: sum_s c_s x_s >= b'y + d_min
 * sum_s x_s, with at most K + that many segments) rounded up is the fewest recharges any plan
 * makes, a whole number where the makespan LP spreads fractions of them; `timeForRecharges`
 * turns it into the least makespan at which the robots and the stations' chargers fit that many.
 * The bound is the larger of the two.
 */
export function chargeSegmentLpBound(
  problem: Problem,
  shared: SharedBoundWork,
  options: ChargeSegmentLpOptions = {},
): ChargeSegmentLp {
  const n = problem.deliveryCount;
  if (n === 0 || n > LP_MAX_DELIVERIES) return NOT_TRIED;
  const usable = usableRobots(problem);
  if (usable.length === 0 || !batteriesBind(problem, shared, usable)) return NOT_TRIED;
  const capacity = shared.battery().segment_capacity;
  for (const robot of usable) if (capacity[robot] > LP_MAX_SEGMENT_DELIVERIES) return NOT_TRIED;
  const budget: Budget = { labels: LABEL_BUDGET, deadline: shared.costlyStop(SAFETY_BUDGET_S) };
  // The recharge count first: it converges in fewer rounds (its pricing weighs no time) and
  // its whole number is often the stronger of the two.
  const groups = robotGroups(problem, usable);
  const recharges = new SegmentMaster(problem, groups, 'recharges', budget, shared.poll);
  const fewest = recharges.solve();
  const leastRecharges = fewest.value > 0 ? Math.ceil(fewest.value - 1e-6) : 0;
  const byRecharges = recharges.timeForRecharges(leastRecharges);
  // The makespan LP stops once its master cannot pass what is proven already: the recharges'
  // bound, the model's and the battery-aware one (computed for the list anyway).
  const known = Math.max(byRecharges, shared.model().makespan_s, shared.battery().makespan_s);
  const makespan = new SegmentMaster(problem, groups, 'makespan', budget, shared.poll).solve(
    options.untilConverged ? 0 : known,
  );
  return {
    makespan_s: Math.max(makespan.value, byRecharges),
    converged: makespan.converged,
    rounds: makespan.rounds,
    columns: makespan.columns,
    master_s: makespan.master,
    recharges: leastRecharges,
  };
}

/**
 * Where the LP can say more than the other bounds: some robot must recharge, because the fleet's
 * least driving exceeds its first charges (less the way home kept after the last dropoff), or
 * the deliveries exceed what the robots' first segments can hold (the battery-aware bound's
 * segment capacities; the charger bound's two counts).
 */
function batteriesBind(problem: Problem, shared: SharedBoundWork, usable: readonly number[]): boolean {
  let firstCharges = 0;
  for (const { robot, reserve } of robotChargeFigures(problem, usable)) {
    firstCharges += Math.max(0, problem.maxDistance - problem.initialUsed[robot] - reserve);
  }
  if (shared.model().distance_m > firstCharges) return true;
  const capacity = shared.battery().segment_capacity;
  let firstSegments = 0;
  for (const robot of usable) firstSegments += capacity[robot] >= 1 ? capacity[robot] : Infinity;
  return problem.deliveryCount > firstSegments;
}

/** An error of HiGHS itself: an operation it refused, or its WebAssembly runtime stopping (a RuntimeError). */
function isHighsFailure(error: unknown): boolean {
  return error instanceof highs.errors.HighsError || (error instanceof Error && error.name === 'RuntimeError');
}

interface StationRow {
  chargers: number;
  row: number;
  /** The least time from the end of a recharge there to the end of the segment after it. */
  afterCharge: number;
}

/**
 * A group of the master: robots alike (`RobotGroup`), and, where the bound fixes it, how many
 * recharges each of them makes (null: any number).
 */
export interface MasterGroup extends RobotGroup {
  recharges: number | null;
}

/** Rows of each group after the cover rows: time, first, open, chain and closed. */
const ROWS_PER_GROUP = 5;

/** The usable robots in groups of robots alike: same class, station, ready time and charge used at the start. */
export function robotGroups(problem: Problem, usable: readonly number[]): MasterGroup[] {
  const groups: MasterGroup[] = [];
  const byKey = new Map<string, MasterGroup>();
  for (const robot of usable) {
    const station = problem.robots[robot].stationId;
    const key = `${problem.robotClass[robot]}:${station}:${problem.readyS[robot]}:${problem.initialUsed[robot]}`;
    const group = byKey.get(key);
    if (group) group.size++;
    else {
      const fresh = { robot, size: 1, station, recharges: null };
      byKey.set(key, fresh);
      groups.push(fresh);
    }
  }
  return groups;
}

/** A robot's least finish with c recharges: `first` for its first, `cycle` more for each next (`finishFigures`). */
export interface RechargeFinish {
  first: number;
  cycle: number;
}

/**
 * Per group, the least finish of one of its robots with recharges: `first` with one (ready +
 * start-home + R + a_g), `cycle` more with each next (R + b_g), as `timeForRecharges` reads them.
 */
export function finishFigures(pricing: SegmentPricing, groups: readonly RobotGroup[]): RechargeFinish[] {
  const R = pricing.problem.rechargeSeconds;
  return groups.map((group) => {
    const start = pricing.originOf(group, 'first');
    let roundTrip = Infinity;
    for (let k = 0; k < pricing.classCount; k++) {
      if (!serves(pricing, group, k) || !pricing.segmentFits(group, 'later', [k])) continue;
      roundTrip = Math.min(roundTrip, pricing.segmentTime(group, 'later', true, [k]) - R);
    }
    const toHome = pricing.segmentTime(group, 'first', true, []) - R - start.ready;
    return { first: start.ready + toHome + R + leastLaterSegment(pricing, group), cycle: R + roundTrip };
  });
}

function serves(pricing: SegmentPricing, group: RobotGroup, k: number): boolean {
  const { problem } = pricing;
  return problem.servable[problem.robotClass[group.robot] * pricing.classCount + k] === 1;
}

/** The least time of a later segment of the group: one delivery from home, open. */
function leastLaterSegment(pricing: SegmentPricing, group: RobotGroup): number {
  let least = Infinity;
  for (let k = 0; k < pricing.classCount; k++) {
    if (serves(pricing, group, k) && pricing.segmentFits(group, 'later', [k]))
      least = Math.min(least, pricing.segmentTime(group, 'later', false, [k]));
  }
  return least;
}

export class SegmentMaster {
  private readonly pricing: SegmentPricing;
  private readonly stations = new Map<string, StationRow>();
  /** Rows of the model: the cover rows, the groups' and the stations'. */
  private rowCount = 0;
  /** Model columns before the segments' (M and the artificial ones). */
  private firstSegmentColumn = 0;
  /** The segments the last optimal master used (a positive value). */
  readonly used: Segment[] = [];
  private readonly model = highs.createModel();
  /** Row of each group's time, first, open, chain and closed rows: 5 g + 0..4 after the cover rows. */
  private readonly groupRowStart: number;
  /** The master's columns (the single-class ones it starts with, any seeded, and those priced in). */
  readonly columns: Segment[] = [];
  /** Per group, its empty closed first segment (a recharge at the start), when its charge allows one. */
  private readonly emptyFirst: (Segment | null)[] = [];
  private readonly robots: number;
  /** When every group's recharges are fixed, how many segments the robots drive in all (else null). */
  private readonly segmentCount: number | null;
  private readonly leastLaterTime: number;
  /** What column generation has proven so far (`value`, lowered by the tolerance) and how it went. */
  private readonly outcome: MasterOutcome = { value: 0, converged: false, rounds: 0, columns: 0, master: 0 };

  constructor(
    private readonly problem: Problem,
    private readonly groups: readonly MasterGroup[],
    private readonly objective: MasterObjective,
    private readonly budget: Budget,
    private readonly poll?: () => void,
    pricing?: SegmentPricing,
  ) {
    this.pricing = pricing ?? new SegmentPricing(problem);
    this.robots = groups.reduce((sum, group) => sum + group.size, 0);
    // A robot with c >= 1 recharges drives c + 1 segments; one with none, at most one.
    this.segmentCount = groups.every((group) => group.recharges !== null)
      ? groups.reduce((sum, group) => sum + group.size * Math.max(1, (group.recharges ?? 0) + 1), 0)
      : null;
    this.groupRowStart = this.pricing.classCount;
    let leastLater = Infinity;
    for (let k = 0; k < problem.deliveryClassCount; k++) {
      const j = problem.deliveryClassFirst[k];
      leastLater = Math.min(leastLater, problem.deliveryDrive[j] / problem.speed + problem.handlingSeconds);
    }
    this.leastLaterTime = leastLater;
  }

  /**
   * Column generation; `known` is a bound proven already: the restricted master's value is at
   * least the LP's optimum, so once it is no more than `known` the LP cannot add to it and the
   * rounds stop. They stop too once the proven value reaches `enough`. `seed`: columns to start
   * with beside the single-class ones (segments of the groups, as another master priced them).
   */
  solve(known = 0, enough = Infinity, seed: readonly Segment[] = []): MasterOutcome {
    try {
      this.build();
      this.addColumns(seed);
      this.outcome.columns = this.columns.length;
      this.generate(known, enough);
    } catch (error) {
      // HiGHS refused an operation or its WebAssembly stopped: what the rounds proved stands.
      if (!isHighsFailure(error)) throw error;
      this.outcome.converged = false;
    } finally {
      this.dispose();
    }
    return this.outcome;
  }

  private dispose(): void {
    try {
      this.model.dispose();
    } catch (error) {
      // A runtime that stopped cannot free the model; nothing else holds it.
      if (!isHighsFailure(error)) throw error;
    }
  }

  private build(): void {
    const { model, problem, groups, pricing } = this;
    const inf = highs.infinity;
    model.options.set({ output_flag: false });
    model.addVar(0, inf);
    model.changeColCost(0, this.objective === 'makespan' ? 1 : 0);
    for (let k = 0; k < pricing.classCount; k++) model.addRow(pricing.classSize[k], inf, { indices: [], values: [] });
    for (const group of groups) {
      const { size, recharges } = group;
      // Robots with c >= 1 recharges each drive exactly one first segment, one open (the last)
      // and c closed ones; robots with none at most one segment, open.
      const each = recharges !== null && recharges >= 1 ? size : -inf;
      model.addRow(-inf, 0, { indices: [0], values: [-size] });
      model.addRow(each, size, { indices: [], values: [] });
      model.addRow(each, size, { indices: [], values: [] });
      model.addRow(-inf, 0, { indices: [], values: [] });
      if (recharges === null) model.addRow(-inf, inf, { indices: [], values: [] });
      else model.addRow(recharges * size, recharges * size, { indices: [], values: [] });
    }
    const robotsAt = new Map<string, number>();
    for (const group of groups) robotsAt.set(group.station, (robotsAt.get(group.station) ?? 0) + group.size);
    let row = this.groupRowStart + ROWS_PER_GROUP * groups.length;
    for (const group of groups) {
      const chargers = problem.chargersOfRobot[group.robot];
      if (this.stations.has(group.station) || problem.rechargeSeconds <= 0) continue;
      if (chargers >= (robotsAt.get(group.station) ?? 0)) continue;
      let afterCharge = Infinity;
      for (const other of groups) {
        if (other.station === group.station) afterCharge = Math.min(afterCharge, leastLaterSegment(pricing, other));
      }
      if (!Number.isFinite(afterCharge)) afterCharge = 0;
      model.addRow(-inf, -chargers * afterCharge, { indices: [0], values: [-chargers] });
      this.stations.set(group.station, { chargers, row: row++, afterCharge });
    }
    this.rowCount = row;
    // M, then the artificial columns, then the segments'.
    let columns = 1;
    for (let k = 0; k < pricing.classCount; k++) {
      model.addCol(ARTIFICIAL_COST, 0, inf, { indices: [k], values: [1] });
      columns++;
    }
    // Where recharges are fixed, artificial columns keep the first masters feasible on the rows
    // they make equalities (no plan uses one either).
    groups.forEach((group, g) => {
      if (group.recharges === null) return;
      const base = this.groupRowStart + ROWS_PER_GROUP * g;
      for (const offset of [1, 2, 4]) {
        for (const sign of [1, -1]) {
          model.addCol(ARTIFICIAL_COST, 0, inf, { indices: [base + offset], values: [sign] });
          columns++;
        }
      }
    });
    this.firstSegmentColumn = columns;
    const single: Segment[] = [];
    groups.forEach((group, g) => {
      const empty: Segment = {
        group: g,
        origin: 'first',
        closed: true,
        classes: [],
        time: pricing.segmentTime(group, 'first', true, []),
      };
      this.emptyFirst.push(pricing.segmentFits(group, 'first', []) ? empty : null);
      if (this.emptyFirst[g]) single.push(empty);
      for (let k = 0; k < pricing.classCount; k++) {
        for (const origin of ['first', 'later'] as const) {
          if (!pricing.segmentFits(group, origin, [k])) continue;
          if (problem.servable[problem.robotClass[group.robot] * pricing.classCount + k] !== 1) continue;
          for (const closed of [false, true]) {
            single.push({
              group: g,
              origin,
              closed,
              classes: [k],
              time: pricing.segmentTime(group, origin, closed, [k]),
            });
          }
        }
      }
    });
    this.addColumns(single);
  }

  /**
   * The least makespan at which the robots can have made `recharges` recharges. A robot of group
   * g with c >= 1 recharges drives a first closed segment (at least its start to home, then the
   * recharge), c - 1 later closed ones (each at least b_g, its least one-delivery round trip from
   * home with its handling, and the recharge) and a last later one (at least a_g): it finishes no
   * earlier than ready + start-home + c R + (c - 1) b_g + a_g. A station with fewer chargers than
   * robots does at most chargers x floor((M - a_h) / R) recharges by M (its station row). So the
   * recharges that fit by M are at most the sum over stations of the smaller of the two, and M
   * is at least the least M at which that reaches `recharges`. 0 when it says nothing.
   */
  timeForRecharges(recharges: number): number {
    const { problem, groups } = this;
    const R = problem.rechargeSeconds;
    if (recharges <= 0) return 0;
    const figures = finishFigures(this.pricing, groups).map((finish, g) => ({ group: groups[g], ...finish }));
    const byRobots = (makespan: number, station: string) => {
      let count = 0;
      for (const { group, first, cycle } of figures) {
        if (group.station !== station || makespan < first) continue;
        count += group.size * (1 + Math.floor((makespan - first) / cycle + 1e-9));
      }
      return count;
    };
    const stationsOf = new Set(groups.map((group) => group.station));
    const fit = (makespan: number) => {
      let count = 0;
      for (const station of stationsOf) {
        const row = this.stations.get(station);
        const byChargers =
          row && R > 0 ? row.chargers * Math.max(0, Math.floor((makespan - row.afterCharge) / R + 1e-9)) : Infinity;
        count += Math.min(byChargers, byRobots(makespan, station));
      }
      return count;
    };
    // The least such M is one of the robots' or the chargers' finishes; try them in order.
    const candidates: number[] = [];
    for (const { first, cycle } of figures) {
      // A group with no later segment never recharges (a plan never ends on a recharge).
      if (!Number.isFinite(first)) continue;
      if (!(cycle > 0)) return 0;
      for (let c = 0; c < recharges; c++) candidates.push(first + c * cycle);
    }
    for (const { chargers, afterCharge } of this.stations.values()) {
      for (let c = 1; c <= Math.ceil(recharges / chargers); c++) candidates.push(afterCharge + c * R);
    }
    candidates.sort((a, b) => a - b);
    for (const makespan of candidates) if (fit(makespan) >= recharges) return makespan * (1 - RELATIVE_TOLERANCE);
    return 0;
  }

  /** The segments' columns, added in one call (HiGHS rebuilds its matrix on each). */
  private addColumns(segments: readonly Segment[]): void {
    if (segments.length === 0) return;
    const entries = segments.map((segment) => this.columnEntries(segment));
    const starts = new Int32Array(segments.length + 1);
    entries.forEach(({ indices }, c) => {
      starts[c + 1] = starts[c] + indices.length;
    });
    const indices = new Int32Array(starts[segments.length]);
    const values = new Float64Array(starts[segments.length]);
    entries.forEach((entry, c) => {
      indices.set(entry.indices, starts[c]);
      values.set(entry.values, starts[c]);
    });
    const cost = Float64Array.from(segments, (segment) => (this.objective === 'recharges' && segment.closed ? 1 : 0));
    this.model.addCols({
      cost,
      lower: new Float64Array(segments.length),
      upper: new Float64Array(segments.length).fill(highs.infinity),
      matrix: { format: 'csc', numRows: this.rowCount, numCols: segments.length, starts, indices, values },
    });
    for (const segment of segments) this.columns.push(segment);
  }

  /** The segment's column: its visits of each class, its time, and its first, open, chain, closed and station entries (rows ascending). */
  private columnEntries(segment: Segment): { indices: number[]; values: number[] } {
    const visits = new Map<number, number>();
    for (const k of segment.classes) visits.set(k, (visits.get(k) ?? 0) + 1);
    const indices = [...visits.keys()].sort((a, b) => a - b);
    const values = indices.map((k) => visits.get(k) ?? 0);
    const base = this.groupRowStart + ROWS_PER_GROUP * segment.group;
    indices.push(base);
    values.push(segment.time);
    if (segment.origin === 'first') {
      indices.push(base + 1);
      values.push(1);
    }
    if (!segment.closed) {
      indices.push(base + 2);
      values.push(1);
    }
    const chain = (segment.origin === 'later' ? 1 : 0) - (segment.closed ? 1 : 0);
    if (chain !== 0) {
      indices.push(base + 3);
      values.push(chain);
    }
    if (segment.closed) {
      indices.push(base + 4);
      values.push(1);
    }
    const station = segment.closed ? this.stations.get(this.groups[segment.group].station) : undefined;
    if (station) {
      indices.push(station.row);
      values.push(this.problem.rechargeSeconds);
    }
    return { indices, values };
  }

  /** Rounds until converged, or the master is no more than `known`, or the proven value reaches `enough`. */
  private generate(known: number, enough: number): void {
    const { budget, outcome } = this;
    while (outcome.rounds < MAX_ROUNDS && performance.now() <= budget.deadline) {
      this.poll?.();
      outcome.rounds++;
      this.model.run();
      if (this.model.getModelStatus() !== highs.constants.modelStatus.optimal) return;
      outcome.master = this.model.getObjectiveValue();
      const { colValue, rowDual } = this.model.getSolution();
      this.used.length = 0;
      this.columns.forEach((segment, c) => {
        if (colValue[this.firstSegmentColumn + c] > 1e-9) this.used.push(segment);
      });
      if (outcome.master <= known) return;
      const { duals, dualObjective, onM } = this.readDuals(rowDual);
      const tolerance = 1e-9 * Math.max(1, outcome.master);
      // The quick pricing first; the exact one when it finds nothing, which proves a bound.
      const negative = (found: PricedSegment[]) => found.filter((column) => column.reducedCost < -tolerance);
      let priced = this.priceAll(duals, budget.labels, QUICK_BUCKET);
      budget.labels -= priced.labels;
      if (negative(priced.columns).length === 0) {
        priced = this.priceAll(duals, budget.labels, Infinity);
        budget.labels -= priced.labels;
        if (!priced.complete) return;
        const proven = this.proven(dualObjective, onM, priced.least) * (1 - RELATIVE_TOLERANCE);
        outcome.value = Math.max(outcome.value, proven);
        if (priced.least >= -tolerance || outcome.value >= enough) {
          outcome.converged = true;
          return;
        }
      }
      const fresh = negative(priced.columns);
      if (fresh.length === 0) return;
      this.addColumns(fresh.map(({ segment }) => segment));
      outcome.columns = this.columns.length;
    }
  }

  /** Every group's segments priced from its start and its home (and its empty first segment): the least reduced cost and the columns found. */
  private priceAll(duals: GroupDuals[], labelBudget: number, bucketCap: number) {
    let least = 0;
    let complete = true;
    let labels = 0;
    const columns: PricedSegment[] = [];
    this.groups.forEach((group, g) => {
      const empty = this.emptyFirst[g];
      if (empty) least = Math.min(least, this.reducedCost(empty, duals[g]));
      for (const origin of ['first', 'later'] as SegmentOrigin[]) {
        if (!complete && bucketCap === Infinity) return;
        const priced = this.pricing.price(
          group,
          origin,
          duals[g],
          COLUMNS_PER_PRICING,
          labelBudget - labels,
          this.poll,
          bucketCap,
        );
        labels += priced.labels;
        if (!priced.complete) complete = false;
        least = Math.min(least, priced.least);
        for (const column of priced.columns) columns.push({ ...column, segment: { ...column.segment, group: g } });
      }
    });
    return { least, complete, labels, columns };
  }

  /**
   * The bound the duals prove (the argument at the top): b'y less what the segments of negative
   * reduced cost could add, over A_M'y plus what they could add per second of M. 0 when nothing.
   */
  private proven(dualObjective: number, onM: number, least: number): number {
    const shortfall = Math.max(0, -least);
    // Recharges fixed: sum_s x_s is the segments' count, and M >= (b'y - shortfall x count) / A_M'y.
    if (this.segmentCount !== null && this.objective === 'makespan') {
      const numerator = dualObjective - shortfall * this.segmentCount;
      return numerator > 0 && onM > 0 ? numerator / onM : 0;
    }
    const numerator = dualObjective - shortfall * this.robots;
    if (!(numerator > 0)) return 0;
    // Counting recharges: sum_s c_s x_s >= b'y + d_min sum_s x_s, and the segments number at most
    // K first ones plus as many later ones as closed ones, the value itself.
    if (this.objective === 'recharges') return numerator / (1 + shortfall);
    if (shortfall > 0 && !(this.leastLaterTime > 0)) return 0;
    const denominator = onM + (shortfall > 0 ? (shortfall * this.robots) / this.leastLaterTime : 0);
    if (!(denominator > 0)) return 0;
    return numerator / denominator;
  }

  /** The duals by group (signs made right: a dual of the wrong sign by rounding is taken as 0), b'y and A_M'y. */
  private readDuals(rowDual: Float64Array): { duals: GroupDuals[]; dualObjective: number; onM: number } {
    const { pricing, groups, problem } = this;
    const atLeastZero = (v: number) => Math.max(0, v);
    const atMostZero = (v: number) => Math.min(0, v);
    // Counting recharges, M is free (cost 0), so the time and station rows bind nothing: their
    // duals are taken as 0, which keeps M's reduced cost at 0 in the argument.
    const counting = this.objective === 'recharges';
    const cover = new Float64Array(pricing.classCount);
    let dualObjective = 0;
    for (let k = 0; k < pricing.classCount; k++) {
      cover[k] = atLeastZero(rowDual[k]);
      dualObjective += pricing.classSize[k] * cover[k];
    }
    // A_M'y: -K_g on each time row, -chargers on each station row.
    let onM = 0;
    const stationDual = new Map<string, number>();
    for (const [station, { chargers, row, afterCharge }] of this.stations) {
      const dual = counting ? 0 : atMostZero(rowDual[row]);
      stationDual.set(station, dual);
      onM -= chargers * dual;
      dualObjective -= chargers * afterCharge * dual;
    }
    const duals = groups.map((group, g) => {
      const base = this.groupRowStart + ROWS_PER_GROUP * g;
      const time = counting ? 0 : atMostZero(rowDual[base]);
      // Rows made equalities (recharges fixed, c >= 1) take duals of either sign.
      const equal = group.recharges !== null && group.recharges >= 1;
      const first = equal ? rowDual[base + 1] : atMostZero(rowDual[base + 1]);
      const open = equal ? rowDual[base + 2] : atMostZero(rowDual[base + 2]);
      const closed = group.recharges === null ? 0 : rowDual[base + 4];
      dualObjective += group.size * (first + open) + (group.recharges ?? 0) * group.size * closed;
      onM -= group.size * time;
      return {
        cover,
        time,
        first,
        open,
        chain: atMostZero(rowDual[base + 3]),
        station: problem.rechargeSeconds > 0 ? (stationDual.get(group.station) ?? 0) : 0,
        // The closed row's dual counts on every closed segment, as a cost taken off it.
        closedCost: (counting ? 1 : 0) - closed,
      };
    });
    return { duals, dualObjective, onM };
  }

  /** d_s = -A_s'y for a column of the master (the empty first segment; pricing works the others out itself). */
  private reducedCost(segment: Segment, duals: GroupDuals): number {
    let onColumn = segment.time * duals.time - (segment.closed ? duals.closedCost : 0);
    for (const k of segment.classes) onColumn += duals.cover[k];
    if (segment.origin === 'first') onColumn += duals.first;
    else onColumn += duals.chain;
    if (!segment.closed) onColumn += duals.open;
    else onColumn += -duals.chain + this.problem.rechargeSeconds * duals.station;
    return -onColumn;
  }
}
