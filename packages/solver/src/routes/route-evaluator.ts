import { emptyRouteTotals, RechargeScheduler, type RouteTotals } from './battery-schedule.ts';
import { ChargeLabels } from './charge-labels.ts';
import { EPSILON } from '../problem/battery-tolerance.ts';
import {
  canServe,
  driveBetween,
  driveTo,
  dropoffToHome,
  dropoffToHomeDrive,
  fixedTime,
  homeToPickupDrive,
  legBetween,
  legTo,
} from '../problem/delivery-legs.ts';
import { InsertionBounds } from './insertion-bounds.ts';
import type { Problem } from '../problem/problem.ts';
import type { RouteProposal } from './route-proposal.ts';

/**
 * A position whose lower bound exceeds a finish some position reaches by more than this cannot
 * be the best insertion, nor change which of several near-equal positions wins (ties are
 * judged within EPSILON), so the charge labels skip it.
 */
const CEILING_MARGIN = 1e-5;

/** The best place found for a delivery in a route and what the route then comes to; owned by whoever asked. */
export class Insertion {
  /** Index the delivery takes in the route; -1 when no position qualified. */
  position = -1;
  finish = Infinity;
  distance = Infinity;
}

/**
 * One robot's route with cached state (vroom's route state, PyVRP's search route): its totals
 * under the best recharge schedule and, for O(1) insertion tests, the plain (no recharge)
 * distance to each dropoff with the suffix maximum of (distance so far + way home). A route
 * changed at one place (a delivery inserted, removed or replaced) is scored exactly from this
 * state: in O(1) while it fits one charge, otherwise from the recharge DP's forward and
 * backward labels (charge-labels.ts, computed when first needed after a refresh). Other changed
 * routes are described as RouteProposals and scored with the recharge DP. Every evaluation
 * writes into an object its caller owns, and the cached state changes only on `refresh()`.
 * Evaluators of one fleet may share a RechargeScheduler (its memory is only used during a call).
 */
export class RouteEvaluator implements RouteTotals {
  route: number[];
  finish = 0;
  distance = 0;
  recharges = 0;
  /** Plain (no recharge) distance from the start to the k-th dropoff. */
  private cum = new Float64Array(8);
  /** The same in drive metres (time x speed: the clock; `cum` is the battery's). */
  private cumDrive = new Float64Array(8);
  private plainDriveTotal = 0;
  /** max over m >= k of cum[m] + dist(dropoff m, home). */
  private suffixReserve = new Float64Array(8);
  private plainTotal = 0;
  private oneCharge = true;
  private labels: ChargeLabels | null = null;
  private labelsCurrent = false;
  /** removalFinish by index, filled on demand after each refresh (NaN: not yet). */
  private removals = new Float64Array(8);
  private readonly removalTotals = emptyRouteTotals();
  private readonly candidateTotals = emptyRouteTotals();
  /** Lower bounds on the route with a window replaced (insertion-bounds.ts), built when first needed after a refresh. */
  private bounds: InsertionBounds | null = null;
  private boundsStale = true;
  /** Per position of the insertion being scored: its lower bound, and the least of them; whether `blink` skipped it. */
  private lowerAt = new Float64Array(8);
  private leastLower = Infinity;
  private blinked = new Uint8Array(8);
  /**
   * Per position k of an insertion, in drive metres: home to the pickup of route[k], and the
   * way home from the delivery before it (from the start at k = 0); leastGrowth's legs that do
   * not depend on the delivery inserted, read once per refresh instead of once per test.
   */
  private homeToNext = new Float64Array(8);
  private previousBack = new Float64Array(8);

  constructor(
    readonly problem: Problem,
    readonly robot: number,
    route: number[] = [],
    private readonly scheduler: RechargeScheduler = new RechargeScheduler(problem),
  ) {
    this.route = route;
    this.refresh();
  }

  /** Recomputes the cached state after `route` changed. */
  refresh(): void {
    const p = this.problem;
    const route = this.route;
    const length = route.length;
    if (this.cum.length < length + 1) {
      this.cum = new Float64Array(2 * length + 2);
      this.cumDrive = new Float64Array(2 * length + 2);
      this.suffixReserve = new Float64Array(2 * length + 2);
      this.homeToNext = new Float64Array(2 * length + 2);
      this.previousBack = new Float64Array(2 * length + 2);
    }
    let cum = 0;
    let drive = 0;
    for (let k = 0; k < length; k++) {
      const j = route[k];
      const previous = k === 0 ? -1 : route[k - 1];
      cum += legTo(p, this.robot, previous, j) + p.deliveryLength[j];
      this.cum[k] = cum;
      drive += driveTo(p, this.robot, previous, j) + p.deliveryDrive[j];
      this.cumDrive[k] = drive;
      this.homeToNext[k] = homeToPickupDrive(p, this.robot, j);
    }
    for (let k = 0; k <= length; k++)
      this.previousBack[k] = k === 0 ? p.startToHomeDrive[this.robot] : dropoffToHomeDrive(p, this.robot, route[k - 1]);
    this.plainDriveTotal = drive;
    let reserve = -Infinity;
    for (let k = length - 1; k >= 0; k--) {
      reserve = Math.max(reserve, this.cum[k] + dropoffToHome(p, this.robot, route[k]));
      this.suffixReserve[k] = reserve;
    }
    this.plainTotal = cum;
    this.oneCharge = length === 0 || p.initialUsed[this.robot] + this.suffixReserve[0] <= p.maxDistance + EPSILON;
    this.labelsCurrent = false;
    this.boundsStale = true;
    if (this.removals.length < length) this.removals = new Float64Array(2 * length);
    this.removals.fill(NaN, 0, length);
    this.scheduler.schedule(this.robot, route, length, this);
  }

  /** The recharge DP's labels of the current route, computed on first use after a refresh. */
  private chargeLabels(): ChargeLabels {
    this.labels ??= new ChargeLabels(this.problem, this.robot);
    if (!this.labelsCurrent) {
      this.labels.compute(this.route, this.route.length);
      this.labelsCurrent = true;
    }
    return this.labels;
  }

  /** The fewest recharges the current route needs; no insertion can need fewer. */
  minRecharges(): number {
    return this.oneCharge ? 0 : this.chargeLabels().minRecharges;
  }

  /** Finish time (and totals, into `into`) of this robot without the delivery at `index`. */
  removalFinish(index: number, into: RouteTotals): number {
    const route = this.route;
    if (!this.oneCharge) return this.chargeLabels().splice(route, index, -1, index + 1, into);
    // Leaving a delivery out of a route on one charge keeps it on one charge (triangle inequality).
    const p = this.problem;
    const previous = index === 0 ? -1 : route[index - 1];
    let saved = legTo(p, this.robot, previous, route[index]) + p.deliveryLength[route[index]];
    let savedDrive = driveTo(p, this.robot, previous, route[index]) + p.deliveryDrive[route[index]];
    if (index + 1 < route.length) {
      saved += legBetween(p, route[index], route[index + 1]) - legTo(p, this.robot, previous, route[index + 1]);
      savedDrive +=
        driveBetween(p, route[index], route[index + 1]) - driveTo(p, this.robot, previous, route[index + 1]);
    }
    into.distance = this.plainTotal - saved;
    into.recharges = 0;
    const drive = p.pointRobot ? into.distance : this.plainDriveTotal - savedDrive;
    into.finish = drive / p.speed + fixedTime(p, this.robot, route.length - 1);
    return into.finish;
  }

  /** Finish time (and totals, into `into`) of this robot with delivery j in place of the one at `index`. */
  replacementFinish(index: number, j: number, into: RouteTotals): number {
    const route = this.route;
    if (this.oneCharge) {
      const p = this.problem;
      const atJ =
        this.plainBefore(index) + legTo(p, this.robot, index === 0 ? -1 : route[index - 1], j) + p.deliveryLength[j];
      const delta = this.replacementPlain(index, j) - this.plainTotal;
      const limit = p.maxDistance + EPSILON - p.initialUsed[this.robot];
      if (
        atJ + dropoffToHome(p, this.robot, j) <= limit &&
        (index + 1 === route.length || this.suffixReserve[index + 1] + delta <= limit)
      ) {
        into.distance = this.plainTotal + delta;
        into.recharges = 0;
        const drive = p.pointRobot ? into.distance : this.replacementPlainDrive(index, j);
        into.finish = drive / p.speed + fixedTime(p, this.robot, route.length);
        return into.finish;
      }
    }
    return this.chargeLabels().splice(route, index, j, index + 1, into);
  }

  /**
   * A lower bound on the finish with delivery j in place of the one at `index`: the plain
   * distance's floor (finishFloor), and, on a route that recharges, the route without that
   * delivery (remembered until the next refresh) plus j's least growth between its neighbours.
   */
  replacementFloor(index: number, j: number): number {
    const route = this.route;
    const last = index === route.length - 1 ? j : route[route.length - 1];
    const floor = this.finishFloor(this.replacementPlain(index, j), last);
    if (this.oneCharge) return floor;
    if (Number.isNaN(this.removals[index])) this.removals[index] = this.removalFinish(index, this.removalTotals);
    const growth = this.leastGrowth(
      index === 0 ? -1 : route[index - 1],
      index + 1 < route.length ? route[index + 1] : -1,
      j,
    );
    return Math.max(floor, this.removals[index] + growth / this.problem.speed);
  }

  /** `replacementPlain` in drive metres (time x speed). */
  private replacementPlainDrive(index: number, j: number): number {
    return this.replaced(index, j, this.plainDriveTotal, driveTo, driveBetween, this.problem.deliveryDrive);
  }

  /** Plain (no recharge) distance of the route with delivery j in place of the one at `index`; O(1). */
  replacementPlain(index: number, j: number): number {
    return this.replaced(index, j, this.plainTotal, legTo, legBetween, this.problem.deliveryLength);
  }

  /** A route total (metres or drive metres, read through `to`, `between` and `lengths`) with delivery j in place of the one at `index`. */
  private replaced(
    index: number,
    j: number,
    total: number,
    to: typeof legTo,
    between: typeof legBetween,
    lengths: Float64Array,
  ): number {
    const p = this.problem;
    const route = this.route;
    const previous = index === 0 ? -1 : route[index - 1];
    const old = route[index];
    let plain = total + to(p, this.robot, previous, j) + lengths[j] - to(p, this.robot, previous, old) - lengths[old];
    if (index + 1 < route.length) plain += between(p, j, route[index + 1]) - between(p, old, route[index + 1]);
    return plain;
  }

  /**
   * The earliest this robot can finish a route of `plain` metres (without recharge trips) that
   * ends with delivery `last`: the distance, and the recharges it needs at least, since every
   * charge segment with the way home after its last dropoff fits one charge (a recharge trip
   * only lengthens the route). Metres / top speed never exceed the drive's time, so it is a
   * floor for any robot model.
   */
  finishFloor(plain: number, last: number): number {
    const p = this.problem;
    if (last < 0) return 0;
    const segments = Math.ceil((plain + dropoffToHome(p, this.robot, last)) / p.maxDistance - EPSILON);
    return plain / p.speed + Math.max(0, segments - 1) * p.rechargeSeconds;
  }

  /** Finish time of this robot doing the proposed route (Infinity when no recharge schedule makes it legal); the totals go to `into`. */
  evaluate(proposal: RouteProposal, into: RouteTotals): number {
    return this.scheduler.schedule(this.robot, proposal.deliveries, proposal.length, into);
  }

  /** Plain (no recharge) distance of route[0..k): from the start to the k-th delivery's predecessor's dropoff. */
  plainBefore(k: number): number {
    return k === 0 ? 0 : this.cum[k - 1];
  }

  /** Plain distance of route[k..]: from the k-th pickup to the last dropoff. */
  plainFrom(k: number): number {
    const route = this.route;
    if (k >= route.length) return 0;
    return this.plainTotal - this.cum[k] + this.problem.deliveryLength[route[k]];
  }

  /**
   * A lower bound on this robot's finish if route[from..to) were replaced by the `count`
   * deliveries chain[chainFrom ..] (InsertionBounds), so that a search can rule a candidate out
   * without the recharge DP.
   */
  lowerBoundReplacing(from: number, to: number, chain: ArrayLike<number>, chainFrom: number, count: number): number {
    // The bounds add and subtract metres, which only bound a point robot's time.
    if (!this.problem.pointRobot) return -Infinity;
    return this.freshBounds().lowerReplacing(from, to, chain, chainFrom, count);
  }

  /** Whether this robot can do delivery j at all. */
  canServe(j: number): boolean {
    return canServe(this.problem, this.robot, j);
  }

  /** Whether this robot can do every delivery of `route[from..)`. */
  canServeFrom(route: readonly number[], from: number): boolean {
    for (let m = from; m < route.length; m++) if (!this.canServe(route[m])) return false;
    return true;
  }

  /**
   * Cheapest position (earliest finish, then shortest distance) to insert delivery j; positions
   * whose finish cannot beat `cutoff` are skipped, and so is each position for which `blink`
   * returns true. The result goes to `into` (position -1 when none qualifies); returns its finish.
   * When the route fits one charge, an insertion changes the plain distance by an O(1) delta
   * and stays on one charge iff the inserted dropoff and every later one keep the way home
   * within the charge, which the suffix maximum answers in O(1); otherwise the charge labels
   * score the candidate exactly. A position is skipped unless its plain distance plus the
   * recharges the route already needs, and the current finish plus j's least growth there,
   * can beat the best so far, and unless its lower bound (insertionCeiling) reaches the least.
   */
  bestInsertion(j: number, into: Insertion, cutoff = Infinity, blink?: () => boolean): number {
    into.position = -1;
    into.finish = Infinity;
    into.distance = Infinity;
    if (!this.canServe(j)) return Infinity;
    const p = this.problem;
    const r = this.robot;
    const route = this.route;
    const length = route.length;
    const speed = p.speed;
    const lengthJ = p.deliveryLength[j];
    const driveJ = p.deliveryDrive[j];
    const backJ = dropoffToHome(p, r, j);
    // j's own legs in leastGrowth: from home to its pickup and through it, and its way home.
    const fromHomeJ = homeToPickupDrive(p, r, j) + driveJ;
    const backDriveJ = dropoffToHomeDrive(p, r, j);
    const waits = this.minRecharges() * p.rechargeSeconds;
    const fixed = fixedTime(p, r, length + 1);
    // The one-charge test covers the first charge, which a handed-over robot starts part-used.
    const firstChargeLimit = p.maxDistance + EPSILON - p.initialUsed[r];
    // Blinks are drawn first, in position order, so that the ceiling comes from a position that counts.
    if (this.blinked.length < length + 1) this.blinked = new Uint8Array(2 * length + 2);
    for (let k = 0; k <= length; k++) this.blinked[k] = blink?.() ? 1 : 0;
    for (let pass = 0; ; pass++) {
      let bestFinish = cutoff;
      let bestDistance = Infinity;
      let ceiling: number | undefined = pass === 0 ? undefined : Infinity;
      for (let k = 0; k <= length; k++) {
        if (this.blinked[k] === 1) continue;
        const before = k === 0 ? 0 : this.cum[k - 1];
        const previous = k === 0 ? -1 : route[k - 1];
        const approach = legTo(p, r, previous, j);
        let delta = approach + lengthJ;
        const fromPrevious = driveTo(p, r, previous, j) + driveJ;
        let deltaDrive = fromPrevious;
        let onward = 0;
        let skipped = 0;
        if (k < length) {
          const next = route[k];
          onward = driveBetween(p, j, next);
          skipped = driveTo(p, r, previous, next);
          delta += legBetween(p, j, next) - legTo(p, r, previous, next);
          deltaDrive += onward - skipped;
        }
        const plainDistance = this.plainTotal + delta;
        const plainFinish = (p.pointRobot ? plainDistance : this.plainDriveTotal + deltaDrive) / speed + fixed;
        // A recharge never shortens a route, so the plain figure bounds the real one from below.
        if (plainFinish + waits > bestFinish + EPSILON) continue;
        let finish: number;
        let distance: number;
        if (
          this.oneCharge &&
          before + approach + lengthJ + backJ <= firstChargeLimit &&
          (k === length || this.suffixReserve[k] + delta <= firstChargeLimit)
        ) {
          finish = plainFinish;
          distance = plainDistance;
        } else {
          // The route finishes no earlier than now plus what j alone adds between its neighbours
          // in the new schedule (a delivery or home on either side); skip before scoring exactly.
          const growth =
            k < length
              ? this.growthBetween(fromPrevious, fromHomeJ, onward, skipped, backDriveJ, k)
              : Math.min(fromPrevious, fromHomeJ);
          if (this.finish + growth / speed > bestFinish + EPSILON) continue;
          // The insertion bounds add and subtract metres, which only bound a point robot's time.
          ceiling ??= p.pointRobot ? this.insertionCeiling(j) : Infinity;
          if (p.pointRobot && this.lowerAt[k] > Math.min(bestFinish + EPSILON, ceiling)) continue;
          finish = this.chargeLabels().splice(route, k, j, k, this.candidateTotals);
          distance = this.candidateTotals.distance;
          if (finish === Infinity) continue;
        }
        if (finish < bestFinish - EPSILON || (finish <= bestFinish + EPSILON && distance < bestDistance)) {
          bestFinish = finish;
          bestDistance = distance;
          into.position = k;
          into.finish = finish;
          into.distance = distance;
        }
      }
      // The ceiling took the least bound to be reached; when no position came near it, score again without.
      if (
        ceiling === undefined ||
        ceiling === Infinity ||
        ceiling === -Infinity ||
        into.finish <= this.leastLower + CEILING_MARGIN / 2
      )
        break;
      into.position = -1;
      into.finish = Infinity;
      into.distance = Infinity;
    }
    return into.finish;
  }

  /**
   * Fills lowerAt with a lower bound per position (insertion-bounds.ts, exact but for rounding
   * and a hair of charge slack) and returns the least bound among the positions not blinked,
   * plus CEILING_MARGIN: a position whose bound exceeds that cannot be the best insertion, nor
   * change which near-equal one wins, provided some position does reach the least bound (the
   * caller checks, and scores again without the ceiling when none did). -Infinity when no
   * position can be legal.
   */
  private insertionCeiling(j: number): number {
    const length = this.route.length;
    const bounds = this.freshBounds();
    if (this.lowerAt.length < length + 1) this.lowerAt = new Float64Array(2 * length + 2);
    let least = Infinity;
    for (let k = 0; k <= length; k++) {
      this.lowerAt[k] = bounds.lower(j, k);
      if (this.blinked[k] === 0 && this.lowerAt[k] < least) least = this.lowerAt[k];
    }
    this.leastLower = least;
    return least === Infinity ? -Infinity : least + CEILING_MARGIN;
  }

  private freshBounds(): InsertionBounds {
    this.bounds ??= new InsertionBounds(this.problem);
    const bounds = this.bounds;
    if (this.boundsStale) {
      bounds.build(this.robot, this.route, this.route.length);
      this.boundsStale = false;
    }
    return bounds;
  }

  /**
   * A lower bound on how much adding delivery j between `previous` (a delivery, or -1 for the
   * start) and `next` (a delivery, or -1 for none) delays the finish, in drive metres: removing j from the new
   * route's best schedule leaves a legal schedule of the route without it (triangle inequality),
   * shorter by j's detour between its neighbours there: the delivery before it or home after a
   * recharge, and the delivery after it, home before a recharge, or nothing at the end.
   */
  private leastGrowth(previous: number, next: number, j: number): number {
    const p = this.problem;
    const r = this.robot;
    const fromPrevious = driveTo(p, r, previous, j) + p.deliveryDrive[j];
    const fromHome = homeToPickupDrive(p, r, j) + p.deliveryDrive[j];
    if (next < 0) return Math.min(fromPrevious, fromHome);
    const onward = driveBetween(p, j, next);
    const back = dropoffToHomeDrive(p, r, j);
    const previousBack = previous < 0 ? p.startToHomeDrive[r] : dropoffToHomeDrive(p, r, previous);
    return leastGrowthOf(
      fromPrevious,
      fromHome,
      onward,
      driveTo(p, r, previous, next),
      homeToPickupDrive(p, r, next),
      back,
      previousBack,
    );
  }

  /**
   * leastGrowth at position k of the current route (before route[k]) from the legs bestInsertion
   * has already read: j's drive from its predecessor and from home (each with j itself), its
   * drive on to route[k], the drive it replaces, and its way home; the same figure, to the bit.
   */
  private growthBetween(
    fromPrevious: number,
    fromHome: number,
    onward: number,
    skipped: number,
    back: number,
    k: number,
  ): number {
    return leastGrowthOf(fromPrevious, fromHome, onward, skipped, this.homeToNext[k], back, this.previousBack[k]);
  }
}

/** leastGrowth's four ways of fitting j between two neighbours, from their legs (drive metres). */
function leastGrowthOf(
  fromPrevious: number,
  fromHome: number,
  onward: number,
  skipped: number,
  homeToNext: number,
  back: number,
  previousBack: number,
): number {
  const growth = Math.min(
    fromPrevious + onward - skipped,
    fromHome + onward - homeToNext,
    fromPrevious + back - previousBack,
    fromHome + back,
  );
  return Math.max(0, growth);
}
