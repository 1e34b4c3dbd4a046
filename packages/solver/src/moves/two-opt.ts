import type { RouteEvaluator } from '../routes/route-evaluator.ts';
import type { MoveSearch } from './move.ts';
import { cannotBeat, ReorderMove } from './reorder-move.ts';

/** 2-opt inside one route: the section route[i..k] is driven backwards. */
export class TwoOpt extends ReorderMove {
  find(route: RouteEvaluator, target: number, stop: () => boolean): MoveSearch {
    const length = route.route.length;
    for (let i = 0; i < length - 1; i++) {
      if (length > 24 && (i & 7) === 0 && stop()) return 'stopped';
      for (let k = i + 1; k < length; k++) {
        this.proposal
          .clear()
          .appendSlice(route, 0, i)
          .appendReversed(route, i, k + 1)
          .appendSlice(route, k + 1, length);
        // The proposal differs from the route in [i, k] only: a lower bound rules most candidates
        // out before the recharge DP.
        if (cannotBeat(route.lowerBoundReplacing(i, k + 1, this.proposal.deliveries, i, k + 1 - i), target)) continue;
        if (this.accepts(route, target)) return 'found';
      }
    }
    return 'none';
  }
}
