import { RechargeScheduler } from '../battery-schedule.ts';
import { InfeasibleDeliveryError } from '../errors.ts';
import { InsertionTable, localCostWeights } from '../insertion-table.ts';
import { RouteEvaluator } from '../route-evaluator.ts';
import type { Routes } from '../plan-builder.ts';
import type { AlgorithmContext } from './context.ts';

/**
 * auction (id 4): sequential single-item auctions. In each round every robot bids on every
 * open delivery; the bid mixes the robot's marginal cost (extra finish time from inserting the
 * delivery at its best position) with its resulting load, weighted by balance_factor:
 * bid = (1 - b) * marginal + b * resulting finish, b = balance_factor / 100. The marginal cost
 * follows objective_weights (extra finish time, distance or busy time, each normalised like
 * the objective, with the load term as the finish time over the greedy makespan); under the
 * default completion-time objective both terms are plain seconds.
 * The lowest bid over all robots and deliveries wins; only the winner's bids change.
 */
export function assignBySequentialAuction(context: AlgorithmContext): Routes {
  const { problem } = context;
  const n = problem.deliveryCount;
  const robotCount = problem.robotCount;
  const balance = problem.params.balance_factor / 100;
  const scheduler = new RechargeScheduler(problem);
  const evaluators = problem.robots.map((_, r) => new RouteEvaluator(problem, r, [], scheduler));
  const open: number[] = [];
  for (let j = 0; j < n; j++) open.push(j);
  const table = new InsertionTable(problem, evaluators, open);
  const cost = localCostWeights(problem, context.scale.weights, context.scale.divisors);
  const loadScale = 1 / context.scale.divisors.completion_time;
  const bidOf = (r: number, j: number): number => {
    const index = r * n + j;
    const finish = table.finish[index];
    if (finish === Infinity) return Infinity;
    const before = evaluators[r].finish;
    if (context.scale.completionOnly) return (1 - balance) * (finish - before) + balance * finish;
    const marginal = cost(finish, before, table.distance[index] - evaluators[r].distance) - cost(before, before, 0);
    return (1 - balance) * marginal + balance * finish * loadScale;
  };
  const bestBid = new Float64Array(n);
  const bestBidder = new Int32Array(n);
  const rescan = (j: number) => {
    let bid = Infinity;
    let bidder = -1;
    for (let r = 0; r < robotCount; r++) {
      const b = bidOf(r, j);
      if (b < bid - 1e-12) {
        bid = b;
        bidder = r;
      }
    }
    bestBid[j] = bid;
    bestBidder[j] = bidder;
  };
  for (const j of open) rescan(j);
  while (open.length > 0) {
    context.checkCancelled();
    let winnerIndex = 0;
    for (let k = 1; k < open.length; k++) {
      const j = open[k];
      const w = open[winnerIndex];
      if (bestBid[j] < bestBid[w] - 1e-12 || (bestBid[j] <= bestBid[w] + 1e-12 && j < w)) winnerIndex = k;
    }
    const j = open[winnerIndex];
    if (bestBid[j] === Infinity) {
      throw new InfeasibleDeliveryError(
        [problem.deliveries[j].pickupId, problem.deliveries[j].dropoffId],
        'no robot can fit it into its route under the battery rules',
      );
    }
    open[winnerIndex] = open[open.length - 1];
    open.pop();
    const r = bestBidder[j];
    evaluators[r].route.splice(table.position[r * n + j], 0, j);
    evaluators[r].refresh();
    table.updateRow(r, open);
    for (const other of open) {
      if (bestBidder[other] === r) rescan(other);
      else {
        const b = bidOf(r, other);
        if (b < bestBid[other] - 1e-12) {
          bestBid[other] = b;
          bestBidder[other] = r;
        }
      }
    }
  }
  return evaluators.map((evaluator) => evaluator.route);
}
