import type { PerObjective } from './objective.ts';
import type { Problem } from './problem.ts';
import { Insertion, type RouteEvaluator } from './route-evaluator.ts';

/**
 * Best insertion of every unassigned delivery into every robot's route (finish, distance and
 * position), kept per (robot, delivery). Inserting into one route only invalidates that
 * robot's row, so sequential constructions stay near O(n) work per step.
 */
export class InsertionTable {
  readonly finish: Float64Array;
  readonly distance: Float64Array;
  readonly position: Int32Array;
  private readonly insertion = new Insertion();

  constructor(
    private readonly problem: Problem,
    private readonly evaluators: RouteEvaluator[],
    unassigned: ArrayLike<number>,
  ) {
    const size = problem.robotCount * problem.deliveryCount;
    this.finish = new Float64Array(size).fill(Infinity);
    this.distance = new Float64Array(size).fill(Infinity);
    this.position = new Int32Array(size).fill(-1);
    for (let r = 0; r < evaluators.length; r++) this.updateRow(r, unassigned);
  }

  updateRow(r: number, unassigned: ArrayLike<number>): void {
    const n = this.problem.deliveryCount;
    const evaluator = this.evaluators[r];
    for (let k = 0; k < unassigned.length; k++) {
      const j = unassigned[k];
      const index = r * n + j;
      this.finish[index] = evaluator.bestInsertion(j, this.insertion);
      this.distance[index] = this.insertion.distance;
      this.position[index] = this.insertion.position;
    }
  }
}

/**
 * Per-robot cost of taking a delivery, standing in for the weighted objective without looking
 * at other robots: completion-time and balance weights see the robot's resulting finish time,
 * distance and energy weights its extra distance, cost efficiency its extra busy time.
 */
export function localCostWeights(problem: Problem, weights: PerObjective, divisors: PerObjective) {
  const capacityPerMetre = problem.params.battery_capacity / problem.maxDistance;
  const finishWeight = weights.completion_time / divisors.completion_time + weights.balanced_workload / divisors.balanced_workload;
  const distanceWeight = weights.distance_traveled / divisors.distance_traveled + (weights.energy_usage * capacityPerMetre) / divisors.energy_usage;
  const busyWeight = weights.cost_efficiency / divisors.cost_efficiency;
  return (newFinish: number, oldFinish: number, extraDistance: number): number =>
    finishWeight * newFinish + distanceWeight * extraDistance + busyWeight * (newFinish - oldFinish);
}
