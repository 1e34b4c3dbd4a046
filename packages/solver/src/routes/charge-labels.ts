import type { RouteTotals } from './battery-schedule.ts';
import { EPSILON } from '../problem/battery-tolerance.ts';
import {
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
import type { Problem } from '../problem/problem.ts';

/** Where the robot stands when a charge segment reaches the junction of a splice. */
const AT_START = -1;
const AT_HOME = -2;

/**
 * Forward and backward labels of the recharge DP (battery-schedule.ts) for one robot's route, so
 * that the route changed at one place (a delivery inserted, removed or replaced) is scored
 * exactly in a few steps instead of a new DP over the whole route: PyVRP's concatenation of
 * route segments, for charge segments.
 *
 * Why it is exact: the DP is a shortest path over recharge moments, and its cost is additive
 * over charge segments (distance / v, plus recharge_time per recharge). A splice changes only
 * the charge segment that spans its junction; every schedule of the changed route consists of
 * a schedule of the untouched prefix that ends charged at home before the segment's first
 * delivery (or no recharge at all: the segment leaves from the robot's start), that segment,
 * and a schedule of the untouched suffix from home after it. So the best changed route is the
 * minimum, over the segment's first delivery a and last delivery e, of
 *   fwd[a] + segment(a .. junction .. e) + (e is last ? 0 : way home + recharge + bwd[e + 1]),
 * where fwd[a] (best time to stand charged at home before route[a]) and bwd[b] (best time from
 * standing charged at home before route[b] to the end) are labels of the unchanged route. A
 * segment's battery rules only look at its own dropoffs, and its length is at most a charge,
 * so a and e range over a charge's worth of deliveries around the junction. Metres judge the
 * battery; their twins in drive metres (`...Drive`, the legs' times x speed) the clock.
 */
export class ChargeLabels {
  /** Plain (no recharge) distance from the robot's start to the k-th dropoff / pickup. */
  private cum = new Float64Array(8);
  private pick = new Float64Array(8);
  /** cum[k] + way home from the k-th dropoff: a segment is legal when every such figure, offset to it, fits a charge. */
  private reserve = new Float64Array(8);
  /** cum, pick and reserve in drive metres. */
  private cumDrive = new Float64Array(8);
  private pickDrive = new Float64Array(8);
  private reserveDrive = new Float64Array(8);
  /** Best time (and its distance) to stand charged at home before route[a]; index L: after the last delivery. */
  private fwdTime = new Float64Array(8);
  private fwdDistance = new Float64Array(8);
  private fwdRecharges = new Int32Array(8);
  /** Best time (and distance) from standing charged at home before route[b] to the end of the route. */
  private bwdTime = new Float64Array(8);
  private bwdDistance = new Float64Array(8);
  private bwdRecharges = new Int32Array(8);
  /** Last index a segment from home starting at route[a] can reach (a - 1 when none). */
  private reachHome = new Int32Array(8);
  /** Last index the first segment, from the robot's start, can reach (-1 when none). */
  private reachStart = -1;
  private length = 0;
  /** The fewest recharges any legal schedule of the route needs (Infinity when none is legal). */
  minRecharges = 0;

  constructor(
    readonly problem: Problem,
    readonly robot: number,
  ) {}

  /** Computes the labels of `route[0..length)`; O(length x deliveries per charge). */
  compute(route: ArrayLike<number>, length: number): void {
    const p = this.problem;
    const r = this.robot;
    const { deliveryLength, deliveryDrive, speed, rechargeSeconds } = p;
    const limit = p.maxDistance + EPSILON;
    this.ensure(length + 1);
    this.length = length;
    const { cum, pick, reserve, fwdTime, fwdDistance, fwdRecharges, bwdTime, bwdDistance, bwdRecharges, reachHome } =
      this;
    const { cumDrive, pickDrive, reserveDrive } = this;
    let total = 0;
    let drive = 0;
    for (let k = 0; k < length; k++) {
      const j = route[k];
      total += k === 0 ? startToPickup(p, r, j) : legBetween(p, route[k - 1], j);
      drive += k === 0 ? startToPickupDrive(p, r, j) : driveBetween(p, route[k - 1], j);
      pick[k] = total;
      pickDrive[k] = drive;
      total += deliveryLength[j];
      drive += deliveryDrive[j];
      cum[k] = total;
      cumDrive[k] = drive;
      reserve[k] = total + dropoffToHome(p, r, j);
      reserveDrive[k] = drive + dropoffToHomeDrive(p, r, j);
    }

    // Backward labels, and how far a segment from home reaches from each delivery.
    bwdTime[length] = 0;
    bwdDistance[length] = 0;
    bwdRecharges[length] = 0;
    for (let b = length - 1; b >= 0; b--) {
      const offset = homeToPickup(p, r, route[b]) - pick[b];
      const offsetDrive = homeToPickupDrive(p, r, route[b]) - pickDrive[b];
      let bestTime = Infinity;
      let bestDistance = Infinity;
      let bestRecharges = 0;
      let e = b;
      for (; e < length; e++) {
        const driven = cum[e] + offset;
        const back = reserve[e] + offset;
        if (back > limit) break;
        const time =
          e === length - 1
            ? (cumDrive[e] + offsetDrive) / speed
            : (reserveDrive[e] + offsetDrive) / speed + rechargeSeconds + bwdTime[e + 1];
        const distance = e === length - 1 ? driven : back + bwdDistance[e + 1];
        if (time < bestTime - EPSILON || (time <= bestTime + EPSILON && distance < bestDistance)) {
          bestTime = time;
          bestDistance = distance;
          bestRecharges = e === length - 1 ? 0 : 1 + bwdRecharges[e + 1];
        }
      }
      reachHome[b] = e - 1;
      bwdTime[b] = bestTime;
      bwdDistance[b] = bestDistance;
      bwdRecharges[b] = bestRecharges;
    }

    // Forward labels: charged at home before route[a], from the start or an earlier segment.
    fwdTime.fill(Infinity, 0, length + 1);
    fwdDistance.fill(Infinity, 0, length + 1);
    // A robot handed over mid-shift has part of its first charge used already.
    const used = p.initialUsed[r];
    const startToHome = p.startToHome[this.robot];
    if (used + startToHome <= limit) {
      fwdTime[0] = p.startToHomeDrive[r] / speed + rechargeSeconds;
      fwdDistance[0] = startToHome;
      fwdRecharges[0] = 1;
    }
    this.reachStart = -1;
    for (let a = -1; a < length; a++) {
      const baseTime = a < 0 ? 0 : fwdTime[a];
      if (baseTime === Infinity) continue;
      const baseDistance = a < 0 ? 0 : fwdDistance[a];
      const baseRecharges = a < 0 ? 0 : fwdRecharges[a];
      const offset = a < 0 ? 0 : homeToPickup(p, r, route[a]) - pick[a];
      const offsetDrive = a < 0 ? 0 : homeToPickupDrive(p, r, route[a]) - pickDrive[a];
      const charged = a < 0 ? used : 0;
      let e = Math.max(a, 0);
      for (; e < length; e++) {
        const back = reserve[e] + offset;
        if (charged + back > limit) break;
        const time = baseTime + (reserveDrive[e] + offsetDrive) / speed + rechargeSeconds;
        const distance = baseDistance + back;
        if (time < fwdTime[e + 1] - EPSILON || (time <= fwdTime[e + 1] + EPSILON && distance < fwdDistance[e + 1])) {
          fwdTime[e + 1] = time;
          fwdDistance[e + 1] = distance;
          fwdRecharges[e + 1] = baseRecharges + 1;
        }
      }
      if (a < 0) this.reachStart = e - 1;
    }

    // Fewest recharges: each segment reaches as far as it can (a later start never reaches less,
    // by the triangle inequality), so the greedy cover is the smallest.
    let recharges = 0;
    let reached = this.reachStart;
    while (reached < length - 1) {
      const next = reachHome[reached + 1];
      if (next <= reached) {
        recharges = Infinity;
        break;
      }
      recharges++;
      reached = next;
    }
    this.minRecharges = recharges;
  }

  /**
   * Finish time of the robot doing `route[0..x)`, then delivery `j` (none when j < 0), then
   * `route[y..length)`, under its best recharge schedule; Infinity when none is legal. The totals
   * go to `into`. `route` must be the route the labels were computed for.
   */
  splice(route: ArrayLike<number>, x: number, j: number, y: number, into: RouteTotals): number {
    const p = this.problem;
    const length = this.length;
    into.finish = Infinity;
    into.distance = Infinity;
    into.recharges = 0;
    if (x === 0 && j < 0 && y === length) {
      into.finish = 0;
      into.distance = 0;
      return 0;
    }
    const limit = p.maxDistance + EPSILON;
    const { cum, pick, cumDrive, pickDrive, fwdTime, fwdDistance, fwdRecharges, reachHome } = this;

    // The segment through the junction leaves from the start (with the charge the robot starts with) ...
    if (x === 0 || x - 1 <= this.reachStart) {
      this.through(
        route,
        0,
        0,
        0,
        x === 0 ? AT_START : route[x - 1],
        x === 0 ? 0 : cum[x - 1],
        x === 0 ? 0 : cumDrive[x - 1],
        j,
        y,
        into,
        p.initialUsed[this.robot],
      );
    }
    // ... or from home after a recharge before route[a], a < x ...
    for (let a = x - 1; a >= 0; a--) {
      if (cum[x - 1] - pick[a] > limit) break;
      if (fwdTime[a] === Infinity || reachHome[a] < x - 1) continue;
      const used = homeToPickup(p, this.robot, route[a]) + cum[x - 1] - pick[a];
      const usedDrive = homeToPickupDrive(p, this.robot, route[a]) + cumDrive[x - 1] - pickDrive[a];
      this.through(route, fwdTime[a], fwdDistance[a], fwdRecharges[a], route[x - 1], used, usedDrive, j, y, into);
    }
    // ... or from home after a recharge right at the junction.
    if (fwdTime[x] < Infinity && (j >= 0 || y < length)) {
      this.through(route, fwdTime[x], fwdDistance[x], fwdRecharges[x], AT_HOME, 0, 0, j, y, into);
    }
    // Handling and a handover's start depend on the new route's length alone, so the best schedule is the same with them.
    if (into.finish < Infinity) into.finish += fixedTime(p, this.robot, x + (j >= 0 ? 1 : 0) + length - y);
    return into.finish;
  }

  /**
   * One choice of segment start: the robot stands at `at` (a dropoff's delivery, AT_START or
   * AT_HOME) having driven `used` metres (`usedDrive` drive metres) on this segment, on a charge that had `charged` metres
   * used before it (a handed-over robot's first segment), at time `time` with `driven` metres and
   * `recharges` recharges behind it. Adds j, then tries every legal end of the segment; keeps the best in `into`.
   */
  private through(
    route: ArrayLike<number>,
    time: number,
    driven: number,
    recharges: number,
    at: number,
    used: number,
    usedDrive: number,
    j: number,
    y: number,
    into: RouteTotals,
    charged = 0,
  ): void {
    const p = this.problem;
    const r = this.robot;
    const { speed, rechargeSeconds } = p;
    const limit = p.maxDistance + EPSILON - charged;
    const length = this.length;
    const { cum, pick, reserve, cumDrive, pickDrive, reserveDrive, bwdTime, bwdDistance, bwdRecharges } = this;
    let last = at;
    if (j >= 0) {
      used += approach(p, r, at, j) + p.deliveryLength[j];
      usedDrive += approachDrive(p, r, at, j) + p.deliveryDrive[j];
      if (used + dropoffToHome(p, r, j) > limit) return;
      last = j;
    }
    // The segment ends at the junction (only after a dropoff).
    if (last >= 0) {
      if (y === length) {
        keep(into, time + usedDrive / speed, driven + used, recharges);
      } else if (bwdTime[y] < Infinity) {
        const back = used + dropoffToHome(p, r, last);
        keep(
          into,
          time + (usedDrive + dropoffToHomeDrive(p, r, last)) / speed + rechargeSeconds + bwdTime[y],
          driven + back + bwdDistance[y],
          recharges + 1 + bwdRecharges[y],
        );
      }
    }
    if (y === length) return;
    // ... or runs on through route[y..e].
    const shift = used + approach(p, r, last, route[y]) - pick[y];
    const shiftDrive = usedDrive + approachDrive(p, r, last, route[y]) - pickDrive[y];
    let highest = -Infinity;
    for (let e = y; e < length; e++) {
      if (reserve[e] > highest) highest = reserve[e];
      if (highest + shift > limit) break;
      if (e === length - 1) {
        keep(into, time + (cumDrive[e] + shiftDrive) / speed, driven + cum[e] + shift, recharges);
      } else if (bwdTime[e + 1] < Infinity) {
        const back = reserve[e] + shift;
        keep(
          into,
          time + (reserveDrive[e] + shiftDrive) / speed + rechargeSeconds + bwdTime[e + 1],
          driven + back + bwdDistance[e + 1],
          recharges + 1 + bwdRecharges[e + 1],
        );
      }
    }
  }

  private ensure(size: number): void {
    if (this.cum.length >= size) return;
    const capacity = Math.max(size, this.cum.length * 2);
    this.cum = new Float64Array(capacity);
    this.pick = new Float64Array(capacity);
    this.reserve = new Float64Array(capacity);
    this.cumDrive = new Float64Array(capacity);
    this.pickDrive = new Float64Array(capacity);
    this.reserveDrive = new Float64Array(capacity);
    this.fwdTime = new Float64Array(capacity);
    this.fwdDistance = new Float64Array(capacity);
    this.fwdRecharges = new Int32Array(capacity);
    this.bwdTime = new Float64Array(capacity);
    this.bwdDistance = new Float64Array(capacity);
    this.bwdRecharges = new Int32Array(capacity);
    this.reachHome = new Int32Array(capacity);
  }
}

/** Drive from where the robot stands (a delivery's dropoff, AT_START or AT_HOME) to delivery j's pickup. */
function approach(p: Problem, robot: number, at: number, j: number): number {
  if (at >= 0) return legBetween(p, at, j);
  return at === AT_START ? startToPickup(p, robot, j) : homeToPickup(p, robot, j);
}

/** `approach` in drive metres. */
function approachDrive(p: Problem, robot: number, at: number, j: number): number {
  if (at >= 0) return driveBetween(p, at, j);
  return at === AT_START ? startToPickupDrive(p, robot, j) : homeToPickupDrive(p, robot, j);
}

/** Keeps the earlier finish, then the shorter distance, as the recharge DP does. */
function keep(into: RouteTotals, time: number, distance: number, recharges: number): void {
  if (time < into.finish - EPSILON || (time <= into.finish + EPSILON && distance < into.distance)) {
    into.finish = time;
    into.distance = distance;
    into.recharges = recharges;
  }
}
