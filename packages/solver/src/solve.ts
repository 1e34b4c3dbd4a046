import { algorithmByIdOrName, ALGORITHMS, type Algorithm, type AlgorithmName, type PlanResultsRecord, type PlanStatsRecord } from '@fleetlab/warehouse';
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
import { batteryAwareBound } from './bounds/battery-bound.ts';
import { totalDeliveryLength } from './problem/delivery-legs.ts';
import { detourCapacityBound } from './bounds/detour-capacity-bound.ts';
import { modelLowerBound } from './bounds/lower-bound.ts';
import { measureRoutes, ObjectiveScale, objectiveValues } from './plan/objective.ts';
import { checkPlan } from './plan/plan-checker.ts';
import { buildPlanSteps, round2, type Routes } from './plan/plan-builder.ts';
import type { Problem } from './problem/problem.ts';
import { createRandom } from './algorithms/random.ts';
import { repairRoutes } from './routes/route-repair.ts';

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
  /** Clock in milliseconds (default performance.now). */
  now?: () => number;
}

export interface SolveOutcome {
  results: PlanResultsRecord;
  stats: PlanStatsRecord;
}

const PROGRESS_INTERVAL_MS = 250;
/** Time kept back from the limit for building, checking and returning the plan. */
const FINISHING_RESERVE = 0.03;

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
  const algorithm = algorithmByIdOrName(options.algorithm);
  if (!algorithm) {
    throw new InvalidProblemError(
      `Unknown algorithm ${JSON.stringify(options.algorithm)}; use one of ${ALGORITHMS.map((a) => `${a.name} (${a.id})`).join(', ')}`,
    );
  }
  const seed = options.seed ?? 1;
  const timeLimitS = options.timeLimitS ?? problem.params.time_limit;
  const shouldStop = options.shouldStop ?? (() => false);
  const checkCancelled = () => {
    if (shouldStop()) throw new SolveCancelledError();
  };
  let lastProgressMs = -Infinity;
  const progress = (fraction: number, bestMakespanS: number | null) => {
    if (!options.onProgress) return;
    const at = now();
    if (at - lastProgressMs < PROGRESS_INTERVAL_MS && fraction < 1) return;
    lastProgressMs = at;
    options.onProgress({ fraction: Math.max(0, Math.min(1, fraction)), bestMakespanS: bestMakespanS === null ? null : round2(bestMakespanS) });
  };

  checkCancelled();
  // Every bound is computed before the search, inside the time limit: the tightest one also
  // lets a search stop as soon as it proves its plan optimal.
  const bound = modelLowerBound(problem, checkCancelled);
  let tightestBoundS = tightestBound(problem, bound, checkCancelled);
  const greedyRoutes = assignGreedyByDistance(problem, shouldStop);
  checkCancelled();
  const greedyFigures = measureRoutes(problem, greedyRoutes);
  const scale = new ObjectiveScale(problem.params.objective_weights, objectiveValues(problem, greedyFigures.finish, greedyFigures.distance));
  const deadlineMs = startMs + timeLimitS * 1000 * (1 - FINISHING_RESERVE);
  const maxIterations = options.maxIterations ?? Infinity;
  const context: AlgorithmContext = {
    problem,
    random: createRandom(seed),
    scale,
    greedyRoutes,
    lowerBoundS: tightestBoundS,
    now,
    deadlineMs,
    maxIterations,
    checkCancelled,
    timeUp: () => {
      checkCancelled();
      return now() >= deadlineMs;
    },
    progress,
    iterations: 0,
    stopReason: 'completed',
  };
  progress(0, null);
  const routes = repairRoutes(problem, scale, runAlgorithm(algorithm, context));
  checkCancelled();

  const robotSteps: PlanResultsRecord = buildPlanSteps(problem, routes);
  const check = checkPlan(problem, robotSteps);
  if (!check.valid) {
    throw new Error(`Internal error: the ${algorithm.name} plan breaks the model: ${check.errors[0]}`);
  }
  const { metrics } = check;
  const makespan = metrics.makespan_s;
  const chargerQueueS = plannedChargerQueue(robotSteps);
  if (context.stopReason === 'optimal') {
    // A plan proven optimal (the exact method, or a makespan at the bound) is its own tightest
    // bound. The proof ignores the chargers' queues: where the plan waits for a charger, the
    // queue-free optimum is still a bound, but the plan is no longer proven optimal.
    const queueFree = measureRoutes(problem, routes).finish.reduce((latest, finish) => Math.max(latest, finish), 0);
    tightestBoundS = Math.max(tightestBoundS, Math.min(makespan, queueFree));
    if (makespan > queueFree + 1e-6) context.stopReason = 'completed';
  }
  // A zero bound only happens when there is nothing to do, so there is no gap to report.
  const gap = bound.makespan_s > 0 ? makespan / bound.makespan_s - 1 : 0;
  const gapBattery = tightestBoundS > 0 ? makespan / tightestBoundS - 1 : 0;
  const stats: PlanStatsRecord = {
    algorithm: algorithm.name,
    algorithm_id: algorithm.id,
    makespan_s: round2(makespan),
    total_distance_m: round2(metrics.total_distance_m),
    recharges: metrics.recharges,
    deliveries: metrics.deliveries,
    lower_bound_s: round2(bound.makespan_s),
    gap: Math.round(gap * 10000) / 10000,
    lower_bound_battery_s: round2(tightestBoundS),
    gap_battery: Math.round(gapBattery * 10000) / 10000,
    runtime_ms: Math.round(now() - startMs),
    seed,
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
    ...(problem.floor ? { charger_queue_s: round2(chargerQueueS) } : {}),
  };
  progress(1, makespan);
  return { results: robotSteps, stats };
}

/** Seconds the plan's robots wait for a free charger, over the fleet. */
function plannedChargerQueue(results: PlanResultsRecord): number {
  let queued = 0;
  for (const steps of Object.values(results)) for (const step of steps) queued += step.queued_s ?? 0;
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

/**
 * The tightest valid makespan bound: the model's, the battery-aware one (battery-bound.ts) and
 * the detour-capacity one (detour-capacity-bound.ts), each valid on its own, so their maximum is.
 */
function tightestBound(problem: Problem, model: ReturnType<typeof modelLowerBound>, poll: () => void): number {
  return Math.max(
    model.makespan_s,
    batteryAwareBound(problem, poll).makespan_s,
    detourCapacityBound(problem, model.distance_m - totalDeliveryLength(problem), poll).makespan_s,
  );
}
