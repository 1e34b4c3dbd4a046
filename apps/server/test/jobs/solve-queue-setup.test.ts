import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { createSolveQueue } from '../../src/jobs/create-solve-queue.ts';
import { EmbeddedSolveQueue } from '../../src/jobs/embedded-solve-queue.ts';
import { silentJobLogger } from '../../src/jobs/job-logger.ts';
import { loadQueueSettings } from '../../src/jobs/queue-settings.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-database.ts';

describe('queue settings', () => {
  it('has defaults that take a lost job back well within 60 s', () => {
    const settings = loadQueueSettings({ SOLVE_THREADS: '3' }, 'distributed');
    expect(settings).toEqual({
      threads: 3,
      queueName: 'solves',
      queuePrefix: 'fleetlab',
      workerConcurrency: 1,
      lockDurationMs: 20_000,
      stalledIntervalMs: 10_000,
      shutdownGraceMs: 20_000,
      reconcileIntervalMs: 30_000,
    });
    // Lock expiry, then at most two stalled checks (one marks, the next moves the job back).
    expect(settings.lockDurationMs + 2 * settings.stalledIntervalMs).toBeLessThan(60_000);
    expect(loadQueueSettings({}, 'embedded').shutdownGraceMs).toBe(10_000);
  });

  it('reads every variable and rejects bad values naming them', () => {
    const settings = loadQueueSettings({
      SOLVE_QUEUE_NAME: 'solves-eu',
      SOLVE_QUEUE_PREFIX: 'fleetlab-prod',
      SOLVE_WORKER_CONCURRENCY: '4',
      SOLVE_LOCK_DURATION_MS: '30000',
      SOLVE_STALLED_INTERVAL_MS: '5000',
      SOLVE_SHUTDOWN_GRACE_MS: '0',
      SOLVE_RECONCILE_INTERVAL_MS: '60000',
    });
    expect(settings).toMatchObject({
      queueName: 'solves-eu',
      queuePrefix: 'fleetlab-prod',
      workerConcurrency: 4,
      lockDurationMs: 30_000,
      stalledIntervalMs: 5000,
      shutdownGraceMs: 0,
      reconcileIntervalMs: 60_000,
    });
    expect(() => loadQueueSettings({ SOLVE_WORKER_CONCURRENCY: '0' })).toThrow(ConfigError);
    expect(() => loadQueueSettings({ SOLVE_QUEUE_PREFIX: 'a:b' })).toThrow(
      'Invalid configuration: SOLVE_QUEUE_PREFIX: must be letters, digits, "_", "." or "-"',
    );
  });
});

describe('createSolveQueue', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('refuses REDIS_URL without DATABASE_URL (workers elsewhere cannot reach an embedded database)', async () => {
    await expect(
      createSolveQueue({
        config: { redisUrl: 'redis://127.0.0.1:6379', databaseUrl: undefined },
        db: database.handle.db,
        logger: silentJobLogger,
      }),
    ).rejects.toThrow('REDIS_URL needs DATABASE_URL as well');
  });

  it('runs solves in this process when REDIS_URL is unset', async () => {
    const queue = await createSolveQueue({
      config: { redisUrl: undefined, databaseUrl: undefined },
      db: database.handle.db,
      logger: silentJobLogger,
      settings: loadQueueSettings({ SOLVE_THREADS: '2' }),
    });
    try {
      expect(queue).toBeInstanceOf(EmbeddedSolveQueue);
      expect((queue as EmbeddedSolveQueue).threads).toBe(2);
      await expect(queue.assertAvailable()).resolves.toBeUndefined();
    } finally {
      await queue.close();
    }
  });
});
