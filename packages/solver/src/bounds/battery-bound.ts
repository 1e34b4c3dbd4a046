import { AscendingHeap } from '../data-structures/ascending-heap.ts';
import { CheapestCopies } from '../data-structures/cheapest-copies.ts';
import { EPSILON, SAFE_SLACK } from '../problem/battery-tolerance.ts';
import { canServe, handlingTime } from '../problem/delivery-legs.ts';
import { groupDeliveriesByPlace, type PlaceGroups } from './place-groups.ts';
import { distancesFrom, onDriveTimes, type Problem } from '../problem/problem.ts';

/**
 * A battery-aware lower bound on the makespan. The model's bound (lower-bound.ts) charges
 * recharges only for the fleet's average distance; this one counts, robot by robot, the
 * recharges forced by the number of deliveries it does and the driving they cost.
 *
 * The argument, for a robot r that does k >= 1 deliveries in some valid plan (the makespan is
 * the last delivery's completion, so recharges after it do not count):
 *
 * 1. Charge segments. The route splits into segments: the first starts at r's start with a
 *    full battery, each later one at its home station after a recharge. By the battery rules,
 *    after every delivery the robot can still reach home, so each segment's distance plus the
 *    way home from its last dropoff is at most max_distance. A dynamic programme over walks
 *    "segment start -> m deliveries" (`walkSegments`; a walk may revisit a delivery, so its
 *    minimum is a relaxation, below every real segment) gives for m = 1, 2, ...:
 *    closed[m] <= any segment of m deliveries that ends with the drive home to recharge,
 *    open[m]   <= any final segment of m deliveries (its reserve home must fit too),
 *    and q = the largest m for which any such segment fits in max_distance. Walks start at the
 *    home station or at the start of any robot of that station, whichever is closer, so the
 *    same figures hold for first and later segments. Segments hold at most q deliveries, so
 *    the robot recharges at least c(k) = ceil(k / q) - 1 times.
 *
 * 2. Two distance bounds, for k deliveries with c recharges:
 *    a. per delivery: each delivery costs its length l_j plus an approach to its pickup, at
 *       least in_j = min(start -> p_j, d_i -> p_j over other deliveries i). After a recharge
 *       the approach runs through the home station: at least in_j + e_j with
 *       e_j = min(d_i -> home over i != j) + home -> p_j - in_j, or, for the one delivery that
 *       follows the start, in_j + s_j with s_j = start -> home + home -> p_j - in_j (both >= 0
 *       by the triangle inequality). So the distance is at least the k smallest l_j + in_j,
 *       plus the c - 1 smallest e_j, plus the smaller of the c-th smallest e_j and the
 *       smallest s_j (all picked independently, which only relaxes);
 *    b. per segment: c closed segments and one open one, sizes summing to k, each at most q:
 *       at least the cheapest such split of closed[] and open[] (a small knapsack DP).
 *
 * 3. Time. The robot never waits except to recharge, so with c recharges it finishes no
 *    earlier than c * recharge_time + distance / v. Hence T_r(k) = max(A, B) bounds it, with
 *    A = c(k) * recharge_time + (2a with c(k)) / v: more recharges than c(k) add a wait each
 *    and never lower 2a (it never decreases in c), and
 *    B = min over c of c * recharge_time + (2b with c) / v (empty segments only add waits).
 *    T_r is then replaced by its suffix minimum, so it never decreases in k and stays below
 *    the truth. For a robot with acceleration and turns, 2a's figures are the legs' least times
 *    (drive metres, seconds x v: each leg is a walk from standstill to standstill, and going
 *    through a third place is a walk too, so the triangle inequality holds for them as well)
 *    while the segments of step 1 and 2b stay in metres; and every delivery's handling but the
 *    last dropoff's is added, as no plan avoids it.
 *
 * 4. Fleet. Any plan gives the robots counts k_r summing to n, and its makespan M is at least
 *    every T_r(k_r); so k_r <= K_r(M) = max{k : T_r(k) <= M} and sum_r K_r(M) >= n. The bound is
 *    the smallest M with sum_r K_r(M) >= n, found by bisection.
 *
 * Cost: all figures are per delivery class (same pickup and dropoff place), so steps 1-2 take
 * O(robots x classes) plus the budgeted DPs; a robot's figures are kept only as far as step 4
 * reaches, about n / robots of them, so the whole is far below robots x n.
 *
 * Floating point: shortest-path sums taken in another order can break the triangle inequality
 * by ~1e-12, so segments up to max_distance + SAFE_SLACK count as feasible, detours below
 * EPSILON count as 0, and the final figure is shaved by a relative 1e-9.
 */

/** Walk-DP steps allowed over all stations before the cheaper capacity bound is used alone. */
const SEGMENT_DP_BUDGET = 6_000_000;
/** Knapsack steps allowed over all stations for the per-segment distance bound (2b). */
const SPLIT_DP_BUDGET = 4_000_000;

export interface BatteryBound {
  /** The bound of steps 1-4 in seconds (0 when there is nothing to do). */
  makespan_s: number;
  /** Per robot: the most deliveries one charge segment can hold (an upper bound). */
  segment_capacity: number[];
}

interface StationSegments {
  capacity: number;
  /** closed[m], open[m] for m = 1..capacity (index 0 unused), or null when the DP was cut short. */
  closed: Float64Array | null;
  open: Float64Array | null;
  /** Lower bound on the time to do k deliveries from the segment figures alone (2b), index k. */
  splitFinish: Float64Array | null;
}

export function batteryAwareBound(problem: Problem, poll?: () => void): BatteryBound {
  const n = problem.deliveryCount;
  const robots = problem.robotCount;
  const capacity = new Array<number>(robots).fill(0);
  if (n === 0 || robots === 0) return { makespan_s: 0, segment_capacity: capacity };
  const classes = deliveryClasses(problem);

  const byHome = new Map<number, StationSegments>();
  const walkBudget = { left: SEGMENT_DP_BUDGET };
  const splitBudget = { left: SPLIT_DP_BUDGET };
  const figures = new RobotFigures(problem, classes);
  // Step 3's times: for a robot with acceleration and turns, from the legs' least times.
  const drives = onDriveTimes(problem);
  const timeFigures = drives === problem ? figures : new RobotFigures(drives, deliveryClasses(drives));
  const finishes: RobotFinish[] = [];
  let servableInAll = 0;
  for (let r = 0; r < robots; r++) {
    poll?.();
    const home = problem.robots[r].homeNode;
    let station = byHome.get(home);
    if (!station) {
      station = walkSegments(problem, classes, home, walkBudget, poll);
      station.splitFinish = splitBound(problem, station, splitBudget);
      byHome.set(home, station);
    }
    capacity[r] = station.capacity;
    const servable = figures.servable(r);
    if (servable === 0) continue;
    servableInAll += servable;
    finishes.push(new RobotFinish(problem, station, timeFigures, r, servable));
  }
  if (servableInAll < n) return { makespan_s: 0, segment_capacity: capacity };

  // Step 4: the smallest M with sum_r K_r(M) >= n. It is one of the values T_r(k) and the
  // smallest number that fits, so a bisection down to two adjacent doubles finds it exactly.
  // Each robot's figures are worked out only as far as M needs (see RobotFinish).
  let low = -1;
  let high = 0;
  for (const finish of finishes) high = Math.max(high, finish.extendBeyond(0));
  high = Math.max(high, Number.MIN_VALUE);
  const fitsWhileExtending = (limit: number) => {
    let total = 0;
    for (const finish of finishes) {
      finish.extendBeyond(limit);
      total += finish.lastAtMost(limit);
    }
    return total >= n;
  };
  while (!fitsWhileExtending(high)) {
    poll?.();
    if (high === Infinity) throw new Error('The battery-aware bound found figures that are not numbers');
    low = high;
    high *= 2;
  }
  for (const finish of finishes) finish.seal();
  const fits = (limit: number) => {
    let total = 0;
    for (const finish of finishes) {
      total += finish.countAtMost(limit);
      if (total >= n) return true;
    }
    return false;
  };
  for (;;) {
    const mid = low + (high - low) / 2;
    if (mid <= low || mid >= high) break;
    if (fits(mid)) high = mid;
    else low = mid;
  }
  return { makespan_s: high * (1 - 1e-9), segment_capacity: capacity };
}

/**
 * Steps 2-3 for one robot, k = 1, 2, ...: F(k) = max(A(k), the station's 2b figure for k) (plus the handling), where
 * A(k) (2a) never decreases in k. T(k) is the minimum of F over k and beyond, so
 * K(M) = max{k : T(k) <= M} = max{k : F(k) <= M}; and no k with A(k) > M counts. So F is
 * worked out only until A passes the largest M asked, from the robot's cheapest figures
 * (RobotFigures), fetched a few at a time: a robot does about n / robots deliveries, far fewer
 * than it could serve.
 */
class RobotFinish {
  private finish = new Float64Array(16);
  private length = 0;
  private distance = 0;
  private detours = 0;
  private recharges = 0;
  private lastExtra = 0;
  private lastA = -Infinity;
  private sealed = false;
  private sorted: SortedFigures | null = null;

  constructor(
    private readonly problem: Problem,
    private readonly station: StationSegments,
    private readonly figures: RobotFigures,
    private readonly robot: number,
    private readonly servable: number,
  ) {}

  /** Works out F(k) until A(k) exceeds `limit` or every delivery is counted; returns the last F. */
  extendBeyond(limit: number): number {
    const { rechargeSeconds, speed, deliveryCount, robotCount } = this.problem;
    const q = Math.max(1, this.station.capacity);
    const split = this.station.splitFinish;
    while (this.length < this.servable && this.lastA <= limit) {
      if (!this.sorted || this.length === this.sorted.plain.length) {
        const wanted = Math.min(
          this.servable,
          this.sorted ? 2 * this.length : 2 * Math.ceil(deliveryCount / robotCount) + 16,
        );
        this.sorted = this.figures.cheapest(this.robot, wanted, Math.ceil(wanted / q));
      }
      const k = this.length + 1;
      this.distance += this.sorted.plain[this.length];
      const needed = Math.ceil(k / q) - 1;
      while (this.recharges < needed) {
        this.lastExtra = this.sorted.extra[this.recharges++];
        this.detours += this.lastExtra;
      }
      // At most one recharge trip can leave from the start rather than from a dropoff.
      const cheapestDetours =
        this.recharges === 0 ? 0 : this.detours - this.lastExtra + Math.min(this.lastExtra, this.sorted.fromStartExtra);
      this.lastA = this.recharges * rechargeSeconds + (this.distance + cheapestDetours) / speed;
      let value = this.lastA;
      if (split && k < split.length) value = Math.max(value, split[k]);
      value += this.handling(k);
      if (this.length === this.finish.length) {
        const wider = new Float64Array(this.finish.length * 2);
        wider.set(this.finish);
        this.finish = wider;
      }
      this.finish[this.length++] = value;
    }
    return this.finish[this.length - 1];
  }

  /**
   * Handling no plan avoids, for a robot with acceleration and turns (points keep the original
   * product's figures, which leave it out).
   */
  private handling(k: number): number {
    return this.problem.pointRobot ? 0 : handlingTime(this.problem, k);
  }

  /** K(M) from the figures worked out so far (exact when they reach beyond M). */
  lastAtMost(limit: number): number {
    for (let k = this.length; k > 0; k--) if (this.finish[k - 1] <= limit) return k;
    return 0;
  }

  /** Turns F into its suffix minimum T, so that countAtMost is a binary search. */
  seal(): void {
    for (let k = this.length - 1; k > 0; k--) this.finish[k - 1] = Math.min(this.finish[k - 1], this.finish[k]);
    this.sealed = true;
    this.sorted = null;
  }

  countAtMost(limit: number): number {
    if (!this.sealed) throw new Error('RobotFinish.countAtMost before seal');
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.finish[mid] <= limit) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The cheapest figures of step 2a for one robot, in increasing order. */
interface SortedFigures {
  /** l_j + in_j, the smallest ones. */
  plain: Float64Array;
  /** e_j, the smallest ones. */
  extra: Float64Array;
  /** The smallest s_j. */
  fromStartExtra: number;
}

/**
 * Step 2a's figures of a robot, per delivery class (every figure depends on the places only),
 * with two selectors shared by all robots: one robot's figures are worked out at a time and only
 * the cheapest few kept; asking for more works them out again (they come out the same).
 */
class RobotFigures {
  private readonly servableClasses: Int32Array;
  private readonly plain: CheapestCopies;
  private readonly extra: CheapestCopies;

  constructor(
    private readonly problem: Problem,
    private readonly classes: DeliveryClasses,
  ) {
    const count = classes.groups.classCounts.length;
    this.servableClasses = new Int32Array(count + 1);
    this.plain = new CheapestCopies(count);
    this.extra = new CheapestCopies(count + 1);
  }

  /** How many deliveries robot r can serve (and its servable classes, in servableClasses). */
  servable(r: number): number {
    const { classDelivery, classCounts } = this.classes.groups;
    const problem = this.problem;
    let servable = 0;
    let classes = 0;
    for (let k = 0; k < classCounts.length; k++) {
      if (!canServe(problem, r, classDelivery[k])) continue;
      this.servableClasses[classes++] = k;
      servable += classCounts[k];
    }
    this.servableClasses[classes] = -1;
    return servable;
  }

  cheapest(r: number, plainCount: number, extraCount: number): SortedFigures {
    const { classes, problem, plain, extra } = this;
    const count = classes.groups.classCounts;
    const { startNode, homeNode: home } = problem.robots[r];
    this.servable(r);
    const list = this.servableClasses;
    let nearestHome = Infinity;
    let secondHome = Infinity;
    let nearestHomeClass = -1;
    for (let i = 0; list[i] >= 0; i++) {
      const k = list[i];
      const back = classes.dropRow[k][home];
      if (back < nearestHome) {
        secondHome = count[k] > 1 ? back : nearestHome;
        nearestHome = back;
        nearestHomeClass = k;
      } else if (back < secondHome) secondHome = back;
    }
    const fromStartRow = distancesFrom(problem, startNode);
    const fromHomeRow = distancesFrom(problem, home);
    const startToHome = problem.startToHome[r];
    let fromStartExtra = Infinity;
    plain.reset(plainCount);
    extra.reset(extraCount);
    for (let i = 0; list[i] >= 0; i++) {
      const k = list[i];
      const pickup = classes.pickupNode[k];
      const approach = Math.min(fromStartRow[pickup], classes.minDropIn[k]);
      const toPickup = fromHomeRow[pickup];
      const fromStart = startToHome + toPickup - approach;
      plain.offer(classes.length[k] + approach, count[k]);
      // The delivery nearest home goes home from the second nearest dropoff after it.
      const lone = k === nearestHomeClass ? 1 : 0;
      const fromDrop = nearestHome + toPickup - approach;
      if (count[k] > lone) extra.offer(fromDrop > EPSILON ? fromDrop : 0, count[k] - lone);
      if (lone) {
        const fromSecond = secondHome + toPickup - approach;
        extra.offer(fromSecond > EPSILON ? fromSecond : 0, 1);
      }
      fromStartExtra = Math.min(fromStartExtra, fromStart > EPSILON ? fromStart : 0);
    }
    return { plain: plain.sorted(), extra: extra.sorted(), fromStartExtra };
  }
}

/** Place-level figures per delivery class (same pickup and dropoff). */
interface DeliveryClasses {
  groups: PlaceGroups;
  pickupNode: Int32Array;
  length: Float64Array;
  /** Distances from the class's dropoff place, by node. */
  dropRow: Float64Array[];
  /** Smallest approach to the class's pickup from another delivery's dropoff. */
  minDropIn: Float64Array;
}

function deliveryClasses(problem: Problem): DeliveryClasses {
  const groups = groupDeliveriesByPlace(problem);
  const { classPickup, classDropoff, classDelivery, pickupNodes, dropoffNodes, dropoffCounts } = groups;
  const dropoffRows = Array.from(dropoffNodes, (node) => distancesFrom(problem, node));
  // For each pickup place, the nearest and second nearest dropoff places: a delivery whose own
  // dropoff place is the nearest, and holds no other delivery, takes the second.
  const nearest = new Int32Array(pickupNodes.length).fill(-1);
  const nearestDistance = new Float64Array(pickupNodes.length).fill(Infinity);
  const secondDistance = new Float64Array(pickupNodes.length).fill(Infinity);
  pickupNodes.forEach((node, q) => {
    dropoffRows.forEach((row, d) => {
      const c = row[node];
      if (c < nearestDistance[q]) {
        secondDistance[q] = nearestDistance[q];
        nearestDistance[q] = c;
        nearest[q] = d;
      } else if (c < secondDistance[q]) secondDistance[q] = c;
    });
  });
  const minDropIn = Float64Array.from(classPickup, (q, k) =>
    nearest[q] === classDropoff[k] && dropoffCounts[classDropoff[k]] === 1 ? secondDistance[q] : nearestDistance[q],
  );
  return {
    groups,
    pickupNode: Int32Array.from(classPickup, (q) => pickupNodes[q]),
    length: Float64Array.from(classDelivery, (j) => problem.deliveryLength[j]),
    dropRow: Array.from(classDropoff, (d) => dropoffRows[d]),
    minDropIn,
  };
}

/**
 * Step 1 for the robots based at `home`: best[c] after m rounds is the shortest walk from the
 * segment start through m deliveries ending at a dropoff of class c (a walk may follow a
 * delivery with another of its own class when the class has two or more). Once no walk can
 * also get home within max_distance, no longer segment can either (by the triangle inequality
 * the minimum never decreases in m), so the capacity is m - 1. When the DP would be too slow
 * (long ranges on big instances; the budget is shared by all stations) the capacity falls back
 * to a sorted-sum relaxation of the same walk and the segment figures are dropped.
 */
function walkSegments(
  problem: Problem,
  classes: DeliveryClasses,
  home: number,
  budget: { left: number },
  poll?: () => void,
): StationSegments {
  const { maxDistance } = problem;
  const count = classes.groups.classCounts;
  const delivery = classes.groups.classDelivery;
  const { pickupNode, length, dropRow, minDropIn } = classes;
  const limit = maxDistance + SAFE_SLACK;
  const members: number[] = [];
  problem.robots.forEach((robot, r) => {
    if (robot.homeNode === home) members.push(r);
  });
  let current = new Float64Array(count.length).fill(Infinity);
  // Robots that cannot use their start or station serve nothing, so they add nothing here.
  for (const r of members) {
    const { startNode } = problem.robots[r];
    if (startNode < 0 || home < 0) continue;
    const startRow = distancesFrom(problem, startNode);
    const homeRow = distancesFrom(problem, home);
    for (let k = 0; k < count.length; k++) {
      if (!canServe(problem, r, delivery[k])) continue;
      const entry = Math.min(startRow[pickupNode[k]], homeRow[pickupNode[k]]);
      if (entry < current[k]) current[k] = entry;
    }
  }
  let nearestBack = Infinity;
  const servable: number[] = [];
  for (let k = 0; k < count.length; k++) {
    current[k] += length[k];
    if (current[k] < Infinity) servable.push(k);
    if (home >= 0) nearestBack = Math.min(nearestBack, dropRow[k][home]);
  }
  if (servable.length === 0) return { capacity: 0, closed: null, open: null, splitFinish: null };

  // Sorted-sum relaxation: m deliveries cost at least the m smallest (length + cheapest approach).
  const cheapest = new AscendingHeap(servable.length);
  for (const k of servable) cheapest.add(Math.min(current[k], length[k] + minDropIn[k]), count[k]);
  let servableDeliveries = 0;
  for (const k of servable) servableDeliveries += count[k];
  let relaxed = 0;
  let sum = nearestBack;
  while (relaxed < servableDeliveries) {
    const next = cheapest.takeValue();
    if (sum + next > limit) break;
    sum += next;
    relaxed++;
  }

  const closed = new Float64Array(relaxed + 1);
  const open = new Float64Array(relaxed + 1);
  const stepCost = servable.length * servable.length;
  // Not worth starting a DP that the budget could not finish.
  if ((relaxed - 1) * stepCost > budget.left) return { capacity: relaxed, closed: null, open: null, splitFinish: null };
  let next = new Float64Array(count.length);
  for (let m = 1; m <= relaxed; m++) {
    if (m > 1) {
      if (stepCost > budget.left) return { capacity: relaxed, closed: null, open: null, splitFinish: null };
      budget.left -= stepCost;
      next.fill(Infinity);
      for (const a of servable) {
        const reach = current[a];
        if (reach > limit) continue;
        const row = dropRow[a];
        for (const b of servable) {
          if (a === b && count[a] === 1) continue;
          const value = reach + row[pickupNode[b]] + length[b];
          if (value < next[b]) next[b] = value;
        }
      }
      poll?.();
      [current, next] = [next, current];
    }
    let bestClosed = Infinity;
    let bestOpen = Infinity;
    for (const k of servable) {
      const round = current[k] + dropRow[k][home];
      if (round > limit) continue;
      if (round < bestClosed) bestClosed = round;
      if (current[k] < bestOpen) bestOpen = current[k];
    }
    if (bestClosed === Infinity) {
      return { capacity: m - 1, closed: closed.subarray(0, m), open: open.subarray(0, m), splitFinish: null };
    }
    closed[m] = bestClosed;
    open[m] = bestOpen;
  }
  return { capacity: relaxed, closed, open, splitFinish: null };
}

/**
 * Step 2b: splitFinish[k] = min over c of c * recharge_time + (cheapest c closed segments and
 * one open segment holding k deliveries in all) / v, for k = 1..n. covered[k] is the cheapest
 * distance of closed segments holding k deliveries with the current number of segments; each
 * round adds one closed segment. Rounds stop once the recharge waits alone exceed every
 * finish found so far, or when the budget (shared by all stations) runs out, in which case the
 * bound is dropped (the per-delivery bound 2a still holds).
 */
function splitBound(problem: Problem, station: StationSegments, budget: { left: number }): Float64Array | null {
  const { closed, open, capacity } = station;
  if (!closed || !open || capacity === 0) return null;
  const n = problem.deliveryCount;
  const { rechargeSeconds, speed } = problem;
  const finish = new Float64Array(n + 1).fill(Infinity);
  finish[0] = 0;
  let covered = new Float64Array(n + 1).fill(Infinity);
  covered[0] = 0;
  let next = new Float64Array(n + 1);
  for (let segments = 0; segments <= n; segments++) {
    const wait = segments * rechargeSeconds;
    let worst = 0;
    for (let k = 1; k <= n; k++) worst = Math.max(worst, finish[k]);
    if (segments > 0 && wait >= worst) break;
    const steps = (n + 1) * capacity * 2;
    if (steps > budget.left) return null;
    budget.left -= steps;
    for (let before = 0; before < n; before++) {
      const cost = covered[before];
      if (cost === Infinity) continue;
      for (let m = 1; m <= capacity && before + m <= n; m++) {
        const time = wait + (cost + open[m]) / speed;
        if (time < finish[before + m]) finish[before + m] = time;
      }
    }
    next.fill(Infinity);
    for (let before = 0; before < n; before++) {
      const cost = covered[before];
      if (cost === Infinity) continue;
      for (let m = 1; m <= capacity && before + m <= n; m++) {
        if (cost + closed[m] < next[before + m]) next[before + m] = cost + closed[m];
      }
    }
    [covered, next] = [next, covered];
  }
  return finish;
}
