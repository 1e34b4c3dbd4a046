import { AppendState, RechargeScheduler } from '../routes/battery-schedule.ts';
import { FleetRoutes } from '../routes/fleet-routes.ts';
import { usableRobots } from '../bounds/lower-bound.ts';
import { GranularRobots } from '../candidates/granular-robots.ts';
import { descend } from '../moves/local-search.ts';
import type { Problem } from '../problem/problem.ts';
import { plannedMakespan, type Routes } from '../plan/plan-builder.ts';
import type { Random } from './random.ts';
import { provenAtBound, searchStalled, stopReasonOf, type AlgorithmContext } from './context.ts';
import { buildLargestFirstStart } from './largest-first-construction.ts';
import { buildRegretStart } from './regret-construction.ts';
import { relatedDeliveries } from './related-deliveries.ts';
import { repairRoutes } from '../routes/route-repair.ts';

/** The best plan gets the full descent when this share of the time budget is left. */
const POLISH_SHARE = 0.15;

interface Individual {
  tour: Int32Array;
  routes: Routes;
  value: number;
}

/**
 * genetic (id 5): a genetic algorithm over giant tours (permutations of all deliveries).
 * A tour becomes robot routes by an optimal min-max split: robots are taken in a fixed
 * spatial order (by the angle of their start around the centre of the pickups) and a binary
 * search finds the smallest finish time T such that filling each robot with the next
 * deliveries of the tour while it finishes by T covers the whole tour. Parents are chosen by
 * binary tournament; children come from order crossover (OX) and swap/inversion mutation, and
 * some get a short local search (relocate, swap, 2-opt*, or-opt) whose routes are written back
 * into the tour. With 15% of the time left (or halfway through an iteration cap) the best plan
 * gets the full descent (every robot in turn) and rejoins the population. The best plan seen is
 * returned when the time limit or iteration cap is hit.
 */
export function evolveGiantTours(context: AlgorithmContext): Routes {
  const { problem, random } = context;
  const n = problem.deliveryCount;
  if (n === 0) {
    context.stopReason = 'optimal';
    return problem.robots.map(() => []);
  }
  const robotOrder = spatialRobotOrder(problem);
  const populationSize = n > 400 ? 12 : n > 100 ? 20 : 30;
  const stop = () => context.timeUp() || context.iterations >= context.maxIterations;
  const scheduler = new RechargeScheduler(problem);
  const fleetOf = (routes: Routes) => new FleetRoutes(problem, context.scale, routes, scheduler);
  const toTour = (routes: Routes): Int32Array => {
    const tour = new Int32Array(n);
    let m = 0;
    for (const r of robotOrder) for (const j of routes[r]) tour[m++] = j;
    return tour;
  };
  const evaluate = (tour: Int32Array): Individual => {
    const split = splitTour(problem, tour, robotOrder);
    if (split.leftover.length === 0) {
      return { tour, routes: split.routes, value: fleetOf(split.routes).value() };
    }
    const routes = repairRoutes(problem, context.scale, split.routes, split.leftover);
    return { tour: toTour(routes), routes, value: fleetOf(routes).value() };
  };
  // On a large fleet the local search tries granular robot lists (granular-robots.ts).
  const granular = new GranularRobots(problem, relatedDeliveries(context));
  const withLocalSearch = (individual: Individual, moves: number): Individual => {
    const state = fleetOf(individual.routes);
    descend(state, stop, { maxMoves: moves, allFocuses: false, granular });
    const value = state.value();
    if (value >= individual.value) return individual;
    const routes = state.routes();
    return { tour: toTour(routes), routes, value };
  };

  const population: Individual[] = [];
  const largestFirst = buildLargestFirstStart(context);
  const regret = buildRegretStart(context);
  const seeds = [context.greedyRoutes, regret, largestFirst, context.warmStart].filter(
    (routes): routes is Routes => routes !== null,
  );
  for (const routes of seeds) {
    const tour = toTour(routes);
    const split = evaluate(tour);
    const kept = fleetOf(routes).value();
    population.push(kept < split.value ? { tour, routes, value: kept } : split);
  }
  while (population.length < populationSize) {
    context.checkCancelled();
    const parent = population[random.int(Math.min(2, population.length))];
    population.push(evaluate(mutate(parent.tour, random, 1 + random.int(Math.max(1, Math.floor(n / 10))))));
  }
  let best = population.reduce((a, b) => (b.value < a.value ? b : a));
  // The makespan of `best` for the progress report, worked out again only when best changes.
  let makespanOf = best;
  let bestMakespan = fleetOf(best.routes).makespan;
  context.progress(0, null);
  const startMs = context.now();
  const budgetMs = Math.max(1, context.deadlineMs - startMs);
  let lastImprovementMs = startMs;
  let stalled = false;
  let proven = false;

  // Once, POLISH_SHARE of the time before the limit (or at the middle of the iteration cap), the
  // best plan gets the full descent (every robot in turn) and joins the population.
  const polishAt = context.deadlineMs - POLISH_SHARE * budgetMs;
  const polishAtIteration = Number.isFinite(context.maxIterations) ? Math.floor(context.maxIterations / 2) : Infinity;
  let polished = false;
  while (!stop()) {
    stalled = searchStalled(context, startMs, lastImprovementMs);
    if (stalled) break;
    if (
      !polished &&
      (Number.isFinite(polishAtIteration) ? context.iterations >= polishAtIteration : context.now() >= polishAt)
    ) {
      polished = true;
      const state = fleetOf(best.routes);
      descend(state, stop);
      const value = state.value();
      if (value < best.value) {
        const routes = state.routes();
        best = { tour: toTour(routes), routes, value };
        population[worstIndex(population)] = best;
        lastImprovementMs = context.now();
      }
    }
    context.checkCancelled();
    context.iterations++;
    const first = tournament(population, random);
    const second = tournament(population, random);
    let childTour = orderCrossover(first.tour, second.tour, random);
    if (random.next() < 0.5) childTour = mutate(childTour, random, 1 + random.int(3));
    let child = evaluate(childTour);
    if (random.next() < 0.15) child = withLocalSearch(child, 10);
    const worst = worstIndex(population);
    const duplicate = population.some((member) => Math.abs(member.value - child.value) < 1e-9);
    if (!duplicate && child.value < population[worst].value) population[worst] = child;
    if (child.value < best.value) {
      best = child;
      lastImprovementMs = context.now();
    }
    const fraction = Math.max(
      (context.now() - startMs) / budgetMs,
      Number.isFinite(context.maxIterations) ? context.iterations / context.maxIterations : 0,
    );
    if (makespanOf !== best) {
      makespanOf = best;
      bestMakespan = fleetOf(best.routes).makespan;
    }
    // The report gives the plan's makespan, chargers' and docks' queues in (`plannedMakespan`).
    const reportedRoutes = best.routes;
    context.progress(Math.min(1, fraction), () => plannedMakespan(context.problem, reportedRoutes));
    if (provenAtBound(context, bestMakespan)) {
      proven = true;
      break;
    }
  }
  context.stopReason = stopReasonOf(context, proven, stalled);
  return best.routes;
}

/** The member with the highest value (the first of equals). */
function worstIndex(population: readonly Individual[]): number {
  let worst = 0;
  for (let k = 1; k < population.length; k++) if (population[k].value > population[worst].value) worst = k;
  return worst;
}

function tournament(population: Individual[], random: Random): Individual {
  const a = population[random.int(population.length)];
  const b = population[random.int(population.length)];
  return a.value <= b.value ? a : b;
}

/** OX: copy a slice of the first parent, fill the rest in the second parent's order. */
export function orderCrossover(first: Int32Array, second: Int32Array, random: Random): Int32Array {
  const n = first.length;
  const child = new Int32Array(n).fill(-1);
  if (n < 2) return first.slice();
  let from = random.int(n);
  let to = random.int(n);
  if (from > to) [from, to] = [to, from];
  const used = new Uint8Array(n);
  for (let k = from; k <= to; k++) {
    child[k] = first[k];
    used[first[k]] = 1;
  }
  let write = (to + 1) % n;
  for (let m = 0; m < n; m++) {
    const gene = second[(to + 1 + m) % n];
    if (used[gene]) continue;
    child[write] = gene;
    write = (write + 1) % n;
  }
  return child;
}

function mutate(tour: Int32Array, random: Random, times: number): Int32Array {
  const child = tour.slice();
  const n = child.length;
  if (n < 2) return child;
  for (let t = 0; t < times; t++) {
    const a = random.int(n);
    const b = random.int(n);
    if (random.next() < 0.5) {
      const tmp = child[a];
      child[a] = child[b];
      child[b] = tmp;
    } else {
      let lo = Math.min(a, b);
      let hi = Math.max(a, b);
      while (lo < hi) {
        const tmp = child[lo];
        child[lo++] = child[hi];
        child[hi--] = tmp;
      }
    }
  }
  return child;
}

/** Robots that can serve something, ordered by the angle of their start around the pickups' centre. */
function spatialRobotOrder(problem: Problem): number[] {
  const n = problem.deliveryCount;
  let cx = 0;
  let cy = 0;
  for (const d of problem.deliveries) {
    cx += problem.nodeX[d.pickupNode] / n;
    cy += problem.nodeY[d.pickupNode] / n;
  }
  const usable = usableRobots(problem);
  const angle = (r: number) => {
    const node = problem.robots[r].startNode;
    return Math.atan2(problem.nodeY[node] - cy, problem.nodeX[node] - cx);
  };
  return usable.sort((a, b) => angle(a) - angle(b) || a - b);
}

/**
 * Optimal min-max split of a tour over robots in the given order (under the append battery
 * policy): binary search on the finish-time cap T. Deliveries that no robot can take in tour
 * order (possible only when some robot cannot serve some delivery) are returned in `leftover`.
 */
export function splitTour(
  problem: Problem,
  tour: Int32Array,
  robotOrder: number[],
): { routes: Routes; leftover: number[] } {
  const routes: Routes = problem.robots.map(() => []);
  const fill = (cap: number, keep: boolean): number => {
    let m = 0;
    for (let index = 0; index < robotOrder.length && m < tour.length; index++) {
      const r = robotOrder[index];
      const state = new AppendState(problem, r);
      while (m < tour.length) {
        const finish = state.finishIfAppended(tour[m]);
        if (finish === Infinity || finish > cap) break;
        state.append(tour[m]);
        if (keep) routes[r].push(tour[m]);
        m++;
      }
    }
    return m;
  };
  let high = 1;
  while (fill(high, false) < tour.length && high < 1e12) high *= 2;
  if (high >= 1e12) {
    const placed = fill(Infinity, true);
    return { routes, leftover: Array.from(tour.subarray(placed)) };
  }
  let low = 0;
  for (let step = 0; step < 40 && high - low > 0.005; step++) {
    const middle = (low + high) / 2;
    if (fill(middle, false) === tour.length) high = middle;
    else low = middle;
  }
  fill(high, true);
  return { routes, leftover: [] };
}
