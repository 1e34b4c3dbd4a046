import { defaultCandidateCount } from '../candidates/candidate-robots.ts';
import { InsertionTable, localCostWeights, placeAnywhere } from '../routes/insertion-table.ts';
import type { Routes } from '../plan/plan-builder.ts';
import type { AlgorithmContext } from './context.ts';

/**
 * The start of the time-limited searches (genetic, makespan): the regret construction, given
 * at most 40% of the time budget because it can be slow with few robots and many deliveries;
 * null when it ran out, and the search then starts from the greedy plan. With an iteration cap
 * it always finishes, so that capped runs stay reproducible.
 */
export function buildRegretStart(context: AlgorithmContext): Routes | null {
  if (Number.isFinite(context.maxIterations)) return buildByRegretInsertion(context, () => false);
  const limit = context.now() + (context.deadlineMs - context.now()) * 0.4;
  return buildByRegretInsertion(context, () => context.now() >= limit);
}

/**
 * Regret-2 insertion: every unassigned delivery knows its cheapest and second-cheapest
 * placement (over its candidate robots, at the best position in each route); the one that would
 * lose most by waiting (largest regret) is inserted first, at its best placement. Abandoned
 * (null) as soon as `abandon` returns true.
 *
 * Candidates (candidate-robots.ts): each delivery weighs only its `candidateCount` candidate
 * robots (every robot on small problems), and the figures are kept per class of deliveries, so
 * a route change touches the classes that list that robot. Under the completion-time objective
 * an insertion only gets dearer as a route grows, so a class whose best and second robots kept
 * their routes keeps its regret and its entry for the changed robot is left stale (a lower
 * bound, refreshed only when a rescan needs it: `keepStale`); under other weights every such
 * entry is updated at once. A delivery none of its candidates can fit any more goes to the best robot of
 * the whole fleet.
 */
export function buildByRegretInsertion(
  context: AlgorithmContext,
  abandon: () => boolean,
  candidateCount = defaultCandidateCount(context.problem),
  keepStale = context.scale.completionOnly,
): Routes | null {
  const { problem } = context;
  const n = problem.deliveryCount;
  const unassigned: number[] = [];
  for (let j = 0; j < n; j++) unassigned.push(j);
  // Figures are kept per class: its deliveries cost every robot the same.
  const classOf = problem.deliveryClass;
  const classCount = problem.deliveryClassCount;
  const table = new InsertionTable(problem, candidateCount);
  const { evaluators, candidates, openInClass } = table;
  const k = candidates.perClass;
  const lazy = keepStale;
  const cost = localCostWeights(problem, context.scale.weights, context.scale.divisors);
  const costOf = (r: number, finish: number, distance: number): number =>
    finish === Infinity ? Infinity : cost(finish, evaluators[r].finish, distance - evaluators[r].distance);
  const slotCost = (c: number, slot: number): number => {
    const index = c * k + slot;
    return costOf(candidates.robots[index], table.finish[index], table.distance[index]);
  };
  // A stale entry (lazy mode only) finishes no earlier than it did, nor than the route does now.
  const leastSlotCost = (c: number, slot: number): number => {
    const index = c * k + slot;
    const r = candidates.robots[index];
    if (table.isFresh(c, slot)) return slotCost(c, slot);
    return costOf(r, Math.max(table.finish[index], evaluators[r].finish), table.distance[index]);
  };
  const best = new Float64Array(classCount);
  const second = new Float64Array(classCount);
  const bestRobot = new Int32Array(classCount);
  const secondRobot = new Int32Array(classCount);
  const rescan = (c: number) => {
    let b = Infinity;
    let s = Infinity;
    let br = -1;
    let sr = -1;
    for (;;) {
      b = Infinity;
      s = Infinity;
      br = -1;
      sr = -1;
      for (let slot = 0; slot < k; slot++) {
        const r = candidates.robots[c * k + slot];
        if (r < 0) break;
        const value = leastSlotCost(c, slot);
        if (value < b) {
          s = b;
          sr = br;
          b = value;
          br = r;
        } else if (value < s) {
          s = value;
          sr = r;
        }
      }
      // Stale entries are lower bounds: those that could still be best or second are brought up to date.
      let refreshed = false;
      for (let slot = 0; slot < k && candidates.robots[c * k + slot] >= 0; slot++) {
        if (table.isFresh(c, slot) || leastSlotCost(c, slot) > s) continue;
        table.update(c, slot);
        refreshed = true;
      }
      if (!refreshed) break;
    }
    best[c] = b;
    second[c] = s;
    bestRobot[c] = br;
    secondRobot[c] = sr;
  };
  for (let c = 0; c < classCount; c++) rescan(c);

  while (unassigned.length > 0) {
    context.checkCancelled();
    if (abandon()) return null;
    let chosenIndex = -1;
    let chosenRegret = -Infinity;
    for (let m = 0; m < unassigned.length; m++) {
      const c = classOf[unassigned[m]];
      if (best[c] === Infinity) {
        // None of its candidates can fit it any more: it goes first, anywhere it fits.
        chosenIndex = m;
        break;
      }
      // A delivery only one robot can do has infinite regret and goes first.
      const regret = second[c] === Infinity ? Number.MAX_VALUE - best[c] : second[c] - best[c];
      if (regret > chosenRegret + 1e-9 || (Math.abs(regret - chosenRegret) <= 1e-9 && best[c] < best[classOf[unassigned[chosenIndex]]])) {
        chosenRegret = regret;
        chosenIndex = m;
      }
    }
    const j = unassigned[chosenIndex];
    const chosenClass = classOf[j];
    unassigned[chosenIndex] = unassigned[unassigned.length - 1];
    unassigned.pop();
    openInClass[chosenClass]--;
    let r = bestRobot[chosenClass];
    let position: number;
    if (r >= 0) {
      position = table.position[chosenClass * k + candidates.slotOf(chosenClass, r)];
    } else {
      ({ robot: r, position } = placeAnywhere(problem, evaluators, j, costOf));
    }
    evaluators[r].route.splice(position, 0, j);
    evaluators[r].refresh();
    table.routeChanged(r);
    for (let m = candidates.byRobotStart[r]; m < candidates.byRobotStart[r + 1]; m++) {
      const other = candidates.byRobotClass[m];
      if (openInClass[other] === 0) continue;
      const affected = bestRobot[other] === r || secondRobot[other] === r;
      if (lazy && !affected) continue;
      const slot = candidates.byRobotSlot[m];
      table.update(other, slot);
      if (affected) {
        rescan(other);
      } else {
        const value = slotCost(other, slot);
        if (value < best[other]) {
          second[other] = best[other];
          secondRobot[other] = bestRobot[other];
          best[other] = value;
          bestRobot[other] = r;
        } else if (value < second[other]) {
          second[other] = value;
          secondRobot[other] = r;
        }
      }
    }
  }
  return evaluators.map((evaluator) => evaluator.route);
}
