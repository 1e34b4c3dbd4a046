import type { BoundName } from '@fleetlab/warehouse';
import { type BoundValue, computeBounds } from './bound-list.ts';
import { EPSILON } from '../problem/battery-tolerance.ts';
import { canServeAny, totalDeliveryLength } from '../problem/delivery-legs.ts';
import { groupDeliveriesByPlace, type PlaceGroups } from './place-groups.ts';
import { type PlacePrices, predecessorAssignmentBound, type PredecessorBoundOptions } from './predecessor-bound.ts';
import { distancesFrom, onDriveTimes, type Problem } from '../problem/problem.ts';

export interface LowerBound {
  /** The model's makespan bound: the larger of the two parts below. */
  makespan_s: number;
  /** Part 1: the cheapest way to do the hardest single delivery. */
  single_delivery_s: number;
  /** Part 2: f(W / N), total work spread over the fleet, with the charges that much travel needs. */
  fleet_work_s: number;
  /** Part 2 without the recharge term. */
  fleet_work_nobattery_s: number;
  /** W: delivery lengths plus the assignment of a distinct predecessor to every pickup. */
  distance_m: number;
  /**
   * A stronger bound when batteries bind: the larger of `makespan_s` and the per-robot
   * charge-counting bound of battery-bound.ts (the argument is documented there). Not part of
   * the model's definition, so `makespan_s` and the model's gap never use it.
   */
  battery_aware_s: number;
  /** Every bound of the list (bound-list.ts), in its order. */
  bounds: BoundValue[];
  /** The tightest bound every plan keeps to, and its name. */
  tightest_s: number;
  tightest_name: BoundName;
  /** The dock capacity bound (one of `bounds`; 0 on the graph): no plan or day on the floor ends before it. */
  floor_s: number;
}

/** The model's bound and its parts. */
export type ModelBound = Pick<
  LowerBound,
  'makespan_s' | 'single_delivery_s' | 'fleet_work_s' | 'fleet_work_nobattery_s' | 'distance_m'
>;

/**
 * The lower bound of the solve model, with every bound of the list beside it. Part 1 works per pickup place and robot start place; the
 * predecessor assignment of part 2 is solved per place (predecessor-bound.ts), and its value
 * is a weak-duality bound, so it never overstates A. `poll` is called now and then (solve
 * passes its cancellation check).
 */
export function lowerBound(problem: Problem, poll?: () => void): LowerBound {
  const figures = computeBounds(problem, poll);
  const model = figures.shared.model();
  const battery = figures.values.find((bound) => bound.name === 'battery_segments')?.makespan_s ?? 0;
  return {
    ...model,
    battery_aware_s: Math.max(model.makespan_s, battery),
    bounds: figures.values,
    tightest_s: figures.tightest.makespan_s,
    tightest_name: figures.tightest.name,
    floor_s: figures.floor,
  };
}

/** The model's bound with the assignment behind it: the places and the prices the item LP reads (drive-items-lp-bound.ts). */
export interface ModelBoundWork {
  bound: ModelBound;
  groups: PlaceGroups | null;
  /** The predecessor assignment's dual by places (null when there is nothing to assign). */
  prices: PlacePrices | null;
}

/** The model's bound on the legs' least times (`onDriveTimes`), without charges: what `driveTimeBound` reads. */
export function driveModelBound(problem: Problem, poll?: () => void): ModelBoundWork {
  return modelBoundWork({ ...onDriveTimes(problem), maxDistance: Infinity }, poll);
}

/**
 * The model's bound alone (the `fleet_work` bound of the list, with its parts), which the
 * stats report as `lower_bound_s` and several other bounds build on.
 * `options` set the assignment's candidates and pricing rounds (the defaults give A exactly).
 */
export function modelLowerBound(problem: Problem, poll?: () => void, options?: PredecessorBoundOptions): ModelBound {
  return modelBoundWork(problem, poll, options).bound;
}

/** `modelLowerBound` with its assignment's places and prices. */
export function modelBoundWork(problem: Problem, poll?: () => void, options?: PredecessorBoundOptions): ModelBoundWork {
  const n = problem.deliveryCount;
  const usable = usableRobots(problem);
  const fleet = usable.length;
  if (n === 0 || fleet === 0) {
    const bound = { makespan_s: 0, single_delivery_s: 0, fleet_work_s: 0, fleet_work_nobattery_s: 0, distance_m: 0 };
    return { bound, groups: null, prices: null };
  }
  const speed = problem.speed;
  const groups = groupDeliveriesByPlace(problem);

  // Part 1: the nearest usable robot start of each pickup place.
  const nearestStart = new Float64Array(groups.pickupNodes.length).fill(Infinity);
  for (const start of new Set(usable.map((r) => problem.robots[r].startNode))) {
    const distances = distancesFrom(problem, start);
    groups.pickupNodes.forEach((node, q) => {
      if (distances[node] < nearestStart[q]) nearestStart[q] = distances[node];
    });
  }
  let single = 0;
  for (let k = 0; k < groups.classCounts.length; k++) {
    const j = groups.classDelivery[k];
    single = Math.max(single, (nearestStart[groups.classPickup[k]] + problem.deliveryLength[j]) / speed);
  }

  const assignment = predecessorAssignmentBound(problem, groups, usable, options, poll);
  const work = totalDeliveryLength(problem) + Math.max(0, assignment.distance_m);
  const perRobot = work / fleet;
  const charges = Math.max(0, Math.ceil(perRobot / problem.maxDistance - EPSILON) - 1);
  const noBattery = perRobot / speed;
  const withBattery = noBattery + charges * problem.rechargeSeconds;
  const bound = {
    makespan_s: Math.max(single, withBattery),
    single_delivery_s: single,
    fleet_work_s: withBattery,
    fleet_work_nobattery_s: Math.max(single, noBattery),
    distance_m: work,
  };
  return { bound, groups, prices: assignment.prices };
}

/** The robots that can do at least one delivery: the fleet N of the model's bound. */
export function usableRobots(problem: Problem): number[] {
  const usable: number[] = [];
  for (let r = 0; r < problem.robotCount; r++) if (canServeAny(problem, r)) usable.push(r);
  return usable;
}

/**
 * A bound on the clock of a robot with acceleration and turns (0 for a point robot, whose clock
 * the model's bound already reads): the model's bound worked out on the legs' times instead of
 * their metres (every leg of a plan takes at least its least time), without charges, plus the
 * handling no plan avoids: a robot with k deliveries handles 2k - 1 times, so the fleet's
 * handling is at least (2n - N) x handling, and the busiest robot has at least the average. The
 * recharges too: a robot that drives m metres recharges at least m / max_distance - 1 times, so
 * the fleet, which drives at least `metresWork` (the model's W), at least W / max_distance - N.
 */
export function driveTimeBound(problem: Problem, metresWork: number, times: ModelBound): number {
  if (problem.pointRobot) return 0;
  const fleet = usableRobots(problem).length;
  if (fleet === 0) return 0;
  const handling = Math.max(0, 2 * problem.deliveryCount - fleet) * problem.handlingSeconds;
  const recharges = Math.max(0, metresWork / problem.maxDistance - fleet) * problem.rechargeSeconds;
  const averageBusy = (times.distance_m / problem.speed + handling + recharges) / fleet;
  return Math.max(times.single_delivery_s + (problem.deliveryCount > 0 ? problem.handlingSeconds : 0), averageBusy);
}
