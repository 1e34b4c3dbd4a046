import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { SolveStatusRepository } from '../repositories/solve-status-repository.ts';
import { consoleJobLogger, type JobLogger } from './job-logger.ts';
import { CANCELLED_SOLVE_ERROR } from './solve-errors.ts';
import { SolveQueueUnavailableError, type SolveQueue } from './solve-queue.ts';

export const SOLVE_JOB_NAME = 'solve';

export interface SolveJobData {
  solveId: number;
}

/** One BullMQ job per solve: the id makes a second enqueue of the same solve a no-op. */
export function bullmqJobId(solveId: number): string {
  return `solve-${solveId}`;
}

export const SOLVE_JOB_OPTIONS: JobsOptions = {
  // Retries are for infrastructure errors (database unreachable mid-run); a solver failure
  // is an outcome, stored on the solve, and completes the job.
  attempts: 3,
  backoff: { type: 'exponential', delay: 2000 },
  // The database holds the outcome; Redis keeps nothing once a job is done.
  removeOnComplete: true,
  removeOnFail: true,
};

/** How long an API process waits for Redis before answering 503. */
export const ENQUEUE_TIMEOUT_MS = 2000;

export interface BullmqSolveQueueOptions {
  db: Database;
  redisUrl: string;
  queueName: string;
  prefix: string;
  clock?: Clock;
  logger?: JobLogger;
}

/**
 * The API side of the distributed mode: enqueues solves on Redis and never runs them (workers
 * started with `npm run worker` do). Commands fail at once while Redis is unreachable instead
 * of waiting in a client-side queue, so POST /solves can answer 503 without storing anything.
 */
export class BullmqSolveQueue implements SolveQueue {
  private readonly redis: Redis;
  private readonly queue: Queue<SolveJobData>;
  private readonly solveStatus: SolveStatusRepository;
  private readonly logger: JobLogger;
  private redisDown = false;

  constructor(options: BullmqSolveQueueOptions) {
    this.logger = options.logger ?? consoleJobLogger;
    this.solveStatus = new SolveStatusRepository(options.db, options.clock ?? systemClock);
    this.redis = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: ENQUEUE_TIMEOUT_MS,
      // Keep trying in the background; requests meanwhile get 503 at once.
      retryStrategy: (attempt) => Math.min(attempt * 500, 5000),
    });
    this.redis.on('error', (error: Error) => {
      if (this.redisDown) return;
      this.redisDown = true;
      this.logger.warn({ err: error.message }, 'Redis is unreachable: new solves are refused until it is back');
    });
    this.redis.on('ready', () => {
      if (this.redisDown) this.logger.info({}, 'Redis is reachable again');
      this.redisDown = false;
    });
    this.queue = new Queue<SolveJobData>(options.queueName, { connection: this.redis, prefix: options.prefix });
    this.queue.on('error', () => undefined); // reported once by the connection's own listener
  }

  async assertAvailable(): Promise<void> {
    if (this.redis.status !== 'ready') throw new SolveQueueUnavailableError();
  }

  async enqueue(solveId: number): Promise<void> {
    await this.assertAvailable();
    const jobId = bullmqJobId(solveId);
    try {
      await withTimeout(
        this.queue.add(SOLVE_JOB_NAME, { solveId }, { ...SOLVE_JOB_OPTIONS, jobId }),
        ENQUEUE_TIMEOUT_MS,
      );
    } catch (error) {
      throw new SolveQueueUnavailableError(undefined, { cause: error });
    }
    await this.solveStatus.assignJob(solveId, jobId);
  }

  /**
   * Fails the solve if it still exists (its worker notices within a second and stops the
   * solver) and withdraws a job still waiting. A job Redis cannot reach now finds no pending
   * solve when it runs, and ends without doing anything.
   */
  async cancel(solveId: number): Promise<void> {
    await this.solveStatus.failUnfinished(solveId, CANCELLED_SOLVE_ERROR);
    if (this.redis.status !== 'ready') return;
    try {
      await withTimeout(this.queue.remove(bullmqJobId(solveId)), ENQUEUE_TIMEOUT_MS);
    } catch {
      // Active (locked by its worker) or already gone: the worker's own check stops it.
    }
  }

  async close(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.redis.disconnect();
  }
}

export async function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
