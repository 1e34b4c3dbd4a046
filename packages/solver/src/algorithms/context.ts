import type { StopReason } from '@fleetlab/warehouse';
import type { Problem } from '../problem/problem.ts';
import type { ObjectiveScale } from '../plan/objective.ts';
import type { Random } from './random.ts';
import type { Routes } from '../plan/plan-builder.ts';
import type { ElitePlans } from '../routes/elite-plans.ts';

/** Everything an algorithm may use: the problem, a seeded generator, the clock and limits. */
export interface AlgorithmContext {
  problem: Problem;
  random: Random;
  scale: ObjectiveScale;
  /** The greedy construction's routes (also the objective's normaliser). */
  greedyRoutes: Routes;
  /** A legal plan to start the searches from (a dispatcher's running plan), or null. */
  warmStart: Routes | null;
  /** Where a search keeps the best distinct plans it meets (capacity 0: it keeps none). */
  elite: ElitePlans;
  /**
   * The tightest bound a search may stop at (one that holds for routes timed without queues).
   * The bound list is computed on the first call, inside the time limit: a search asks once it
   * has a plan, so that its first plan does not wait for the bounds.
   */
  lowerBound: () => number;
  /** Milliseconds, from the injected clock. */
  now: () => number;
  deadlineMs: number;
  /** Cap on improvement iterations (Infinity when only the time limit applies). */
  maxIterations: number;
  /** Throws SolveCancelledError once the caller asked to stop; cheap enough to call often. */
  checkCancelled: () => void;
  /** True when the time limit is reached (or the caller asked to stop). */
  timeUp: () => boolean;
  /**
   * Reports progress in [0, 1] and the best makespan so far; throttled by the caller, which calls
   * a function given for the makespan only when it reports (the plan's clock is not free).
   */
  progress: (fraction: number, bestMakespanS: number | null | (() => number)) => void;
  /** Improvement iterations done, reported in stats. */
  iterations: number;
  /** Why the algorithm ended (stats.stop_reason); the constructive ones leave `completed`. */
  stopReason: StopReason;
}

/** A search stalls after STALL_MIN_MS without improving, and no sooner than it took to find its best. */
export const STALL_MIN_MS = 10_000;

/**
 * The time limit is a cap, not a target: a search that found its best plan after t ms and has not
 * improved for max(t, 10 s) since stops. Within a 10 s limit it never stops early, so the
 * benchmark's figures at 10 s keep; a planner's 300 s default ends within twice the time of the
 * last improvement, or 10 s after it. Runs capped by
 * iterations never stall, so they stay reproducible.
 */
export function searchStalled(context: AlgorithmContext, startMs: number, lastImprovementMs: number): boolean {
  if (Number.isFinite(context.maxIterations)) return false;
  const now = context.now();
  return now - lastImprovementMs >= Math.max(STALL_MIN_MS, lastImprovementMs - startMs);
}

/** Whether a makespan under the completion-time objective meets the tightest bound, so no plan can beat it. */
export function provenAtBound(context: AlgorithmContext, makespan: number): boolean {
  return context.scale.completionOnly && makespan <= context.lowerBound() + 1e-6;
}

/** The reason a time-limited search ended, given whether it proved its plan optimal. */
export function stopReasonOf(context: AlgorithmContext, proven: boolean, stalled: boolean): StopReason {
  if (proven) return 'optimal';
  if (stalled) return 'stalled';
  return context.iterations >= context.maxIterations ? 'iteration_limit' : 'time_limit';
}

export class SolveCancelledError extends Error {
  constructor() {
    super('The solve was cancelled');
    this.name = 'SolveCancelledError';
  }
}
