import os from 'node:os';
import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { SolveStatusRepository } from '../repositories/solve-status-repository.ts';
import { consoleJobLogger, type JobLogger } from './job-logger.ts';
import { CANCELLED_SOLVE_ERROR, INTERRUPTED_TWICE_SOLVE_ERROR, MAX_SOLVE_ATTEMPTS } from './solve-errors.ts';
import type { SolveQueue } from './solve-queue.ts';
import { SolveRun, UNEXPECTED_SOLVE_ERROR } from './solve-run.ts';
import { SolveThreadPool } from './solve-thread-pool.ts';

export interface EmbeddedSolveQueueOptions {
  db: Database;
  clock?: Clock;
  logger?: JobLogger;
  /** Solves run at once, one per worker thread (default: cores - 1, at least 1). */
  threads?: number;
  /** How often the dispatcher looks for pending solves nobody announced (default 5 s). */
  pollIntervalMs?: number;
  /** On close, how long solves may take to return their best plan before being handed back. */
  shutdownGraceMs?: number;
  progressIntervalMs?: number;
  /** The solves' status writes (tests pass one that can hold a write back). */
  solveStatus?: SolveStatusRepository;
}

export const DEFAULT_POLL_INTERVAL_MS = 5000;
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** Cores minus one (the event loop keeps a core for the API), at least one. */
export function defaultSolveThreadCount(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

/** `embedded-<solveId>-<attempt>`: the job id of one run of a solve in the embedded mode. */
export function embeddedJobId(solveId: number, attempt: number): string {
  return `embedded-${solveId}-${attempt}`;
}

function embeddedAttemptOf(solveId: number, jobId: string | null): number | null {
  const match = jobId ? /^embedded-(\d+)-(\d+)$/.exec(jobId) : null;
  return match && Number(match[1]) === solveId ? Number(match[2]) : null;
}

/**
 * The default queue: `pending` rows are the queue, so a restart loses nothing, and a dispatcher
 * runs them in a pool of worker threads beside the API. At start, solves a killed process left
 * `running` are queued again (once; a second interruption fails them).
 */
export class EmbeddedSolveQueue implements SolveQueue {
  readonly threads: number;
  private readonly logger: JobLogger;
  private readonly solveStatus: SolveStatusRepository;
  private readonly pool: SolveThreadPool;
  private readonly active = new Map<number, SolveRun>();
  private readonly shutdownGraceMs: number;
  private readonly progressIntervalMs: number | undefined;
  private readonly pollTimer: NodeJS.Timeout;
  private pumping = false;
  private pumpAgain = false;
  private closing: Promise<void> | null = null;
  /** The dispatcher's last pass (settled: its errors are logged by it). */
  private pumped: Promise<void> = Promise.resolve();

  private constructor(options: EmbeddedSolveQueueOptions) {
    this.logger = options.logger ?? consoleJobLogger;
    this.threads = Math.max(1, Math.floor(options.threads ?? defaultSolveThreadCount()));
    this.shutdownGraceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
    this.progressIntervalMs = options.progressIntervalMs;
    this.solveStatus = options.solveStatus ?? new SolveStatusRepository(options.db, options.clock ?? systemClock);
    this.pool = new SolveThreadPool(this.threads);
    this.pollTimer = setInterval(() => this.wake(), options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
    this.pollTimer.unref();
  }

  /** Recovers what a killed process left behind, then starts dispatching. */
  static async start(options: EmbeddedSolveQueueOptions): Promise<EmbeddedSolveQueue> {
    const queue = new EmbeddedSolveQueue(options);
    try {
      await queue.recoverInterrupted();
    } catch (error) {
      clearInterval(queue.pollTimer);
      throw error;
    }
    queue.pool.warm(1);
    queue.wake();
    return queue;
  }

  async assertAvailable(): Promise<void> {
    // The database is the queue: if it can store the solve, the solve is queued.
  }

  async enqueue(solveId: number): Promise<void> {
    await this.solveStatus.assignJob(solveId, embeddedJobId(solveId, 1));
    this.wake();
  }

  async cancel(solveId: number): Promise<void> {
    await this.active.get(solveId)?.cancel();
    // A solve that still exists (cancelled without being deleted) must not run or stay running.
    await this.solveStatus.failUnfinished(solveId, CANCELLED_SOLVE_ERROR);
  }

  /**
   * Stops dispatching, asks the running solves for their best plan (time-limited algorithms
   * then complete early) and hands back those still running after the grace period.
   */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  /** Solves currently running in this process. */
  get runningSolveIds(): number[] {
    return [...this.active.keys()];
  }

  private async shutDown(): Promise<void> {
    clearInterval(this.pollTimer);
    const runs = [...this.active.values()];
    for (const run of runs) run.finishEarly();
    const allDone = Promise.allSettled(runs.map((run) => run.done));
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace-over'>((resolve) => {
      graceTimer = setTimeout(() => resolve('grace-over'), this.shutdownGraceMs);
    });
    const first = await Promise.race([allDone, graceOver]);
    clearTimeout(graceTimer);
    if (first === 'grace-over') await Promise.all([...this.active.values()].map((run) => run.handBack()));
    await Promise.allSettled(runs.map((run) => run.done));
    // A read of pending solves under way finishes before the database may close.
    await this.pumped;
    await this.pool.close();
  }

  private async recoverInterrupted(): Promise<void> {
    for (const solve of await this.solveStatus.listRunning()) {
      const attempt = embeddedAttemptOf(solve.id, solve.celery_task_id) ?? 1;
      if (attempt >= MAX_SOLVE_ATTEMPTS) {
        await this.solveStatus.failUnfinished(solve.id, INTERRUPTED_TWICE_SOLVE_ERROR);
        this.logger.warn({ solveId: solve.id }, 'solve failed: interrupted twice');
        continue;
      }
      await this.solveStatus.requeueInterrupted(solve.id, embeddedJobId(solve.id, attempt + 1));
      this.logger.info({ solveId: solve.id, attempt: attempt + 1 }, 'solve queued again after an interrupted run');
    }
  }

  private wake(): void {
    if (this.closing !== null) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    this.pumped = this.pump()
      .catch((error: unknown) => {
        // Once closing, nothing more is dispatched: a read cut short by the database closing is no fault.
        if (this.closing === null) this.logger.error({ err: error }, 'solve dispatcher could not read pending solves');
      })
      .finally(() => {
        this.pumping = false;
        if (this.pumpAgain) {
          this.pumpAgain = false;
          this.wake();
        }
      });
  }

  /** Runs holding a solve thread; runs that are only storing their plan do not count. */
  private get threadsInUse(): number {
    let inUse = 0;
    for (const run of this.active.values()) if (run.holdsThread) inUse += 1;
    return inUse;
  }

  /**
   * Starts pending solves, oldest first, while threads are free. A solve whose thread has handed
   * over its plan frees its thread at once: the next solve starts while the plan is being stored.
   */
  private async pump(): Promise<void> {
    while (this.closing === null && this.threadsInUse < this.threads) {
      const candidates = await this.solveStatus.nextPending([...this.active.keys()], this.threads - this.threadsInUse);
      if (candidates.length === 0 || this.closing !== null) return;
      for (const candidate of candidates) {
        const attempt = embeddedAttemptOf(candidate.id, candidate.celery_task_id) ?? 1;
        this.startRun(candidate.id, embeddedJobId(candidate.id, attempt));
      }
    }
  }

  private startRun(solveId: number, jobId: string): void {
    const run = new SolveRun(
      {
        solveStatus: this.solveStatus,
        pool: this.pool,
        logger: this.logger,
        progressIntervalMs: this.progressIntervalMs,
        onThreadFreed: () => this.wake(),
      },
      { solveId, jobId, takeOver: false },
    );
    this.active.set(solveId, run);
    run.done
      .catch(async (error: unknown) => {
        this.logger.error({ solveId, jobId, err: error }, 'solve run failed');
        await this.solveStatus.fail(solveId, jobId, UNEXPECTED_SOLVE_ERROR).catch(() => undefined);
      })
      .finally(() => {
        this.active.delete(solveId);
        this.wake();
      });
  }
}
