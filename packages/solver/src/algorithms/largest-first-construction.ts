import { legBetween } from '../delivery-legs.ts';
import { FleetState } from '../fleet-state.ts';
import type { ObjectiveScale } from '../objective.ts';
import type { Routes } from '../plan-builder.ts';
import type { Problem } from '../problem.ts';
import type { AlgorithmContext } from './context.ts';

/** Share of the time budget the construction may take before it only appends to the ends of routes. */
const CONSTRUCTION_SHARE = 0.4;

/**
 * The start of the time-limited searches (makespan, genetic): buildLargestFirst, hurried after
 * CONSTRUCTION_SHARE of the time left. With an iteration cap it never hurries, so that capped
 * runs stay reproducible.
 */
export function buildLargestFirstStart(context: AlgorithmContext, related: readonly number[][]): Routes | null {
  const limit = context.now() + (context.deadlineMs - context.now()) * CONSTRUCTION_SHARE;
  const hurry = Number.isFinite(context.maxIterations) ? () => false : () => context.now() >= limit;
  return buildLargestFirst(context.problem, context.scale, related, hurry);
}

/**
 * Largest deliveries first (LPT, the classic rule for min-max scheduling), each inserted at its best (robot, position) by the fleet's augmented
 * objective, with the exact recharge schedule of every candidate route. Large deliveries placed
 * first spread over the fleet; small ones then fill the gaps, which is what balances finish
 * times. A delivery's size is the work no plan can avoid for it: its length, plus half of the
 * cheapest drive to its pickup and half of the cheapest drive from its dropoff (each drive
 * between two deliveries is shared by both), the cheapest among `related` deliveries (its
 * nearest ones) and the robots' starts. O(n x robots x route length) insertion tests; once
 * `hurry` turns true, the remaining (smaller) deliveries only try the ends of the routes.
 * Returns null when some delivery fits no route.
 */
export function buildLargestFirst(problem: Problem, scale: ObjectiveScale, related: readonly number[][], hurry: () => boolean): Routes | null {
  const order = largestFirstOrder(problem, related);
  const state = new FleetState(problem, scale, problem.robots.map(() => []));
  let hurried = false;
  for (let m = 0; m < order.length; m++) {
    if ((m & 15) === 0 && !hurried) hurried = hurry();
    const j = order[m];
    const placement = state.bestPlacement(j, undefined, hurried) ?? (hurried ? state.bestPlacement(j) : null);
    // Possible only for a delivery some robot can do from its start alone: the greedy plan is the fallback.
    if (!placement) return null;
    state.insert(placement.robot, j, placement.position);
  }
  return state.routes();
}

/** Deliveries by decreasing size (length plus half the cheapest drive in and out), ties by index. */
export function largestFirstOrder(problem: Problem, related: readonly number[][]): number[] {
  const n = problem.deliveryCount;
  const size = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    let driveIn = Infinity;
    let driveOut = Infinity;
    for (const k of related[j]) {
      driveIn = Math.min(driveIn, legBetween(problem, k, j));
      driveOut = Math.min(driveOut, legBetween(problem, j, k));
    }
    for (let r = 0; r < problem.robotCount; r++) driveIn = Math.min(driveIn, problem.startToPick[r * n + j]);
    size[j] = problem.deliveryLength[j] + (Number.isFinite(driveIn) ? driveIn / 2 : 0) + (Number.isFinite(driveOut) ? driveOut / 2 : 0);
  }
  const order = Array.from({ length: n }, (_, j) => j);
  return order.sort((a, b) => size[b] - size[a] || a - b);
}
