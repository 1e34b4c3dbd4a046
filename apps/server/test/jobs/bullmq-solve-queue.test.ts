import { randomBytes } from 'node:crypto';
import { checkExecution } from '@fleetlab/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { solves } from '../../src/db/schema.ts';
import { BullmqSolveQueue } from '../../src/jobs/bullmq-solve-queue.ts';
import { silentJobLogger } from '../../src/jobs/job-logger.ts';
import { INTERRUPTED_TWICE_SOLVE_ERROR, LOST_JOB_SOLVE_ERROR } from '../../src/jobs/solve-errors.ts';
import { SolveQueueUnavailableError } from '../../src/jobs/solve-queue.ts';
import { createScratchPostgres, type ScratchPostgres } from '../support/test-database.ts';
import { deleteRedisKeys, WorkerProcess } from './distributed-support.ts';
import {
  checkStoredPlan,
  loadInstance,
  readSolve,
  storeInstance,
  storePendingSolve,
  waitFor,
  waitForStatus,
  type StoredChain,
} from './solve-fixtures.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;
const s1 = loadInstance('s1');
// The solver proves its plans for s1 optimal at once; on xl1 (1,000 deliveries) a time-limited search runs to its limit.
const xl1 = loadInstance('xl1');

describe.skipIf(!redisUrl || !postgresUrl)('distributed solve queue (BullMQ on Redis, worker processes)', () => {
  // A queue of its own per run: parallel runs never see each other's jobs.
  const prefix = `fleetlab-test-${randomBytes(5).toString('hex')}`;
  const queueName = 'solves';
  let database: ScratchPostgres;
  let api: BullmqSolveQueue;
  let chain: StoredChain;
  let searchChain: StoredChain;
  const workers: WorkerProcess[] = [];
  const db = () => database.handle.db;

  const startWorker = (env: Record<string, string> = {}) => {
    const worker = new WorkerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      SOLVE_QUEUE_NAME: queueName,
      SOLVE_QUEUE_PREFIX: prefix,
      // Short locks so a killed worker's job is taken back within seconds.
      SOLVE_LOCK_DURATION_MS: '2000',
      SOLVE_STALLED_INTERVAL_MS: '1000',
      SOLVE_RECONCILE_INTERVAL_MS: '60000',
      ...env,
    });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    database = await createScratchPostgres(postgresUrl!, 'fleetlab_jobs');
    chain = await storeInstance(db(), s1);
    searchChain = await storeInstance(db(), xl1);
    api = new BullmqSolveQueue({ db: db(), redisUrl: redisUrl!, queueName, prefix, logger: silentJobLogger });
    await waitFor(
      async () =>
        api.assertAvailable().then(
          () => true,
          () => false,
        ),
      (ready) => ready,
      {
        timeoutMs: 5000,
        what: 'Redis to be reachable',
      },
    );
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop('SIGKILL')));
  });
  afterAll(async () => {
    await api?.close();
    await deleteRedisKeys(redisUrl!, prefix);
    await database?.dispose();
  });

  it('a worker process runs an enqueued solve to completed; celery_task_id is the BullMQ job id', async () => {
    startWorker();
    const solveId = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 5 });
    await api.enqueue(solveId);
    expect((await readSolve(db(), solveId))?.celery_task_id).toBe(`solve-${solveId}`);
    const done = await waitForStatus(db(), solveId, ['completed', 'failed'], 40_000);
    expect(done.status).toBe('completed');
    expect(done.celery_task_id).toBe(`solve-${solveId}`);
    expect(checkStoredPlan(s1, done).valid).toBe(true);
    expect(done.stats?.makespan_s).toBe(109);
    expect(Object.keys(done.results ?? {})).not.toContain('stats');
  });

  it('a worker process runs a shift solve: stats.shift, the execution with its orders, checked', async () => {
    startWorker();
    const solveId = await storePendingSolve(db(), chain, {
      algorithm: 'greedy_distance',
      timeLimitS: 5,
      shift: { hours: 0.25, orders_per_hour: 120 },
    });
    await api.enqueue(solveId);
    const done = await waitForStatus(db(), solveId, ['completed', 'failed'], 40_000);
    expect(done.status, JSON.stringify(done.results)).toBe('completed');
    const shift = done.stats!.shift!;
    expect(shift).toMatchObject({ hours: 0.25, dispatch: 'reoptimise' });
    expect(done.execution!.orders).toHaveLength(shift.released);
    expect(done.execution!.orders!.filter((order) => order.done_s !== undefined)).toHaveLength(shift.delivered);
    expect(done.stats!.execution).toEqual(done.execution!.totals);
    expect(checkExecution(s1.environment as never, done.results, done.execution!, done.parameters).errors).toEqual([]);
  });

  it('a worker killed with SIGKILL mid-solve leaves a job that another worker completes', async () => {
    const first = startWorker();
    const solveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 3 });
    await api.enqueue(solveId);
    await first.waitForOutput(new RegExp(`solve started \\(solveId=${solveId} `));
    await first.stop('SIGKILL');
    expect((await readSolve(db(), solveId))?.status).toBe('running');

    const second = startWorker();
    const done = await waitForStatus(db(), solveId, ['completed', 'failed'], 60_000);
    expect(done.status).toBe('completed');
    expect(checkStoredPlan(xl1, done).valid).toBe(true);
    expect(second.log).toMatch(
      new RegExp(`solve job taken \\(solveId=${solveId} jobId="solve-${solveId}" attempt=2\\)`),
    );
  });

  it('fails the solve with the clear error after its worker was lost twice', async () => {
    const first = startWorker();
    const solveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 60 });
    await api.enqueue(solveId);
    await first.waitForOutput(new RegExp(`solve started \\(solveId=${solveId} `));
    await first.stop('SIGKILL');

    const second = startWorker();
    await second.waitForOutput(new RegExp(`solve started \\(solveId=${solveId} `), 40_000);
    expect(second.log).toContain('attempt=2');
    await second.stop('SIGKILL');

    startWorker();
    const done = await waitForStatus(db(), solveId, ['completed', 'failed'], 40_000);
    expect(done.status).toBe('failed');
    expect(done.results).toEqual({ error: INTERRUPTED_TWICE_SOLVE_ERROR });
  });

  it('SIGTERM: the running time-limited solve completes from its best plan so far, then the worker exits 0', async () => {
    const worker = startWorker();
    const solveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 60 });
    await api.enqueue(solveId);
    await waitFor(
      () => readSolve(db(), solveId),
      (row) => typeof row?.progress?.best_makespan_s === 'number',
      {
        timeoutMs: 30_000,
        what: 'a first plan',
      },
    );
    const startedMs = Date.now();
    expect(await worker.stop('SIGTERM')).toBe(0);
    // Well short of the solve's 60 s limit, whatever else the machine runs: asked for its best
    // plan so far, not waited for.
    expect(Date.now() - startedMs).toBeLessThan(30_000);
    const row = await readSolve(db(), solveId);
    expect(row?.status).toBe('completed');
    expect(row?.stats?.stopped_early).toBe(true);
    expect(checkStoredPlan(xl1, row!).valid).toBe(true);
  });

  it('SIGTERM with no grace left hands the job back, and another worker completes it', async () => {
    const first = startWorker({ SOLVE_SHUTDOWN_GRACE_MS: '0' });
    const solveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 3 });
    await api.enqueue(solveId);
    await first.waitForOutput(new RegExp(`solve started \\(solveId=${solveId} `));
    expect(await first.stop('SIGTERM')).toBe(0);
    const afterStop = await readSolve(db(), solveId);
    // Handed back before the solver answered, or (rarely) completed from its best plan.
    expect(['pending', 'completed']).toContain(afterStop?.status);
    startWorker();
    const done = await waitForStatus(db(), solveId, ['completed', 'failed'], 40_000);
    expect(done.status).toBe('completed');
    if (afterStop?.status === 'pending') expect(first.log).toContain('solve job handed back');
  });

  it('DELETE of a running solve: the worker stops it within seconds', async () => {
    const worker = startWorker();
    const solveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 60 });
    await api.enqueue(solveId);
    await worker.waitForOutput(new RegExp(`solve started \\(solveId=${solveId} `));
    const startedMs = Date.now();
    await db().delete(solves).where(eq(solves.id, solveId));
    await api.cancel(solveId);
    await worker.waitForOutput(
      new RegExp(`solve job stopped: the solve was cancelled or deleted \\(solveId=${solveId} `),
      8000,
    );
    // One progress tick (1 s) to notice, then the thread is ended; the rest is slack for a busy machine.
    expect(Date.now() - startedMs).toBeLessThan(5000);
  });

  it('DELETE of a waiting solve withdraws its job, so it never runs', async () => {
    const solveId = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 5 });
    await api.enqueue(solveId);
    await db().delete(solves).where(eq(solves.id, solveId));
    await api.cancel(solveId);
    const worker = startWorker();
    await worker.waitForOutput(/solve worker ready/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(worker.log).not.toContain(`solveId=${solveId}`);
  });

  it('reconciles: a pending solve without a job is queued, a running one without a job is failed', async () => {
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const orphanPendingId = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 5 });
    const orphanRunningId = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 5 });
    await db().update(solves).set({ updated_at: longAgo }).where(eq(solves.id, orphanPendingId));
    await db()
      .update(solves)
      .set({ status: 'running', celery_task_id: `solve-${orphanRunningId}`, updated_at: longAgo })
      .where(eq(solves.id, orphanRunningId));
    startWorker({ SOLVE_RECONCILE_INTERVAL_MS: '500' });
    expect((await waitForStatus(db(), orphanPendingId, ['completed', 'failed'], 30_000)).status).toBe('completed');
    const orphanRunning = await waitForStatus(db(), orphanRunningId, ['completed', 'failed'], 30_000);
    expect(orphanRunning.status).toBe('failed');
    expect(orphanRunning.results).toEqual({ error: LOST_JOB_SOLVE_ERROR });
  });
});

describe('distributed solve queue with Redis unreachable', () => {
  it('refuses at once (assertAvailable and enqueue) so the API can answer 503 and store nothing', async () => {
    // Port 1 refuses connections: what a stopped Redis looks like.
    const { openTestDatabase } = await import('../support/test-database.ts');
    const database = await openTestDatabase('pglite');
    const queue = new BullmqSolveQueue({
      db: database.handle.db,
      redisUrl: 'redis://127.0.0.1:1',
      queueName: 'solves',
      prefix: 'fleetlab-unreachable',
      logger: silentJobLogger,
    });
    try {
      let startedMs = Date.now();
      await expect(queue.assertAvailable()).rejects.toBeInstanceOf(SolveQueueUnavailableError);
      expect(Date.now() - startedMs).toBeLessThan(100);
      startedMs = Date.now();
      await expect(queue.enqueue(1)).rejects.toBeInstanceOf(SolveQueueUnavailableError);
      expect(Date.now() - startedMs).toBeLessThan(100);
    } finally {
      await queue.close();
      await database.dispose();
    }
  });
});
