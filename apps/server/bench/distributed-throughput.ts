/**
 * Figure: wall time of a batch of 20 solves with one distributed worker process, then with two
 * (target: about twice as fast). Each solve is a `makespan` run of s1 with a fixed 2 s time
 * limit, so the figure is about parallelism, not about how fast the solver is.
 *
 * Needs PostgreSQL and Redis (defaults: the ones the tests use):
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379 \
 *   npx tsx apps/server/bench/distributed-throughput.ts
 * It works in a fresh database and a queue prefix of its own, and removes both afterwards.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { inArray } from 'drizzle-orm';
import { solves } from '../src/db/schema.ts';
import { BullmqSolveQueue } from '../src/jobs/bullmq-solve-queue.ts';
import { silentJobLogger } from '../src/jobs/job-logger.ts';
import { deleteRedisKeys, WorkerProcess } from '../test/jobs/distributed-support.ts';
import { createScratchPostgres } from '../test/support/test-database.ts';
import { loadInstance, storeInstance, storePendingSolve } from '../test/jobs/solve-fixtures.ts';

const BATCH_SIZE = 20;
const TIME_LIMIT_S = 2;
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `fleetlab-bench-${randomBytes(5).toString('hex')}`;
const queueName = 'solves';

const database = await createScratchPostgres(postgresUrl, 'fleetlab_jobs');
const db = database.handle.db;
const api = new BullmqSolveQueue({ db, redisUrl, queueName, prefix, logger: silentJobLogger });
const workers: WorkerProcess[] = [];

async function runBatch(workerCount: number): Promise<{ wallS: number; solveSeconds: number[] }> {
  const started = Array.from({ length: workerCount }, () => {
    const worker = new WorkerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      SOLVE_QUEUE_NAME: queueName,
      SOLVE_QUEUE_PREFIX: prefix,
    });
    workers.push(worker);
    return worker;
  });
  // Timing starts with every worker connected and its solve thread warm.
  await Promise.all(started.map((worker) => worker.waitForOutput(/solve worker ready/, 60_000)));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const chain = await storeInstance(db, loadInstance('s1'));
  const ids: number[] = [];
  for (let k = 0; k < BATCH_SIZE; k++)
    ids.push(await storePendingSolve(db, chain, { algorithm: 'makespan', timeLimitS: TIME_LIMIT_S }));
  const startedMs = performance.now();
  for (const id of ids) await api.enqueue(id);
  for (;;) {
    const rows = await db
      .select({ status: solves.status, results: solves.results, stats: solves.stats })
      .from(solves)
      .where(inArray(solves.id, ids));
    if (rows.every((row) => row.status === 'completed' || row.status === 'failed')) {
      const wallS = (performance.now() - startedMs) / 1000;
      const failed = rows.filter((row) => row.status === 'failed');
      if (failed.length > 0) throw new Error(`${failed.length} solves failed: ${JSON.stringify(failed[0].results)}`);
      const solveSeconds = rows.map((row) => ((row.stats as { runtime_ms?: number } | null)?.runtime_ms ?? 0) / 1000);
      await Promise.all(started.map((worker) => worker.stop('SIGTERM')));
      return { wallS, solveSeconds };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

try {
  await api.assertAvailable().catch(async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await api.assertAvailable();
  });
  console.log(
    `batch: ${BATCH_SIZE} makespan solves of s1, time limit ${TIME_LIMIT_S} s each; workers with concurrency 1; ` +
      `machine: ${os.availableParallelism()} cores, load average ${os
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
  );
  const one = await runBatch(1);
  const meanSolveS = one.solveSeconds.reduce((sum, seconds) => sum + seconds, 0) / one.solveSeconds.length;
  console.log(
    `1 worker : ${one.wallS.toFixed(2)} s wall (${(BATCH_SIZE / one.wallS).toFixed(2)} solves/s; mean solver runtime ${meanSolveS.toFixed(2)} s, ` +
      `so ${(BATCH_SIZE * meanSolveS).toFixed(1)} s of solving)`,
  );
  const two = await runBatch(2);
  console.log(`2 workers: ${two.wallS.toFixed(2)} s wall (${(BATCH_SIZE / two.wallS).toFixed(2)} solves/s)`);
  console.log(`speed-up: ${(one.wallS / two.wallS).toFixed(2)}x (ideal 2.00x)`);
} finally {
  await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
  await api.close();
  await deleteRedisKeys(redisUrl, prefix);
  await database.dispose();
}
