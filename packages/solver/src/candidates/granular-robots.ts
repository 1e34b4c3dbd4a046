import { CandidateRobots, defaultCandidateCount } from './candidate-robots.ts';
import type { Problem } from '../problem/problem.ts';

/** Related deliveries per delivery whose robots a move from a route tries. */
const ROUTE_NEIGHBOURS = 4;

/**
 * Which robots a placement or a move between routes tries (granular neighbourhoods, as in PyVRP
 * and HGS): for a delivery, its class's candidate robots (candidate-robots.ts) and the robots that
 * hold its most related deliveries (related-deliveries.ts); for a route, the robots that hold the
 * most related deliveries of its deliveries. On problems small enough for every robot to be a
 * candidate (`restricts` false) the callers keep trying the whole fleet. Which robot holds which
 * delivery is told with `place` as routes change.
 */
export class GranularRobots {
  readonly restricts: boolean;
  private readonly candidates: CandidateRobots | null;
  private readonly holder: Int32Array;
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor(
    private readonly problem: Problem,
    /** Each delivery's most related deliveries, most related first (related-deliveries.ts). */
    private readonly related: readonly (readonly number[])[],
    count = defaultCandidateCount(problem),
  ) {
    this.restricts = count < problem.robotCount;
    this.candidates = this.restricts ? new CandidateRobots(problem, count) : null;
    this.holder = new Int32Array(problem.deliveryCount).fill(-1);
    this.seen = new Int32Array(problem.robotCount);
  }

  /** Records that robot r holds delivery j (-1: nobody). */
  place(j: number, r: number): void {
    this.holder[j] = r;
  }

  /** Records the holder of every delivery of these routes (index r belongs to robot r). */
  placeAll(routes: readonly (readonly number[])[]): void {
    this.holder.fill(-1);
    routes.forEach((route, r) => {
      for (const j of route) this.holder[j] = r;
    });
  }

  /** The robots to try for delivery j, ascending: its class's candidates and the holders of its related deliveries. */
  forDelivery(j: number, into: number[]): number[] {
    into.length = 0;
    const stamp = this.nextStamp();
    const candidates = this.candidates;
    // Without `restricts` every robot is a candidate, and the callers try the whole fleet instead.
    if (!candidates) throw new Error('GranularRobots.forDelivery needs restricts: every robot is a candidate');
    const k = candidates.perClass;
    const c = this.problem.deliveryClass[j];
    for (let slot = 0; slot < k; slot++) {
      const r = candidates.robots[c * k + slot];
      if (r < 0) break;
      this.add(r, stamp, into);
    }
    for (const other of this.related[j]) if (this.holder[other] >= 0) this.add(this.holder[other], stamp, into);
    return into.sort((x, y) => x - y);
  }

  /** The other robots to try moves with from robot a's route: the holders of its deliveries' most related ones. */
  forRoute(a: number, route: readonly number[], into: number[]): number[] {
    into.length = 0;
    const stamp = this.nextStamp();
    this.seen[a] = stamp;
    for (const j of route) {
      const related = this.related[j];
      for (let t = 0; t < Math.min(ROUTE_NEIGHBOURS, related.length); t++) {
        if (this.holder[related[t]] >= 0) this.add(this.holder[related[t]], stamp, into);
      }
    }
    return into;
  }

  private add(r: number, stamp: number, into: number[]): void {
    if (this.seen[r] === stamp) return;
    this.seen[r] = stamp;
    into.push(r);
  }

  private nextStamp(): number {
    if (++this.stamp === 0x7fffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }
}
