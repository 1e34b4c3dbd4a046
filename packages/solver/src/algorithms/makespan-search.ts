import { FleetState } from '../fleet-state.ts';
import { GranularRobots } from '../granular-robots.ts';
import { relatedDeliveries } from '../place-neighbours.ts';
import { descend } from '../local-search.ts';
import type { Routes } from '../plan-builder.ts';
import type { Random } from '../random.ts';
import { shuffleInPlace } from '../random.ts';
import { searchStalled, stopReasonOf, type AlgorithmContext } from './context.ts';
import { solveSmallExactly } from './exact-small.ts';
import { buildRegretStart } from './regret-construction.ts';

/** Probability of skipping a candidate position during recreate (SISR "blinks"). */
const BLINK_RATE = 0.01;

/**
 * makespan (id 6): the flagship optimiser. A min-max construction (the better of regret
 * insertion and the greedy plan), then a descent with relocate, swap, 2-opt* and or-opt, then
 * ruin-and-recreate until the time limit, the iteration cap or a proven zero gap: each
 * iteration removes a few deliveries (at random, a string of related deliveries, or the
 * costliest ones of the busiest robot) and reinserts them at their best places; simulated
 * annealing on the augmented objective decides whether to keep the result. The best plan seen
 * is returned.
 */
export function optimiseMakespan(context: AlgorithmContext): Routes {
  const exact = context.scale.completionOnly ? solveSmallExactly(context.problem) : null;
  if (exact) {
    context.stopReason = 'optimal';
    return exact;
  }
  const constructed = buildRegretStart(context);
  const candidates = constructed ? [constructed, context.greedyRoutes] : [context.greedyRoutes];
  let start = candidates[0];
  let startValue = Infinity;
  for (const routes of candidates) {
    const value = new FleetState(context.problem, context.scale, routes).value();
    if (value < startValue) {
      startValue = value;
      start = routes;
    }
  }
  return improveByRuinAndRecreate(context, start);
}

export function improveByRuinAndRecreate(context: AlgorithmContext, initial: Routes): Routes {
  const { problem, random } = context;
  const n = problem.deliveryCount;
  const state = new FleetState(problem, context.scale, initial);
  const startMs = context.now();
  const budgetMs = Math.max(1, context.deadlineMs - startMs);
  const outOfTime = () => context.timeUp() || context.iterations >= context.maxIterations;
  const provenOptimal = () => context.scale.completionOnly && state.makespan <= context.lowerBoundS + 1e-6;

  if (n === 0 || problem.robotCount === 0) {
    context.stopReason = 'optimal';
    return state.routes();
  }
  const elapsed = () => Math.min(1, (context.now() - startMs) / budgetMs);
  // The most related deliveries of each: related removals, and granular moves on a large fleet.
  const related = Math.min(n - 1, 30);
  const neighbours = relatedDeliveries(problem, related, context.checkCancelled);
  const granular = new GranularRobots(problem, neighbours, related);
  const nearby: number[] = [];
  descend(state, outOfTime, Infinity, () => context.progress(elapsed(), state.makespan), granular);
  let current = state.value();
  let best = current;
  let bestRoutes = state.routes();
  let bestMakespan = state.makespan;
  context.progress(0, bestMakespan);

  const removed: number[] = [];
  const touched = new Set<number>();
  const saved = new Map<number, number[]>();
  const maxRemoved = Math.max(2, Math.min(40, Math.ceil(n * 0.15)));
  const initialTemperature = 0.005 * current;
  const finalTemperature = 0.00005 * current;
  const blink = () => random.next() < BLINK_RATE;
  let lastImprovementMs = context.now();
  let stalled = false;

  while (!outOfTime() && !provenOptimal() && !(stalled = searchStalled(context, startMs, lastImprovementMs))) {
    context.checkCancelled();
    context.iterations++;
    // With an iteration cap the schedule follows iterations only, so the plan never depends on
    // the machine's speed; otherwise it follows the clock.
    const fraction = Number.isFinite(context.maxIterations)
      ? context.iterations / context.maxIterations
      : (context.now() - startMs) / budgetMs;
    const temperature = initialTemperature * Math.pow(finalTemperature / initialTemperature, Math.min(1, fraction));

    removed.length = 0;
    touched.clear();
    saved.clear();
    const count = 1 + random.int(maxRemoved);
    const strategy = random.next();
    const locate = routeIndex(state);
    const take = (j: number) => {
      const r = locate.robot[j];
      if (r < 0) return;
      granular.place(j, -1);
      if (!saved.has(r)) saved.set(r, state.evaluators[r].route.slice());
      touched.add(r);
      const route = state.evaluators[r].route;
      route.splice(route.indexOf(j), 1);
      locate.robot[j] = -1;
      removed.push(j);
    };
    if (strategy < 0.4) {
      // String removal around a seed: related deliveries, whole chains of their routes.
      const seed = strategy < 0.2 && state.busiestRobot >= 0 && state.evaluators[state.busiestRobot].route.length > 0
        ? pickFrom(state.evaluators[state.busiestRobot].route, random)
        : random.int(n);
      take(seed);
      for (let t = 0; t < related; t++) {
        const other = neighbours[seed * related + t];
        if (other < 0 || removed.length >= count) break;
        if (locate.robot[other] < 0) continue;
        const route = state.evaluators[locate.robot[other]].route;
        const at = route.indexOf(other);
        const span = 1 + random.int(3);
        const chain = route.slice(Math.max(0, at - random.int(span)), Math.min(route.length, at + span));
        for (const j of chain) if (removed.length < count) take(j);
      }
    } else if (strategy < 0.7) {
      // Worst removal from the busiest robot, then random others to make room.
      const busiest = state.busiestRobot;
      if (busiest >= 0) {
        const route = state.evaluators[busiest].route.slice();
        shuffleInPlace(route, random);
        for (const j of route.slice(0, Math.max(1, Math.ceil(count / 2)))) take(j);
      }
      while (removed.length < count) {
        const j = random.int(n);
        if (locate.robot[j] >= 0) take(j);
        else if (removed.length >= n) break;
      }
    } else {
      while (removed.length < Math.min(count, n)) {
        const j = random.int(n);
        if (locate.robot[j] >= 0) take(j);
      }
    }
    for (const r of touched) state.evaluators[r].refresh();
    state.summarise();

    // Recreate: random order or hardest-first (longest delivery), best placement with blinks.
    if (random.next() < 0.5) shuffleInPlace(removed, random);
    else removed.sort((x, y) => problem.deliveryLength[y] - problem.deliveryLength[x] || x - y);
    let complete = true;
    for (const j of removed) {
      const robots = granular.restricts ? granular.forDelivery(j, nearby) : undefined;
      const placement = state.bestPlacement(j, blink, robots) ?? state.bestPlacement(j);
      if (!placement) {
        complete = false;
        break;
      }
      const r = placement.robot;
      granular.place(j, r);
      if (!saved.has(r)) saved.set(r, state.evaluators[r].route.slice());
      state.insert(r, j, placement.position);
    }
    const value = complete ? state.value() : Infinity;
    const accept = value < current - 1e-12 || (value < Infinity && value < current - temperature * Math.log(Math.max(1e-300, random.next())));
    if (accept) {
      current = value;
      if (value < best - 1e-12) {
        // Polish new bests with the descent; cheap relative to the search and often decisive.
        descend(state, outOfTime, 20, undefined, granular);
        current = state.value();
        best = current;
        bestRoutes = state.routes();
        bestMakespan = state.makespan;
        lastImprovementMs = context.now();
      }
    } else {
      for (const [r, route] of saved) {
        state.evaluators[r].route = route;
        state.evaluators[r].refresh();
        for (const j of route) granular.place(j, r);
      }
      state.summarise();
    }
    context.progress(Math.min(1, fraction), bestMakespan);
  }
  context.stopReason = stopReasonOf(context, provenOptimal() || (context.scale.completionOnly && bestMakespan <= context.lowerBoundS + 1e-6), stalled);
  return bestRoutes;
}

function pickFrom(items: number[], random: Random): number {
  return items[random.int(items.length)];
}

function routeIndex(state: FleetState): { robot: Int32Array } {
  const robot = new Int32Array(state.problem.deliveryCount).fill(-1);
  state.evaluators.forEach((evaluator, r) => {
    for (const j of evaluator.route) robot[j] = r;
  });
  return { robot };
}
