import { Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { SolveStatusRepository } from '../repositories/solve-status-repository.ts';
import { bullmqJobId, SOLVE_JOB_NAME, SOLVE_JOB_OPTIONS, type SolveJobData } from './bullmq-solve-queue.ts';
import { consoleJobLogger, type JobLogger } from './job-logger.ts';
import { INTERRUPTED_TWICE_SOLVE_ERROR, LOST_JOB_SOLVE_ERROR, MAX_SOLVE_ATTEMPTS } from './solve-errors.ts';
import { SolveRun, UNEXPECTED_SOLVE_ERROR, type SolveRunResult } from './solve-run.ts';
import { SolveThreadPool } from './solve-thread-pool.ts';

/** BullMQ's reason for a job whose worker was lost more often than `maxStalledCount` allows. */
const STALLED_TOO_OFTEN = 'job stalled more than allowable limit';

export interface BullmqSolveWorkerOptions {
  db: Database;
  redisUrl: string;
  queueName: string;
  prefix: string;
  /** Solves this process runs at once (one worker thread each). */
  concurrency: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  shutdownGraceMs: number;
  reconcileIntervalMs: number;
  clock?: Clock;
  logger?: JobLogger;
  progressIntervalMs?: number;
}

/**
 * A distributed solve worker: takes solve jobs from Redis and runs them in worker threads, so
 * this process's event loop stays free to renew the job locks. A worker killed mid-solve stops
 * renewing its lock; another worker takes the job back (once: the second loss fails the solve).
 * It also reconciles: a solve never stays pending or running without a job behind it.
 */
export class BullmqSolveWorker {
  private readonly worker: Worker<SolveJobData, SolveRunResult>;
  private readonly queue: Queue<SolveJobData>;
  private readonly solveStatus: SolveStatusRepository;
  private readonly pool: SolveThreadPool;
  private readonly logger: JobLogger;
  private readonly clock: Clock;
  private readonly runs = new Map<string, SolveRun>();
  private readonly reconcileTimer: NodeJS.Timeout;
  private reconciling: Promise<void> = Promise.resolve();
  private closing: Promise<void> | null = null;

  constructor(private readonly options: BullmqSolveWorkerOptions) {
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? consoleJobLogger;
    this.solveStatus = new SolveStatusRepository(options.db, this.clock);
    this.pool = new SolveThreadPool(options.concurrency);
    this.pool.warm(options.concurrency);
    // Blocking connections must retry forever (BullMQ requires maxRetriesPerRequest null).
    const connection = { url: options.redisUrl, maxRetriesPerRequest: null };
    this.queue = new Queue<SolveJobData>(options.queueName, { connection, prefix: options.prefix });
    this.queue.on('error', (error) => this.logger.warn({ err: error.message }, 'solve queue connection error'));
    this.worker = new Worker<SolveJobData, SolveRunResult>(
      options.queueName,
      (job, token) => this.process(job, token),
      {
        connection,
        prefix: options.prefix,
        concurrency: options.concurrency,
        lockDuration: options.lockDurationMs,
        stalledInterval: options.stalledIntervalMs,
        // One lost worker is retried; the second loss fails the job (and the solve, below).
        maxStalledCount: MAX_SOLVE_ATTEMPTS - 1,
      },
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error.message }, 'solve worker connection error'));
    this.worker.on('failed', (job, error) => void this.onJobFailed(job, error));
    this.reconcileTimer = setInterval(() => {
      this.reconciling = this.reconciling.then(() => this.reconcile());
    }, options.reconcileIntervalMs);
  }

  /** Resolves once the worker is connected and taking jobs. */
  async waitUntilReady(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  /** Solves currently running in this process. */
  get runningSolveIds(): number[] {
    return [...this.runs.values()].map((run) => run.request.solveId);
  }

  /**
   * SIGTERM: stops taking jobs, asks the running solvers for their best plan (time-limited
   * algorithms then complete their solve), hands back what is still running after the grace
   * period, and closes the connections.
   */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    clearInterval(this.reconcileTimer);
    const workerClosed = this.worker.close();
    for (const run of this.runs.values()) run.finishEarly();
    const graceTimer = setTimeout(() => {
      for (const run of this.runs.values()) void run.handBack();
    }, this.options.shutdownGraceMs);
    try {
      await workerClosed;
    } finally {
      clearTimeout(graceTimer);
      await this.reconciling.catch(() => undefined);
      await this.queue.close().catch(() => undefined);
      await this.pool.close();
    }
  }

  private async process(job: Job<SolveJobData, SolveRunResult>, token: string | undefined): Promise<SolveRunResult> {
    const solveId = job.data.solveId;
    const jobId = job.id ?? bullmqJobId(solveId);
    if (this.closing !== null) return this.handJobBack(job, token);
    const attempt = job.stalledCounter + 1;
    this.logger.info({ solveId, jobId, attempt }, 'solve job taken');
    const run = new SolveRun(
      {
        solveStatus: this.solveStatus,
        pool: this.pool,
        logger: this.logger,
        progressIntervalMs: this.options.progressIntervalMs,
      },
      { solveId, jobId, takeOver: true },
    );
    this.runs.set(jobId, run);
    let result: SolveRunResult;
    try {
      result = await run.done;
    } finally {
      this.runs.delete(jobId);
    }
    if (result === 'handed-back') return this.handJobBack(job, token);
    if (result === 'cancelled')
      this.logger.info({ solveId, jobId }, 'solve job stopped: the solve was cancelled or deleted');
    return result;
  }

  /** Puts the job back in the waiting list for another worker; the solve is `pending` again. */
  private async handJobBack(job: Job<SolveJobData, SolveRunResult>, token: string | undefined): Promise<never> {
    await job.moveToWait(token);
    this.logger.info({ solveId: job.data.solveId, jobId: job.id }, 'solve job handed back');
    throw new WaitingError();
  }

  private async onJobFailed(job: Job<SolveJobData, SolveRunResult> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const solveId = job.data.solveId;
    const final =
      error instanceof UnrecoverableError ||
      error.name === 'UnrecoverableError' ||
      job.attemptsMade >= (job.opts.attempts ?? 1);
    if (!final) {
      this.logger.warn({ solveId, jobId: job.id, err: error }, 'solve job failed; it will be retried');
      return;
    }
    const message = error.message === STALLED_TOO_OFTEN ? INTERRUPTED_TWICE_SOLVE_ERROR : UNEXPECTED_SOLVE_ERROR;
    this.logger.error({ solveId, jobId: job.id, err: error }, 'solve job failed');
    try {
      await this.solveStatus.failUnfinished(solveId, message);
    } catch (storeError) {
      // The reconciliation fails it later: its job is gone.
      this.logger.error({ solveId, err: storeError }, 'could not mark the solve failed');
    }
  }

  /**
   * Solves pending or running for a whole interval without a live job: pending ones are queued
   * again (their enqueue was lost), running ones failed (their job is gone, so no worker will
   * finish them). A solve between a worker's final write and its job's removal is not touched:
   * every write here is conditional on the row still being unfinished.
   */
  private async reconcile(): Promise<void> {
    try {
      const before = new Date(this.clock().getTime() - this.options.reconcileIntervalMs);
      for (const solve of await this.solveStatus.listUnfinished(before)) {
        const jobId = bullmqJobId(solve.id);
        const job = await this.queue.getJob(jobId);
        const state = job ? await job.getState() : 'missing';
        if (state !== 'missing' && state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
        if (solve.status === 'pending') {
          if (job) await job.remove();
          await this.queue.add(SOLVE_JOB_NAME, { solveId: solve.id }, { ...SOLVE_JOB_OPTIONS, jobId });
          this.logger.warn({ solveId: solve.id, jobId }, 'pending solve had no job: queued again');
        } else if (await this.solveStatus.failUnfinished(solve.id, LOST_JOB_SOLVE_ERROR)) {
          this.logger.warn({ solveId: solve.id, jobId }, 'running solve had no job: failed');
        }
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'solve reconciliation could not finish; it runs again later');
    }
  }
}
