import { defaultCandidateCount } from '../candidates/candidate-robots.ts';
import { InsertionTable, localCostWeights, placeAnywhere } from '../routes/insertion-table.ts';
import type { Routes } from '../plan/plan-builder.ts';
import type { AlgorithmContext } from './context.ts';

/**
 * The genetic search's start: the regret construction, given
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
  const table = new InsertionTable(problem, candidateCount);
  const { evaluators, candidates, openInClass } = table;
  const regrets = new ClassRegrets(context, table, keepStale);

  while (unassigned.length > 0) {
    context.checkCancelled();
    if (abandon()) return null;
    const chosenIndex = regrets.mostUrgent(unassigned);
    const j = unassigned[chosenIndex];
    const chosenClass = classOf[j];
    unassigned[chosenIndex] = unassigned[unassigned.length - 1];
    unassigned.pop();
    openInClass[chosenClass]--;
    let r = regrets.bestRobot[chosenClass];
    let position: number;
    if (r >= 0) {
      position = table.position[chosenClass * candidates.perClass + candidates.slotOf(chosenClass, r)];
    } else {
      ({ robot: r, position } = placeAnywhere(problem, evaluators, j, regrets.costOf));
    }
    evaluators[r].route.splice(position, 0, j);
    evaluators[r].refresh();
    table.routeChanged(r);
    regrets.routeChanged(r);
  }
  return evaluators.map((evaluator) => evaluator.route);
}

/** Per delivery class: the cost and robot of its cheapest and second-cheapest candidate placements. */
class ClassRegrets {
  readonly best: Float64Array;
  readonly second: Float64Array;
  readonly bestRobot: Int32Array;
  readonly secondRobot: Int32Array;
  /** What placing a delivery on robot r costs, given the route's new finish and distance. */
  readonly costOf: (r: number, finish: number, distance: number) => number;
  private readonly classOf: Int32Array;
  /** Candidate slots per class. */
  private readonly k: number;

  constructor(
    context: AlgorithmContext,
    private readonly table: InsertionTable,
    /** Entries of classes whose best and second robots kept their routes stay stale (see buildByRegretInsertion). */
    private readonly lazy: boolean,
  ) {
    const { problem } = context;
    const classCount = problem.deliveryClassCount;
    const { evaluators } = table;
    const cost = localCostWeights(problem, context.scale.weights, context.scale.divisors);
    this.costOf = (r, finish, distance) =>
      finish === Infinity ? Infinity : cost(finish, evaluators[r].finish, distance - evaluators[r].distance);
    this.classOf = problem.deliveryClass;
    this.k = table.candidates.perClass;
    this.best = new Float64Array(classCount);
    this.second = new Float64Array(classCount);
    this.bestRobot = new Int32Array(classCount);
    this.secondRobot = new Int32Array(classCount);
    for (let c = 0; c < classCount; c++) this.rescan(c);
  }

  private slotCost(c: number, slot: number): number {
    const index = c * this.k + slot;
    return this.costOf(this.table.candidates.robots[index], this.table.finish[index], this.table.distance[index]);
  }

  /** A stale entry (lazy mode only) finishes no earlier than it did, nor than the route does now. */
  private leastSlotCost(c: number, slot: number): number {
    const { table } = this;
    const index = c * this.k + slot;
    const r = table.candidates.robots[index];
    if (table.isFresh(c, slot)) return this.slotCost(c, slot);
    return this.costOf(r, Math.max(table.finish[index], table.evaluators[r].finish), table.distance[index]);
  }

  /** Class c's best and second from all its candidate slots. */
  private rescan(c: number): void {
    const { table, k } = this;
    const robots = table.candidates.robots;
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
        const r = robots[c * k + slot];
        if (r < 0) break;
        const value = this.leastSlotCost(c, slot);
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
      for (let slot = 0; slot < k && robots[c * k + slot] >= 0; slot++) {
        if (table.isFresh(c, slot) || this.leastSlotCost(c, slot) > s) continue;
        table.update(c, slot);
        refreshed = true;
      }
      if (!refreshed) break;
    }
    this.best[c] = b;
    this.second[c] = s;
    this.bestRobot[c] = br;
    this.secondRobot[c] = sr;
  }

  /** The index in `unassigned` of the delivery to place next: the largest regret (ties: the cheaper best). */
  mostUrgent(unassigned: readonly number[]): number {
    const { classOf, best, second } = this;
    let chosenIndex = -1;
    let chosenRegret = -Infinity;
    for (let m = 0; m < unassigned.length; m++) {
      const c = classOf[unassigned[m]];
      if (best[c] === Infinity) {
        // None of its candidates can fit it any more: it goes first, anywhere it fits.
        return m;
      }
      // A delivery only one robot can do has infinite regret and goes first.
      const regret = second[c] === Infinity ? Number.MAX_VALUE - best[c] : second[c] - best[c];
      if (
        regret > chosenRegret + 1e-9 ||
        (Math.abs(regret - chosenRegret) <= 1e-9 && best[c] < best[classOf[unassigned[chosenIndex]]])
      ) {
        chosenRegret = regret;
        chosenIndex = m;
      }
    }
    return chosenIndex;
  }

  /** Robot r's route changed: the open classes that list it update their entry and their best two. */
  routeChanged(r: number): void {
    const { table, best, second, bestRobot, secondRobot } = this;
    const { candidates, openInClass } = table;
    for (let m = candidates.byRobotStart[r]; m < candidates.byRobotStart[r + 1]; m++) {
      const other = candidates.byRobotClass[m];
      if (openInClass[other] === 0) continue;
      const affected = bestRobot[other] === r || secondRobot[other] === r;
      if (this.lazy && !affected) continue;
      const slot = candidates.byRobotSlot[m];
      table.update(other, slot);
      if (affected) {
        this.rescan(other);
      } else {
        const value = this.slotCost(other, slot);
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
}
