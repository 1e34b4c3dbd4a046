import { AppendState } from '../routes/battery-schedule.ts';
import { EPSILON } from '../problem/battery-tolerance.ts';
import {
  canServe,
  driveBetween,
  dropoffToHome,
  dropoffToHomeDrive,
  fixedTime,
  homeToPickup,
  homeToPickupDrive,
  legBetween,
  startToPickup,
  startToPickupDrive,
} from '../problem/delivery-legs.ts';
import type { Routes } from '../plan/plan-builder.ts';
import type { Problem } from '../problem/problem.ts';

/**
 * Up to this many deliveries the plan with the least makespan is found exactly (ties: the least
 * total busy time), unless the instance needs more than EXACT_WORK_BUDGET steps (see below).
 */
export const EXACT_MAX_DELIVERIES = 12;

/**
 * Steps the exact method may take, counted as it goes: label insertions and subsets reached in
 * the route tables, class comparisons, and for each robot of the split its subsets and the
 * (covered subset, part) pairs it visits. An instance that needs more gets null (the caller's
 * search) instead of a long wait. The count does not depend on the machine; the budget is a few
 * tenths of a second of work on a small one.
 */
const EXACT_WORK_BUDGET = 40_000_000;

/**
 * The optimal makespan plan of a small instance (ties broken by the least total busy time), or
 * null when it has more than EXACT_MAX_DELIVERIES deliveries or needs more than `workBudget` steps.
 *
 * 1. An upper bound U: the makespan of a greedy plan. No part of an optimal plan takes longer,
 *    so everything slower than U is pruned below.
 * 2. Robots with the same distances to every place (robots of one station) form a class and
 *    share one table: for every subset of deliveries, the least time one such robot needs to do
 *    them within U, and the order (`SubsetRouteBuilder`).
 * 3. Classes that n robots of better classes can stand in for are left out (`withoutReplaceable`).
 * 4. The least makespan: a DP over subsets adding one robot at a time (`splitBetweenRobots`), a
 *    class with c robots taken min(c, n) times (at most n robots get work) and no more once a
 *    robot of the class improves nothing.
 * 5. The same DP on the sum of finish times, over the parts no slower than that makespan, gives
 *    the plan: its parts go to robots in the order the tables keep.
 */
export function solveSmallExactly(problem: Problem, workBudget: number = EXACT_WORK_BUDGET): Routes | null {
  const n = problem.deliveryCount;
  if (n > EXACT_MAX_DELIVERIES) return null;
  const routes: Routes = problem.robots.map(() => []);
  if (n === 0) return routes;
  const full = (1 << n) - 1;
  const cap = greedyMakespan(problem) * (1 + EPSILON) + EPSILON;
  const budget = { left: workBudget };

  const classes: RobotClass[] = [];
  const builder = new SubsetRouteBuilder(problem);
  for (const robots of robotClasses(problem)) {
    const table = builder.build(robots[0], cap, budget);
    if (!table) return null;
    if (table.parts.length > 0) classes.push({ robots: robots.slice(0, n), table });
  }
  const useful = withoutReplaceable(classes, n, budget);
  if (!useful) return null;
  const leastMax = splitBetweenRobots(useful, n, false, cap, budget, null);
  if (!leastMax || leastMax[full] === Infinity) return null;
  const steps: SplitStep[] = [];
  if (!splitBetweenRobots(useful, n, true, leastMax[full], budget, steps)) return null;

  let left = full;
  for (let k = steps.length - 1; k >= 0; k--) {
    const { robot, table, choice } = steps[k];
    const part = choice[left];
    if (part === 0) continue;
    routes[robot] = table.order(part);
    left ^= part;
  }
  if (left !== 0) throw new Error('The exact split lost deliveries');
  return routes;
}

/** For every subset of deliveries, one robot's least finish time within the cap, and its order. */
export interface SubsetRoutes {
  /** Least finish time per subset (Infinity: impossible or slower than the cap); empty without parts. */
  finish: Float64Array;
  /** The non-empty subsets with a finite finish time. */
  parts: Int32Array;
  order(set: number): number[];
}

/** Robots with the same distances everywhere (at most n of them matter) and their table. */
interface RobotClass {
  robots: number[];
  table: SubsetRoutes;
}

/** One robot added to the split: the part it takes for each covered subset (0: none). */
interface SplitStep {
  robot: number;
  table: SubsetRoutes;
  choice: Uint16Array;
}

/**
 * The classes left when every class that n robots of better classes could stand in for is
 * dropped. Class a is better than b when a robot of a does every subset at least as fast
 * (differing somewhere, or a comes first): a strict order. At most n robots get work, so a plan
 * using a dropped class's robot leaves a robot of a better class idle; moving the work there
 * keeps the makespan and busy time or lowers them, and the moves end (each goes up the order):
 * some optimal plan uses the classes kept alone. Null once `budget` runs out.
 */
function withoutReplaceable(classes: RobotClass[], n: number, budget: { left: number }): RobotClass[] | null {
  const better = (a: RobotClass, b: RobotClass, aFirst: boolean): boolean => {
    let strictly = false;
    for (const part of b.table.parts) {
      budget.left--;
      const ours = a.table.finish[part];
      const theirs = b.table.finish[part];
      if (ours > theirs) return false;
      if (ours < theirs) strictly = true;
    }
    return strictly || a.table.parts.length > b.table.parts.length || aFirst;
  };
  const kept = classes.filter((b, bIndex) => {
    let standIns = 0;
    for (let aIndex = 0; aIndex < classes.length && standIns < n; aIndex++) {
      if (aIndex !== bIndex && better(classes[aIndex], b, aIndex < bIndex)) standIns += classes[aIndex].robots.length;
    }
    return standIns < n;
  });
  return budget.left < 0 ? null : kept;
}

/**
 * The DP over subsets that splits deliveries between robots, one robot at a time: the best value
 * per covered subset, combining the robots' finish times by max (makespan) or by sum (busy
 * time), over parts no slower than `partLimit`. The robots of a class stop at the first one that
 * improves nothing: the next would not either. With `steps`, records each robot's choices for
 * the way back. Each robot visits the pairs (covered subset, disjoint part) from whichever side
 * is fewer: the covered subsets times the parts while few subsets are covered, else each part's
 * disjoint subsets. Returns null once `budget` runs out.
 */
function splitBetweenRobots(
  classes: RobotClass[],
  n: number,
  sum: boolean,
  partLimit: number,
  budget: { left: number },
  steps: SplitStep[] | null,
): Float64Array | null {
  const full = (1 << n) - 1;
  let current = new Float64Array(full + 1).fill(Infinity);
  current[0] = 0;
  const covered: number[] = [0];
  for (const { robots, table } of classes) {
    const { finish } = table;
    const parts = table.parts.filter((part) => finish[part] <= partLimit);
    let disjointPairs = 0;
    for (const part of parts) disjointPairs += 1 << (n - bitCount(part));
    for (const robot of robots) {
      const byCovered = covered.length * parts.length < disjointPairs;
      budget.left -= full + 1 + parts.length + (byCovered ? covered.length * parts.length : disjointPairs);
      if (budget.left < 0) return null;
      const next = current.slice();
      const choice = new Uint16Array(steps ? full + 1 : 0);
      const coveredBefore = covered.length;
      let improved = false;
      const consider = (rest: number, part: number) => {
        const before = current[rest];
        const time = finish[part];
        const value = sum ? before + time : Math.max(before, time);
        const set = rest | part;
        if (value < next[set]) {
          if (next[set] === Infinity) covered.push(set);
          next[set] = value;
          if (steps) choice[set] = part;
          improved = true;
        }
      };
      if (byCovered) {
        for (let c = 0; c < coveredBefore; c++) {
          const rest = covered[c];
          for (const part of parts) if ((part & rest) === 0) consider(rest, part);
        }
      } else {
        for (const part of parts) {
          const free = full ^ part;
          for (let rest = free; ; rest = (rest - 1) & free) {
            if (current[rest] !== Infinity) consider(rest, part);
            if (rest === 0) break;
          }
        }
      }
      if (!improved) break;
      current = next;
      steps?.push({ robot, table, choice });
    }
  }
  return current;
}

/** Robot indices grouped by identical distance rows (start, home, every pickup and dropoff) and handover (ready time, charge used). */
function robotClasses(problem: Problem): number[][] {
  const n = problem.deliveryCount;
  const classes = new Map<string, number[]>();
  for (let r = 0; r < problem.robotCount; r++) {
    const row = (distance: (problem: Problem, robot: number, j: number) => number) =>
      Array.from({ length: n }, (_, j) => distance(problem, r, j)).join(',');
    const key = `${problem.startToHome[r]}|${problem.readyS[r]}|${problem.initialUsed[r]}|${row(startToPickup)}|${row(homeToPickup)}|${row(dropoffToHome)}`;
    const members = classes.get(key);
    if (members) members.push(r);
    else classes.set(key, [r]);
  }
  return [...classes.values()];
}

/**
 * Makespan of a greedy plan: longest deliveries first, each to the robot that finishes it
 * soonest (Infinity if the greedy gets stuck). Its routes are legal, so it bounds the optimum.
 */
function greedyMakespan(problem: Problem): number {
  const states = problem.robots.map((_, r) => new AppendState(problem, r));
  const deliveries = problem.deliveries
    .map((_, j) => j)
    .sort((a, b) => problem.deliveryLength[b] - problem.deliveryLength[a]);
  let makespan = 0;
  for (const j of deliveries) {
    let best: AppendState | null = null;
    let bestFinish = Infinity;
    for (const state of states) {
      const finish = state.finishIfAppended(j);
      if (finish < bestFinish) {
        bestFinish = finish;
        best = state;
      }
    }
    if (!best) return Infinity;
    best.append(j);
    makespan = Math.max(makespan, bestFinish);
  }
  return makespan;
}

/**
 * Builds the subset tables of one problem's robot classes, one after another, reusing its working
 * memory. The label pool: a label is a partial route ending at a delivery, with the time its
 * current charge began (`base`, 0 from the start), the distance since that charge (`cum`) and
 * its drive metres (`drive`, time x speed), the finish time `base + drive / speed`, the label it extends and its last delivery; `link` chains
 * the labels of one (subset, last delivery) state. Per subset: the first label of each state
 * (-1: none), whether the subset holds a label, the distance since a charge at which a label of
 * the subset is safe, its best time and label, and the subsets holding labels in the order they
 * got their first. The per-subset memory is left clean after each table.
 */
export class SubsetRouteBuilder {
  private capacity = 1 << 12;
  private labelBase = new Float64Array(this.capacity);
  private labelCum = new Float64Array(this.capacity);
  private labelDrive = new Float64Array(this.capacity);
  private labelTime = new Float64Array(this.capacity);
  private labelPrev = new Int32Array(this.capacity);
  private labelLink = new Int32Array(this.capacity);
  private labelLast = new Int8Array(this.capacity);
  private readonly stateHead: Int32Array;
  private readonly reached: Uint8Array;
  private readonly safeCum: Float64Array;
  private readonly bestTime: Float64Array;
  private readonly bestLabel: Int32Array;
  private readonly reachedOrder: Int32Array;
  /** Per delivery: its longest approach from another dropoff plus its length (0 when the robot cannot serve it). */
  private readonly worstLeg: Float64Array;
  // The table being built: its robot, time cap and charge limit, labels used, subsets reached,
  // steps counted, and the longest way home from a dropoff it can serve.
  private robot = 0;
  private cap = 0;
  private limit = 0;
  private count = 0;
  private reachedCount = 0;
  private work = 0;
  private maxBack = 0;

  constructor(private readonly problem: Problem) {
    const subsets = 1 << problem.deliveryCount;
    this.worstLeg = new Float64Array(problem.deliveryCount);
    this.stateHead = new Int32Array(subsets * problem.deliveryCount).fill(-1);
    this.reached = new Uint8Array(subsets);
    this.safeCum = new Float64Array(subsets);
    this.bestTime = new Float64Array(subsets);
    this.bestLabel = new Int32Array(subsets);
    this.reachedOrder = new Int32Array(subsets);
  }

  /**
   * Robot `robot`'s least finish time for every subset of deliveries, over every order and every
   * recharge schedule, by a DP over (subset, last delivery) states. A state keeps the Pareto
   * labels of (finish time, distance since the last charge): a label no later and with no less
   * battery is at least as good for any continuation, because what follows only adds time and
   * needs battery. Appending delivery k goes straight on (if the distance since the charge, plus
   * the way home from k's dropoff, stays within a charge) or first goes home from the last dropoff
   * (always possible: the reserve rule held there), waits the recharge time and comes from the
   * station; before the first delivery the robot may also charge first. These are exactly the
   * schedules evaluateRoute chooses among, with its arithmetic, so the order kept for a subset
   * evaluates to the table's time. A route ends at its last dropoff: nothing after it counts, and
   * the reserve rule already made sure home is within reach there.
   * Subsets are expanded in the order they are first reached, which is by size, so each is
   * complete when expanded; only reached ones cost anything. Labels later than `cap` are dropped.
   * Returns null once `budget` runs out.
   */
  build(robot: number, cap: number, budget: { left: number }): SubsetRoutes | null {
    const n = this.problem.deliveryCount;
    const { stateHead: head, reached, reachedOrder } = this;
    this.prepare(robot, cap);
    this.seedFirstDeliveries();
    this.expandReached(budget.left);
    budget.left -= this.work;
    const parts = Int32Array.from(reachedOrder.subarray(0, this.reachedCount));
    for (const set of parts) {
      reached[set] = 0;
      head.fill(-1, set * n, set * n + n);
    }
    if (budget.left < 0) return null;
    return this.subsetRoutes(parts);
  }

  /**
   * Starts a table: its robot, cap and charge limit, an empty pool, and the figures that make a
   * label safe. A label is safe when it could still do every open delivery, in any order and each
   * from the farthest dropoff, and get home, on its charge: such a label never needs to charge, so
   * it beats any later label of its state whatever their batteries (a detour home is never shorter
   * than the direct leg), and its own recharge moves are never worth trying.
   */
  private prepare(robot: number, cap: number): void {
    const problem = this.problem;
    const n = problem.deliveryCount;
    this.robot = robot;
    this.cap = cap;
    this.limit = problem.maxDistance + EPSILON;
    this.count = 0;
    this.reachedCount = 0;
    this.work = 0;
    this.maxBack = 0;
    this.worstLeg.fill(0);
    for (let k = 0; k < n; k++) {
      if (!canServe(problem, robot, k)) continue;
      let approach = 0;
      for (let i = 0; i < n; i++) if (i !== k) approach = Math.max(approach, legBetween(problem, i, k));
      this.worstLeg[k] = approach + problem.deliveryLength[k];
      this.maxBack = Math.max(this.maxBack, dropoffToHome(problem, robot, k));
    }
  }

  private reach(set: number): void {
    const n = this.problem.deliveryCount;
    this.reached[set] = 1;
    this.reachedOrder[this.reachedCount++] = set;
    this.bestTime[set] = Infinity;
    let safe = this.limit - this.maxBack;
    for (let k = 0; k < n; k++) if ((set & (1 << k)) === 0) safe -= this.worstLeg[k];
    this.safeCum[set] = safe;
    this.work += n;
  }

  /** Adds a label unless one of the state dominates it; drops the ones it dominates. */
  private insert(set: number, last: number, start: number, cum: number, drive: number, prev: number): void {
    this.work++;
    // Handling depends on how many deliveries the route holds, never on their order or charges.
    const time = start + drive / this.problem.speed + fixedTime(this.problem, this.robot, bitCount(set));
    if (time > this.cap) return;
    if (this.reached[set] === 0) this.reach(set);
    const head = this.stateHead;
    const state = set * this.problem.deliveryCount + last;
    const safe = this.safeCum[set];
    const { labelTime, labelCum, labelLink } = this;
    let before = -1;
    for (let l = head[state]; l >= 0; l = labelLink[l]) {
      if (labelTime[l] <= time && (labelCum[l] <= cum || labelCum[l] <= safe)) return;
      if (time <= labelTime[l] && (cum <= labelCum[l] || cum <= safe)) {
        if (before < 0) head[state] = labelLink[l];
        else labelLink[before] = labelLink[l];
      } else before = l;
    }
    const count = this.count;
    if (count === this.capacity) this.growPool();
    this.labelBase[count] = start;
    this.labelCum[count] = cum;
    this.labelDrive[count] = drive;
    this.labelTime[count] = time;
    this.labelPrev[count] = prev;
    this.labelLast[count] = last;
    this.labelLink[count] = head[state];
    head[state] = count;
    this.count = count + 1;
  }

  /** The one-delivery routes: straight from the start, or after charging first. */
  private seedFirstDeliveries(): void {
    const { problem, robot, limit } = this;
    const { deliveryLength, deliveryDrive, speed, rechargeSeconds } = problem;
    const startToHome = problem.startToHome[robot];
    // A handed-over robot starts with `used` metres of its charge gone: its first label carries
    // them as battery (cum) but not as time (a base that takes their seconds back off).
    const used = problem.initialUsed[robot];
    const chargeFirst =
      used + startToHome <= limit ? problem.startToHomeDrive[robot] / speed + rechargeSeconds : Infinity;
    for (let k = 0; k < problem.deliveryCount; k++) {
      if (!canServe(problem, robot, k)) continue;
      const back = dropoffToHome(problem, robot, k);
      const direct = startToPickup(problem, robot, k) + deliveryLength[k];
      const directDrive = startToPickupDrive(problem, robot, k) + deliveryDrive[k];
      if (used + direct + back <= limit) this.insert(1 << k, k, -used / speed, used + direct, used + directDrive, -1);
      const fromHome = homeToPickup(problem, robot, k) + deliveryLength[k];
      const fromHomeDrive = homeToPickupDrive(problem, robot, k) + deliveryDrive[k];
      if (chargeFirst < Infinity && fromHome + back <= limit)
        this.insert(1 << k, k, chargeFirst, fromHome, fromHomeDrive, -1);
    }
  }

  /** Expands the reached subsets in order, each label by every open delivery, while `budget` lasts. */
  private expandReached(budget: number): void {
    const { problem, robot, limit, reachedOrder, safeCum, bestTime, bestLabel } = this;
    const n = problem.deliveryCount;
    const { deliveryLength, deliveryDrive, speed, rechargeSeconds } = problem;
    for (let r = 0; r < this.reachedCount && this.work <= budget; r++) {
      const set = reachedOrder[r];
      const safe = safeCum[set];
      for (let j = 0; j < n; j++) {
        if ((set & (1 << j)) === 0) continue;
        const homeFromJDrive = dropoffToHomeDrive(problem, robot, j);
        for (let l = this.stateHead[set * n + j]; l >= 0; l = this.labelLink[l]) {
          const time = this.labelTime[l];
          if (time < bestTime[set]) {
            bestTime[set] = time;
            bestLabel[set] = l;
          }
          const start = this.labelBase[l];
          const cum = this.labelCum[l];
          const drive = this.labelDrive[l];
          const recharged = start + (drive + homeFromJDrive) / speed + rechargeSeconds;
          for (let k = 0; k < n; k++) {
            if ((set & (1 << k)) !== 0 || !canServe(problem, robot, k)) continue;
            const back = dropoffToHome(problem, robot, k);
            const straight = cum + (legBetween(problem, j, k) + deliveryLength[k]);
            const straightDrive = drive + (driveBetween(problem, j, k) + deliveryDrive[k]);
            if (straight + back <= limit) this.insert(set | (1 << k), k, start, straight, straightDrive, l);
            if (cum <= safe) continue;
            const fromHome = homeToPickup(problem, robot, k) + deliveryLength[k];
            const fromHomeDrive = homeToPickupDrive(problem, robot, k) + deliveryDrive[k];
            if (fromHome + back <= limit) this.insert(set | (1 << k), k, recharged, fromHome, fromHomeDrive, l);
          }
        }
      }
    }
  }

  /**
   * The table of the reached subsets. Orders are packed four bits a delivery (12 deliveries use
   * 48 bits, exact in a double), first delivery in the lowest digit, so that the label pool is
   * free for the next class.
   */
  private subsetRoutes(parts: Int32Array): SubsetRoutes {
    const n = this.problem.deliveryCount;
    const finish = new Float64Array(parts.length > 0 ? 1 << n : 0).fill(Infinity);
    const packed = new Float64Array(finish.length);
    for (const set of parts) {
      finish[set] = this.bestTime[set];
      let code = 0;
      for (let l = this.bestLabel[set]; l >= 0; l = this.labelPrev[l]) code = code * 16 + this.labelLast[l];
      packed[set] = code;
    }
    return {
      finish,
      parts,
      order(set: number): number[] {
        const order: number[] = [];
        let code = packed[set];
        for (let k = bitCount(set); k > 0; k--) {
          const j = code % 16;
          order.push(j);
          code = (code - j) / 16;
        }
        return order;
      },
    };
  }

  private growPool(): void {
    this.capacity *= 2;
    const grow = <T extends Float64Array | Int32Array | Int8Array>(old: T, fresh: T): T => {
      fresh.set(old);
      return fresh;
    };
    this.labelBase = grow(this.labelBase, new Float64Array(this.capacity));
    this.labelCum = grow(this.labelCum, new Float64Array(this.capacity));
    this.labelDrive = grow(this.labelDrive, new Float64Array(this.capacity));
    this.labelTime = grow(this.labelTime, new Float64Array(this.capacity));
    this.labelPrev = grow(this.labelPrev, new Int32Array(this.capacity));
    this.labelLink = grow(this.labelLink, new Int32Array(this.capacity));
    this.labelLast = grow(this.labelLast, new Int8Array(this.capacity));
  }
}

/** The number of deliveries in a subset (its set bits). */
function bitCount(set: number): number {
  let count = 0;
  for (let rest = set; rest !== 0; rest &= rest - 1) count++;
  return count;
}
