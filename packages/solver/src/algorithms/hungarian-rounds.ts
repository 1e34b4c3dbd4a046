import { solveRectangularAssignment } from '../assignment.ts';
import { AppendState } from '../battery-schedule.ts';
import { InfeasibleDeliveryError } from '../errors.ts';
import { localCostWeights } from '../insertion-table.ts';
import type { Routes } from '../plan-builder.ts';
import type { AlgorithmContext } from './context.ts';

/**
 * hungarian (id 2): rounds of optimal one-task-per-robot assignment. Each round solves a
 * linear assignment between robots and open deliveries (Hungarian method with potentials),
 * the cost being the time at which the robot would finish the delivery if it did it next
 * (recharge included) under the default objective, or the objective_weights mix of finish
 * time, extra distance and extra busy time; every robot gets at most one delivery per round.
 */
export function assignByHungarianRounds(context: AlgorithmContext): Routes {
  const { problem } = context;
  const states = problem.robots.map((_, r) => new AppendState(problem, r));
  const routes: Routes = problem.robots.map(() => []);
  const cost = localCostWeights(problem, context.scale.weights, context.scale.divisors);
  let open: number[] = [];
  for (let j = 0; j < problem.deliveryCount; j++) open.push(j);
  while (open.length > 0) {
    context.checkCancelled();
    const assigned = solveRectangularAssignment(states.length, open.length, (r, k) => {
      const state = states[r];
      const finish = state.finishIfAppended(open[k]);
      if (finish === Infinity || context.scale.completionOnly) return finish;
      const extraDistance = (finish - state.time - (state.needsRecharge ? problem.rechargeSeconds : 0)) * problem.speed;
      return cost(finish, state.time, extraDistance);
    });
    const taken = new Set<number>();
    for (let r = 0; r < states.length; r++) {
      const k = assigned[r];
      if (k < 0) continue;
      states[r].append(open[k]);
      routes[r].push(open[k]);
      taken.add(k);
    }
    if (taken.size === 0) {
      const j = open[0];
      throw new InfeasibleDeliveryError(
        [problem.deliveries[j].pickupId, problem.deliveries[j].dropoffId],
        'no robot can fit it into its route under the battery rules',
      );
    }
    open = open.filter((_, k) => !taken.has(k));
  }
  return routes;
}
