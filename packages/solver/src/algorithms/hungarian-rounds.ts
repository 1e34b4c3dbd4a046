import { solveRectangularAssignment } from '../assignment/dense-assignment.ts';
import { AppendState } from '../routes/battery-schedule.ts';
import { InfeasibleDeliveryError } from '../problem/errors.ts';
import { localCostWeights } from '../routes/insertion-table.ts';
import type { Routes } from '../plan/plan-builder.ts';
import type { Problem } from '../problem/problem.ts';
import { sortedOrder } from '../data-structures/sorted-order.ts';
import {
  solveTransportation,
  type TransportationProblem,
  type TransportationSolution,
} from '../assignment/transportation.ts';
import type { AlgorithmContext } from './context.ts';

/** Rounds up to this much work (rows^2 x columns) use the Hungarian method on the whole matrix. */
const DENSE_ROUND_WORK = 2e7;
/** Classes each robot starts a sparse round with; a robot the prices show to need more gets twice as many. */
const ROUND_CANDIDATES = 8;

/**
 * hungarian (id 2): rounds of optimal one-task-per-robot assignment. Each round assigns robots to
 * open deliveries at the least total cost, each robot at most one, as many robots as can get one;
 * the cost is the time at which the robot would finish the delivery if it did it next (recharge
 * included) under the default objective, or the objective_weights mix of finish time, extra
 * distance and extra busy time.
 *
 * A round small enough (robots^2 x open deliveries up to `denseRoundWork`) is solved by the
 * Hungarian method on the whole matrix (dense-assignment.ts). Beyond that, the round is sparse:
 * deliveries of one class (same pickup and dropoff place) cost a robot the same, so a round is a
 * transportation problem (transportation.ts) from robots (one unit each) to open classes (as many
 * units as open deliveries), with an "unassigned" column dearer than any set of real
 * assignments. Each robot starts with its `roundCandidates` cheapest classes, found by walking the
 * classes in order of the drive from where it stands (which bounds the cost from below, so the
 * walk stops early). Whether a class left out could do better shows in the solution's prices:
 * robot r's price u_r and the class prices w <= 0 satisfy u_r + w <= cost on every arc, and a
 * class left out costs at least the dearest candidate, so when u_r is not above that, no class
 * left out improves the round; otherwise r gets twice the candidates and the round is solved
 * again from the last solution. Either way the round's assignment is optimal over all pairs (the
 * two may break ties differently). A class's deliveries are handed out by index.
 */
export function assignByHungarianRounds(
  context: AlgorithmContext,
  denseRoundWork = DENSE_ROUND_WORK,
  roundCandidates = ROUND_CANDIDATES,
): Routes {
  const { problem } = context;
  const robotCount = problem.robotCount;
  const states = problem.robots.map((_, r) => new AppendState(problem, r));
  const routes: Routes = problem.robots.map(() => []);
  const cost = localCostWeights(problem, context.scale.weights, context.scale.divisors);
  const costOf = (state: AppendState, j: number): number => {
    const finish = state.finishIfAppended(j);
    if (finish === Infinity || context.scale.completionOnly) return finish;
    const extraDistance =
      (finish - state.time - state.appendHandling - (state.needsRecharge ? problem.rechargeSeconds : 0)) *
      problem.speed;
    return cost(finish, state.time, extraDistance);
  };
  // The cost of driving `drive` metres from `time` on: an append that drives at least that much costs no less.
  const leastCostOf = (time: number, drive: number): number => {
    const finish = time + drive / problem.speed;
    return context.scale.completionOnly ? finish : cost(finish, time, drive);
  };
  const classes = new OpenClasses(problem);
  const walks = new ClassWalks(problem);
  const candidates = Array.from({ length: robotCount }, () => new Candidates());
  while (classes.openCount > 0) {
    context.checkCancelled();
    const side = Math.min(robotCount, classes.openCount);
    const assigned =
      side * side * Math.max(robotCount, classes.openCount) <= denseRoundWork
        ? denseRound(states, classes, costOf)
        : sparseRound(
            problem,
            states,
            classes,
            walks,
            candidates,
            roundCandidates,
            costOf,
            leastCostOf,
            context.checkCancelled,
          );
    let taken = 0;
    for (let r = 0; r < robotCount; r++) {
      const j = assigned[r];
      if (j < 0) continue;
      states[r].append(j);
      routes[r].push(j);
      taken++;
    }
    if (taken === 0) {
      const j = classes.openDeliveries()[0];
      throw new InfeasibleDeliveryError(
        [problem.deliveries[j].pickupId, problem.deliveries[j].dropoffId],
        'no robot can fit it into its route under the battery rules',
      );
    }
  }
  return routes;
}

type CostOf = (state: AppendState, j: number) => number;
type LeastCostOf = (time: number, drive: number) => number;

/** A small round: the Hungarian method on the whole robots x open deliveries matrix. Returns each robot's delivery or -1. */
function denseRound(states: AppendState[], classes: OpenClasses, costOf: CostOf): Int32Array {
  const open = classes.openDeliveries();
  const columns = solveRectangularAssignment(states.length, open.length, (r, k) => costOf(states[r], open[k]));
  const assigned = new Int32Array(states.length).fill(-1);
  for (let r = 0; r < states.length; r++) {
    if (columns[r] < 0) continue;
    assigned[r] = open[columns[r]];
    classes.remove(assigned[r]);
  }
  return assigned;
}

/** A large round: the transportation problem over classes with candidate arcs, grown until the prices prove it optimal. */
function sparseRound(
  problem: Problem,
  states: AppendState[],
  classes: OpenClasses,
  walks: ClassWalks,
  candidates: Candidates[],
  roundCandidates: number,
  costOf: CostOf,
  leastCostOf: LeastCostOf,
  poll: () => void,
): Int32Array {
  const robotCount = states.length;
  // Dearer than any finish a real assignment can reach, times the robots: the unassigned column
  // only takes robots that no assignment can serve.
  let latest = 0;
  for (const state of states) latest = Math.max(latest, state.time);
  const unassignedCost =
    (leastCostOf(latest, 2 * problem.maxDistance) + problem.rechargeSeconds + 1) * (robotCount + 1) * 2;
  let wanted = roundCandidates;
  for (let r = 0; r < robotCount; r++) {
    candidates[r].collect(states[r], walks, classes, roundCandidates, costOf, leastCostOf);
    candidates[r].firstCount = candidates[r].count;
  }
  let round = roundProblem(classes, candidates, unassignedCost);
  let solution = solveTransportation(round.problem, poll);
  for (;;) {
    let short = false;
    wanted *= 2;
    for (let r = 0; r < robotCount; r++) {
      const robot = candidates[r];
      if (solution.rowPrices[r] <= robot.threshold + 1e-9 * Math.max(1, Math.abs(robot.threshold))) continue;
      robot.collect(states[r], walks, classes, Math.max(wanted, 2 * robot.count), costOf, leastCostOf);
      short = true;
    }
    if (!short) break;
    const previous = round;
    round = roundProblem(classes, candidates, unassignedCost);
    solution = solveTransportation(round.problem, poll, { problem: previous.problem, solution });
  }
  const assigned = new Int32Array(robotCount).fill(-1);
  for (let r = 0; r < robotCount; r++) {
    const k = assignedClass(round, solution, r);
    if (k >= 0) assigned[r] = classes.take(k);
  }
  return assigned;
}

/** The open deliveries by class; a class hands out its lowest open index first. */
class OpenClasses {
  /** Per class: its open deliveries. */
  readonly open: Int32Array;
  openCount: number;
  /** Per class: a delivery of it (all of a class cost a robot the same). */
  readonly representative: Int32Array;
  private readonly members: Int32Array;
  private readonly cursor: Int32Array;
  private readonly taken: Uint8Array;

  constructor(readonly problem: Problem) {
    const classCount = problem.deliveryClassCount;
    const n = problem.deliveryCount;
    this.open = new Int32Array(classCount);
    for (let j = 0; j < n; j++) this.open[problem.deliveryClass[j]]++;
    const memberStart = new Int32Array(classCount + 1);
    for (let k = 0; k < classCount; k++) memberStart[k + 1] = memberStart[k] + this.open[k];
    this.cursor = memberStart.slice(0, classCount);
    this.members = new Int32Array(n);
    const fill = memberStart.slice(0, classCount);
    for (let j = 0; j < n; j++) this.members[fill[problem.deliveryClass[j]]++] = j;
    this.representative = problem.deliveryClassFirst;
    this.taken = new Uint8Array(n);
    this.openCount = n;
  }

  /** Takes the lowest open delivery of class k. */
  take(k: number): number {
    while (this.taken[this.members[this.cursor[k]]]) this.cursor[k]++;
    const j = this.members[this.cursor[k]];
    this.remove(j);
    return j;
  }

  remove(j: number): void {
    this.taken[j] = 1;
    this.open[this.problem.deliveryClass[j]]--;
    this.openCount--;
  }

  /** The open deliveries in index order. */
  openDeliveries(): number[] {
    const open: number[] = [];
    for (let j = 0; j < this.taken.length; j++) if (!this.taken[j]) open.push(j);
    return open;
  }
}

/**
 * Per place a robot can stand at (its start, or a dropoff), the classes in order of the drive
 * from there through the class's delivery: a robot's walk meets them by a lower bound on its cost.
 * Sorted once per place, when first needed.
 */
class ClassWalks {
  private readonly orders = new Map<number, Int32Array>();
  private readonly drive: Float64Array;
  private readonly scratch: Float64Array;
  private readonly used: Int32Array;

  constructor(private readonly problem: Problem) {
    const classCount = problem.deliveryClassCount;
    this.drive = new Float64Array(classCount);
    this.scratch = new Float64Array(classCount);
    this.used = new Int32Array(classCount);
  }

  /** The drive from `place` through `representative`, a delivery of its class (its pickup, then its dropoff). */
  driveThrough(place: number, representative: number): number {
    const p = this.problem;
    return p.placeDistance[place * p.placeCount + p.pickupPlace[representative]] + p.deliveryLength[representative];
  }

  orderFrom(place: number, classes: OpenClasses): Int32Array {
    let order = this.orders.get(place);
    if (!order) {
      const classCount = this.problem.deliveryClassCount;
      for (let k = 0; k < classCount; k++) this.drive[k] = this.driveThrough(place, classes.representative[k]);
      order = new Int32Array(classCount);
      sortedOrder(this.drive, classCount, order, this.scratch, this.used);
      this.orders.set(place, order);
    }
    return order;
  }
}

/**
 * One robot's candidate classes in a round: the `count` cheapest open classes it can do (ties in
 * walk order), cheapest first, and `threshold`, a cost no class left out is below (Infinity
 * when none is left out). More candidates keep the first ones in front, so `firstCount`, the
 * number the round started with, marks the arcs of its first solve.
 */
class Candidates {
  classes: number[] = [];
  costs: number[] = [];
  count = 0;
  firstCount = 0;
  threshold = Infinity;

  collect(
    state: AppendState,
    walks: ClassWalks,
    open: OpenClasses,
    wanted: number,
    costOf: CostOf,
    leastCostOf: LeastCostOf,
  ): void {
    const p = open.problem;
    const place = state.last < 0 ? p.startPlace[state.robot] : p.dropoffPlace[state.last];
    const order = walks.orderFrom(place, open);
    const { classes, costs } = this;
    this.count = 0;
    this.threshold = Infinity;
    for (let i = 0; i < order.length; i++) {
      const k = order[i];
      if (open.open[k] === 0) continue;
      const representative = open.representative[k];
      if (
        this.count === wanted &&
        leastCostOf(state.time, walks.driveThrough(place, representative)) >= costs[wanted - 1]
      ) {
        this.threshold = costs[wanted - 1];
        return;
      }
      const c = costOf(state, representative);
      if (c === Infinity || (this.count === wanted && c >= costs[wanted - 1])) continue;
      let at = this.count < wanted ? this.count++ : wanted - 1;
      while (at > 0 && costs[at - 1] > c) {
        costs[at] = costs[at - 1];
        classes[at] = classes[at - 1];
        at--;
      }
      costs[at] = c;
      classes[at] = k;
    }
  }
}

interface Round {
  problem: TransportationProblem;
  /** Per column: its class, or -1 for the unassigned column. */
  columnClass: Int32Array;
}

/**
 * The round as a transportation problem: a row per robot (one unit), a column per open class
 * and the unassigned one. A robot's arcs are its candidates, cheapest first, then the
 * unassigned column; candidates it gains later come after those, so the previous solution can
 * start the next solve.
 */
function roundProblem(open: OpenClasses, candidates: Candidates[], unassignedCost: number): Round {
  const classCount = open.open.length;
  const columnOf = new Int32Array(classCount).fill(-1);
  const columnClass: number[] = [];
  const capacities: number[] = [];
  for (let k = 0; k < classCount; k++) {
    if (open.open[k] === 0) continue;
    columnOf[k] = columnClass.length;
    columnClass.push(k);
    capacities.push(open.open[k]);
  }
  const unassigned = columnClass.length;
  columnClass.push(-1);
  capacities.push(candidates.length);
  const arcStart = new Int32Array(candidates.length + 1);
  for (let r = 0; r < candidates.length; r++) arcStart[r + 1] = arcStart[r] + candidates[r].count + 1;
  const arcColumn = new Int32Array(arcStart[candidates.length]);
  const arcCost = new Float64Array(arcStart[candidates.length]);
  candidates.forEach((robot, r) => {
    let a = arcStart[r];
    const firstRound = Math.min(robot.count, robot.firstCount);
    const push = (column: number, cost: number) => {
      arcColumn[a] = column;
      arcCost[a++] = cost;
    };
    for (let i = 0; i < firstRound; i++) push(columnOf[robot.classes[i]], robot.costs[i]);
    push(unassigned, unassignedCost);
    for (let i = firstRound; i < robot.count; i++) push(columnOf[robot.classes[i]], robot.costs[i]);
  });
  return {
    problem: {
      supplies: new Int32Array(candidates.length).fill(1),
      capacities: Int32Array.from(capacities),
      arcStart,
      arcColumn,
      arcCost,
    },
    columnClass: Int32Array.from(columnClass),
  };
}

/** The class robot r was given, or -1 when it stays unassigned this round. */
function assignedClass(round: Round, solution: TransportationSolution, r: number): number {
  const { arcStart, arcColumn } = round.problem;
  for (let a = arcStart[r]; a < arcStart[r + 1]; a++) if (solution.flow[a] > 0) return round.columnClass[arcColumn[a]];
  return -1;
}
