import { evaluateRoute } from './battery-schedule.ts';
import type { Problem } from './problem.ts';
import type { Routes } from './plan-builder.ts';
import { OBJECTIVE_NAMES, type ObjectiveValues, type ObjectiveWeights } from './types.ts';

/** Per-robot finish times and distances of a set of routes. */
export interface RouteFigures {
  finish: Float64Array;
  distance: Float64Array;
  recharges: Int32Array;
}

export function measureRoutes(problem: Problem, routes: Routes): RouteFigures {
  const count = problem.robotCount;
  const figures: RouteFigures = {
    finish: new Float64Array(count),
    distance: new Float64Array(count),
    recharges: new Int32Array(count),
  };
  for (let r = 0; r < count; r++) {
    const totals = evaluateRoute(problem, r, routes[r]);
    figures.finish[r] = totals.finish;
    figures.distance[r] = totals.distance;
    figures.recharges[r] = totals.recharges;
  }
  return figures;
}

/**
 * The five measures of the model from per-robot finish times and distances:
 * makespan, total distance, battery consumed (percent units, linear in distance), the spread
 * between the latest and earliest finishing robot (idle robots finish at 0), and total busy time.
 */
export function objectiveValues(problem: Problem, finish: ArrayLike<number>, distance: ArrayLike<number>): ObjectiveValues {
  let latest = 0;
  let earliest = Infinity;
  let busy = 0;
  let travelled = 0;
  for (let r = 0; r < finish.length; r++) {
    latest = Math.max(latest, finish[r]);
    earliest = Math.min(earliest, finish[r]);
    busy += finish[r];
    travelled += distance[r];
  }
  if (finish.length === 0) earliest = 0;
  return {
    completion_time: latest,
    distance_traveled: travelled,
    energy_usage: (travelled / problem.maxDistance) * problem.params.battery_capacity,
    balanced_workload: latest - earliest,
    cost_efficiency: busy,
  };
}

/**
 * Weighted, unit-free objective: each weighted measure divided by its value in the greedy
 * construction's plan (a measure that is 0 there is divided by 1 instead).
 */
export class ObjectiveScale {
  readonly weights: Float64Array;
  readonly divisors: Float64Array;
  readonly completionOnly: boolean;
  /**
   * Whether the score never falls when a robot finishes later or drives more: true unless
   * balanced_workload weighs in (a later finish of the least busy robot narrows the spread).
   */
  readonly monotone: boolean;

  constructor(weights: ObjectiveWeights, reference: ObjectiveValues) {
    this.weights = new Float64Array(OBJECTIVE_NAMES.length);
    this.divisors = new Float64Array(OBJECTIVE_NAMES.length);
    let total = 0;
    OBJECTIVE_NAMES.forEach((name) => (total += weights[name] ?? 0));
    OBJECTIVE_NAMES.forEach((name, k) => {
      this.weights[k] = total > 0 ? (weights[name] ?? 0) / total : k === 0 ? 1 : 0;
      const value = reference[name];
      this.divisors[k] = value > 1e-9 ? value : 1;
    });
    this.completionOnly = this.weights.every((w, k) => k === 0 || w === 0);
    this.monotone = this.weights[3] === 0;
  }

  score(values: ObjectiveValues): number {
    let sum = 0;
    OBJECTIVE_NAMES.forEach((name, k) => {
      if (this.weights[k] > 0) sum += (this.weights[k] * values[name]) / this.divisors[k];
    });
    return sum;
  }

  /** Score from raw totals, for hot loops. */
  scoreOf(latest: number, travelled: number, earliest: number, busy: number, maxDistance: number, capacity: number): number {
    const w = this.weights;
    const d = this.divisors;
    let sum = 0;
    if (w[0] > 0) sum += (w[0] * latest) / d[0];
    if (w[1] > 0) sum += (w[1] * travelled) / d[1];
    if (w[2] > 0) sum += (w[2] * ((travelled / maxDistance) * capacity)) / d[2];
    if (w[3] > 0) sum += (w[3] * (latest - earliest)) / d[3];
    if (w[4] > 0) sum += (w[4] * busy) / d[4];
    return sum;
  }
}
