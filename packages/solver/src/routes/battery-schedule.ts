import { EPSILON } from '../problem/battery-tolerance.ts';
import {
  canServe,
  driveBetween,
  driveTo,
  dropoffToHome,
  dropoffToHomeDrive,
  fixedTime,
  handlingTime,
  homeToPickup,
  homeToPickupDrive,
  legBetween,
  legTo,
  startToPickup,
  startToPickupDrive,
} from '../problem/delivery-legs.ts';
import type { Problem } from '../problem/problem.ts';

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
 * Metres (`cum`) judge the battery, drive metres (`drive`, the legs' times x speed) the clock.
 */

/** What a robot's route comes to under its best recharge schedule. */
export interface RouteTotals {
  /** Finish time in seconds (Infinity when no recharge schedule makes the route legal). */
  finish: number;
  /** Metres driven, recharge trips included. */
  distance: number;
  recharges: number;
}

export function emptyRouteTotals(): RouteTotals {
  return { finish: 0, distance: 0, recharges: 0 };
}

/** Sentinel in the DP parent array: the segment started at the robot's start node. */
const FROM_START = -1;
/** Sentinel: before the first delivery the robot drove from its start to its station to charge. */
const START_THEN_CHARGE = -2;

/**
 * The recharge DP with its working memory. Whoever evaluates many routes (a fleet's route
 * evaluators, an exhaustive search) keeps one and reuses it; the memory grows with the
 * longest route that needed the DP.
 */
export class RechargeScheduler {
  private bestTime = new Float64Array(0);
  private bestDistance = new Float64Array(0);
  private parent = new Int32Array(0);

  constructor(readonly problem: Problem) {}

  /**
   * Finish time (s) of robot `robot` doing `route[0..length)` in order with the best recharge
   * moments; Infinity when no recharge schedule makes it legal. The figures go to `into`.
   * When `rechargeBefore` is given, it receives 1 at each delivery index preceded by a recharge.
   */
  schedule(
    robot: number,
    route: ArrayLike<number>,
    length: number,
    into: RouteTotals,
    rechargeBefore?: Uint8Array,
  ): number {
    const problem = this.problem;
    if (rechargeBefore) rechargeBefore.fill(0, 0, length);
    if (length === 0) return settle(into, 0, 0, 0);
    const { deliveryLength, deliveryDrive, maxDistance, speed, rechargeSeconds } = problem;
    const limit = maxDistance + EPSILON;
    // Metres already used on the charge the robot starts with (a robot handed over mid-shift).
    const used = problem.initialUsed[robot];

    // Fast path: the route on one charge.
    const first = route[0];
    let cum = startToPickup(problem, robot, first) + deliveryLength[first];
    let drive = startToPickupDrive(problem, robot, first) + deliveryDrive[first];
    let fits = used + cum + dropoffToHome(problem, robot, first) <= limit;
    for (let k = 1; fits && k < length; k++) {
      const current = route[k];
      cum += legBetween(problem, route[k - 1], current) + deliveryLength[current];
      drive += driveBetween(problem, route[k - 1], current) + deliveryDrive[current];
      fits = used + cum + dropoffToHome(problem, robot, current) <= limit;
    }
    if (fits) return settle(into, drive / speed + fixedTime(problem, robot, length), cum, 0);

    this.ensureScratch(length + 1);
    const { bestTime, bestDistance, parent } = this;
    bestTime.fill(Infinity, 0, length + 1);
    bestDistance.fill(Infinity, 0, length + 1);
    let finalTime = Infinity;
    let finalDistance = Infinity;
    let finalTag = FROM_START;

    const startToHome = problem.startToHome[robot];
    if (used + startToHome <= limit) {
      bestDistance[0] = startToHome;
      bestTime[0] = problem.startToHomeDrive[robot] / speed + rechargeSeconds;
      parent[0] = START_THEN_CHARGE;
    }

    for (let a = -1; a < length; a++) {
      let baseTime: number;
      let baseDistance: number;
      if (a < 0) {
        baseTime = 0;
        baseDistance = 0;
        cum = startToPickup(problem, robot, route[0]) + deliveryLength[route[0]];
        drive = startToPickupDrive(problem, robot, route[0]) + deliveryDrive[route[0]];
      } else {
        baseTime = bestTime[a];
        if (baseTime === Infinity) continue;
        baseDistance = bestDistance[a];
        cum = homeToPickup(problem, robot, route[a]) + deliveryLength[route[a]];
        drive = homeToPickupDrive(problem, robot, route[a]) + deliveryDrive[route[a]];
      }
      const segmentStart = Math.max(a, 0);
      const tag = a < 0 ? FROM_START : a;
      const charged = a < 0 ? used : 0;
      for (let b = segmentStart; b < length; b++) {
        const current = route[b];
        if (b > segmentStart) {
          cum += legBetween(problem, route[b - 1], current) + deliveryLength[current];
          drive += driveBetween(problem, route[b - 1], current) + deliveryDrive[current];
        }
        const back = dropoffToHome(problem, robot, current);
        if (charged + cum + back > limit) break;
        if (b === length - 1) {
          const time = baseTime + drive / speed;
          if (time < finalTime - EPSILON || (time <= finalTime + EPSILON && baseDistance + cum < finalDistance)) {
            finalTime = time;
            finalDistance = baseDistance + cum;
            finalTag = tag;
          }
        } else {
          const time = baseTime + (drive + dropoffToHomeDrive(problem, robot, current)) / speed + rechargeSeconds;
          const dist = baseDistance + cum + back;
          if (time < bestTime[b + 1] - EPSILON || (time <= bestTime[b + 1] + EPSILON && dist < bestDistance[b + 1])) {
            bestTime[b + 1] = time;
            bestDistance[b + 1] = dist;
            parent[b + 1] = tag;
          }
        }
      }
    }
    if (finalTime === Infinity) return settle(into, Infinity, Infinity, 0);
    let recharges = 0;
    for (let tag = finalTag; tag >= 0; tag = parent[tag]) {
      recharges++;
      if (rechargeBefore) rechargeBefore[tag] = 1;
      if (parent[tag] === START_THEN_CHARGE) break;
    }
    return settle(into, finalTime + fixedTime(problem, robot, length), finalDistance, recharges);
  }

  private ensureScratch(size: number): void {
    if (this.bestTime.length >= size) return;
    const capacity = Math.max(size, this.bestTime.length * 2, 64);
    this.bestTime = new Float64Array(capacity);
    this.bestDistance = new Float64Array(capacity);
    this.parent = new Int32Array(capacity);
  }
}

function settle(into: RouteTotals, finish: number, distance: number, recharges: number): number {
  into.finish = finish;
  into.distance = distance;
  into.recharges = recharges;
  return finish;
}

/**
 * The totals of one route with fresh working memory: for plans, reports and repairs, not for
 * the search's inner loops (those keep a RechargeScheduler).
 */
export function evaluateRoute(
  problem: Problem,
  robot: number,
  route: readonly number[],
  rechargeBefore?: Uint8Array,
): RouteTotals {
  const totals = emptyRouteTotals();
  new RechargeScheduler(problem).schedule(robot, route, route.length, totals, rechargeBefore);
  return totals;
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
  /** Set by finishIfAppended: whether the evaluated append needs a recharge first. */
  needsRecharge = false;
  /** Set by finishIfAppended: the handling the append adds (at the last dropoff, if any, and at the new pickup). */
  appendHandling = 0;

  constructor(
    private readonly problem: Problem,
    readonly robot: number,
  ) {
    // A robot handed over mid-shift starts late and with part of its charge used.
    this.time = problem.readyS[robot];
    this.sinceCharge = problem.initialUsed[robot];
  }

  /** Finish time after appending delivery j, or Infinity when this robot cannot do it next. */
  finishIfAppended(j: number): number {
    const p = this.problem;
    const robot = this.robot;
    if (!canServe(p, robot, j)) return Infinity;
    const limit = p.maxDistance + EPSILON;
    const approach = legTo(p, robot, this.last, j);
    const leg = approach + p.deliveryLength[j];
    const back = dropoffToHome(p, robot, j);
    this.appendHandling = handlingTime(p, this.count + 1) - handlingTime(p, this.count);
    if (this.sinceCharge + leg + back <= limit) {
      this.needsRecharge = false;
      return this.time + (driveTo(p, robot, this.last, j) + p.deliveryDrive[j]) / p.speed + this.appendHandling;
    }
    const toHome = this.wayHome();
    const fromHome = homeToPickup(p, robot, j) + p.deliveryLength[j];
    if (this.sinceCharge + toHome > limit || fromHome + back > limit) return Infinity;
    this.needsRecharge = true;
    const driveHome = this.last < 0 ? p.startToHomeDrive[robot] : dropoffToHomeDrive(p, robot, this.last);
    const driveFromHome = homeToPickupDrive(p, robot, j) + p.deliveryDrive[j];
    return this.time + (driveHome + driveFromHome) / p.speed + p.rechargeSeconds + this.appendHandling;
  }

  append(j: number): void {
    const p = this.problem;
    const finish = this.finishIfAppended(j);
    if (finish === Infinity) throw new Error(`Robot ${p.robots[this.robot].id} cannot append delivery ${j}`);
    if (this.needsRecharge) {
      const toHome = this.wayHome();
      const fromHome = homeToPickup(p, this.robot, j) + p.deliveryLength[j];
      this.distance += toHome + fromHome;
      this.sinceCharge = fromHome;
      this.recharges++;
    } else {
      const approach = legTo(p, this.robot, this.last, j);
      this.distance += approach + p.deliveryLength[j];
      this.sinceCharge += approach + p.deliveryLength[j];
    }
    this.time = finish;
    this.last = j;
    this.count++;
  }

  /** The drive home from where the robot is now. */
  private wayHome(): number {
    return this.last < 0 ? this.problem.startToHome[this.robot] : dropoffToHome(this.problem, this.robot, this.last);
  }
}

/** A route's own clock under given recharge moments: when the robot reaches its station for each recharge, and its finish. */
export interface RechargeTimes {
  /** Seconds at which the robot reaches its station for each recharge, in order. */
  arrivals: number[];
  /** Finish time in seconds with every charger free on arrival. */
  finish: number;
}

/**
 * The route `route` of robot `robot` with a recharge before each delivery index that
 * `rechargeBefore` marks, timed on the route's own clock (no charger or dock shared); null when
 * those moments break the battery rules the recharge DP keeps (every dropoff leaves the way home
 * within the charge). With the DP's own moments the finish is the DP's.
 */
export function timeWithRecharges(
  problem: Problem,
  robot: number,
  route: readonly number[],
  rechargeBefore: ArrayLike<number>,
): RechargeTimes | null {
  const length = route.length;
  if (length === 0) return { arrivals: [], finish: 0 };
  const { deliveryLength, deliveryDrive, speed, rechargeSeconds, handlingSeconds } = problem;
  const limit = problem.maxDistance + EPSILON;
  const ready = problem.readyS[robot];
  const arrivals: number[] = [];
  let charged = problem.initialUsed[robot];
  let cum = 0;
  let drive = 0;
  // Seconds of driving and charging so far, handling apart (it is added per delivery done).
  let time = 0;
  for (let b = 0; b < length; b++) {
    const current = route[b];
    if (rechargeBefore[b]) {
      const wayHome = b === 0 ? problem.startToHome[robot] : dropoffToHome(problem, robot, route[b - 1]);
      if (charged + cum + wayHome > limit) return null;
      const driveHome = b === 0 ? problem.startToHomeDrive[robot] : dropoffToHomeDrive(problem, robot, route[b - 1]);
      time += (drive + driveHome) / speed;
      arrivals.push(ready + time + 2 * b * handlingSeconds);
      time += rechargeSeconds;
      charged = 0;
      cum = homeToPickup(problem, robot, current) + deliveryLength[current];
      drive = homeToPickupDrive(problem, robot, current) + deliveryDrive[current];
    } else if (b === 0) {
      cum = startToPickup(problem, robot, current) + deliveryLength[current];
      drive = startToPickupDrive(problem, robot, current) + deliveryDrive[current];
    } else {
      cum += legBetween(problem, route[b - 1], current) + deliveryLength[current];
      drive += driveBetween(problem, route[b - 1], current) + deliveryDrive[current];
    }
    if (charged + cum + dropoffToHome(problem, robot, current) > limit) return null;
  }
  return { arrivals, finish: time + drive / speed + fixedTime(problem, robot, length) };
}
