import type { Problem } from './problem.ts';

/**
 * The one battery/recharge module every algorithm uses.
 *
 * Given a robot's ordered deliveries, it decides before which deliveries the robot returns to
 * its home station to recharge, so that the model's rules hold (distance since the last charge
 * never exceeds max_distance, and after every delivery the robot can still reach home) and the
 * robot finishes as early as possible. The choice is an exact dynamic programme over recharge
 * moments: a route splits into segments, each starting at the robot's start (the first one)
 * or at the home station after a recharge; a segment is feasible when every dropoff in it
 * keeps the way home within the charge. Recharging earlier is sometimes cheaper (the robot is
 * near home), and the DP finds that. When the whole route fits one charge, a linear pass
 * answers without the DP (by the triangle inequality a recharge can never shorten a route).
 */

const EPSILON = 1e-9;

let bestTime = new Float64Array(64);
let bestDistance = new Float64Array(64);
let parent = new Int32Array(64);

function ensureScratch(size: number): void {
  if (bestTime.length >= size) return;
  const capacity = Math.max(size, bestTime.length * 2);
  bestTime = new Float64Array(capacity);
  bestDistance = new Float64Array(capacity);
  parent = new Int32Array(capacity);
}

/** Result of the last evaluateRoute call (avoids an allocation per local-search move). */
export const lastRoute = { time: 0, distance: 0, recharges: 0 };

/** Sentinel in the DP parent array: the segment started at the robot's start node. */
const FROM_START = -1;
/** Sentinel: before the first delivery the robot drove from its start to its station to charge. */
const START_THEN_CHARGE = -2;

/**
 * Finish time (s) of robot `robot` doing `route[0..length)` in order with the best recharge
 * moments; Infinity when no recharge schedule makes it legal. Also sets `lastRoute`.
 * When `rechargeBefore` is given, it receives 1 at each delivery index preceded by a recharge.
 */
export function evaluateRoute(
  problem: Problem,
  robot: number,
  route: ArrayLike<number>,
  length: number = route.length,
  rechargeBefore?: Uint8Array,
): number {
  if (rechargeBefore) rechargeBefore.fill(0, 0, length);
  if (length === 0) {
    lastRoute.time = 0;
    lastRoute.distance = 0;
    lastRoute.recharges = 0;
    return 0;
  }
  const n = problem.deliveryCount;
  const base = robot * n;
  const { dropToPick, startToPick, homeToPick, dropToHome, deliveryLength, maxDistance, speed, rechargeSeconds } = problem;
  const limit = maxDistance + EPSILON;

  // Fast path: the route on one charge.
  let first = route[0];
  let cum = startToPick[base + first] + deliveryLength[first];
  let fits = cum + dropToHome[base + first] <= limit;
  for (let k = 1; fits && k < length; k++) {
    const current = route[k];
    cum += dropToPick[route[k - 1] * n + current] + deliveryLength[current];
    fits = cum + dropToHome[base + current] <= limit;
  }
  if (fits) {
    lastRoute.time = cum / speed;
    lastRoute.distance = cum;
    lastRoute.recharges = 0;
    return lastRoute.time;
  }

  ensureScratch(length + 1);
  bestTime.fill(Infinity, 0, length + 1);
  bestDistance.fill(Infinity, 0, length + 1);
  let finalTime = Infinity;
  let finalDistance = Infinity;
  let finalTag = FROM_START;

  const startToHome = problem.startToHome[robot];
  if (startToHome <= limit) {
    bestDistance[0] = startToHome;
    bestTime[0] = startToHome / speed + rechargeSeconds;
    parent[0] = START_THEN_CHARGE;
  }

  for (let a = -1; a < length; a++) {
    let baseTime: number;
    let baseDistance: number;
    if (a < 0) {
      baseTime = 0;
      baseDistance = 0;
      cum = startToPick[base + route[0]] + deliveryLength[route[0]];
    } else {
      baseTime = bestTime[a];
      if (baseTime === Infinity) continue;
      baseDistance = bestDistance[a];
      cum = homeToPick[base + route[a]] + deliveryLength[route[a]];
    }
    const segmentStart = a < 0 ? 0 : a;
    const tag = a < 0 ? FROM_START : a;
    for (let b = segmentStart; b < length; b++) {
      const current = route[b];
      if (b > segmentStart) cum += dropToPick[route[b - 1] * n + current] + deliveryLength[current];
      const back = dropToHome[base + current];
      if (cum + back > limit) break;
      if (b === length - 1) {
        const time = baseTime + cum / speed;
        if (time < finalTime - EPSILON || (time <= finalTime + EPSILON && baseDistance + cum < finalDistance)) {
          finalTime = time;
          finalDistance = baseDistance + cum;
          finalTag = tag;
        }
      } else {
        const time = baseTime + (cum + back) / speed + rechargeSeconds;
        const dist = baseDistance + cum + back;
        if (time < bestTime[b + 1] - EPSILON || (time <= bestTime[b + 1] + EPSILON && dist < bestDistance[b + 1])) {
          bestTime[b + 1] = time;
          bestDistance[b + 1] = dist;
          parent[b + 1] = tag;
        }
      }
    }
  }
  if (finalTime === Infinity) {
    lastRoute.time = Infinity;
    lastRoute.distance = Infinity;
    lastRoute.recharges = 0;
    return Infinity;
  }
  let recharges = 0;
  for (let tag = finalTag; tag >= 0; tag = parent[tag]) {
    recharges++;
    if (rechargeBefore) rechargeBefore[tag] = 1;
    if (parent[tag] === START_THEN_CHARGE) break;
  }
  lastRoute.time = finalTime;
  lastRoute.distance = finalDistance;
  lastRoute.recharges = recharges;
  return finalTime;
}

/**
 * Append-only battery state of one robot, for constructions that build routes front to back:
 * O(1) per candidate, recharging just before a delivery that would otherwise break a rule.
 * The final plan re-optimises recharge moments with evaluateRoute, which can only be as fast
 * or faster.
 */
export class AppendState {
  last = -1;
  time = 0;
  distance = 0;
  sinceCharge = 0;
  recharges = 0;
  count = 0;
  /** Set by costOfAppending: whether the evaluated append needs a recharge first. */
  needsRecharge = false;

  constructor(
    private readonly problem: Problem,
    readonly robot: number,
  ) {}

  /** Finish time after appending delivery j, or Infinity when this robot cannot do it next. */
  finishIfAppended(j: number): number {
    const p = this.problem;
    const n = p.deliveryCount;
    const k = this.robot * n + j;
    if (p.canServe[k] === 0) return Infinity;
    const limit = p.maxDistance + EPSILON;
    const approach = this.last < 0 ? p.startToPick[k] : p.dropToPick[this.last * n + j];
    const leg = approach + p.deliveryLength[j];
    if (this.sinceCharge + leg + p.dropToHome[k] <= limit) {
      this.needsRecharge = false;
      return this.time + leg / p.speed;
    }
    const toHome = this.last < 0 ? p.startToHome[this.robot] : p.dropToHome[this.robot * n + this.last];
    const fromHome = p.homeToPick[k] + p.deliveryLength[j];
    if (this.sinceCharge + toHome > limit || fromHome + p.dropToHome[k] > limit) return Infinity;
    this.needsRecharge = true;
    return this.time + (toHome + fromHome) / p.speed + p.rechargeSeconds;
  }

  append(j: number): void {
    const p = this.problem;
    const n = p.deliveryCount;
    const k = this.robot * n + j;
    const finish = this.finishIfAppended(j);
    if (finish === Infinity) throw new Error(`Robot ${p.robots[this.robot].id} cannot append delivery ${j}`);
    if (this.needsRecharge) {
      const toHome = this.last < 0 ? p.startToHome[this.robot] : p.dropToHome[this.robot * n + this.last];
      const fromHome = p.homeToPick[k] + p.deliveryLength[j];
      this.distance += toHome + fromHome;
      this.sinceCharge = fromHome;
      this.recharges++;
    } else {
      const approach = this.last < 0 ? p.startToPick[k] : p.dropToPick[this.last * n + j];
      this.distance += approach + p.deliveryLength[j];
      this.sinceCharge += approach + p.deliveryLength[j];
    }
    this.time = finish;
    this.last = j;
    this.count++;
  }
}
