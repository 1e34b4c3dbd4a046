import type { Problem } from './problem.ts';

/**
 * The empty drive between two deliveries: from the dropoff of delivery `from` to the pickup of
 * delivery `to`. The search reads delivery-to-delivery distances only through here, so the
 * dense delivery table behind it can give way to place-level distances without touching the
 * battery schedule, the route evaluator or the moves.
 */
export function legBetween(problem: Problem, from: number, to: number): number {
  return problem.dropToPick[from * problem.deliveryCount + to];
}

/** Robot `robot`'s drive to the pickup of delivery `to`: from its start when `previous` < 0, else from the dropoff of `previous`. */
export function legTo(problem: Problem, robot: number, previous: number, to: number): number {
  return previous < 0 ? problem.startToPick[robot * problem.deliveryCount + to] : legBetween(problem, previous, to);
}
