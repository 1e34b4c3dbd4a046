import { FleetRoutes } from '../routes/fleet-routes.ts';
import { GranularRobots } from '../candidates/granular-robots.ts';
import { descend } from '../moves/local-search.ts';
import { plannedFinish, plannedMakespan, type Routes } from '../plan/plan-builder.ts';
import type { Random } from './random.ts';
import { shuffleInPlace } from './random.ts';
import { provenAtBound, searchStalled, stopReasonOf, type AlgorithmContext } from './context.ts';
import { buildLargestFirstStart } from './largest-first-construction.ts';
import { relatedDeliveries } from './related-deliveries.ts';
import { sharesChargers } from '../routes/recharge-moments.ts';

/** Probability of skipping a candidate position during recreate (SISR "blinks"). */
const BLINK_RATE = 0.01;
/** Share of the time left after the construction that the first descent may take (time limit only). */
const FIRST_DESCENT_SHARE = 0.5;

/**
 * makespan (id 6): the flagship optimiser. A min-max construction (the better of largest-first
 * insertion and the greedy plan, weighed as the search weighs plans: `startValueOf`), then a
 * descent with relocate, swap, 2-opt*, or-opt and 2-opt (the busiest robot first, then every
 * other robot in turn), then ruin-and-recreate until the time limit, the iteration cap or a
 * proven zero gap to the tightest bound: each iteration removes a few deliveries (at random, a
 * string of related deliveries, or the costliest ones of the busiest robot) and reinserts them
 * at their best places; simulated annealing on the augmented objective decides whether to keep
 * the result. The best plan seen is returned. Where robots queue (`queuePenalty`), plans are
 * judged with their queues in, and the busiest robot is the one that finishes last with them.
 */
export function optimiseMakespan(context: AlgorithmContext): Routes {
  const neighbours = relatedDeliveries(context);
  const constructed = buildLargestFirstStart(context, neighbours);
  const candidates = [constructed, context.greedyRoutes, context.warmStart].filter(
    (routes): routes is Routes => routes !== null,
  );
  let start = candidates[0];
  let startValue = Infinity;
  for (const routes of candidates) {
    const value = startValueOf(context, routes);
    if (value < startValue) {
      startValue = value;
      start = routes;
    }
  }
  return improveByRuinAndRecreate(context, start, neighbours);
}

export function improveByRuinAndRecreate(
  context: AlgorithmContext,
  initial: Routes,
  neighbours: readonly number[][],
): Routes {
  const { problem, random } = context;
  const n = problem.deliveryCount;
  const state = new FleetRoutes(problem, context.scale, initial);
  const startMs = context.now();
  const budgetMs = Math.max(1, context.deadlineMs - startMs);
  const outOfTime = () => context.timeUp() || context.iterations >= context.maxIterations;

  if (n === 0 || problem.robotCount === 0) {
    context.stopReason = 'optimal';
    return state.routes();
  }
  const elapsed = () => Math.min(1, (context.now() - startMs) / budgetMs);
  // On a large fleet, moves and placements try granular robot lists (granular-robots.ts).
  const granular = new GranularRobots(problem, neighbours);
  const plannedOfState = () =>
    plannedMakespan(
      problem,
      state.evaluators.map((evaluator) => evaluator.route),
    );
  // Progress reports the plan's makespan (queues in), and the search never returns a plan longer
  // than one it reported: under the completion-time objective the descent's reported plans are
  // kept (the least) and the best plan is replaced only by one no longer.
  const keepsShortest = context.scale.completionOnly;
  let reported: { makespan: number; routes: Routes } | null = null;
  const reportState = () => {
    const makespan = plannedOfState();
    if (keepsShortest && (reported === null || makespan < reported.makespan))
      reported = { makespan, routes: state.routes() };
    return makespan;
  };
  // The first plan is reported before the bound list is computed (the bounds only tell the
  // search when to stop), and the list before the descent, so that the time limit holds it.
  context.progress(0, reportState);
  context.lowerBound();
  // With a time limit only, the first descent stops at FIRST_DESCENT_SHARE of the time left, so
  // that a big floor's search still reaches ruin-and-recreate (whose polishing descents go on
  // from where it stopped). With an iteration cap it runs to its end, so capped runs stay
  // reproducible.
  const descentEndMs = Number.isFinite(context.maxIterations)
    ? Infinity
    : context.now() + (context.deadlineMs - context.now()) * FIRST_DESCENT_SHARE;
  descend(state, () => outOfTime() || context.now() >= descentEndMs, {
    onMove: () => context.progress(elapsed(), reportState),
    granular,
  });
  const queues = queuePenalty(context, state);
  let current = state.value() + queues.initial;
  // With the queues weighed, the robot that finishes last on the plan's clock (queues in), which
  // may not be the one whose own route is longest: the ruin takes from it.
  let latest = queues.latestRobot();
  const busiest = () => (latest >= 0 ? latest : state.busiestRobot);
  context.elite.offer(current, () => state.routes());
  let best = current;
  let bestRoutes = state.routes();
  let bestMakespan = queues.weighs ? queues.makespan(state) : plannedOfState();
  const offerBest = (value: number) => {
    best = value;
    const makespan = queues.weighs ? queues.makespan(state) : plannedOfState();
    if (keepsShortest && makespan > bestMakespan + 1e-9) return;
    bestRoutes = state.routes();
    bestMakespan = makespan;
  };
  context.progress(0, bestMakespan);

  const step = new RuinAndRecreate(state, granular, neighbours, random);
  const maxRemoved = Math.max(2, Math.min(40, Math.ceil(n * 0.15)));
  // Where robots queue for shared chargers, a plan's value hangs on when each robot reaches its
  // charger, and the plans between two good ones queue worse than either (m1 with one charger per
  // station: 545-633 s at 10 s with four seeds at the fleet's temperature, 501-520 s at this one).
  const temperatureShare =
    queues.weighs && sharesChargers(problem)
      ? Math.max(SHARED_CHARGERS_TEMPERATURE, startingTemperature(problem.robotCount))
      : startingTemperature(problem.robotCount);
  const initialTemperature = temperatureShare * current;
  const finalTemperature = initialTemperature / 100;
  const blink = () => random.next() < BLINK_RATE;
  let lastImprovementMs = context.now();
  let stalled = false;

  // With the queues weighed, the plan's makespan is known for the plans weighed only.
  const provenOptimal = () => provenAtBound(context, queues.weighs ? bestMakespan : state.makespan);
  while (!outOfTime() && !provenOptimal()) {
    stalled = searchStalled(context, startMs, lastImprovementMs);
    if (stalled) break;
    context.checkCancelled();
    context.iterations++;
    // With an iteration cap the schedule follows iterations only, so the plan never depends on
    // the machine's speed; otherwise it follows the clock.
    const fraction = Number.isFinite(context.maxIterations)
      ? context.iterations / context.maxIterations
      : (context.now() - startMs) / budgetMs;
    const temperature = initialTemperature * (finalTemperature / initialTemperature) ** Math.min(1, fraction);

    const count = 1 + random.int(maxRemoved);
    const strategy = random.next();
    step.ruin(count, strategy, busiest());
    const complete = step.recreate(blink);
    const value = complete ? state.value() + queues.penalty() : Infinity;
    const accept =
      value < current - 1e-12 ||
      (value < Infinity && value < current - temperature * Math.log(Math.max(1e-300, random.next())));
    if (accept) {
      current = value;
      latest = queues.latestRobot();
      context.elite.offer(value, () => state.routes());
      if (value < best - 1e-12) {
        offerBest(value);
        // Polish new bests with the descent; cheap relative to the search and often decisive.
        // The descent's moves do not see the queues, so with them a polished plan may be worse.
        descend(state, outOfTime, { maxMoves: 20, allFocuses: false, granular });
        current = state.value() + queues.penalty();
        latest = queues.latestRobot();
        context.elite.offer(current, () => state.routes());
        if (current < best) offerBest(current);
        lastImprovementMs = context.now();
      }
    } else {
      step.undo();
    }
    context.progress(Math.min(1, fraction), bestMakespan);
  }
  const shortestReported = reported as { makespan: number; routes: Routes } | null;
  if (shortestReported && shortestReported.makespan < bestMakespan) {
    bestRoutes = shortestReported.routes;
    bestMakespan = shortestReported.makespan;
  }
  context.stopReason = stopReasonOf(context, provenOptimal() || provenAtBound(context, bestMakespan), stalled);
  return bestRoutes;
}

/**
 * A start's value as the search will weigh it: the routes' own, and where the plan's queues
 * lengthen it by more than QUEUE_SHARE the makespan they add (`queuePenalty`). On a floor whose
 * docks are busy all day the constructions' own times say little: xl1 with AMRs, the
 * largest-first start is 1,527.65 s on the plan's clock and the greedy one 1,439.25 s, where their
 * own times put largest-first ahead (914.05 s against 1,045.7 s).
 */
function startValueOf(context: AlgorithmContext, routes: Routes): number {
  const state = new FleetRoutes(context.problem, context.scale, routes);
  return state.value() + queuePenalty(context, state).initial;
}

/**
 * Share by which the plan's queues must lengthen the constructed plan before the search weighs
 * them: below it the routes' own times are the plan's within a few seconds (two robots meeting
 * at a dock now and then), and the plan's clock would only slow every iteration down.
 */
const QUEUE_SHARE = 0.02;

/**
 * What the chargers' and docks' queues add to the search's value. The routes' own times have
 * each robot alone with a charger and every dock to itself, so where robots queue (chargers
 * scarcer than robots, a dock many robots reach at once) a move that looks free may make the
 * plan wait, and a plan with more recharges than the chargers can serve looks as good as one
 * with fewer. When the queues lengthen the constructed plan by more than QUEUE_SHARE, every plan
 * the search weighs is timed on the plan's clock (`plannedMakespan`: free flow, chargers and
 * docks shared) and its value is raised by the makespan the queues add, in the objective's
 * completion-time weight: the annealing then keeps, and the search returns, the plan that is
 * best with its queues. Vroom and HGS do the same for what their moves cannot price (time
 * windows, capacity): moves stay cheap, each candidate solution is judged on the full
 * evaluation. Otherwise (the graph, no completion-time weight, queues that do not matter) it
 * adds nothing and costs nothing.
 */
function queuePenalty(
  context: AlgorithmContext,
  state: FleetRoutes,
): {
  weighs: boolean;
  /** What the queues add to the value of the state as it is now (its plan is timed again). */
  penalty: () => number;
  /** What they add to the state as it was when this was made (timed then, once). */
  initial: number;
  makespan: (state: FleetRoutes) => number;
  /** The robot whose last delivery sets the plan's makespan, of the plan last weighed (-1: none weighed). */
  latestRobot: () => number;
} {
  const { problem, scale } = context;
  const weight = scale.weights.completion_time / scale.divisors.completion_time;
  const finishOfState = () =>
    plannedFinish(
      problem,
      state.evaluators.map((evaluator) => evaluator.route),
    );
  const first = problem.floor !== null && weight > 0 ? finishOfState() : null;
  const weighs = first !== null && first.makespan > state.makespan * (1 + QUEUE_SHARE);
  if (!first || !weighs)
    return { weighs, penalty: () => 0, initial: 0, makespan: (routes) => routes.makespan, latestRobot: () => -1 };
  let last = first.makespan;
  let latest = first.latestRobot;
  // The plan's makespan in place of the routes' own (queues only ever add).
  const added = () => weight * (last - state.makespan);
  return {
    weighs,
    penalty: () => {
      const finish = finishOfState();
      last = finish.makespan;
      latest = finish.latestRobot;
      return added();
    },
    initial: added(),
    // The planned makespan of the plan last weighed (the state's, as the search asks right after).
    makespan: () => last,
    latestRobot: () => latest,
  };
}

/** The annealing's starting temperature, relative to the objective, where robots queue for shared chargers. */
const SHARED_CHARGERS_TEMPERATURE = 0.02;

/**
 * The annealing's starting temperature relative to the objective: a worse plan by this share is
 * kept with probability 1/e. Large fleets get less: their makespan is the latest of many robots
 * that finish close together, and a search that keeps worse plans freely there only wanders
 * (moves away from the busiest robot change the objective by its tie-break alone).
 */
function startingTemperature(robots: number): number {
  return Math.min(0.005, Math.max(0.0005, 0.01 / Math.max(1, robots)));
}

/** One ruin-and-recreate step on the fleet, keeping what it needs to undo itself. */
class RuinAndRecreate {
  private readonly removed: number[] = [];
  private readonly touched = new Set<number>();
  /** The routes as they were before the step, of every robot it changed. */
  private readonly saved = new Map<number, number[]>();
  private readonly nearby: number[] = [];
  /** Each delivery's robot during the ruin (-1 once removed). */
  private locate: Int32Array = new Int32Array(0);

  constructor(
    private readonly state: FleetRoutes,
    private readonly granular: GranularRobots,
    private readonly neighbours: readonly number[][],
    private readonly random: Random,
  ) {}

  /**
   * Removes about `count` deliveries: by `strategy` in [0, 1), a string of related deliveries
   * around a seed (of the busiest robot below 0.2), the busiest robot's work and random others
   * (below 0.7), or random ones.
   */
  ruin(count: number, strategy: number, busiestRobot: number): void {
    const { state, random, removed } = this;
    const n = state.problem.deliveryCount;
    removed.length = 0;
    this.touched.clear();
    this.saved.clear();
    this.locate = routeIndex(state).robot;
    const locate = this.locate;
    if (strategy < 0.4) {
      // String removal around a seed: related deliveries, whole chains of their routes.
      const seed =
        strategy < 0.2 && busiestRobot >= 0 && state.evaluators[busiestRobot].route.length > 0
          ? pickFrom(state.evaluators[busiestRobot].route, random)
          : random.int(n);
      this.take(seed);
      for (const other of this.neighbours[seed]) {
        if (removed.length >= count) break;
        if (locate[other] < 0) continue;
        const route = state.evaluators[locate[other]].route;
        const at = route.indexOf(other);
        const span = 1 + random.int(3);
        const chain = route.slice(Math.max(0, at - random.int(span)), Math.min(route.length, at + span));
        for (const j of chain) if (removed.length < count) this.take(j);
      }
    } else if (strategy < 0.7) {
      // Worst removal from the busiest robot, then random others to make room.
      if (busiestRobot >= 0) {
        const route = state.evaluators[busiestRobot].route.slice();
        shuffleInPlace(route, random);
        for (const j of route.slice(0, Math.max(1, Math.ceil(count / 2)))) this.take(j);
      }
      while (removed.length < count) {
        const j = random.int(n);
        if (locate[j] >= 0) this.take(j);
        else if (removed.length >= n) break;
      }
    } else {
      while (removed.length < Math.min(count, n)) {
        const j = random.int(n);
        if (locate[j] >= 0) this.take(j);
      }
    }
    for (const r of this.touched) state.evaluators[r].refresh();
    state.summarise();
  }

  private take(j: number): void {
    const { state } = this;
    const r = this.locate[j];
    if (r < 0) return;
    this.granular.place(j, -1);
    if (!this.saved.has(r)) this.saved.set(r, state.evaluators[r].route.slice());
    this.touched.add(r);
    const route = state.evaluators[r].route;
    route.splice(route.indexOf(j), 1);
    this.locate[j] = -1;
    this.removed.push(j);
  }

  /**
   * Puts the removed deliveries back, in random order or hardest-first (longest delivery), each
   * at its best placement skipping a few positions (`blink`). False when one found no place.
   */
  recreate(blink: () => boolean): boolean {
    const { state, granular, removed, random } = this;
    const problem = state.problem;
    if (random.next() < 0.5) shuffleInPlace(removed, random);
    else removed.sort((x, y) => problem.deliveryLength[y] - problem.deliveryLength[x] || x - y);
    for (const j of removed) {
      const robots = granular.restricts ? granular.forDelivery(j, this.nearby) : undefined;
      const placement = state.bestPlacement(j, blink, robots) ?? state.bestPlacement(j);
      if (!placement) return false;
      const r = placement.robot;
      granular.place(j, r);
      if (!this.saved.has(r)) this.saved.set(r, state.evaluators[r].route.slice());
      state.insert(r, j, placement.position);
    }
    return true;
  }

  /** Gives every robot the step changed its route from before the step. */
  undo(): void {
    const { state } = this;
    for (const [r, route] of this.saved) {
      state.evaluators[r].route = route;
      state.evaluators[r].refresh();
      for (const j of route) this.granular.place(j, r);
    }
    state.summarise();
  }
}

function pickFrom(items: number[], random: Random): number {
  return items[random.int(items.length)];
}

function routeIndex(state: FleetRoutes): { robot: Int32Array } {
  const robot = new Int32Array(state.problem.deliveryCount).fill(-1);
  state.evaluators.forEach((evaluator, r) => {
    for (const j of evaluator.route) robot[j] = r;
  });
  return { robot };
}
