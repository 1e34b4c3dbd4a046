import { emptyRouteTotals, RechargeScheduler, type RouteTotals } from './battery-schedule.ts';
import { canServe, dropoffToHome, legBetween, legTo } from './delivery-legs.ts';
import { InsertionBounds } from './insertion-bounds.ts';
import type { Problem } from './problem.ts';
import { RouteProposal } from './route-proposal.ts';

const EPSILON = 1e-9;
/**
 * A position whose lower bound exceeds a finish some position reaches by more than this cannot
 * be the best insertion, nor change which of several near-equal positions wins (ties are
 * judged within EPSILON), so the recharge DP skips it.
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
 * distance to each dropoff with the suffix maximum of (distance so far + way home). Changed
 * routes are described as RouteProposals and scored with the exact recharge DP; every
 * evaluation writes into an object its caller owns, and the cached state changes only on
 * `refresh()`. Evaluators of one fleet may share a RechargeScheduler (its memory is only used
 * during a call).
 */
export class RouteEvaluator implements RouteTotals {
  route: number[];
  finish = 0;
  distance = 0;
  recharges = 0;
  /** Plain (no recharge) distance from the start to the k-th dropoff. */
  private cum = new Float64Array(8);
  /** max over m >= k of cum[m] + dist(dropoff m, home). */
  private suffixReserve = new Float64Array(8);
  private plainTotal = 0;
  private oneCharge = true;
  private candidate: RouteProposal | null = null;
  private readonly candidateTotals = emptyRouteTotals();
  /** Lower bounds on insertions into the current route, built when first needed after a refresh. */
  private bounds: InsertionBounds | null = null;
  private boundsStale = true;
  /** Per position of the insertion being scored: its lower bound; and the least of them. */
  private lowerAt = new Float64Array(8);
  private leastLower = Infinity;
  /** Per position of the insertion being scored: 1 when `blink` skipped it. */
  private blinked = new Uint8Array(8);

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
      this.suffixReserve = new Float64Array(2 * length + 2);
    }
    let cum = 0;
    for (let k = 0; k < length; k++) {
      const j = route[k];
      cum += legTo(p, this.robot, k === 0 ? -1 : route[k - 1], j) + p.deliveryLength[j];
      this.cum[k] = cum;
    }
    let reserve = -Infinity;
    for (let k = length - 1; k >= 0; k--) {
      reserve = Math.max(reserve, this.cum[k] + dropoffToHome(p, this.robot, route[k]));
      this.suffixReserve[k] = reserve;
    }
    this.plainTotal = cum;
    this.boundsStale = true;
    this.oneCharge = length === 0 || this.suffixReserve[0] <= p.maxDistance + EPSILON;
    this.scheduler.schedule(this.robot, route, length, this);
  }

  /** Finish time of this robot doing the proposed route (Infinity when no recharge schedule makes it legal); the totals go to `into`. */
  evaluate(proposal: RouteProposal, into: RouteTotals): number {
    return this.scheduler.schedule(this.robot, proposal.deliveries, proposal.length, into);
  }

  /**
   * A lower bound on this robot's finish if route[from..to) were replaced by the `count`
   * deliveries chain[chainFrom ..] (InsertionBounds), so that a search can rule a candidate out
   * without the recharge DP.
   */
  lowerBoundReplacing(from: number, to: number, chain: ArrayLike<number>, chainFrom: number, count: number): number {
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
   * within the charge, which the suffix maximum answers in O(1); otherwise the recharge DP
   * scores the candidate, at the positions whose lower bound (insertionCeiling) leaves them a
   * chance.
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
    const limit = p.maxDistance + EPSILON;
    const speed = p.speed;
    const lengthJ = p.deliveryLength[j];
    const backJ = dropoffToHome(p, r, j);
    // Blinks are drawn first, in position order, so that the ceiling comes from a position that counts.
    if (this.blinked.length < length + 1) this.blinked = new Uint8Array(2 * length + 2);
    for (let k = 0; k <= length; k++) this.blinked[k] = blink !== undefined && blink() ? 1 : 0;
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
        if (k < length) {
          const next = route[k];
          delta += legBetween(p, j, next) - legTo(p, r, previous, next);
        }
        const plainDistance = this.plainTotal + delta;
        const plainFinish = plainDistance / speed;
        // A recharge never shortens a route, so the plain figure bounds the real one from below.
        if (plainFinish > bestFinish + EPSILON) continue;
        let finish: number;
        let distance: number;
        if (this.oneCharge && before + approach + lengthJ + backJ <= limit && (k === length || this.suffixReserve[k] + delta <= limit)) {
          finish = plainFinish;
          distance = plainDistance;
        } else {
          ceiling ??= this.insertionCeiling(j);
          if (this.lowerAt[k] > Math.min(bestFinish + EPSILON, ceiling)) continue;
          finish = this.evaluate(this.proposeInsertion(j, k), this.candidateTotals);
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
      if (ceiling === undefined || ceiling === Infinity || ceiling === -Infinity || into.finish <= this.leastLower + CEILING_MARGIN / 2) break;
      into.position = -1;
      into.finish = Infinity;
      into.distance = Infinity;
    }
    return into.finish;
  }

  /**
   * Fills lowerAt with a lower bound per position (InsertionBounds, exact but for rounding and a
   * hair of charge slack) and returns the least bound among the positions not blinked, plus
   * CEILING_MARGIN: a position whose bound exceeds that cannot be the best insertion, nor change
   * which near-equal one wins, provided some position does reach the least bound (the caller
   * checks, and scores again without the ceiling when none did). -Infinity when no position can
   * be legal.
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
    const bounds = (this.bounds ??= new InsertionBounds(this.problem));
    if (this.boundsStale) {
      bounds.build(this.robot, this.route, this.route.length);
      this.boundsStale = false;
    }
    return bounds;
  }

  private proposeInsertion(j: number, k: number): RouteProposal {
    this.candidate ??= new RouteProposal();
    return this.candidate.clear().appendSlice(this, 0, k).appendDelivery(j).appendSlice(this, k, this.route.length);
  }
}
