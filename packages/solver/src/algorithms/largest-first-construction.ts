import { FleetRoutes } from '../routes/fleet-routes.ts';
import type { ObjectiveScale } from '../plan/objective.ts';
import type { Routes } from '../plan/plan-builder.ts';
import type { Problem } from '../problem/problem.ts';
import type { AlgorithmContext } from './context.ts';

/** Share of the time budget the construction may take before it hurries. */
const CONSTRUCTION_SHARE = 0.6;
/** Robots a hurried construction tries for each delivery: those that finish earliest ... */
const HURRIED_ROBOTS = 6;
/** ... and the robots holding the first this many of its related deliveries already placed. */
const HURRIED_RELATED = 10;

/**
 * The start of the time-limited searches (makespan, genetic): buildLargestFirst, hurried after
 * CONSTRUCTION_SHARE of the time left. With an iteration cap it never hurries, so that capped
 * runs stay reproducible. `related` (each delivery's most related ones, related-deliveries.ts)
 * tells a hurried construction which robots work near a delivery.
 */
export function buildLargestFirstStart(context: AlgorithmContext, related?: readonly number[][]): Routes | null {
  const limit = context.now() + (context.deadlineMs - context.now()) * CONSTRUCTION_SHARE;
  const hurry = Number.isFinite(context.maxIterations) ? () => false : () => context.now() >= limit;
  return buildLargestFirst(context.problem, context.scale, hurry, related);
}

/**
 * Largest deliveries first (LPT, the classic rule for min-max scheduling), each inserted at its best (robot, position) by the fleet's augmented
 * objective, with the exact recharge schedule of every candidate route. Large deliveries placed
 * first spread over the fleet; small ones then fill the gaps, which is what balances finish
 * times. A delivery's size is the work no plan can avoid for it: its length, plus half of the
 * cheapest drive to its pickup and half of the cheapest drive from its dropoff (each drive
 * between two deliveries is shared by both), from any other delivery or robot start.
 * O(n x robots x route length) insertion tests; once
 * `hurry` turns true, the remaining (smaller) deliveries only try the HURRIED_ROBOTS robots
 * that finish earliest and, given `related`, the robots that hold the first HURRIED_RELATED of
 * the delivery's related deliveries placed so far, where it costs little to add (any robot when
 * none of those can take one). The earliest robots alone send small deliveries across the floor:
 * on t1 a construction hurried from the start planned 18% longer than one that never hurried.
 * Returns null when some delivery fits no route.
 */
export function buildLargestFirst(
  problem: Problem,
  scale: ObjectiveScale,
  hurry: () => boolean,
  related?: readonly (readonly number[])[],
): Routes | null {
  const order = largestFirstOrder(problem);
  const state = new FleetRoutes(
    problem,
    scale,
    problem.robots.map(() => []),
  );
  const holder = new Int32Array(problem.deliveryCount).fill(-1);
  let hurried = false;
  for (let m = 0; m < order.length; m++) {
    if ((m & 15) === 0 && !hurried) hurried = hurry();
    const j = order[m];
    const placement =
      (hurried ? state.bestPlacement(j, undefined, hurriedRobots(state, holder, related?.[j])) : null) ??
      state.bestPlacement(j);
    // Possible only for a delivery some robot can do from its start alone: the greedy plan is the fallback.
    if (!placement) return null;
    state.insert(placement.robot, j, placement.position);
    holder[j] = placement.robot;
  }
  return state.routes();
}

/** The robots a hurried construction tries for a delivery with these related ones: the earliest, then the related ones' holders. */
function hurriedRobots(state: FleetRoutes, holder: Int32Array, related: readonly number[] | undefined): number[] {
  const robots = state.earliestRobots(HURRIED_ROBOTS);
  let holders = 0;
  for (const other of related ?? []) {
    if (holders >= HURRIED_RELATED) break;
    const r = holder[other];
    if (r < 0) continue;
    holders++;
    if (!robots.includes(r)) robots.push(r);
  }
  return robots;
}

/** Deliveries by decreasing size (length plus half the cheapest drive in and out), ties by index. */
export function largestFirstOrder(problem: Problem): number[] {
  const n = problem.deliveryCount;
  const size = new Float64Array(n);
  // The cheapest drives in and out depend on places only: per pickup place, the nearest dropoff
  // place of another delivery or robot start; per dropoff place, the nearest pickup place of
  // another delivery (a place used by the delivery itself alone does not count).
  const places = problem.placeCount;
  const between = (from: number, to: number) => problem.placeDistance[from * places + to];
  const pickupUses = new Map<number, number>();
  const dropoffUses = new Map<number, number>();
  for (let j = 0; j < n; j++) {
    pickupUses.set(problem.pickupPlace[j], (pickupUses.get(problem.pickupPlace[j]) ?? 0) + 1);
    dropoffUses.set(problem.dropoffPlace[j], (dropoffUses.get(problem.dropoffPlace[j]) ?? 0) + 1);
  }
  const starts = new Set(problem.startPlace);
  // A class is one (pickup place, dropoff place) pair, so its deliveries share one size.
  const classSize = new Float64Array(problem.deliveryClassCount).fill(NaN);
  for (let j = 0; j < n; j++) {
    const c = problem.deliveryClass[j];
    if (Number.isNaN(classSize[c])) {
      const pickup = problem.pickupPlace[j];
      const dropoff = problem.dropoffPlace[j];
      let driveIn = Infinity;
      for (const [place, uses] of dropoffUses)
        if (uses > (place === dropoff ? 1 : 0)) driveIn = Math.min(driveIn, between(place, pickup));
      for (const start of starts) driveIn = Math.min(driveIn, between(start, pickup));
      let driveOut = Infinity;
      for (const [place, uses] of pickupUses)
        if (uses > (place === pickup ? 1 : 0)) driveOut = Math.min(driveOut, between(dropoff, place));
      classSize[c] =
        problem.deliveryLength[j] +
        (Number.isFinite(driveIn) ? driveIn / 2 : 0) +
        (Number.isFinite(driveOut) ? driveOut / 2 : 0);
    }
    size[j] = classSize[c];
  }
  const order = Array.from({ length: n }, (_, j) => j);
  return order.sort((a, b) => size[b] - size[a] || a - b);
}
