import type { RouteEvaluator } from '../routes/route-evaluator.ts';

/**
 * How a search for an improving move ended: `found` (remembered for `apply`), `none` in the
 * whole neighbourhood, or `stopped` early because the caller's stop condition became true.
 */
export type MoveSearch = 'found' | 'none' | 'stopped';

/**
 * A neighbourhood between the focus robot's route and the others' (vroom's operators, PyVRP's
 * binary operators). `find` scans it in a fixed order, the other robots in the order given, for
 * the first move that brings the fleet's augmented objective below `target` and remembers it;
 * `apply` makes that move on the fleet.
 */
export interface InterRouteMove {
  find(focus: number, others: readonly number[], target: number, stop: () => boolean): MoveSearch;
  apply(): void;
}

/**
 * A neighbourhood inside one route. `find` looks for the first move that makes the robot finish
 * before `target`; `apply` makes it on that route.
 */
export interface IntraRouteMove {
  find(route: RouteEvaluator, target: number, stop: () => boolean): MoveSearch;
  apply(): void;
}
