import { evaluateRoute } from './battery-schedule.ts';
import { InfeasibleDeliveryError } from '../problem/errors.ts';
import { FleetRoutes } from './fleet-routes.ts';
import type { ObjectiveScale } from '../plan/objective.ts';
import type { Problem } from '../problem/problem.ts';
import type { Routes } from '../plan/plan-builder.ts';

/**
 * Makes every route legal: a route that no recharge schedule can save loses deliveries from
 * its end until it is legal, and those deliveries are reinserted where they fit best. Routes
 * built by the constructions are nearly always legal already; this is the safety net for the
 * rare delivery that only fits as some robot's first trip.
 */
export function repairRoutes(problem: Problem, scale: ObjectiveScale, routes: Routes, missing: number[] = []): Routes {
  const removed: number[] = missing.slice();
  const fixed = routes.map((route, r) => {
    const copy = route.slice();
    while (copy.length > 0 && evaluateRoute(problem, r, copy).finish === Infinity) {
      removed.push(copy[copy.length - 1]);
      copy.pop();
    }
    return copy;
  });
  if (removed.length === 0) return fixed;
  const state = new FleetRoutes(problem, scale, fixed);
  for (const j of removed) {
    const placement = state.bestPlacement(j);
    if (!placement) {
      throw new InfeasibleDeliveryError(
        [problem.deliveries[j].pickupId, problem.deliveries[j].dropoffId],
        'no robot can fit it into its route under the battery rules',
      );
    }
    state.insert(placement.robot, j, placement.position);
  }
  return state.routes();
}
