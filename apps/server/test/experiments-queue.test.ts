import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { experimentRecordSchema, type EnvironmentCreate, type ExperimentRecord } from '@fleetlab/warehouse';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solves } from '../src/db/schema.ts';
import { EmbeddedSolveQueue } from '../src/jobs/embedded-solve-queue.ts';
import { silentJobLogger } from '../src/jobs/job-logger.ts';
import type { SolveQueue } from '../src/jobs/solve-queue.ts';
import { expectStatus, startAppWithQueue } from './support/test-app.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';

/** Benchmark s1: stations R1 and R2 with 2 robots each, 10 pickup-dropoff pairs. */
const s1 = JSON.parse(
  readFileSync(new URL('../../../packages/solver/bench/instances/s1.json', import.meta.url), 'utf8'),
) as { environment: EnvironmentCreate; tasks: [string, string][] };

/** Experiments on the real app with the embedded queue wired as main.ts does: points really run. */
describe('experiments through the embedded solve queue', () => {
  let database: TestDatabase;
  let queue: EmbeddedSolveQueue;
  let app: FastifyInstance;
  let headers: { authorization: string };
  let ids: { scenarioId: number; taskId: number };

  const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v1${url}`, payload: payload as object | undefined, headers });

  async function until(id: number, done: (experiment: ExperimentRecord) => boolean): Promise<ExperimentRecord> {
    for (;;) {
      const experiment = experimentRecordSchema.parse(
        (await expectStatus(inject('GET', `/experiments/${id}`), 200)).json(),
      );
      if (done(experiment)) return experiment;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    queue = await EmbeddedSolveQueue.start({
      db: database.handle.db,
      logger: silentJobLogger,
      threads: 1,
      progressIntervalMs: 200,
    });
    ({ app, headers } = await startAppWithQueue(database, queue, 'sweeper'));
    const environment = (
      await expectStatus(inject('POST', '/environments', { ...s1.environment, name: 's1' }), 201)
    ).json();
    const scenario = (
      await expectStatus(inject('POST', '/scenarios', { name: 's1 orders', environment_id: environment.id }), 201)
    ).json();
    const [task] = (
      await expectStatus(
        inject('POST', '/tasks/batch', [
          { name: 'ten pairs', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: s1.tasks } },
        ]),
        201,
      )
    ).json();
    ids = { scenarioId: scenario.id, taskId: task.id };
  });
  afterAll(async () => {
    await app?.close();
    await queue?.close();
    await database?.dispose();
  });

  it('a small fleet sweep runs every point to completed', async () => {
    const created = await expectStatus(
      inject('POST', '/experiments', {
        name: 'Small sweep',
        kind: 'fleet_sweep',
        scenario_id: ids.scenarioId,
        task_id: ids.taskId,
        algorithm: 'greedy_distance',
        robot_counts: [1, 2, 4],
        parameters: { time_limit: 5 },
      }),
      201,
    );
    const done = await until(created.json().id, (experiment) => experiment.status !== 'running');
    expect(done.status).toBe('completed');
    expect(done.progress).toEqual({ completed: 3, failed: 0, total: 3 });
    for (const point of done.points) {
      expect(point.stats).toMatchObject({ deliveries: 10 });
      expect(point.stats!.makespan_s).toBeGreaterThanOrEqual(point.stats!.lower_bound_s!);
    }
  });

  it('an algorithm comparison runs every algorithm', async () => {
    const created = await expectStatus(
      inject('POST', '/experiments', {
        name: 'Small comparison',
        kind: 'algorithm_comparison',
        scenario_id: ids.scenarioId,
        task_id: ids.taskId,
        algorithms: ['greedy_distance', 'auction', 'marginal_benefit'],
        parameters: { time_limit: 5 },
      }),
      201,
    );
    const done = await until(created.json().id, (experiment) => experiment.status !== 'running');
    expect(done.status).toBe('completed');
    expect(done.points.map((point) => [point.algorithm, point.status])).toEqual([
      ['greedy_distance', 'completed'],
      ['auction', 'completed'],
      ['marginal_benefit', 'completed'],
    ]);
  });

  it('cancel stops the running point and withdraws the waiting ones', async () => {
    const created = await expectStatus(
      inject('POST', '/experiments', {
        name: 'Long sweep',
        kind: 'fleet_sweep',
        scenario_id: ids.scenarioId,
        task_id: ids.taskId,
        algorithm: 'makespan',
        robot_counts: [2, 3, 4],
        parameters: { time_limit: 600 },
      }),
      201,
    );
    const id = created.json().id as number;
    await until(id, (experiment) => experiment.points.some((point) => point.status === 'running'));
    const cancelled = experimentRecordSchema.parse(
      (await expectStatus(inject('POST', `/experiments/${id}/cancel`), 200)).json(),
    );
    expect(cancelled.status).toBe('cancelled');
    // The running solver was stopped before the answer, not at its next progress tick.
    expect(queue.runningSolveIds).toEqual([]);
    expect(cancelled.points.map((point) => [point.status, point.error])).toEqual([
      ['failed', 'Cancelled by the user'],
      ['failed', 'Cancelled by the user'],
      ['failed', 'Cancelled by the user'],
    ]);
    // The worker gives the thread back: a new solve runs at once instead of waiting 600 s.
    const quick = await expectStatus(
      inject('POST', '/experiments', {
        name: 'After cancel',
        kind: 'fleet_sweep',
        scenario_id: ids.scenarioId,
        task_id: ids.taskId,
        algorithm: 'greedy_distance',
        robot_counts: [1],
        parameters: { time_limit: 5 },
      }),
      201,
    );
    const started = Date.now();
    const done = await until(quick.json().id, (experiment) => experiment.status !== 'running');
    expect(done.status).toBe('completed');
    expect(Date.now() - started).toBeLessThan(10_000);
    // Cancelled points stay failed; the stopped worker did not overwrite them.
    expect((await until(id, () => true)).points.map((point) => point.status)).toEqual(['failed', 'failed', 'failed']);
  });
});

describe('experiment points reach the queue as points', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let headers: { authorization: string };
  const enqueued: { solveId: number; experimentId: number | null }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const db = database.handle.db;
    // Runs nothing; notes, at each enqueue, which experiment the solve already belongs to.
    const queue: SolveQueue = {
      async enqueue(solveId) {
        const [row] = await db
          .select({ experimentId: solves.experiment_id })
          .from(solves)
          .where(eq(solves.id, solveId));
        enqueued.push({ solveId, experimentId: row.experimentId });
      },
      async cancel() {},
      async close() {},
      async assertAvailable() {},
    };
    ({ app, headers } = await startAppWithQueue(database, queue, 'pointer'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('stores each point with its experiment id before enqueueing it', async () => {
    const inject = (url: string, payload: unknown) =>
      expectStatus(app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers }), 201);
    const environment = (await inject('/environments', { ...s1.environment, name: 's1' })).json();
    const scenario = (await inject('/scenarios', { name: 's1 orders', environment_id: environment.id })).json();
    const [task] = (
      await inject('/tasks/batch', [
        { name: 'pairs', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: s1.tasks } },
      ])
    ).json();
    const experiment = experimentRecordSchema.parse(
      (
        await inject('/experiments', {
          name: 'Points',
          kind: 'fleet_sweep',
          scenario_id: scenario.id,
          task_id: task.id,
          algorithm: 'greedy_distance',
          robot_counts: [1, 2],
        })
      ).json(),
    );
    expect(enqueued).toEqual(
      experiment.points.map((point) => ({ solveId: point.solve_id, experimentId: experiment.id })),
    );
  });
});
