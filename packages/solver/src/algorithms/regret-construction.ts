import { RechargeScheduler } from '../battery-schedule.ts';
import { InfeasibleDeliveryError } from '../errors.ts';
import { InsertionTable, localCostWeights } from '../insertion-table.ts';
import type { Routes } from '../plan-builder.ts';
import { RouteEvaluator } from '../route-evaluator.ts';
import type { AlgorithmContext } from './context.ts';

/**
 * The start of the time-limited searches (genetic, makespan): the regret construction, given
 * at most 40% of the time budget because it is quadratic and can be slow with few robots and
 * many deliveries; null when it ran out, and the search then starts from the greedy plan. With
 * an iteration cap it always finishes, so that capped runs stay reproducible.
 */
export function buildRegretStart(context: AlgorithmContext): Routes | null {
  if (Number.isFinite(context.maxIterations)) return buildByRegretInsertion(context, () => false);
  const limit = context.now() + (context.deadlineMs - context.now()) * 0.4;
  return buildByRegretInsertion(context, () => context.now() >= limit);
}

/**
 * Regret-2 insertion: every unassigned delivery knows its cheapest and second-cheapest
 * placement (over robots, at the best position in each route); the one that would lose most by
 * waiting (largest regret) is inserted first, at its best placement. Abandoned (null) as soon
 * as `abandon` returns true.
 */
export function buildByRegretInsertion(context: AlgorithmContext, abandon: () => boolean): Routes | null {
  const { problem } = context;
  const n = problem.deliveryCount;
  const robotCount = problem.robotCount;
  const scheduler = new RechargeScheduler(problem);
  const evaluators = problem.robots.map((_, r) => new RouteEvaluator(problem, r, [], scheduler));
  const unassigned: number[] = [];
  for (let j = 0; j < n; j++) unassigned.push(j);
  const table = new InsertionTable(problem, evaluators, unassigned);
  const cost = localCostWeights(problem, context.scale.weights, context.scale.divisors);
  const costOf = (r: number, j: number): number => {
    const index = r * n + j;
    const finish = table.finish[index];
    if (finish === Infinity) return Infinity;
    return cost(finish, evaluators[r].finish, table.distance[index] - evaluators[r].distance);
  };
  const best = new Float64Array(n);
  const second = new Float64Array(n);
  const bestRobot = new Int32Array(n);
  const secondRobot = new Int32Array(n);
  const rescan = (j: number) => {
    let b = Infinity;
    let s = Infinity;
    let br = -1;
    let sr = -1;
    for (let r = 0; r < robotCount; r++) {
      const c = costOf(r, j);
      if (c < b) {
        s = b;
        sr = br;
        b = c;
        br = r;
      } else if (c < s) {
        s = c;
        sr = r;
      }
    }
    best[j] = b;
    second[j] = s;
    bestRobot[j] = br;
    secondRobot[j] = sr;
  };
  for (const j of unassigned) rescan(j);

  while (unassigned.length > 0) {
    context.checkCancelled();
    if (abandon()) return null;
    let chosenIndex = -1;
    let chosenRegret = -Infinity;
    for (let k = 0; k < unassigned.length; k++) {
      const j = unassigned[k];
      if (best[j] === Infinity) {
        throw new InfeasibleDeliveryError(
          [problem.deliveries[j].pickupId, problem.deliveries[j].dropoffId],
          'no robot can fit it into its route under the battery rules',
        );
      }
      // A delivery only one robot can do has infinite regret and goes first.
      const regret = second[j] === Infinity ? Number.MAX_VALUE - best[j] : second[j] - best[j];
      if (regret > chosenRegret + 1e-9 || (Math.abs(regret - chosenRegret) <= 1e-9 && best[j] < best[unassigned[chosenIndex]])) {
        chosenRegret = regret;
        chosenIndex = k;
      }
    }
    const j = unassigned[chosenIndex];
    unassigned[chosenIndex] = unassigned[unassigned.length - 1];
    unassigned.pop();
    const r = bestRobot[j];
    evaluators[r].route.splice(table.position[r * n + j], 0, j);
    evaluators[r].refresh();
    table.updateRow(r, unassigned);
    for (const other of unassigned) {
      if (bestRobot[other] === r || secondRobot[other] === r) {
        rescan(other);
      } else {
        const c = costOf(r, other);
        if (c < best[other]) {
          second[other] = best[other];
          secondRobot[other] = bestRobot[other];
          best[other] = c;
          bestRobot[other] = r;
        } else if (c < second[other]) {
          second[other] = c;
          secondRobot[other] = r;
        }
      }
    }
  }
  return evaluators.map((evaluator) => evaluator.route);
}
