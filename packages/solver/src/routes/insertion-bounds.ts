import { EPSILON, SAFE_SLACK } from '../problem/battery-tolerance.ts';
import { dropoffToHome, fixedTime, homeToPickup, legBetween, startToPickup } from '../problem/delivery-legs.ts';
import type { Problem } from '../problem/problem.ts';

/**
 * Lower bounds on the finish of a route with one delivery inserted, for every insertion
 * position in O(log length) each, so that the recharge DP only runs where the best insertion
 * can be (`RouteEvaluator.bestInsertion`). A route with recharges is a chain of segments
 * (from the start, or from the home station after a charge), and the DP's optimum is a
 * shortest path over the moments "charged at home before delivery a". With prefix sums S of the
 * plain route and, per moment a, its offset G(a) (a segment from a reaches dropoff m at
 * S(m) - G(a)), the shortest times to each moment from the start (forward) and from each moment
 * to the end (backward) describe every schedule of the route with j inserted at k:
 * - j inside a segment that began before it, at the start or a moment a < k: its time splits
 *   into a part of a (F(a) - G(a) / v), the extra drive of the insertion, and a part of where
 *   the segment ends (the best over the ends that the extra drive still lets a reach: a range
 *   query on a sparse table);
 * - a charge right after j, or right before it (then F(k) and a segment from home through j).
 * Only the moments that can reach k and are not beaten by one with a smaller part and a larger
 * offset count (a Pareto front per k, usually one to three moments). The charge limit gets a
 * little slack, so every bound is at most the DP's finish, and equal to it up to rounding.
 * Built in O(length x segment length x log) per route; a query costs O(front x log length).
 */
export class InsertionBounds {
  private length = 0;
  /** S(m): plain distance from the start to the dropoff of delivery m. */
  private plain = new Float64Array(0);
  /** S(m) + the way home from dropoff m: the reserve rule of m is reserve(m) - G <= limit. */
  private reserve = new Float64Array(0);
  /** G(a) of the moment "charged at home before delivery a". */
  private offset = new Float64Array(0);
  /** F(a), a in [0, length]: least time to be charged at home before delivery a (after the last one for a = length). */
  private forward = new Float64Array(0);
  /** B(a), a in [0, length): least time from charged at home before delivery a to the end. */
  private backward = new Float64Array(0);
  /**
   * Per k in [0, length]: the moments (the start included) whose segment reaches delivery k - 1,
   * as (part F(a) - G(a) / v, offset G(a)) pairs of their Pareto front, at frontStart[k] ..
   * frontStart[k + 1] - 1.
   */
  private frontStart = new Int32Array(0);
  private frontPart = new Float64Array(0);
  private frontOffset = new Float64Array(0);
  /** Per moment: the last k its segment reaches (the start's at index length). */
  private reachEnd = new Int32Array(0);
  private active: Int32Array = new Int32Array(16);
  /** Q(b), b in [1, length]: ending the segment with delivery b - 1 (then B(b), or the end for b = length), less the part of its start. */
  private ending = new Float64Array(0);
  /** Sparse tables: the largest reserve over [m, m + 2^t), the least ending over [b, b + 2^t). */
  private reserveMax = new Float64Array(0);
  private endingMin = new Float64Array(0);
  private route: ArrayLike<number> = [];
  /** Working memory of lowerReplacing, per chain position. */
  private inner = new Float64Array(0);
  private chainBack = new Float64Array(0);
  private reserveUpTo = new Float64Array(0);
  private reserveFrom = new Float64Array(0);

  private robot = -1;

  constructor(private readonly problem: Problem) {}

  /** Prepares the bounds for robot `robot` doing `route[0..length)` (read again by the queries: keep it unchanged). */
  build(robot: number, route: ArrayLike<number>, length: number): void {
    const p = this.problem;
    const r = robot;
    this.robot = robot;
    const speed = p.speed;
    const recharge = p.rechargeSeconds;
    const limit = p.maxDistance + EPSILON + SAFE_SLACK;
    this.ensureCapacity(length);
    this.route = route;
    this.length = length;
    const { plain, reserve, offset, forward, backward, ending } = this;
    let sum = 0;
    for (let m = 0; m < length; m++) {
      const j = route[m];
      sum += (m === 0 ? startToPickup(p, r, j) : legBetween(p, route[m - 1], j)) + p.deliveryLength[j];
      plain[m] = sum;
      reserve[m] = sum + dropoffToHome(p, r, j);
      offset[m] = sum - homeToPickup(p, r, j) - p.deliveryLength[j];
    }
    forward.fill(Infinity, 0, length + 1);
    const startToHome = p.startToHome[r];
    if (startToHome <= limit) forward[0] = startToHome / speed + recharge;
    // Segments from the start (a = -1, G = 0), then from each moment a in order.
    for (let a = -1; a < length; a++) {
      const base = a < 0 ? 0 : forward[a];
      const g = a < 0 ? 0 : offset[a];
      let m = Math.max(a, 0);
      if (base < Infinity) {
        for (; m < length && reserve[m] - g <= limit; m++)
          forward[m + 1] = Math.min(forward[m + 1], base + (reserve[m] - g) / speed + recharge);
      }
      // The segment reaches k for k in (a, m]; a moment never charged reaches nothing.
      this.reachEnd[a < 0 ? length : a] = base < Infinity ? m : a;
    }
    this.buildFronts(length);
    for (let a = length - 1; a >= 0; a--) {
      let best = Infinity;
      const g = offset[a];
      for (let m = a; m < length && reserve[m] - g <= limit; m++) {
        const time = m === length - 1 ? (plain[m] - g) / speed : (reserve[m] - g) / speed + recharge + backward[m + 1];
        if (time < best) best = time;
      }
      backward[a] = best;
    }
    for (let b = 1; b <= length; b++)
      ending[b] = b === length ? plain[b - 1] / speed : reserve[b - 1] / speed + recharge + backward[b];
    fillSparseTable(this.reserveMax, reserve, 0, length, Math.max);
    fillSparseTable(this.endingMin, ending, 1, length + 1, Math.min);
  }

  /** A lower bound on the finish of the route with delivery j inserted before position k (k = length: at the end). */
  lower(j: number, k: number): number {
    const p = this.problem;
    const lengthJ = p.deliveryLength[j];
    const backJ = dropoffToHome(p, this.robot, j);
    return this.wholeChain(k, k, j, j, lengthJ, backJ, lengthJ + backJ) + fixedTime(p, this.robot, this.length + 1);
  }

  /**
   * A lower bound on the finish of the route with its deliveries [from, to) replaced by the
   * `count` >= 1 deliveries chain[chainFrom ..] (an insertion when from = to; a reordered
   * window for or-opt and 2-opt). Besides the cases of a single delivery, the chain may hold
   * charges: then the time is at least that of reaching home charged after some chain[i] plus
   * that of going on from home with some later chain[i'].
   */
  lowerReplacing(from: number, to: number, chain: ArrayLike<number>, chainFrom: number, count: number): number {
    // Handling and a handover's start add the same to every schedule of the changed route.
    return (
      this.drivenReplacing(from, to, chain, chainFrom, count) +
      fixedTime(this.problem, this.robot, this.length - (to - from) + count)
    );
  }

  /** lowerReplacing without the fixed time: driving and recharges only. */
  private drivenReplacing(
    from: number,
    to: number,
    chain: ArrayLike<number>,
    chainFrom: number,
    count: number,
  ): number {
    const p = this.problem;
    const r = this.robot;
    const length = this.length;
    const route = this.route;
    const speed = p.speed;
    const recharge = p.rechargeSeconds;
    const limit = p.maxDistance + EPSILON + SAFE_SLACK;
    this.ensureChainCapacity(count);
    const { inner, chainBack, reserveUpTo, reserveFrom } = this;
    // The chain's plain distance from its first pickup to each of its dropoffs, and its reserves.
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const c = chain[chainFrom + i];
      sum += (i === 0 ? 0 : legBetween(p, chain[chainFrom + i - 1], c)) + p.deliveryLength[c];
      inner[i] = sum;
      chainBack[i] = dropoffToHome(p, r, c);
      reserveUpTo[i] = Math.max(i === 0 ? -Infinity : reserveUpTo[i - 1], sum + chainBack[i]);
    }
    for (let i = count - 1; i >= 0; i--)
      reserveFrom[i] = Math.max(i === count - 1 ? -Infinity : reserveFrom[i + 1], inner[i] + chainBack[i]);
    const first = chain[chainFrom];
    const last = chain[chainFrom + count - 1];
    const total = inner[count - 1];
    const backLast = chainBack[count - 1];
    let best = this.wholeChain(from, to, first, last, total, backLast, reserveUpTo[count - 1]);
    if (count === 1) return best;
    const before = from > 0 ? this.plain[from - 1] : 0;
    const approach = from > 0 ? legBetween(p, route[from - 1], first) : startToPickup(p, r, first);
    const next = to < length ? route[to] : -1;
    const leave = next >= 0 ? legBetween(p, last, next) : 0;
    const former = next < 0 ? 0 : this.plain[to] - p.deliveryLength[next] - before;
    const frontFrom = this.frontStart[from];
    const frontTo = this.frontStart[from + 1];
    const charged = this.forward[from];
    const homeFirst = homeToPickup(p, r, first);
    // Charges inside the chain: the first after chain[i], the last before chain[later] (i < later).
    // Between them the robot drives at least home -> chain[i + 1 .. later - 1] -> home and
    // charges once more (when later > i + 1).
    let detoured = Infinity;
    for (let later = 1; later < count; later++) {
      const i = later - 1;
      // Home and charged after chain[0..i].
      let arrived = Infinity;
      for (let f = frontFrom; f < frontTo; f++) {
        const g = this.frontOffset[f];
        if (before - g + approach + reserveUpTo[i] > limit) continue;
        arrived = Math.min(
          arrived,
          this.frontPart[f] + (before + approach + inner[i] + chainBack[i]) / speed + recharge,
        );
      }
      if (charged < Infinity && homeFirst + reserveUpTo[i] <= limit) {
        arrived = Math.min(arrived, charged + (homeFirst + inner[i] + chainBack[i]) / speed + recharge);
      }
      const c = chain[chainFrom + later];
      const shift = homeToPickup(p, r, c) + p.deliveryLength[c] - inner[later];
      // Home and charged before chain[later]: straight after chain[i], or after a detour from an earlier charge.
      const ready = Math.min(arrived, detoured + (inner[i] + chainBack[i]) / speed + recharge);
      detoured = Math.min(detoured, arrived + shift / speed);
      if (ready === Infinity || shift + reserveFrom[later] > limit) continue;
      // From home through chain[later ..], then on.
      const out = shift + total;
      let rest: number;
      if (next < 0) {
        rest = out / speed;
      } else {
        rest = (out + backLast) / speed + recharge + this.backward[to];
        const g = before + former - out - leave;
        const reach = this.firstAbove(to, limit + g);
        if (reach > to) rest = Math.min(rest, -g / speed + this.leastEnding(to + 1, reach));
      }
      best = Math.min(best, ready + rest);
    }
    return best;
  }

  /**
   * The bound of the cases where the chain (from `first` to `last`, `total` metres of plain
   * drive from its first pickup, its largest reserve `chainReserve` measured the same way) holds
   * no charge: inside a segment begun before `from`, or after a charge right before it; then on
   * through the route from `to`, or home for a charge right after it.
   */
  private wholeChain(
    from: number,
    to: number,
    first: number,
    last: number,
    total: number,
    backLast: number,
    chainReserve: number,
  ): number {
    const p = this.problem;
    const r = this.robot;
    const route = this.route;
    const speed = p.speed;
    const recharge = p.rechargeSeconds;
    const limit = p.maxDistance + EPSILON + SAFE_SLACK;
    const before = from > 0 ? this.plain[from - 1] : 0;
    const approach = from > 0 ? legBetween(p, route[from - 1], first) : startToPickup(p, r, first);
    const next = to < this.length ? route[to] : -1;
    const leave = next >= 0 ? legBetween(p, last, next) : 0;
    // The route's plain drive from where the robot stands before `from` to the pickup of `next`.
    const former = next < 0 ? 0 : this.plain[to] - p.deliveryLength[next] - before;
    const extra = next < 0 ? 0 : approach + total + leave - former;
    let best = Infinity;
    // The chain inside a segment that began at the start or at a moment before `from`.
    for (let f = this.frontStart[from], end = this.frontStart[from + 1]; f < end; f++) {
      const part = this.frontPart[f];
      const g = this.frontOffset[f];
      if (before - g + approach + chainReserve > limit) continue;
      if (next < 0) {
        best = Math.min(best, part + (before + approach + total) / speed);
      } else {
        best = Math.min(best, part + (before + approach + total + backLast) / speed + recharge + this.backward[to]);
        const reach = this.firstAbove(to, limit + g - extra);
        if (reach > to) best = Math.min(best, part + extra / speed + this.leastEnding(to + 1, reach));
      }
    }
    // A charge right before the chain.
    const charged = this.forward[from];
    const homeFirst = homeToPickup(p, r, first);
    if (charged < Infinity && homeFirst + chainReserve <= limit) {
      if (next < 0) {
        best = Math.min(best, charged + (homeFirst + total) / speed);
      } else {
        best = Math.min(best, charged + (homeFirst + total + backLast) / speed + recharge + this.backward[to]);
        const g = before + former - homeFirst - total - leave;
        const reach = this.firstAbove(to, limit + g);
        if (reach > to) best = Math.min(best, charged - g / speed + this.leastEnding(to + 1, reach));
      }
    }
    return best;
  }

  /**
   * The Pareto front of the moments reaching each k: a sweep over k keeps the moments whose
   * range (a, reachEnd] holds k, and of those keeps, by offset from largest to smallest, each
   * one with a smaller part than all before it.
   */
  private buildFronts(length: number): void {
    const speed = this.problem.speed;
    const { forward, offset, reachEnd } = this;
    // The moments that reach k, by offset from largest to smallest (the start: -1, offset 0).
    let active = this.active;
    let count = 0;
    const offsetOf = (a: number) => (a < 0 ? 0 : offset[a]);
    let written = 0;
    for (let k = 0; k <= length; k++) {
      this.frontStart[k] = written;
      let kept = 0;
      for (let i = 0; i < count; i++) {
        const a = active[i];
        if ((a < 0 ? reachEnd[length] : reachEnd[a]) >= k) active[kept++] = a;
      }
      count = kept;
      // The start reaches k = 0; moment k - 1 joins at k when it reaches it.
      const joining = k === 0 ? -1 : forward[k - 1] < Infinity && reachEnd[k - 1] >= k ? k - 1 : -2;
      if (joining >= -1) {
        if (count === active.length) active = this.active = growInt32(active);
        const g = offsetOf(joining);
        let at = count++;
        while (at > 0 && offsetOf(active[at - 1]) < g) {
          active[at] = active[at - 1];
          at--;
        }
        active[at] = joining;
      }
      let leastPart = Infinity;
      for (let i = 0; i < count; i++) {
        const a = active[i];
        const part = a < 0 ? 0 : forward[a] - offset[a] / speed;
        if (part >= leastPart) continue;
        leastPart = part;
        if (written >= this.frontPart.length) this.growFront();
        this.frontPart[written] = part;
        this.frontOffset[written++] = offsetOf(a);
      }
    }
    this.frontStart[length + 1] = written;
  }

  private growFront(): void {
    const size = Math.max(64, 2 * this.frontPart.length);
    const part = new Float64Array(size);
    const offset = new Float64Array(size);
    part.set(this.frontPart);
    offset.set(this.frontOffset);
    this.frontPart = part;
    this.frontOffset = offset;
  }

  /** The first m >= k whose reserve exceeds `threshold`, or length. */
  private firstAbove(k: number, threshold: number): number {
    const table = this.reserveMax;
    const stride = this.length;
    let m = k;
    for (let level = levelsFor(this.length) - 1; level >= 0; level--) {
      const span = 1 << level;
      if (m + span <= this.length && table[level * stride + m] <= threshold) m += span;
    }
    return m;
  }

  /** The least ending over b in [from, to]. */
  private leastEnding(from: number, to: number): number {
    const level = 31 - Math.clz32(to - from + 1);
    const table = this.endingMin;
    const stride = this.length + 1;
    return Math.min(table[level * stride + from], table[level * stride + to - (1 << level) + 1]);
  }

  private ensureChainCapacity(count: number): void {
    if (this.inner.length >= count) return;
    const size = Math.max(count, 2 * this.inner.length, 16);
    this.inner = new Float64Array(size);
    this.chainBack = new Float64Array(size);
    this.reserveUpTo = new Float64Array(size);
    this.reserveFrom = new Float64Array(size);
  }

  private ensureCapacity(length: number): void {
    if (this.plain.length >= length + 1) return;
    const size = Math.max(length + 1, 2 * this.plain.length, 16);
    this.plain = new Float64Array(size);
    this.reserve = new Float64Array(size);
    this.offset = new Float64Array(size);
    this.forward = new Float64Array(size);
    this.backward = new Float64Array(size);
    this.frontStart = new Int32Array(size + 1);
    this.reachEnd = new Int32Array(size + 1);
    this.ending = new Float64Array(size);
    this.reserveMax = new Float64Array(levelsFor(size) * size);
    this.endingMin = new Float64Array(levelsFor(size) * size);
  }
}

function growInt32(values: Int32Array): Int32Array {
  const grown = new Int32Array(2 * values.length);
  grown.set(values);
  return grown;
}

function levelsFor(size: number): number {
  return size <= 1 ? 1 : 32 - Math.clz32(size - 1) + 1;
}

/** Level t of `table` (stride: the end) holds pick over values[i .. i + 2^t) for i in [from, end - 2^t]. */
function fillSparseTable(
  table: Float64Array,
  values: Float64Array,
  from: number,
  end: number,
  pick: (a: number, b: number) => number,
): void {
  const stride = end;
  for (let i = from; i < end; i++) table[i] = values[i];
  for (let level = 1, span = 2; span <= end - from; level++, span *= 2) {
    const row = level * stride;
    const previous = row - stride;
    for (let i = from; i + span <= end; i++) table[row + i] = pick(table[previous + i], table[previous + i + span / 2]);
  }
}
