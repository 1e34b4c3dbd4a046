import { z } from 'zod';
import { ConfigError } from '../config.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS, defaultSolveThreadCount } from './embedded-solve-queue.ts';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const positiveInteger = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));
const queueNameSchema = (fallback: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/, 'must be letters, digits, "_", "." or "-"')
      .default(fallback),
  );

const settingsSchema = z.object({
  SOLVE_THREADS: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().optional()),
  SOLVE_QUEUE_NAME: queueNameSchema('solves'),
  SOLVE_QUEUE_PREFIX: queueNameSchema('fleetlab'),
  SOLVE_WORKER_CONCURRENCY: positiveInteger(1),
  SOLVE_LOCK_DURATION_MS: positiveInteger(20_000),
  SOLVE_STALLED_INTERVAL_MS: positiveInteger(10_000),
  SOLVE_SHUTDOWN_GRACE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).optional()),
  SOLVE_RECONCILE_INTERVAL_MS: positiveInteger(30_000),
});

/** Tuning of the solve queue; every value has a default, so none needs setting. */
export interface QueueSettings {
  /** Embedded mode: solves at once in worker threads (default cores - 1, at least 1). */
  threads: number;
  /** Distributed mode: BullMQ queue name and Redis key prefix (distinct per deployment or test run). */
  queueName: string;
  queuePrefix: string;
  /** Distributed mode: solves one worker process runs at once (run one worker per core, or raise this). */
  workerConcurrency: number;
  /**
   * Distributed mode: a job whose worker stops renewing its lock is taken back after at most
   * about lockDuration + 2 x stalledInterval (20 s + 2 x 10 s by default, under the 60 s promised).
   */
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** On SIGTERM/close: how long solves may take to return their best plan before being handed back. */
  shutdownGraceMs: number;
  /** Distributed mode: how often workers look for solves left without a job. */
  reconcileIntervalMs: number;
}

/** Distributed workers get more grace: orchestrators usually wait 30 s after SIGTERM. */
const DEFAULT_WORKER_SHUTDOWN_GRACE_MS = 20_000;

export function loadQueueSettings(
  env: NodeJS.ProcessEnv = process.env,
  mode: 'embedded' | 'distributed' = 'embedded',
): QueueSettings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    threads: values.SOLVE_THREADS ?? defaultSolveThreadCount(),
    queueName: values.SOLVE_QUEUE_NAME,
    queuePrefix: values.SOLVE_QUEUE_PREFIX,
    workerConcurrency: values.SOLVE_WORKER_CONCURRENCY,
    lockDurationMs: values.SOLVE_LOCK_DURATION_MS,
    stalledIntervalMs: values.SOLVE_STALLED_INTERVAL_MS,
    shutdownGraceMs:
      values.SOLVE_SHUTDOWN_GRACE_MS ??
      (mode === 'distributed' ? DEFAULT_WORKER_SHUTDOWN_GRACE_MS : DEFAULT_SHUTDOWN_GRACE_MS),
    reconcileIntervalMs: values.SOLVE_RECONCILE_INTERVAL_MS,
  };
}
