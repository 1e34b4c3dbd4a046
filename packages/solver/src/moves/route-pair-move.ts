import { emptyRouteTotals } from '../routes/battery-schedule.ts';
import type { FleetRoutes } from '../routes/fleet-routes.ts';
import type { InterRouteMove, MoveSearch } from './move.ts';

/**
 * What swap and 2-opt* share: a candidate rewrites the focus route a and one other route b at
 * once, and the two changed routes are scored together. The other routes are tried one at a
 * time in the given order; the first pair below the target is remembered by one position in
 * each route.
 */
export abstract class RoutePairMove implements InterRouteMove {
  protected readonly totalsA = emptyRouteTotals();
  protected readonly totalsB = emptyRouteTotals();
  private focus = -1;
  private other = -1;
  private positionA = -1;
  private positionB = -1;

  constructor(protected readonly state: FleetRoutes) {}

  find(a: number, others: readonly number[], target: number, stop: () => boolean): MoveSearch {
    for (let step = 0; step < others.length; step++) {
      const search = this.findAgainst(a, others[step], target, stop);
      if (search !== 'none') return search;
    }
    return 'none';
  }

  /** The first move of this kind between focus route a and route b that scores below `target`. */
  abstract findAgainst(a: number, b: number, target: number, stop: () => boolean): MoveSearch;

  apply(): void {
    if (this.focus < 0) throw new Error(`${this.constructor.name}.apply needs a move found by find`);
    this.rewrite(
      this.state.evaluators[this.focus].route,
      this.positionA,
      this.state.evaluators[this.other].route,
      this.positionB,
    );
    this.state.refreshRoutes(this.focus, this.other);
    this.focus = -1;
  }

  /** Makes the remembered move on the two routes. */
  protected abstract rewrite(routeA: number[], positionA: number, routeB: number[], positionB: number): void;

  /**
   * With robot a's figures in totalsA and robot b's in totalsB (b finishing at `finishB`): whether
   * the pair brings the fleet below `target`; if so, the move (position i of route a, k of route b)
   * is remembered for apply.
   */
  protected improves(a: number, i: number, b: number, finishB: number, k: number, target: number): boolean {
    if (finishB === Infinity) return false;
    if (
      !(
        this.state.valueWithTwo(a, this.totalsA.finish, this.totalsA.distance, b, finishB, this.totalsB.distance) <
        target
      )
    )
      return false;
    this.focus = a;
    this.positionA = i;
    this.other = b;
    this.positionB = k;
    return true;
  }
}
