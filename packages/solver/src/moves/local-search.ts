import type { FleetRoutes } from '../routes/fleet-routes.ts';
import type { GranularRobots } from '../candidates/granular-robots.ts';
import type { InterRouteMove } from './move.ts';
import { Relocate } from './relocate.ts';
import { Swap } from './swap.ts';
import { TwoOptStar } from './two-opt-star.ts';
import { RouteEvaluator } from '../routes/route-evaluator.ts';
import { improveRouteOrder } from './route-order.ts';

/** A move counts when it lowers the augmented objective by more than this. */
const IMPROVEMENT = 1e-9;

/**
 * First-improvement descent on the augmented objective. For a focus robot it tries, in this
 * order, relocate, swap and 2-opt* against the other robots (src/moves/), and then or-opt and
 * 2-opt inside the focus route (improveRouteOrder); the first improving move is applied. Under a
 * pure makespan objective the busiest robot is the focus after every move (only its route can
 * lower the makespan); when it has no move, or under other objectives, the other robots take
 * turns (with `allFocuses`; a short polish leaves them out): what they save makes room for the
 * busiest robot's work. A robot whose scan found nothing is skipped until a move changes its
 * route (don't-look bits). With `granular` on a large fleet, the other robots are those holding
 * deliveries related to the focus route's (granular-robots.ts), and `granular` learns the routes
 * after each move. Ends when no focus has an improving move; returns the moves applied.
 */
export function descend(
  state: FleetRoutes,
  stop: () => boolean,
  {
    maxMoves = Infinity,
    allFocuses = true,
    onMove,
    granular,
  }: { maxMoves?: number; allFocuses?: boolean; onMove?: () => void; granular?: GranularRobots } = {},
): number {
  const robotCount = state.evaluators.length;
  const neighbourhoods: InterRouteMove[] = [new Relocate(state), new Swap(state), new TwoOptStar(state)];
  const others: number[] = [];
  const versions = state.routeVersions;
  // The route version of each robot when a scan with it as focus last found nothing.
  const scannedAt = new Int32Array(robotCount).fill(-1);
  const stuck = (r: number) => scannedAt[r] === versions[r];
  const nearby: number[] = [];
  const learnRoutes = () => granular?.placeAll(state.evaluators.map((evaluator) => evaluator.route));
  if (granular?.restricts) learnRoutes();
  let moves = 0;
  let rotation = 0;
  let cursor = 0;
  while (moves < maxMoves && !stop()) {
    let focus = -1;
    const busiest = state.busiestRobot;
    if (state.scale.completionOnly && busiest >= 0 && !stuck(busiest)) focus = busiest;
    else if (allFocuses || !state.scale.completionOnly) {
      for (let step = 0; step < robotCount && focus < 0; step++, cursor++) {
        if (!stuck(cursor % robotCount)) focus = cursor % robotCount;
      }
    }
    if (focus < 0) break;
    if (improveFocus(focus)) {
      if (granular?.restricts) learnRoutes();
      moves++;
      onMove?.();
      continue;
    }
    scannedAt[focus] = versions[focus];
  }
  return moves;

  function improveFocus(a: number): boolean {
    const target = state.value() - IMPROVEMENT;
    // Other robots are tried from a rotating start so that repeated descents spread their moves.
    const offset = rotation++;
    others.length = 0;
    if (granular?.restricts) {
      // On a large fleet, the robots holding deliveries related to the focus route's.
      const near = granular.forRoute(a, state.evaluators[a].route, nearby);
      for (let step = 0; step < near.length; step++) others.push(near[(step + offset) % near.length]);
    } else {
      for (let step = 0; step < robotCount; step++) {
        const b = (step + offset) % robotCount;
        if (b !== a) others.push(b);
      }
    }
    for (const move of neighbourhoods) {
      const search = move.find(a, others, target, stop);
      if (search === 'found') {
        move.apply();
        return true;
      }
      if (search === 'stopped') return false;
    }
    const reordered = new RouteEvaluator(state.problem, a, state.evaluators[a].route.slice(), state.scheduler);
    improveRouteOrder(reordered, stop);
    if (state.valueWith(a, reordered.finish, reordered.distance) < target) {
      state.evaluators[a].route = reordered.route;
      state.refreshRoutes(a);
      return true;
    }
    return false;
  }
}
