import { solveSquareAssignment } from './assignment.ts';
import { batteryAwareBound } from './battery-bound.ts';
import type { Problem } from './problem.ts';

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
}

/**
 * The lower bound of the solve model. The assignment gives each pickup a distinct predecessor
 * (a robot's start or another delivery's dropoff); it is solved by LAPJV on a square matrix of
 * deliveries + robots (dummy rows of zero cost absorb the unused columns). The dual bound from
 * LAPJV's prices is used, so floating-point rounding can never overstate the bound. `poll` is
 * called now and then during the assignment (solve passes its cancellation check).
 */
export function lowerBound(problem: Problem, poll?: () => void): LowerBound {
  const model = modelLowerBound(problem, poll);
  return { ...model, battery_aware_s: Math.max(model.makespan_s, batteryAwareBound(problem, poll).makespan_s) };
}

/**
 * The model's bound alone (everything but `battery_aware_s`). solve() computes it before the
 * search and the battery-aware part after it, so the search keeps its whole time budget.
 */
export function modelLowerBound(problem: Problem, poll?: () => void): Omit<LowerBound, 'battery_aware_s'> {
  const n = problem.deliveryCount;
  const usable: number[] = [];
  for (let r = 0; r < problem.robotCount; r++) {
    let serves = false;
    for (let j = 0; j < n && !serves; j++) serves = problem.canServe[r * n + j] === 1;
    if (serves) usable.push(r);
  }
  const fleet = usable.length;
  if (n === 0 || fleet === 0) {
    return { makespan_s: 0, single_delivery_s: 0, fleet_work_s: 0, fleet_work_nobattery_s: 0, distance_m: 0 };
  }
  const speed = problem.speed;
  let single = 0;
  for (let j = 0; j < n; j++) {
    let best = Infinity;
    for (const r of usable) best = Math.min(best, problem.startToPick[r * n + j]);
    single = Math.max(single, (best + problem.deliveryLength[j]) / speed);
  }

  const size = n + fleet;
  const matrix = new Float64Array(size * size);
  let largest = 0;
  for (let j = 0; j < n; j++) {
    for (let k = 0; k < fleet; k++) {
      const c = problem.startToPick[usable[k] * n + j];
      if (Number.isFinite(c)) largest = Math.max(largest, c);
    }
    for (let i = 0; i < n; i++) {
      const c = problem.dropToPick[i * n + j];
      if (Number.isFinite(c)) largest = Math.max(largest, c);
    }
  }
  const forbidden = (largest + 1) * (size + 1);
  for (let j = 0; j < n; j++) {
    const base = j * size;
    for (let k = 0; k < fleet; k++) {
      const c = problem.startToPick[usable[k] * n + j];
      matrix[base + k] = Number.isFinite(c) ? c : forbidden;
    }
    for (let i = 0; i < n; i++) {
      const c = i === j ? forbidden : problem.dropToPick[i * n + j];
      matrix[base + fleet + i] = Number.isFinite(c) ? c : forbidden;
    }
  }
  const solution = solveSquareAssignment(size, matrix, poll);
  let lengths = 0;
  for (let j = 0; j < n; j++) lengths += problem.deliveryLength[j];
  const work = lengths + Math.max(0, solution.dualBound);
  const perRobot = work / fleet;
  const charges = Math.max(0, Math.ceil(perRobot / problem.maxDistance - 1e-12) - 1);
  const noBattery = perRobot / speed;
  const withBattery = noBattery + charges * problem.rechargeSeconds;
  return {
    makespan_s: Math.max(single, withBattery),
    single_delivery_s: single,
    fleet_work_s: withBattery,
    fleet_work_nobattery_s: Math.max(single, noBattery),
    distance_m: work,
  };
}
