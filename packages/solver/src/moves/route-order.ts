import { legTo } from '../problem/delivery-legs.ts';
import { OrOpt } from './or-opt.ts';
import { TwoOpt } from './two-opt.ts';
import type { IntraRouteMove } from './move.ts';
import type { Problem } from '../problem/problem.ts';
import { RouteEvaluator } from '../routes/route-evaluator.ts';

/** A reordering counts when the robot finishes at least this much earlier (s). */
const ORDER_IMPROVEMENT = 1e-7;
/** Cap on the moves one reordering applies. */
const MAX_PASSES = 50;

/** Orders one robot's deliveries: nearest neighbour from the robot's start, then improveRouteOrder. */
export function orderRoute(
  problem: Problem,
  robot: number,
  deliveries: readonly number[],
  shouldStop: () => boolean = () => false,
): number[] {
  const left = new Set(deliveries);
  const route: number[] = [];
  let last = -1;
  while (left.size > 0) {
    let best = -1;
    let bestDistance = Infinity;
    for (const j of left) {
      const d = legTo(problem, robot, last, j);
      if (d < bestDistance || best < 0) {
        bestDistance = d;
        best = j;
      }
    }
    route.push(best);
    left.delete(best);
    last = best;
  }
  const evaluator = new RouteEvaluator(problem, robot, route);
  improveRouteOrder(evaluator, shouldStop);
  return evaluator.route;
}

/**
 * Reorders a route in place: or-opt, and 2-opt when or-opt finds nothing, each taking its first
 * move that makes the robot finish earlier by the shared battery schedule, until neither finds
 * one (or MAX_PASSES moves, or a stop).
 */
export function improveRouteOrder(route: RouteEvaluator, shouldStop: () => boolean = () => false): void {
  if (route.route.length < 2) return;
  const moves: IntraRouteMove[] = [new OrOpt(), new TwoOpt()];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    if (shouldStop()) return;
    let applied = false;
    for (const move of moves) {
      const search = move.find(route, route.finish - ORDER_IMPROVEMENT, shouldStop);
      if (search === 'stopped') return;
      if (search === 'found') {
        move.apply();
        applied = true;
        break;
      }
    }
    if (!applied) return;
  }
}
