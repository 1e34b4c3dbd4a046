import {
  algorithmByIdOrName,
  ALGORITHMS,
  type Algorithm,
  type AlgorithmName,
  type LowerBoundName,
  PROVEN_OPTIMUM,
  QUEUE_FREE_OPTIMUM,
  type PlanResultsRecord,
  type PlanStatsRecord,
  type StopReason,
  round2,
} from '@fleetlab/warehouse';
import { SolveCancelledError, type AlgorithmContext } from './algorithms/context.ts';
import { solveSmallExactly } from './algorithms/exact-small.ts';
import { evolveGiantTours } from './algorithms/genetic-split.ts';
import { assignGreedyByDistance } from './algorithms/greedy-distance.ts';
import { assignByHungarianRounds } from './algorithms/hungarian-rounds.ts';
import { assignByKmeansClusters } from './algorithms/kmeans-clusters.ts';
import { optimiseMakespan } from './algorithms/makespan-search.ts';
import { assignByRegretInsertion } from './algorithms/regret-insertion.ts';
import { assignBySequentialAuction } from './algorithms/sequential-auction.ts';
import { InvalidProblemError } from './problem/errors.ts';
import { type BoundFigures, computeBounds, withCostlyBounds } from './bounds/bound-list.ts';
import { measureRoutes, ObjectiveScale, objectiveValues } from './plan/objective.ts';
import { checkPlan, type PlanCheck } from './plan/plan-checker.ts';
import { buildPlanSteps, type Routes } from './plan/plan-builder.ts';
import type { Problem } from './problem/problem.ts';
import { createRandom } from './algorithms/random.ts';
import { repairRoutes } from './routes/route-repair.ts';
import { evaluateRoute } from './routes/battery-schedule.ts';
import { planRechargeMoments } from './routes/recharge-moments.ts';
import { ElitePlans } from './routes/elite-plans.ts';

export interface SolveProgress {
  fraction: number;
  bestMakespanS: number | null;
}

export interface SolveOptions {
  algorithm: AlgorithmName | number;
  /** Seed of the pseudo-random generator (default 1). */
  seed?: number;
  /** Seconds for the time-limited algorithms (default: the problem's time_limit). */
  timeLimitS?: number;
  /** Cap on improvement iterations; with it, time-limited algorithms are reproducible. */
  maxIterations?: number;
  /** Called at most every ~250 ms. */
  onProgress?: (progress: SolveProgress) => void;
  /** Polled often; when it returns true the solve stops with SolveCancelledError. */
  shouldStop?: () => boolean;
  /**
   * True once the caller has asked the solve to finish early (a shutdown): the caller also moves
   * `now` past the time limit, so a search stops at its next check with its best plan, and the
   * costly bounds after it then get COSTLY_BOUNDS_LEAST_S, not a share of the time limit.
   */
  finishingEarly?: () => boolean;
  /** Clock in milliseconds (default performance.now). */
  now?: () => number;
  /**
   * Also return up to this many other good plans the search met (makespan only; default 0): a
   * caller that can run plans with every robot on the floor at once picks the one that runs best.
   */
  alternatives?: number;
}

export interface SolveOutcome {
  results: PlanResultsRecord;
  stats: PlanStatsRecord;
  /** Other good plans (`alternatives`), each checked like the plan and with its own stats, best first. */
  alternatives?: { results: PlanResultsRecord; stats: PlanStatsRecord }[];
}

const PROGRESS_INTERVAL_MS = 250;
/** Time kept back from the limit for building, checking and returning the plan. */
const FINISHING_RESERVE = 0.03;
/**
 * The costly bounds (linear programmes) run after the search, so they may make a solve late by
 * this share of its time limit, at least COSTLY_BOUNDS_LEAST_S (a solve finishing early: that
 * least): past it they report what they have proven (a 2 s solve of a pick zone with a 35%
 * reserve took 12 s for its recharge-split LP).
 */
const COSTLY_BOUNDS_SHARE = 0.25;
const COSTLY_BOUNDS_LEAST_S = 1;

/** The solve's time limit in seconds: the option, else the problem's time_limit. */
function timeLimitOf(problem: Problem, options: SolveOptions): number {
  return options.timeLimitS ?? problem.params.time_limit;
}

/** Seconds the costly bounds may take after a search of `timeLimitS` (their own safety stops still hold). */
export function costlyBoundsBudgetS(timeLimitS: number): number {
  return Math.max(COSTLY_BOUNDS_LEAST_S, COSTLY_BOUNDS_SHARE * timeLimitS);
}

type Runner = (context: AlgorithmContext) => Routes;

const RUNNERS: Record<AlgorithmName, Runner> = {
  greedy_distance: (context) => context.greedyRoutes,
  hungarian: (context) => assignByHungarianRounds(context),
  kmeans: assignByKmeansClusters,
  auction: assignBySequentialAuction,
  genetic: evolveGiantTours,
  makespan: optimiseMakespan,
  marginal_benefit: assignByRegretInsertion,
};

/** Solves a problem with one of the seven algorithms; synchronous, for a worker thread. */
export function solve(problem: Problem, options: SolveOptions): SolveOutcome {
  const now = options.now ?? (() => performance.now());
  const startMs = now();
  const algorithm = algorithmOf(options);
  const checkCancelled = cancellationCheck(options);
  checkCancelled();
  // The cheap bounds are computed inside the time limit: when a search first asks for the
  // tightest one (once it has a plan; it lets the search stop as soon as it proves its plan
  // optimal), or after the algorithm for the ones that never ask. The costly ones come after the
  // search, within `costlyBoundsBudgetS`.
  let boundList: BoundFigures | null = null;
  const boundsOnce = () => {
    boundList ??= computeBounds(problem, checkCancelled, { costly: false });
    return boundList;
  };
  // The search measures routes without the chargers' and docks' queues, so it may stop only at
  // a bound that holds for those too.
  const context = searchContext(problem, options, {
    now,
    startMs,
    lowerBound: () => boundsOnce().tightestForRoutes,
  });
  const { scale } = context;
  const seed = options.seed ?? 1;
  const progress = context.progress;
  progress(0, null);
  const routes = repairRoutes(problem, scale, runAlgorithm(algorithm, context));
  checkCancelled();
  const costlyS = options.finishingEarly?.()
    ? COSTLY_BOUNDS_LEAST_S
    : costlyBoundsBudgetS(timeLimitOf(problem, options));
  const bounds = withCostlyBounds(boundsOnce(), { deadlineMs: performance.now() + costlyS * 1000 });
  let tightest: { name: LowerBoundName; makespan_s: number } = bounds.tightest;

  const robotSteps: PlanResultsRecord = buildPlanSteps(problem, routes);
  const check = checkPlan(problem, robotSteps);
  if (!check.valid) {
    throw new Error(`Internal error: the ${algorithm.name} plan breaks the model: ${check.errors[0]}`);
  }
  const makespan = check.metrics.makespan_s;
  if (context.stopReason === 'optimal') {
    // A plan proven optimal (the exact method, or a makespan at the bound) is its own tightest
    // bound. The proof ignores the chargers' and docks' queues: where the plan waits for a
    // charger or a dock, the queue-free optimum is still a bound, but the plan is no longer
    // proven optimal.
    const queueFree = measureRoutes(problem, routes).finish.reduce((latest, finish) => Math.max(latest, finish), 0);
    const proven = Math.min(makespan, queueFree);
    if (proven > tightest.makespan_s)
      tightest = { name: makespan > queueFree + 1e-6 ? QUEUE_FREE_OPTIMUM : PROVEN_OPTIMUM, makespan_s: proven };
    if (makespan > queueFree + 1e-6) context.stopReason = 'completed';
  }
  const figures: PlanFigures = {
    problem,
    algorithm,
    scale,
    modelBoundS: bounds.shared.model().makespan_s,
    tightest,
    dockBoundS: bounds.floor,
    seed,
    context,
    runtimeMs: Math.round(now() - startMs),
  };
  const stats = planStats(figures, robotSteps, check.metrics);
  progress(1, makespan);
  const alternatives = options.alternatives
    ? alternativePlans(figures, context.elite.routes(), robotSteps, options.alternatives)
    : undefined;
  return { results: robotSteps, stats, ...(alternatives ? { alternatives } : {}) };
}

/** What a plan's stats are measured against: the solve's algorithm, bounds, objective scale and search. */
interface PlanFigures {
  problem: Problem;
  algorithm: Algorithm;
  scale: ObjectiveScale;
  modelBoundS: number;
  /** The tightest bound every plan keeps to, by name (`proven_optimum` when the plan is proven optimal, `queue_free_optimum` when only its queue-free routes are). */
  tightest: { name: LowerBoundName; makespan_s: number };
  /** The least time the day on the floor can take (the dock capacity bound; 0 on the graph). */
  dockBoundS: number;
  seed: number;
  context: AlgorithmContext;
  runtimeMs: number;
}

/** The stats of a checked plan (solve model, "Result format"), its figures recomputed from its steps. */
function planStats(figures: PlanFigures, results: PlanResultsRecord, metrics: PlanCheck['metrics']): PlanStatsRecord {
  const { problem, algorithm, scale, modelBoundS, tightest, context } = figures;
  const tightestBoundS = tightest.makespan_s;
  const makespan = metrics.makespan_s;
  // A zero bound only happens when there is nothing to do, so there is no gap to report.
  const gap = modelBoundS > 0 ? makespan / modelBoundS - 1 : 0;
  const gapBattery = tightestBoundS > 0 ? makespan / tightestBoundS - 1 : 0;
  return {
    algorithm: algorithm.name,
    algorithm_id: algorithm.id,
    makespan_s: round2(makespan),
    total_distance_m: round2(metrics.total_distance_m),
    recharges: metrics.recharges,
    deliveries: metrics.deliveries,
    lower_bound_s: round2(modelBoundS),
    gap: Math.round(gap * 10000) / 10000,
    lower_bound_battery_s: round2(tightestBoundS),
    lower_bound_name: tightest.name,
    gap_battery: Math.round(gapBattery * 10000) / 10000,
    runtime_ms: figures.runtimeMs,
    seed: figures.seed,
    iterations: context.iterations,
    stop_reason: context.stopReason,
    objectives: {
      completion_time: round2(metrics.objectives.completion_time),
      distance_traveled: round2(metrics.objectives.distance_traveled),
      energy_usage: round2(metrics.objectives.energy_usage),
      balanced_workload: round2(metrics.objectives.balanced_workload),
      cost_efficiency: round2(metrics.objectives.cost_efficiency),
    },
    objective_score: Math.round(scale.score(metrics.objectives) * 10000) / 10000,
    objective_weights: { ...problem.params.objective_weights },
    distances: problem.distanceModel,
    robot_model: problem.floorParameters.robotModel.name,
    ...(problem.floor
      ? {
          charger_queue_s: round2(plannedChargerQueue(results)),
          dock_queue_s: round2(plannedDockQueue(results)),
          dock_bound_s: round2(figures.dockBoundS),
          battery_reserve_pct: problem.floorParameters.batteryReservePct,
        }
      : {}),
  };
}

/** Up to `count` of the search's other good plans, as checked results with their stats: every one but the plan itself. */
function alternativePlans(
  figures: PlanFigures,
  plans: Routes[],
  chosen: PlanResultsRecord,
  count: number,
): NonNullable<SolveOutcome['alternatives']> {
  const { problem } = figures;
  const chosenText = JSON.stringify(chosen);
  const alternatives: NonNullable<SolveOutcome['alternatives']> = [];
  for (const routes of plans) {
    if (alternatives.length >= count) break;
    // The search keeps only complete, legal plans, so each builds and passes the checker.
    const results = buildPlanSteps(problem, routes);
    if (JSON.stringify(results) === chosenText) continue;
    const check = checkPlan(problem, results);
    if (check.valid) alternatives.push({ results, stats: planStats(figures, results, check.metrics) });
  }
  return alternatives;
}

function algorithmOf(options: Pick<SolveOptions, 'algorithm'>): Algorithm {
  const algorithm = algorithmByIdOrName(options.algorithm);
  if (!algorithm) {
    throw new InvalidProblemError(
      `Unknown algorithm ${JSON.stringify(options.algorithm)}; use one of ${ALGORITHMS.map((a) => `${a.name} (${a.id})`).join(', ')}`,
    );
  }
  return algorithm;
}

function cancellationCheck(options: Pick<SolveOptions, 'shouldStop'>): () => void {
  const shouldStop = options.shouldStop ?? (() => false);
  return () => {
    if (shouldStop()) throw new SolveCancelledError();
  };
}

/**
 * What an algorithm runs with: the greedy plan (the objective's normaliser and every search's
 * first candidate), the objective scale, the clock, limits and progress reporting.
 */
function searchContext(
  problem: Problem,
  options: SolveOptions,
  clock: { now: () => number; startMs: number; lowerBound: () => number },
): AlgorithmContext {
  const { now, startMs } = clock;
  const shouldStop = options.shouldStop ?? (() => false);
  const checkCancelled = cancellationCheck(options);
  let lastProgressMs = -Infinity;
  const progress = (fraction: number, bestMakespanS: number | null | (() => number)) => {
    if (!options.onProgress) return;
    const at = now();
    if (at - lastProgressMs < PROGRESS_INTERVAL_MS && fraction < 1) return;
    lastProgressMs = at;
    const best = typeof bestMakespanS === 'function' ? bestMakespanS() : bestMakespanS;
    options.onProgress({
      fraction: Math.max(0, Math.min(1, fraction)),
      bestMakespanS: best === null ? null : round2(best),
    });
  };
  const greedyRoutes = assignGreedyByDistance(problem, shouldStop);
  checkCancelled();
  const greedyFigures = measureRoutes(problem, greedyRoutes);
  const scale = new ObjectiveScale(
    problem.params.objective_weights,
    objectiveValues(problem, greedyFigures.finish, greedyFigures.distance),
  );
  const timeLimitS = timeLimitOf(problem, options);
  const deadlineMs = startMs + timeLimitS * 1000 * (1 - FINISHING_RESERVE);
  return {
    problem,
    random: createRandom(options.seed ?? 1),
    scale,
    greedyRoutes,
    warmStart: null,
    elite: new ElitePlans(Math.max(0, Math.floor(options.alternatives ?? 0)) + 1),
    lowerBound: clock.lowerBound,
    now,
    deadlineMs,
    maxIterations: options.maxIterations ?? Infinity,
    checkCancelled,
    timeUp: () => {
      checkCancelled();
      return now() >= deadlineMs;
    },
    progress,
    iterations: 0,
    stopReason: 'completed',
  };
}

/** One robot's planned work in order: its deliveries, with a recharge trip where its battery needs one. */
export type PlannedWork = ([pickup: string, dropoff: string] | 'recharge')[];

export interface PlannedRoutes {
  /** Per robot id, its work in order. */
  routes: Record<string, PlannedWork>;
  /** When the last delivery is done, by the optimiser's own arithmetic (handovers' start times included). */
  makespanS: number;
  stopReason: StopReason;
  iterations: number;
}

/**
 * Routes for a dispatcher re-planning mid-shift: the problem's robots handed over where and when
 * their committed work ends (`ProblemInput.handovers`), the algorithm run on the open orders,
 * searches warm-started from `warmStart` (per robot id, the open orders it holds now, in order)
 * when it is a legal plan of them. No plan steps are built: the floor's run is what checks them.
 * Bounds are skipped (no search proves optimality here); with `maxIterations` it is reproducible.
 */
export function planRoutes(
  problem: Problem,
  options: SolveOptions & { warmStart?: Record<string, readonly (readonly [string, string])[]> },
): PlannedRoutes {
  const now = options.now ?? (() => performance.now());
  const algorithm = algorithmOf(options);
  const context = searchContext(problem, options, { now, startMs: now(), lowerBound: () => 0 });
  if (options.warmStart) context.warmStart = routesFromPairs(problem, options.warmStart);
  const routes = repairRoutes(problem, context.scale, runAlgorithm(algorithm, context));
  const planned: Record<string, PlannedWork> = {};
  let makespanS = 0;
  const { moments, ownFinish } = planRechargeMoments(problem, routes);
  problem.robots.forEach((robot, r) => {
    if (routes[r].length > 0) makespanS = Math.max(makespanS, ownFinish[r]);
    planned[robot.id] = routes[r].flatMap((j, index): PlannedWork => {
      const pair: [string, string] = [problem.deliveries[j].pickupId, problem.deliveries[j].dropoffId];
      return moments[r][index] ? ['recharge', pair] : [pair];
    });
  });
  return { routes: planned, makespanS, stopReason: context.stopReason, iterations: context.iterations };
}

/**
 * A warm start's routes as delivery indices, or null when it is not a legal plan of the
 * problem's deliveries (each exactly once, every route one its robot can drive).
 */
function routesFromPairs(
  problem: Problem,
  byRobot: Record<string, readonly (readonly [string, string])[]>,
): Routes | null {
  const open = new Map<string, number[]>();
  problem.deliveries.forEach((delivery, j) => {
    const key = `${delivery.pickupId}\u0000${delivery.dropoffId}`;
    const list = open.get(key);
    if (list) list.push(j);
    else open.set(key, [j]);
  });
  const routes: Routes = problem.robots.map(() => []);
  let placed = 0;
  for (let r = 0; r < problem.robotCount; r++) {
    for (const [pickup, dropoff] of byRobot[problem.robots[r].id] ?? []) {
      const j = open.get(`${pickup}\u0000${dropoff}`)?.pop();
      if (j === undefined) return null;
      routes[r].push(j);
      placed++;
    }
    if (routes[r].length > 0 && evaluateRoute(problem, r, routes[r]).finish === Infinity) return null;
  }
  return placed === problem.deliveryCount ? routes : null;
}

/** Seconds the plan's robots wait for a free charger, over the fleet. */
function plannedChargerQueue(results: PlanResultsRecord): number {
  let queued = 0;
  for (const steps of Object.values(results)) for (const step of steps) queued += step.queued_s ?? 0;
  return queued;
}

/** Seconds the plan's robots wait beside a pickup or dropoff another robot's visit holds. */
function plannedDockQueue(results: PlanResultsRecord): number {
  let queued = 0;
  for (const steps of Object.values(results))
    for (const step of steps) queued += (step.pickup_queued_s ?? 0) + (step.dropoff_queued_s ?? 0);
  return queued;
}

/**
 * Runs the algorithm, except that a search (genetic, makespan) under the completion-time objective
 * first asks the exact method: with up to EXACT_MAX_DELIVERIES deliveries it returns a proven
 * optimum, which no search can beat; otherwise (null) the search runs.
 */
function runAlgorithm(algorithm: Algorithm, context: AlgorithmContext): Routes {
  if (algorithm.timeLimited && context.scale.completionOnly) {
    const exact = solveSmallExactly(context.problem);
    if (exact) {
      context.stopReason = 'optimal';
      return exact;
    }
  }
  return RUNNERS[algorithm.name](context);
}
