import { evaluateRoute, lastRoute } from './battery-schedule.ts';
import type { Problem } from './problem.ts';

const EPSILON = 1e-9;

/**
 * Cached figures of one robot's route for fast insertion tests. When the route fits one
 * charge, inserting a delivery changes the plain distance by an O(1) delta and stays on one
 * charge iff the inserted dropoff and every later dropoff keep the way home within the charge;
 * the suffix maximum of (distance so far + way home) answers that in O(1). Otherwise the exact
 * battery schedule is recomputed for the candidate route.
 */
export class RouteCache {
  route: number[];
  /** Plain (no recharge) distance from the start to the k-th dropoff. */
  cum: Float64Array = new Float64Array(8);
  /** max over m >= k of cum[m] + dist(dropoff m, home). */
  suffixReserve: Float64Array = new Float64Array(8);
  plainTotal = 0;
  oneCharge = true;
  finish = 0;
  distance = 0;
  recharges = 0;

  constructor(
    private readonly problem: Problem,
    readonly robot: number,
    route: number[] = [],
  ) {
    this.route = route;
    this.refresh();
  }

  refresh(): void {
    const p = this.problem;
    const n = p.deliveryCount;
    const route = this.route;
    const length = route.length;
    if (this.cum.length < length + 1) {
      this.cum = new Float64Array(2 * length + 2);
      this.suffixReserve = new Float64Array(2 * length + 2);
    }
    const base = this.robot * n;
    let cum = 0;
    for (let k = 0; k < length; k++) {
      const j = route[k];
      cum += (k === 0 ? p.startToPick[base + j] : p.dropToPick[route[k - 1] * n + j]) + p.deliveryLength[j];
      this.cum[k] = cum;
    }
    let reserve = -Infinity;
    for (let k = length - 1; k >= 0; k--) {
      reserve = Math.max(reserve, this.cum[k] + p.dropToHome[base + route[k]]);
      this.suffixReserve[k] = reserve;
    }
    this.plainTotal = cum;
    this.oneCharge = length === 0 || this.suffixReserve[0] <= p.maxDistance + EPSILON;
    this.finish = evaluateRoute(p, this.robot, route);
    this.distance = lastRoute.distance;
    this.recharges = lastRoute.recharges;
  }
}

/** Result of the last bestInsertion call. */
export const insertion = { position: -1, finish: Infinity, distance: Infinity };

let scratch: number[] = [];

/**
 * Cheapest position (earliest finish, then shortest distance) to insert delivery j into the
 * cached route; positions whose finish cannot beat `cutoff` are skipped. Sets `insertion`
 * (position -1 when none qualifies) and returns the finish time.
 */
export function bestInsertion(problem: Problem, cache: RouteCache, j: number, cutoff = Infinity, blink?: () => boolean): number {
  insertion.position = -1;
  insertion.finish = Infinity;
  insertion.distance = Infinity;
  const p = problem;
  const n = p.deliveryCount;
  const r = cache.robot;
  const base = r * n;
  if (p.canServe[base + j] === 0) return Infinity;
  const route = cache.route;
  const length = route.length;
  const limit = p.maxDistance + EPSILON;
  const speed = p.speed;
  const lengthJ = p.deliveryLength[j];
  const backJ = p.dropToHome[base + j];
  let bestFinish = cutoff;
  let bestDistance = Infinity;
  for (let k = 0; k <= length; k++) {
    if (blink !== undefined && blink()) continue;
    const before = k === 0 ? 0 : cache.cum[k - 1];
    const approach = k === 0 ? p.startToPick[base + j] : p.dropToPick[route[k - 1] * n + j];
    let delta = approach + lengthJ;
    if (k < length) {
      const next = route[k];
      const oldApproach = k === 0 ? p.startToPick[base + next] : p.dropToPick[route[k - 1] * n + next];
      delta += p.dropToPick[j * n + next] - oldApproach;
    }
    const plainDistance = cache.plainTotal + delta;
    const plainFinish = plainDistance / speed;
    // A recharge never shortens a route, so the plain figure bounds the real one from below.
    if (plainFinish > bestFinish + EPSILON) continue;
    let finish: number;
    let distance: number;
    if (cache.oneCharge && before + approach + lengthJ + backJ <= limit && (k === length || cache.suffixReserve[k] + delta <= limit)) {
      finish = plainFinish;
      distance = plainDistance;
    } else {
      if (scratch.length < length + 1) scratch = new Array(2 * length + 2).fill(0);
      for (let m = 0; m < k; m++) scratch[m] = route[m];
      scratch[k] = j;
      for (let m = k; m < length; m++) scratch[m + 1] = route[m];
      finish = evaluateRoute(p, r, scratch, length + 1);
      distance = lastRoute.distance;
      if (finish === Infinity) continue;
    }
    if (finish < bestFinish - EPSILON || (finish <= bestFinish + EPSILON && distance < bestDistance)) {
      bestFinish = finish;
      bestDistance = distance;
      insertion.position = k;
      insertion.finish = finish;
      insertion.distance = distance;
    }
  }
  return insertion.finish;
}
