import { defaultCandidateCount } from '../candidates/candidate-robots.ts';
import { InsertionTable, localCostWeights, placeAnywhere } from '../routes/insertion-table.ts';
import type { Routes } from '../plan/plan-builder.ts';
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
 *
 * Each delivery takes bids from its `candidateCount` candidate robots only (candidate-robots.ts;
 * every robot on small problems), and bids are kept per class of deliveries, so a won delivery
 * touches the classes that list the winner.
 * Under the completion-time objective a bid left stale (`keepStale`) is bounded from below (the
 * route's old insertion finish and its new finish), and is brought up to date only when that
 * bound could beat the delivery's best bid. A delivery none of its candidates can fit any more goes to the
 * robot of the whole fleet that finishes it soonest.
 */
export function assignBySequentialAuction(
  context: AlgorithmContext,
  candidateCount = defaultCandidateCount(context.problem),
  keepStale = context.scale.completionOnly,
): Routes {
  const { problem } = context;
  const n = problem.deliveryCount;
  const balance = problem.params.balance_factor / 100;
  const open: number[] = [];
  for (let j = 0; j < n; j++) open.push(j);
  // Bids are kept per class: its deliveries cost every robot the same.
  const classOf = problem.deliveryClass;
  const classCount = problem.deliveryClassCount;
  const table = new InsertionTable(problem, candidateCount);
  const { evaluators, candidates, openInClass } = table;
  const k = candidates.perClass;
  const lazy = keepStale;
  const cost = localCostWeights(problem, context.scale.weights, context.scale.divisors);
  const loadScale = 1 / context.scale.divisors.completion_time;
  const bidOf = (c: number, slot: number): number => {
    const index = c * k + slot;
    const finish = table.finish[index];
    if (finish === Infinity) return Infinity;
    const r = candidates.robots[index];
    const before = evaluators[r].finish;
    if (context.scale.completionOnly) return (1 - balance) * (finish - before) + balance * finish;
    const marginal = cost(finish, before, table.distance[index] - evaluators[r].distance) - cost(before, before, 0);
    return (1 - balance) * marginal + balance * finish * loadScale;
  };
  // Under the completion-time objective, a stale entry's finish is a lower bound, and so is the
  // route's own finish: the bid can be no lower than with the larger of them.
  const leastBidOf = (c: number, slot: number): number => {
    const index = c * k + slot;
    if (table.isFresh(c, slot) || table.finish[index] === Infinity) return bidOf(c, slot);
    const before = evaluators[candidates.robots[index]].finish;
    const finish = Math.max(table.finish[index], before);
    return (1 - balance) * (finish - before) + balance * finish;
  };
  const bestBid = new Float64Array(classCount);
  const bestBidder = new Int32Array(classCount);
  const rescan = (c: number) => {
    let bid = Infinity;
    let bidder = -1;
    for (;;) {
      bid = Infinity;
      bidder = -1;
      for (let slot = 0; slot < k; slot++) {
        const r = candidates.robots[c * k + slot];
        if (r < 0) break;
        const b = bidOf(c, slot);
        if (b < bid - 1e-12) {
          bid = b;
          bidder = r;
        }
      }
      // Stale bids that could still win are brought up to date.
      let refreshed = false;
      for (let slot = 0; slot < k && candidates.robots[c * k + slot] >= 0; slot++) {
        if (table.isFresh(c, slot) || leastBidOf(c, slot) > bid + 1e-9) continue;
        table.update(c, slot);
        refreshed = true;
      }
      if (!refreshed) break;
    }
    bestBid[c] = bid;
    bestBidder[c] = bidder;
  };
  for (let c = 0; c < classCount; c++) rescan(c);
  while (open.length > 0) {
    context.checkCancelled();
    let winnerIndex = 0;
    for (let m = 1; m < open.length; m++) {
      const j = open[m];
      const w = open[winnerIndex];
      const bid = bestBid[classOf[j]];
      const winning = bestBid[classOf[w]];
      if (bid < winning - 1e-12 || (bid <= winning + 1e-12 && j < w)) winnerIndex = m;
    }
    const j = open[winnerIndex];
    const wonClass = classOf[j];
    let r = bestBidder[wonClass];
    let position: number;
    if (r >= 0) {
      position = table.position[wonClass * k + candidates.slotOf(wonClass, r)];
    } else {
      // None of its candidates can fit it any more: the robot of the whole fleet that finishes it soonest.
      ({ robot: r, position } = placeAnywhere(problem, evaluators, j, (_, finish) => finish));
    }
    open[winnerIndex] = open[open.length - 1];
    open.pop();
    openInClass[wonClass]--;
    evaluators[r].route.splice(position, 0, j);
    evaluators[r].refresh();
    table.routeChanged(r);
    for (let m = candidates.byRobotStart[r]; m < candidates.byRobotStart[r + 1]; m++) {
      const other = candidates.byRobotClass[m];
      if (openInClass[other] === 0) continue;
      const slot = candidates.byRobotSlot[m];
      if (bestBidder[other] === r) {
        table.update(other, slot);
        rescan(other);
        continue;
      }
      if (lazy && leastBidOf(other, slot) >= bestBid[other] - 1e-12) continue;
      table.update(other, slot);
      const b = bidOf(other, slot);
      if (b < bestBid[other] - 1e-12) {
        bestBid[other] = b;
        bestBidder[other] = r;
      }
    }
  }
  return evaluators.map((evaluator) => evaluator.route);
}
