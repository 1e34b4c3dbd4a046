import type { ProblemInput } from '@fleetlab/solver';
import type { SolveParametersRecord, SolveStatsRecord } from '@fleetlab/warehouse';

/** One solve handed to a pool thread (structured-cloned once). */
export interface SolveThreadRequest {
  /** Tags the thread's answers, so a late message of an earlier solve is never misread. */
  runId: number;
  /** The fleet's environment, the task's pairs and the solve's parameters; with `params.shift` the solve runs a shift of them. */
  problem: ProblemInput & { params: SolveParametersRecord };
  /** The task's release times, one per pair (`details.release_s`): a shift releases exactly these orders then. */
  releaseS?: number[];
  /** Spec §7 algorithm id (1-7). */
  algorithmId: number;
  seed: number;
  timeLimitS: number;
  /** Int32 flags shared with the main thread; the solver polls them while it runs. */
  control: SharedArrayBuffer;
}

/**
 * A completed plan and its execution as JSON text, serialised once in the solve thread: the main
 * thread stores the text as it is, with no object graph of megabytes to clone between threads and
 * nothing to stringify on the API's event loop. A stored solve's text, read back for GET
 * /solves/{id}, is `PlanText<string | null>`: `results` is null until the solve has any.
 */
export interface PlanText<Results extends string | null = string> {
  /** The PlanResultsRecord (robot id -> steps) as JSON (a failed solve's: `{ "error": ... }`). */
  results: Results;
  /** The ExecutionRecord as JSON; null when the plan could not run on the floor. */
  execution: string | null;
}

/**
 * A solve first optimises the plan, then executes it on the shared floor; a shift has no plan
 * made in advance, so running it (`shift`) is the whole solve.
 */
export type SolvePhase = 'optimising' | 'executing' | 'shift';

/** Index of the "finish early" flag in `control`: 1 asks the solver to return its best plan now. */
export const FINISH_EARLY_FLAG = 0;
export const CONTROL_FLAG_COUNT = 1;

export type SolveThreadMessage =
  | { type: 'ready' }
  | { runId: number; type: 'progress'; phase: SolvePhase; fraction: number; bestMakespanS: number | null }
  /** `plan.execution` is null when the plan could not run on the floor; `stats.execution_error` says why. */
  | { runId: number; type: 'completed'; plan: PlanText; stats: SolveStatsRecord; stoppedEarly: boolean }
  /** A message a planner can act on (infeasible delivery, unusable input). */
  | { runId: number; type: 'rejected'; message: string }
  /**
   * Asked to finish early before anything worth keeping was computed: before the search began,
   * or during a shift (half a shift's figures are not the shift's).
   */
  | { runId: number; type: 'not-started' }
  /** A bug inside the solver; the message is for the log, not the planner. */
  | { runId: number; type: 'crashed'; message: string; stack: string | undefined };
