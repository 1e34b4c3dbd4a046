import { evaluateRoute } from '../routes/battery-schedule.ts';
import type { Problem } from '../problem/problem.ts';
import type { Routes } from './plan-builder.ts';
import {
  objectiveNameValues,
  type ObjectiveName,
  type ObjectiveValues,
  type ObjectiveWeights,
} from '@fleetlab/warehouse';

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
export function objectiveValues(
  problem: Problem,
  finish: ArrayLike<number>,
  distance: ArrayLike<number>,
): ObjectiveValues {
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
    energy_usage: (travelled / problem.params.max_distance) * problem.params.battery_capacity,
    balanced_workload: latest - earliest,
    cost_efficiency: busy,
  };
}

/** One number per objective, by name: weights and divisors are never read by position. */
export type PerObjective = Readonly<Record<ObjectiveName, number>>;

/**
 * Weighted, unit-free objective: each weighted measure divided by its value in the greedy
 * construction's plan (a measure that is 0 there is divided by 1 instead).
 */
export class ObjectiveScale {
  /** Each objective's share of the total weight (completion time alone when nothing weighs). */
  readonly weights: PerObjective;
  readonly divisors: PerObjective;
  readonly completionOnly: boolean;
  /**
   * Whether the score never falls when a robot finishes later or drives more: true unless
   * balanced_workload weighs in (a later finish of the least busy robot narrows the spread).
   */
  readonly monotone: boolean;

  constructor(weights: ObjectiveWeights, reference: ObjectiveValues) {
    const weightOf = (name: ObjectiveName) => weights[name] ?? 0;
    // Sums below add the terms in one fixed order of names, so the score keeps its last bits
    // whatever order the weights arrive in.
    const total =
      weightOf('completion_time') +
      weightOf('distance_traveled') +
      weightOf('energy_usage') +
      weightOf('balanced_workload') +
      weightOf('cost_efficiency');
    const share = (name: ObjectiveName) => (total > 0 ? weightOf(name) / total : name === 'completion_time' ? 1 : 0);
    const divisor = (name: ObjectiveName) => (reference[name] > 1e-9 ? reference[name] : 1);
    this.weights = perObjective(share);
    this.divisors = perObjective(divisor);
    this.completionOnly = objectiveNameValues.every((name) => name === 'completion_time' || this.weights[name] === 0);
    this.monotone = this.weights.balanced_workload === 0;
  }

  score(values: ObjectiveValues): number {
    const w = this.weights;
    const d = this.divisors;
    let sum = 0;
    if (w.completion_time > 0) sum += (w.completion_time * values.completion_time) / d.completion_time;
    if (w.distance_traveled > 0) sum += (w.distance_traveled * values.distance_traveled) / d.distance_traveled;
    if (w.energy_usage > 0) sum += (w.energy_usage * values.energy_usage) / d.energy_usage;
    if (w.balanced_workload > 0) sum += (w.balanced_workload * values.balanced_workload) / d.balanced_workload;
    if (w.cost_efficiency > 0) sum += (w.cost_efficiency * values.cost_efficiency) / d.cost_efficiency;
    return sum;
  }

  /** Score from raw totals, for hot loops. */
  scoreOf(
    latest: number,
    travelled: number,
    earliest: number,
    busy: number,
    maxDistance: number,
    capacity: number,
  ): number {
    const w = this.weights;
    const d = this.divisors;
    let sum = 0;
    if (w.completion_time > 0) sum += (w.completion_time * latest) / d.completion_time;
    if (w.distance_traveled > 0) sum += (w.distance_traveled * travelled) / d.distance_traveled;
    if (w.energy_usage > 0) sum += (w.energy_usage * ((travelled / maxDistance) * capacity)) / d.energy_usage;
    if (w.balanced_workload > 0) sum += (w.balanced_workload * (latest - earliest)) / d.balanced_workload;
    if (w.cost_efficiency > 0) sum += (w.cost_efficiency * busy) / d.cost_efficiency;
    return sum;
  }
}

function perObjective(measure: (name: ObjectiveName) => number): PerObjective {
  return Object.fromEntries(objectiveNameValues.map((name) => [name, measure(name)])) as Record<ObjectiveName, number>;
}
