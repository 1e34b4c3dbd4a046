import { dropoffToHome, homeToPickup, legBetween, startToPickup } from './delivery-legs.ts';
import type { Problem } from './problem.ts';

/**
 * Slack on the charge limit: the bounds must keep every segment the recharge DP keeps, and they
 * add distances in another order, so they allow a little more (which only lowers them).
 */
const LIMIT_SLACK = 1e-6;

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
  private active: number[] = [];
  /** Q(b), b in [1, length]: ending the segment with delivery b - 1 (then B(b), or the end for b = length), less the part of its start. */
  private ending = new Float64Array(0);
  /** Sparse tables: the largest reserve over [m, m + 2^t), the least ending over [b, b + 2^t). */
  private reserveMax = new Float64Array(0);
  private endingMin = new Float64Array(0);
  private route: ArrayLike<number> = [];

  constructor(
    private readonly problem: Problem,
    private readonly robot: number,
  ) {}

  /** Prepares the bounds for `route[0..length)`. */
  build(route: ArrayLike<number>, length: number): void {
    const p = this.problem;
    const r = this.robot;
    const speed = p.speed;
    const recharge = p.rechargeSeconds;
    const limit = p.maxDistance + 1e-9 + LIMIT_SLACK;
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
      let m = a < 0 ? 0 : a;
      if (base < Infinity) {
        for (; m < length && reserve[m] - g <= limit; m++) forward[m + 1] = Math.min(forward[m + 1], base + (reserve[m] - g) / speed + recharge);
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
    for (let b = 1; b <= length; b++) ending[b] = b === length ? plain[b - 1] / speed : reserve[b - 1] / speed + recharge + backward[b];
    fillSparseTable(this.reserveMax, reserve, 0, length, Math.max);
    fillSparseTable(this.endingMin, ending, 1, length + 1, Math.min);
  }

  /** A lower bound on the finish of the route with delivery j inserted before position k (k = length: at the end). */
  lower(j: number, k: number): number {
    const p = this.problem;
    const r = this.robot;
    const length = this.length;
    const route = this.route;
    const speed = p.speed;
    const recharge = p.rechargeSeconds;
    const limit = p.maxDistance + 1e-9 + LIMIT_SLACK;
    const lengthJ = p.deliveryLength[j];
    const backJ = dropoffToHome(p, r, j);
    const before = k > 0 ? this.plain[k - 1] : 0;
    const approach = k > 0 ? legBetween(p, route[k - 1], j) : startToPickup(p, r, j);
    const next = k < length ? route[k] : -1;
    const leave = next >= 0 ? legBetween(p, j, next) : 0;
    const formerApproach = next < 0 ? 0 : k > 0 ? legBetween(p, route[k - 1], next) : startToPickup(p, r, next);
    let best = Infinity;

    // j inside a segment that began at the start or at a moment before k.
    const extra = next < 0 ? 0 : approach + lengthJ + leave - formerApproach;
    for (let f = this.frontStart[k], end = this.frontStart[k + 1]; f < end; f++) {
      const part = this.frontPart[f];
      const g = this.frontOffset[f];
      if (before - g + approach + lengthJ + backJ > limit) continue;
      if (next < 0) {
        best = Math.min(best, part + (before + approach + lengthJ) / speed);
      } else {
        best = Math.min(best, part + (before + approach + lengthJ + backJ) / speed + recharge + this.backward[k]);
        const reach = this.firstAbove(k, limit + g - extra);
        if (reach > k) best = Math.min(best, part + extra / speed + this.leastEnding(k + 1, reach));
      }
    }
    // A charge right before j.
    const charged = this.forward[k];
    const fromHome = homeToPickup(p, r, j);
    if (charged < Infinity && fromHome + lengthJ + backJ <= limit) {
      if (next < 0) {
        best = Math.min(best, charged + (fromHome + lengthJ) / speed);
      } else {
        best = Math.min(best, charged + (fromHome + lengthJ + backJ) / speed + recharge + this.backward[k]);
        const g = before + formerApproach - fromHome - lengthJ - leave;
        const reach = this.firstAbove(k, limit + g);
        if (reach > k) best = Math.min(best, charged - g / speed + this.leastEnding(k + 1, reach));
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
    const { forward, offset, reachEnd, active } = this;
    active.length = 0;
    let written = 0;
    for (let k = 0; k <= length; k++) {
      this.frontStart[k] = written;
      // The start reaches k while its first segment lasts; moment k - 1 joins at k.
      if (k === 0 && reachEnd[length] >= 0) active.push(-1);
      if (k > 0 && forward[k - 1] < Infinity && reachEnd[k - 1] >= k) active.push(k - 1);
      let kept = 0;
      for (let i = 0; i < active.length; i++) {
        const a = active[i];
        if ((a < 0 ? reachEnd[length] : reachEnd[a]) >= k) active[kept++] = a;
      }
      active.length = kept;
      const offsetOf = (a: number) => (a < 0 ? 0 : offset[a]);
      active.sort((x, y) => offsetOf(y) - offsetOf(x) || x - y);
      let leastPart = Infinity;
      for (const a of active) {
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

function levelsFor(size: number): number {
  return size <= 1 ? 1 : 32 - Math.clz32(size - 1) + 1;
}

/** Level t of `table` (stride: the end) holds pick over values[i .. i + 2^t) for i in [from, end - 2^t]. */
function fillSparseTable(table: Float64Array, values: Float64Array, from: number, end: number, pick: (a: number, b: number) => number): void {
  const stride = end;
  for (let i = from; i < end; i++) table[i] = values[i];
  for (let level = 1, span = 2; span <= end - from; level++, span *= 2) {
    const row = level * stride;
    const previous = row - stride;
    for (let i = from; i + span <= end; i++) table[row + i] = pick(table[previous + i], table[previous + i + span / 2]);
  }
}
