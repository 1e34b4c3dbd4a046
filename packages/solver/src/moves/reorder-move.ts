import { emptyRouteTotals } from '../routes/battery-schedule.ts';
import type { RouteEvaluator } from '../routes/route-evaluator.ts';
import { RouteProposal } from '../routes/route-proposal.ts';
import type { IntraRouteMove, MoveSearch } from './move.ts';

/**
 * Whether a candidate with this lower bound cannot finish before `target`: the bound adds the
 * same distances in another order, so it may exceed the DP's figure by rounding, far less than
 * the margin; the margin stays well below the improvement a reordering needs.
 */
export function cannotBeat(lowerBound: number, target: number): boolean {
  return lowerBound > target + 1e-10 + 1e-12 * Math.abs(target);
}

/**
 * What or-opt and 2-opt share: a candidate is the same route in another order, scored by the
 * route's evaluator; the first that finishes before the target is kept, and `apply` makes it
 * the route.
 */
export abstract class ReorderMove implements IntraRouteMove {
  protected readonly proposal = new RouteProposal();
  private readonly totals = emptyRouteTotals();
  private found: RouteEvaluator | null = null;

  abstract find(route: RouteEvaluator, target: number, stop: () => boolean): MoveSearch;

  apply(): void {
    if (!this.found) throw new Error(`${this.constructor.name}.apply needs a move found by find`);
    this.found.route = this.proposal.toRoute();
    this.found.refresh();
    this.found = null;
  }

  /** Whether the route in the proposal's order finishes before `target`; if so it is kept for apply. */
  protected accepts(route: RouteEvaluator, target: number): boolean {
    if (!(route.evaluate(this.proposal, this.totals) < target)) return false;
    this.found = route;
    return true;
  }
}
