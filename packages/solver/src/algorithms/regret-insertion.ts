import type { Routes } from '../plan/plan-builder.ts';
import type { AlgorithmContext } from './context.ts';
import { buildByRegretInsertion } from './regret-construction.ts';

/**
 * marginal_benefit (id 7): the regret construction (src/algorithms/regret-construction.ts) run
 * to the end, inserting first the delivery that would lose most by waiting.
 */
export function assignByRegretInsertion(context: AlgorithmContext): Routes {
  const routes = buildByRegretInsertion(context, () => false);
  // Only an abandoned construction returns null, and this one is never abandoned.
  if (!routes) throw new Error('The regret construction stopped without being abandoned');
  return routes;
}
