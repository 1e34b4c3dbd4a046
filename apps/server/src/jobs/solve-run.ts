import { checkEnvironmentRules, describeEnvironmentProblems, fleetOfSize, solveRobotCount } from '@fleetlab/warehouse';
import type { SolveJobInput, SolveStatusRepository } from '../repositories/solve-status-repository.ts';
import type { JobLogger } from './job-logger.ts';
import { brokenEnvironmentSolveError } from './solve-errors.ts';
import type {
  SolveThreadHandle,
  SolveThreadOutcome,
  SolveThreadPool,
  SolveThreadProgress,
} from './solve-thread-pool.ts';

/** How a run ended, for the queue that started it. */
export type SolveRunResult =
  /** The plan is stored and the solve is `completed`. */
  | 'completed'
  /** The solve is `failed` with a planner-readable error. */
  | 'failed'
  /** The solve was not claimable (deleted, cancelled, finished or owned by another job). */
  | 'not-claimed'
  /** Stopped because the solve was cancelled or deleted (or taken away from this job). */
  | 'cancelled'
  /** Stopped and put back to `pending` for another worker or the next start. */
  | 'handed-back';

/** Shown when the solver fails for a reason the planner cannot act on (the log has the cause). */
export const UNEXPECTED_SOLVE_ERROR =
  'The optimization stopped because of an unexpected error in the solver. Please try again; if it happens again, contact your administrator.';
export const OUT_OF_MEMORY_SOLVE_ERROR =
  'The optimization needed more memory than the solve worker has. Try a task with fewer pickup-dropoff pairs or a smaller warehouse.';
export const MISSING_INPUT_SOLVE_ERROR = 'The environment or the task of this solve no longer exists.';

/** Seed of the solver's generator: the same solve input always gives the same plan. */
export const SOLVE_SEED = 1;
/** Progress is written at most this often; the same tick notices a deleted or cancelled solve. */
export const PROGRESS_INTERVAL_MS = 1000;

export interface SolveRunDependencies {
  solveStatus: SolveStatusRepository;
  pool: SolveThreadPool;
  logger: JobLogger;
  progressIntervalMs?: number;
  /** Called once the run's solve thread is free again, before its outcome is stored. */
  onThreadFreed?: () => void;
}

export interface SolveRunRequest {
  solveId: number;
  /** Stored in `celery_task_id`; every write of the run is conditional on it. */
  jobId: string;
  /** Also claim a row left `running` under the same job id (a retried job). */
  takeOver: boolean;
}

type StopRequest = 'cancel' | 'hand-back';

/**
 * One solve, from claim to stored outcome: claims the row, loads its environment and task,
 * solves in a pool thread, writes progress at most once a second, then `completed` or `failed`.
 * Shared by the embedded and the BullMQ adapters.
 */
export class SolveRun {
  readonly done: Promise<SolveRunResult>;
  private thread: SolveThreadHandle | null = null;
  private stopRequest: StopRequest | null = null;
  private finishEarlyRequested = false;
  private threadFreed = false;

  constructor(
    private readonly dependencies: SolveRunDependencies,
    readonly request: SolveRunRequest,
  ) {
    this.done = this.execute().finally(() => this.freeThread());
  }

  private freeThread(): void {
    if (this.threadFreed) return;
    this.threadFreed = true;
    this.dependencies.onThreadFreed?.();
  }

  /**
   * True until the solve thread has handed over its outcome (or the run ended without one): a run
   * that is only storing its plan holds no thread, so the queue may start the next solve meanwhile.
   */
  get holdsThread(): boolean {
    return !this.threadFreed;
  }

  /** Stops the solver at once; the row is left as the canceller made it (deleted or failed). */
  async cancel(): Promise<void> {
    await this.stop('cancel');
  }

  /** Stops the solver at once and puts the solve back to `pending`. */
  async handBack(): Promise<void> {
    await this.stop('hand-back');
  }

  /** Asks the solver for its best plan now: time-limited algorithms complete the solve early. */
  finishEarly(): void {
    this.finishEarlyRequested = true;
    this.thread?.finishEarly();
  }

  private async stop(request: StopRequest): Promise<void> {
    this.stopRequest ??= request;
    await this.thread?.terminate();
    await this.done.catch(() => undefined);
  }

  private async execute(): Promise<SolveRunResult> {
    const { solveStatus, pool, logger } = this.dependencies;
    const { solveId, jobId } = this.request;
    const row = await solveStatus.claim(solveId, jobId, { takeOver: this.request.takeOver });
    if (!row) return 'not-claimed';
    if (this.stopRequest || this.finishEarlyRequested) return this.endStopped();
    const input = await solveStatus.findJobInput(row);
    if (!input) return this.endFailed(MISSING_INPUT_SOLVE_ERROR);
    const broken = checkEnvironmentRules(input.environment).errors;
    if (broken.length > 0) return this.endFailed(brokenEnvironmentSolveError(describeEnvironmentProblems(broken)));
    if (this.stopRequest || this.finishEarlyRequested) return this.endStopped();

    logger.info({ solveId, jobId }, 'solve started');
    let latest: SolveThreadProgress | null = null;
    const thread = pool.run(
      {
        problem: { environment: plannedEnvironment(input), tasks: input.pairs, params: row.parameters },
        ...(input.releaseS === undefined ? {} : { releaseS: input.releaseS }),
        algorithmId: row.algorithm_id,
        seed: SOLVE_SEED,
        timeLimitS: row.parameters.time_limit,
      },
      (progress) => {
        latest = progress;
      },
    );
    this.thread = thread;
    const ticker = this.watch(thread, () => {
      const pending = latest;
      latest = null;
      return pending;
    });
    let outcome: SolveThreadOutcome;
    try {
      outcome = await thread.outcome;
    } finally {
      await ticker.stop();
    }
    this.freeThread();
    return this.storeOutcome(outcome);
  }

  /**
   * Once per interval: writes the newest progress, or checks that the solve is still this job's.
   * When it is not (deleted, cancelled, taken over), the solver is stopped at once.
   */
  private watch(thread: SolveThreadHandle, takeProgress: () => SolveThreadProgress | null) {
    const { solveStatus, logger } = this.dependencies;
    const { solveId, jobId } = this.request;
    let tick: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      tick = tick.then(async () => {
        try {
          const progress = takeProgress();
          const owned = progress
            ? await solveStatus.writeProgress(solveId, jobId, progress)
            : await solveStatus.isOwnedBy(solveId, jobId);
          if (!owned && !this.stopRequest) {
            this.stopRequest = 'cancel';
            await thread.terminate();
          }
        } catch (error) {
          // A database hiccup must not stop the solve; the next tick tries again.
          logger.warn({ solveId, jobId, err: error }, 'could not write solve progress');
        }
      });
    }, this.dependencies.progressIntervalMs ?? PROGRESS_INTERVAL_MS);
    return {
      stop: async () => {
        clearInterval(timer);
        await tick;
      },
    };
  }

  private async storeOutcome(outcome: SolveThreadOutcome): Promise<SolveRunResult> {
    const { solveStatus, logger } = this.dependencies;
    const { solveId, jobId } = this.request;
    switch (outcome.kind) {
      case 'completed': {
        const stored = await solveStatus.complete(solveId, jobId, outcome.plan, outcome.stats);
        if (!stored) return 'cancelled';
        logger.info({ solveId, jobId, stoppedEarly: outcome.stoppedEarly }, 'solve completed');
        return 'completed';
      }
      case 'rejected':
        return this.endFailed(outcome.message);
      case 'not-started':
        return this.endStopped();
      case 'terminated':
        return this.endStopped();
      case 'crashed': {
        logger.error({ solveId, jobId, err: outcome.error }, 'solve crashed');
        const outOfMemory = (outcome.error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
        return this.endFailed(outOfMemory ? OUT_OF_MEMORY_SOLVE_ERROR : UNEXPECTED_SOLVE_ERROR);
      }
    }
  }

  private async endFailed(message: string): Promise<SolveRunResult> {
    const { solveId, jobId } = this.request;
    const stored = await this.dependencies.solveStatus.fail(solveId, jobId, message);
    if (!stored) return 'cancelled';
    this.dependencies.logger.info({ solveId, jobId, error: message }, 'solve failed');
    return 'failed';
  }

  /** Stopped before an outcome: a cancelled run leaves the row alone; anything else hands it back. */
  private async endStopped(): Promise<SolveRunResult> {
    if (this.stopRequest === 'cancel') return 'cancelled';
    const { solveId, jobId } = this.request;
    await this.dependencies.solveStatus.handBack(solveId, jobId);
    this.dependencies.logger.info({ solveId, jobId }, 'solve handed back');
    return 'handed-back';
  }
}

/** The stored environment with the fleet the solve plans for (`solveRobotCount`, `fleetOfSize`). */
function plannedEnvironment({ solve, environment, scenarioRobotCount }: SolveJobInput): SolveJobInput['environment'] {
  const robotCount = solveRobotCount(solve.parameters.robot_count, scenarioRobotCount);
  return { ...environment, elements: { ...environment.elements, robots: fleetOfSize(environment, robotCount) } };
}
