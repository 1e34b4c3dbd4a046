import { RechargeScheduler } from './battery-schedule.ts';
import { CandidateRobots } from '../candidates/candidate-robots.ts';
import { InfeasibleDeliveryError } from '../problem/errors.ts';
import type { PerObjective } from '../plan/objective.ts';
import type { Problem } from '../problem/problem.ts';
import { Insertion, RouteEvaluator } from './route-evaluator.ts';

/**
 * What the regret and auction constructions share: a route evaluator per robot, the candidate
 * robots of each delivery class, the open deliveries per class, and the best insertion of each
 * open class into each of its candidate robots' routes (finish, distance and position), kept per
 * (class, candidate slot). Inserting into one route only
 * touches the entries of that robot: whoever changes a route calls routeChanged, after which the
 * robot's entries are stale until updated; a stale entry keeps the figures of the older, shorter
 * route (under the completion-time objective a lower bound on the fresh one: a route never
 * finishes earlier for holding one more delivery).
 */
export class InsertionTable {
  /** One route evaluator per robot, all empty at first, sharing one recharge DP. */
  readonly evaluators: RouteEvaluator[];
  readonly candidates: CandidateRobots;
  /** Per class: its deliveries not yet placed (the caller counts them down). */
  readonly openInClass: Int32Array;
  readonly finish: Float64Array;
  readonly distance: Float64Array;
  readonly position: Int32Array;
  private readonly computedAt: Int32Array;
  private readonly routeVersion: Int32Array;
  private readonly insertion = new Insertion();

  constructor(problem: Problem, candidateCount: number) {
    const scheduler = new RechargeScheduler(problem);
    this.evaluators = problem.robots.map((_, r) => new RouteEvaluator(problem, r, [], scheduler));
    const candidates = new CandidateRobots(problem, candidateCount);
    this.candidates = candidates;
    this.openInClass = new Int32Array(problem.deliveryClassCount);
    for (let j = 0; j < problem.deliveryCount; j++) this.openInClass[problem.deliveryClass[j]]++;
    const size = candidates.robots.length;
    this.finish = new Float64Array(size).fill(Infinity);
    this.distance = new Float64Array(size).fill(Infinity);
    this.position = new Int32Array(size).fill(-1);
    this.computedAt = new Int32Array(size);
    this.routeVersion = new Int32Array(problem.robotCount);
    const k = candidates.perClass;
    for (let c = 0; c < candidates.representative.length; c++) {
      for (let slot = 0; slot < k && candidates.robots[c * k + slot] >= 0; slot++) this.update(c, slot);
    }
  }

  routeChanged(r: number): void {
    this.routeVersion[r]++;
  }

  isFresh(c: number, slot: number): boolean {
    const index = c * this.candidates.perClass + slot;
    return this.computedAt[index] === this.routeVersion[this.candidates.robots[index]];
  }

  update(c: number, slot: number): void {
    const index = c * this.candidates.perClass + slot;
    const r = this.candidates.robots[index];
    this.finish[index] = this.evaluators[r].bestInsertion(this.candidates.representative[c], this.insertion);
    this.distance[index] = this.insertion.distance;
    this.position[index] = this.insertion.position;
    this.computedAt[index] = this.routeVersion[r];
  }
}

/**
 * Per-robot cost of taking a delivery, standing in for the weighted objective without looking
 * at other robots: completion-time and balance weights see the robot's resulting finish time,
 * distance and energy weights its extra distance, cost efficiency its extra busy time.
 */
export function localCostWeights(problem: Problem, weights: PerObjective, divisors: PerObjective) {
  const capacityPerMetre = problem.params.battery_capacity / problem.maxDistance;
  const finishWeight =
    weights.completion_time / divisors.completion_time + weights.balanced_workload / divisors.balanced_workload;
  const distanceWeight =
    weights.distance_traveled / divisors.distance_traveled +
    (weights.energy_usage * capacityPerMetre) / divisors.energy_usage;
  const busyWeight = weights.cost_efficiency / divisors.cost_efficiency;
  return (newFinish: number, oldFinish: number, extraDistance: number): number =>
    finishWeight * newFinish + distanceWeight * extraDistance + busyWeight * (newFinish - oldFinish);
}

/**
 * The robot of the whole fleet whose best insertion of delivery j scores least by `score`
 * (finish, distance) and the position there: for a delivery none of its candidates can fit.
 * Throws InfeasibleDeliveryError when no robot can.
 */
export function placeAnywhere(
  problem: Problem,
  evaluators: RouteEvaluator[],
  j: number,
  score: (robot: number, finish: number, distance: number) => number,
): { robot: number; position: number } {
  const insertion = new Insertion();
  let robot = -1;
  let least = Infinity;
  for (let r = 0; r < evaluators.length; r++) {
    const value = score(r, evaluators[r].bestInsertion(j, insertion), insertion.distance);
    if (value < least) {
      least = value;
      robot = r;
    }
  }
  if (robot < 0) {
    throw new InfeasibleDeliveryError(
      [problem.deliveries[j].pickupId, problem.deliveries[j].dropoffId],
      'no robot can fit it into its route under the battery rules',
    );
  }
  evaluators[robot].bestInsertion(j, insertion);
  return { robot, position: insertion.position };
}
