import type { Problem } from './problem.ts';

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
 *    the truth.
 *
 * 4. Fleet. Any plan gives the robots counts k_r summing to n, and its makespan M is at least
 *    every T_r(k_r); so k_r <= K_r(M) = max{k : T_r(k) <= M} and sum_r K_r(M) >= n. The bound is
 *    the smallest M with sum_r K_r(M) >= n, found by binary search among the values T_r(k).
 *
 * Floating point: shortest-path sums taken in another order can break the triangle inequality
 * by ~1e-12, so segments up to max_distance + 1e-6 count as feasible, negative detours are
 * clamped to 0 below a tolerance, and the final figure is shaved by a relative 1e-9.
 */

/** Walk-DP steps allowed over all stations before the cheaper capacity bound is used alone. */
const SEGMENT_DP_BUDGET = 6_000_000;
/** Knapsack steps allowed over all stations for the per-segment distance bound (2b). */
const SPLIT_DP_BUDGET = 4_000_000;
/** The battery modules accept segments up to max_distance + 1e-9; stay on the safe side of that. */
const DISTANCE_TOLERANCE = 1e-6;

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
  const { dropToPick, startToPick, homeToPick, dropToHome, startToHome, deliveryLength, canServe, speed, rechargeSeconds } = problem;

  // Smallest approach to each pickup from another delivery's dropoff.
  const minDropIn = new Float64Array(n).fill(Infinity);
  for (let i = 0; i < n; i++) {
    if ((i & 127) === 0) poll?.();
    const row = i * n;
    for (let j = 0; j < n; j++) {
      if (i !== j && dropToPick[row + j] < minDropIn[j]) minDropIn[j] = dropToPick[row + j];
    }
  }

  const byHome = new Map<number, StationSegments>();
  const walkBudget = { left: SEGMENT_DP_BUDGET };
  const splitBudget = { left: SPLIT_DP_BUDGET };
  const finishByRobot: Float64Array[] = [];
  const candidates: number[] = [];
  for (let r = 0; r < robots; r++) {
    poll?.();
    const home = problem.robots[r].homeNode;
    let station = byHome.get(home);
    if (!station) {
      station = walkSegments(problem, home, minDropIn, walkBudget, poll);
      station.splitFinish = splitBound(problem, station, splitBudget);
      byHome.set(home, station);
    }
    capacity[r] = station.capacity;

    const base = r * n;
    const plain = new Float64Array(n);
    const extra = new Float64Array(n);
    let fromStartExtra = Infinity;
    let servable = 0;
    let nearestHome = Infinity;
    let secondHome = Infinity;
    let nearestHomeDelivery = -1;
    for (let j = 0; j < n; j++) {
      if (canServe[base + j] === 0) continue;
      const back = dropToHome[base + j];
      if (back < nearestHome) {
        secondHome = nearestHome;
        nearestHome = back;
        nearestHomeDelivery = j;
      } else if (back < secondHome) secondHome = back;
    }
    for (let j = 0; j < n; j++) {
      if (canServe[base + j] === 0) continue;
      const approach = Math.min(startToPick[base + j], minDropIn[j]);
      const fromDrop = (j === nearestHomeDelivery ? secondHome : nearestHome) + homeToPick[base + j] - approach;
      const fromStart = startToHome[r] + homeToPick[base + j] - approach;
      plain[servable] = deliveryLength[j] + approach;
      extra[servable++] = fromDrop > 1e-9 ? fromDrop : 0;
      fromStartExtra = Math.min(fromStartExtra, fromStart > 1e-9 ? fromStart : 0);
    }
    // Typed-array sort is numeric and much faster than an array sort with a comparator.
    plain.subarray(0, servable).sort();
    extra.subarray(0, servable).sort();
    const q = Math.max(1, station.capacity);
    const finish = new Float64Array(servable);
    let distance = 0;
    let detours = 0;
    let recharges = 0;
    for (let k = 1; k <= servable; k++) {
      distance += plain[k - 1];
      const needed = Math.ceil(k / q) - 1;
      while (recharges < needed) detours += extra[recharges++];
      // At most one recharge trip can leave from the start rather than from a dropoff.
      const cheapestDetours = recharges === 0 ? 0 : detours - extra[recharges - 1] + Math.min(extra[recharges - 1], fromStartExtra);
      finish[k - 1] = recharges * rechargeSeconds + (distance + cheapestDetours) / speed;
      if (station.splitFinish && k < station.splitFinish.length) finish[k - 1] = Math.max(finish[k - 1], station.splitFinish[k]);
    }
    for (let k = servable - 1; k > 0; k--) finish[k - 1] = Math.min(finish[k - 1], finish[k]);
    for (const value of finish) candidates.push(value);
    finishByRobot.push(finish);
  }

  // Smallest candidate M with sum_r K_r(M) >= n (each T_r is non-decreasing).
  candidates.sort((a, b) => a - b);
  const fits = (limit: number) => {
    let total = 0;
    for (const finish of finishByRobot) {
      let lo = 0;
      let hi = finish.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (finish[mid] <= limit) lo = mid + 1;
        else hi = mid;
      }
      total += lo;
      if (total >= n) return true;
    }
    return false;
  };
  let lo = 0;
  let hi = candidates.length - 1;
  if (hi < 0 || !fits(candidates[hi])) return { makespan_s: 0, segment_capacity: capacity };
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fits(candidates[mid])) hi = mid;
    else lo = mid + 1;
  }
  return { makespan_s: candidates[lo] * (1 - 1e-9), segment_capacity: capacity };
}

/**
 * Step 1 for the robots based at `home`: best[j] after m rounds is the shortest walk from the
 * segment start through m deliveries ending at j's dropoff. Once no walk can also get home
 * within max_distance, no longer segment can either (by the triangle inequality the minimum
 * never decreases in m), so the capacity is m - 1. When the DP would be too slow (long ranges
 * on big instances; the budget is shared by all stations) the capacity falls back to a
 * sorted-sum relaxation of the same walk and the segment figures are dropped.
 */
function walkSegments(
  problem: Problem,
  home: number,
  minDropIn: Float64Array,
  budget: { left: number },
  poll?: () => void,
): StationSegments {
  const n = problem.deliveryCount;
  const { dropToPick, startToPick, homeToPick, dropToHome, deliveryLength, canServe, maxDistance } = problem;
  const limit = maxDistance + DISTANCE_TOLERANCE;
  const members: number[] = [];
  problem.robots.forEach((robot, r) => {
    if (robot.homeNode === home) members.push(r);
  });
  const ref = members[0] * n;
  let current = new Float64Array(n);
  let nearestBack = Infinity;
  const servable: number[] = [];
  for (let j = 0; j < n; j++) {
    let entry = Infinity;
    for (const r of members) {
      if (canServe[r * n + j] === 0) continue;
      entry = Math.min(entry, startToPick[r * n + j], homeToPick[r * n + j]);
    }
    current[j] = entry + deliveryLength[j];
    if (entry < Infinity) servable.push(j);
    nearestBack = Math.min(nearestBack, dropToHome[ref + j]);
  }
  if (servable.length === 0) return { capacity: 0, closed: null, open: null, splitFinish: null };

  // Sorted-sum relaxation: m deliveries cost at least the m smallest (length + cheapest approach).
  const cheapest = servable.map((j) => Math.min(current[j], deliveryLength[j] + minDropIn[j])).sort((a, b) => a - b);
  let relaxed = 0;
  let sum = nearestBack;
  while (relaxed < cheapest.length && sum + cheapest[relaxed] <= limit) sum += cheapest[relaxed++];

  const closed = new Float64Array(relaxed + 1);
  const open = new Float64Array(relaxed + 1);
  const stepCost = servable.length * servable.length;
  // Not worth starting a DP that the budget could not finish.
  if ((relaxed - 1) * stepCost > budget.left) return { capacity: relaxed, closed: null, open: null, splitFinish: null };
  let next = new Float64Array(n);
  for (let m = 1; m <= relaxed; m++) {
    if (m > 1) {
      if (stepCost > budget.left) return { capacity: relaxed, closed: null, open: null, splitFinish: null };
      budget.left -= stepCost;
      next.fill(Infinity);
      for (const i of servable) {
        const reach = current[i];
        if (reach > limit) continue;
        const row = i * n;
        for (const j of servable) {
          if (i === j) continue;
          const value = reach + dropToPick[row + j] + deliveryLength[j];
          if (value < next[j]) next[j] = value;
        }
      }
      poll?.();
      [current, next] = [next, current];
    }
    let bestClosed = Infinity;
    let bestOpen = Infinity;
    for (const j of servable) {
      const round = current[j] + dropToHome[ref + j];
      if (round > limit) continue;
      if (round < bestClosed) bestClosed = round;
      if (current[j] < bestOpen) bestOpen = current[j];
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
