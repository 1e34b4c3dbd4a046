import type { RouteEvaluator } from '../routes/route-evaluator.ts';
import type { MoveSearch } from './move.ts';
import { InsertionBounds } from '../routes/insertion-bounds.ts';
import { RouteProposal } from '../routes/route-proposal.ts';
import { cannotBeat, ReorderMove } from './reorder-move.ts';

/** Longest chain of consecutive deliveries that or-opt moves at once. */
const MAX_CHAIN = 3;

/**
 * Or-opt: a chain of one to three consecutive deliveries moves elsewhere in the same route.
 * Shorter chains are tried first, then chains by position, then target places by position.
 */
export class OrOpt extends ReorderMove {
  private readonly shortened = new RouteProposal();
  private shortenedBounds: InsertionBounds | null = null;

  find(route: RouteEvaluator, target: number, stop: () => boolean): MoveSearch {
    const length = route.route.length;
    // The insertion bounds add and subtract metres, which only bound a point robot's time.
    if (route.problem.pointRobot) this.shortenedBounds ??= new InsertionBounds(route.problem);
    const bounds = route.problem.pointRobot ? this.shortenedBounds : null;
    for (let chain = 1; chain <= MAX_CHAIN; chain++) {
      for (let from = 0; from + chain <= length; from++) {
        if (length > 24 && (from & 7) === 0 && stop()) return 'stopped';
        this.shortened
          .clear()
          .appendSlice(route, 0, from)
          .appendSlice(route, from + chain, length);
        bounds?.build(route.robot, this.shortened.deliveries, this.shortened.length);
        // `to` is the chain's index in the route once it has moved.
        for (let to = 0; to <= length - chain; to++) {
          if (to === from) continue;
          // The route without the chain, the chain put back at `to`: its lower bound rules most
          // candidates out before the recharge DP.
          if (bounds && cannotBeat(bounds.lowerReplacing(to, to, route.route, from, chain), target)) continue;
          this.propose(route, chain, from, to);
          if (this.accepts(route, target)) return 'found';
        }
      }
    }
    return 'none';
  }

  private propose(route: RouteEvaluator, chain: number, from: number, to: number): void {
    const proposal = this.proposal.clear();
    if (to < from) {
      proposal
        .appendSlice(route, 0, to)
        .appendSlice(route, from, from + chain)
        .appendSlice(route, to, from);
    } else {
      proposal
        .appendSlice(route, 0, from)
        .appendSlice(route, from + chain, to + chain)
        .appendSlice(route, from, from + chain);
    }
    proposal.appendSlice(route, to < from ? from + chain : to + chain, route.route.length);
  }
}
