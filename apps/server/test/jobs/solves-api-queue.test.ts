import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { planResultsSchema, solveStatsSchema } from '@fleetlab/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BullmqSolveQueue } from '../../src/jobs/bullmq-solve-queue.ts';
import { EmbeddedSolveQueue } from '../../src/jobs/embedded-solve-queue.ts';
import { silentJobLogger } from '../../src/jobs/job-logger.ts';
import type { SolveQueue } from '../../src/jobs/solve-queue.ts';
import { scenarioBody, singleAisleEnvironment, solveBody, taskBody } from '../support/fixtures.ts';
import { expectStatus, startAppWithQueue } from '../support/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-database.ts';

const S1_INSTANCE = new URL('../../../../packages/solver/bench/instances/s1.json', import.meta.url);

interface QueueApp {
  app: FastifyInstance;
  headers: { authorization: string };
  ids: { environmentId: number; scenarioId: number; taskId: number };
}

/** The solve read again every 50 ms until it has completed or failed (15 s at most); `solve` is its first reading. */
async function settled(t: QueueApp, solve: any): Promise<any> {
  let read = solve;
  for (let k = 0; k < 300 && read.status !== 'completed' && read.status !== 'failed'; k++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    read = (await t.app.inject({ method: 'GET', url: `/api/v1/solves/${solve.id}`, headers: t.headers })).json();
  }
  return read;
}

/** The real app with `solveQueue` wired as main.ts does, a signed-in planner and a task to solve. */
async function startQueueApp(database: TestDatabase, solveQueue: SolveQueue): Promise<QueueApp> {
  const { app, headers } = await startAppWithQueue(database, solveQueue, 'queue');
  const inject = (method: 'POST' | 'GET', url: string, payload?: unknown, headers = {}) =>
    app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers });
  const environmentId = (
    await expectStatus(inject('POST', '/environments', singleAisleEnvironment(), headers), 201)
  ).json().id;
  const scenarioId = (
    await expectStatus(inject('POST', '/scenarios', scenarioBody(environmentId), headers), 201)
  ).json().id;
  const taskId = (await expectStatus(inject('POST', '/tasks/batch', [taskBody(scenarioId)], headers), 201)).json()[0]
    .id;
  return { app, headers, ids: { environmentId, scenarioId, taskId } };
}

describe('POST and DELETE /solves with the embedded queue', () => {
  let database: TestDatabase;
  let queue: EmbeddedSolveQueue;
  let t: QueueApp;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    queue = await EmbeddedSolveQueue.start({ db: database.handle.db, logger: silentJobLogger, threads: 1 });
    t = await startQueueApp(database, queue);
  });
  afterAll(async () => {
    await t?.app.close();
    await queue?.close();
    await database?.dispose();
  });

  /** Posts a 60 s makespan solve and waits until the queue runs it; returns its id. */
  async function startLongSolve(): Promise<number> {
    const created = await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/v1/solves',
        headers: t.headers,
        // Distance weighed beside completion time: the search cannot stop early by proving its
        // makespan optimal (on this small floor it would within milliseconds), so it runs until stopped.
        payload: {
          ...solveBody(t.ids),
          algorithm_id: 6,
          parameters: { time_limit: 60, objective_weights: { completion_time: 50, distance_traveled: 50 } },
        },
      }),
      201,
    );
    const id = created.json().id as number;
    for (let k = 0; k < 300 && !queue.runningSolveIds.includes(id); k++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queue.runningSolveIds).toEqual([id]);
    return id;
  }

  it('a created solve runs to completed without anyone watching', async () => {
    const created = await expectStatus(
      t.app.inject({ method: 'POST', url: '/api/v1/solves', headers: t.headers, payload: solveBody(t.ids) }),
      201,
    );
    const id = created.json().id as number;
    expect(created.json().celery_task_id).toBe(`embedded-${id}-1`);
    const solve = await settled(t, created.json());
    expect(solve.status).toBe('completed');
    expect(solve.stats.algorithm).toBe('greedy_distance');
    // Every step's path hops along edges of the graph the environment stores (as the spec's client draws it).
    const stored = (
      await t.app.inject({ method: 'GET', url: `/api/v1/environments/${t.ids.environmentId}`, headers: t.headers })
    ).json().graph as { edges: { from: string; to: string }[] };
    const edges = new Set(stored.edges.map((edge) => `${edge.from} ${edge.to}`));
    const steps = Object.values(solve.results as Record<string, { path: string[] }[]>).flat();
    const hops = steps.flatMap((step) => step.path.slice(1).map((to, k) => `${step.path[k]} ${to}`));
    expect(hops.length).toBeGreaterThan(0);
    expect(hops.filter((hop) => !edges.has(hop))).toEqual([]);
    // Results and stats are exactly what the warehouse schemas describe: parsing keeps every field.
    expect(planResultsSchema.parse(solve.results)).toEqual(solve.results);
    expect(solveStatsSchema.parse(solve.stats)).toEqual(solve.stats);
    // Executed on the shared floor in the same job: totals in stats, timelines in `execution`, lists without it.
    expect(solve.execution.totals.deliveries).toBe(2);
    expect(solve.stats.execution).toEqual(solve.execution.totals);
    expect(Object.keys(solve.execution.robots)).toEqual(['R1_1']);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/solves', headers: t.headers })).json();
    expect(listed.find((entry: { id: number }) => entry.id === id)).not.toHaveProperty('execution');
    expect(listed.find((entry: { id: number }) => entry.id === id)).not.toHaveProperty('results');
    // The plan goes out as the solve thread wrote it, compact and in its own key order, never re-serialised.
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/solves/${id}`, headers: t.headers });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body).toContain(
      `"results":${JSON.stringify(solve.results)},"execution":${JSON.stringify(solve.execution)}}`,
    );
    // Spec §3 clients count every value of results as a robot's steps: nothing else may sit there.
    expect(Object.keys(solve.results)).toEqual(['R1_1']);
    expect(solve.progress).toBeNull();
  });

  it('a drive-unit solve completes with its plan and its floor run timed by the model', async () => {
    const body = solveBody(t.ids);
    const created = await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/v1/solves',
        headers: t.headers,
        payload: { ...body, parameters: { ...body.parameters, robot_model: 'drive-unit' } },
      }),
      201,
    );
    const solve = await settled(t, created.json());
    expect(solve.status).toBe('completed');
    expect(solve.parameters.robot_model).toBe('drive-unit');
    expect(solve.stats.robot_model).toBe('drive-unit');
    expect(solveStatsSchema.parse(solve.stats)).toEqual(solve.stats);
    expect(solve.stats.execution_error ?? null).toBeNull();
    expect(solve.execution.step_s).toBe(0.05);
    for (const robot of Object.values(solve.execution.robots) as { motion?: number[] }[])
      expect(robot.motion?.length).toBeGreaterThan(0);
    expect(solve.stats.execution.free_flow_makespan_s).toBe(solve.stats.execution.planned_makespan_s);
    expect(solve.stats.execution.executed_makespan_s).toBeGreaterThanOrEqual(
      solve.stats.execution.free_flow_makespan_s,
    );
  });

  it('a drive-unit solve with delays and breakdowns runs them on the floor and says what they cost', async () => {
    const body = solveBody(t.ids);
    const stops = { delays: { rate_per_robot_h: 120, mean_s: 10 }, breakdowns: { mtbf_h: 0.001, repair_min: 0.1 } };
    const created = await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/v1/solves',
        headers: t.headers,
        payload: { ...body, parameters: { ...body.parameters, robot_model: 'drive-unit', ...stops } },
      }),
      201,
    );
    const solve = await settled(t, created.json());
    expect(solve.status).toBe('completed');
    expect(solve.stats.execution_error ?? null).toBeNull();
    const { totals } = solve.execution;
    expect((totals.delays?.count ?? 0) + (totals.breakdowns?.count ?? 0)).toBeGreaterThan(0);
    expect(totals.without_disruptions.deliveries).toBe(totals.deliveries);
    expect(totals.executed_makespan_s).toBeGreaterThan(totals.without_disruptions.executed_makespan_s);
  });

  it('plans for the scenario’s robot_count, spread round-robin over the stations, and refuses more robots than exist', async () => {
    const instance = JSON.parse(readFileSync(S1_INSTANCE, 'utf8'));
    const post = (url: string, payload: unknown, status: number) =>
      expectStatus(
        t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: t.headers, payload: payload as object }),
        status,
      );
    const environmentId = (await post('/environments', instance.environment, 201)).json().id;
    const scenarioId = (
      await post(
        '/scenarios',
        { name: 'Two robots', environment_id: environmentId, parameters: { robot_count: 2 } },
        201,
      )
    ).json().id;
    const taskId = (
      await post(
        '/tasks/batch',
        [
          {
            name: 's1 pairs',
            task_type: 'pickup_delivery',
            scenario_id: scenarioId,
            details: { tasks: instance.tasks },
          },
        ],
        201,
      )
    ).json()[0].id;
    const ids = { environmentId, scenarioId, taskId };

    const tooMany = await post(
      '/solves',
      { ...solveBody(ids), parameters: { ...solveBody(ids).parameters, robot_count: 344 } },
      400,
    );
    expect(tooMany.json().detail).toBe(
      'body.parameters.robot_count: 344 robots asked, but this floor can take at most 343 (4 drawn, 339 more parked beside the stations)',
    );

    const id = (await post('/solves', solveBody(ids), 201)).json().id as number;
    const solve = await settled(t, { id, status: 'pending' });
    expect(solve.status).toBe('completed');
    // s1 has stations R1 and R2 with two robots each: a fleet of 2 takes the first robot of each.
    expect(Object.keys(solve.results ?? {})).toEqual(['R1_1', 'R2_1']);
  });

  it('DELETE of a running solve stops its solver at once', async () => {
    const id = await startLongSolve();
    await expectStatus(t.app.inject({ method: 'DELETE', url: `/api/v1/solves/${id}`, headers: t.headers }), 204);
    expect(queue.runningSolveIds).toEqual([]);
  });

  it('POST /solves/{id}/cancel stops a running solve and keeps it, failed with "Cancelled by the user"', async () => {
    // The stranger signs up first: on a busy machine that takes longer than the solve may run.
    const stranger = await startAppWithQueue(database, queue, 'stranger');
    const id = await startLongSolve();

    const foreign = await stranger.app.inject({
      method: 'POST',
      url: `/api/v1/solves/${id}/cancel`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    await stranger.app.close();
    expect(queue.runningSolveIds).toEqual([id]);

    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/solves/${id}/cancel`, headers: t.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      id,
      status: 'failed',
      results: { error: 'Cancelled by the user' },
      stats: null,
      progress: null,
    });
    expect(queue.runningSolveIds).toEqual([]);
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/solves/${id}/cancel`, headers: t.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: `Solve ${id} has already ended (failed); only a pending or running solve can be cancelled`,
    });
    // The thread is free again: the next solve runs to completed.
    const next = await expectStatus(
      t.app.inject({ method: 'POST', url: '/api/v1/solves', headers: t.headers, payload: solveBody(t.ids) }),
      201,
    );
    const solve = await settled(t, next.json());
    expect(solve.status).toBe('completed');
  });
});

describe('POST /solves with Redis unreachable', () => {
  let database: TestDatabase;
  let queue: BullmqSolveQueue;
  let t: QueueApp;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    queue = new BullmqSolveQueue({
      db: database.handle.db,
      redisUrl: 'redis://127.0.0.1:1',
      queueName: 'solves',
      prefix: 'fleetlab-unreachable',
      logger: silentJobLogger,
    });
    t = await startQueueApp(database, queue);
  });
  afterAll(async () => {
    await t?.app.close();
    await queue?.close();
    await database?.dispose();
  });

  it('answers 503 at once and stores nothing', async () => {
    const startedMs = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solves',
      headers: t.headers,
      payload: solveBody(t.ids),
    });
    expect(Date.now() - startedMs).toBeLessThan(500);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'The solve queue is unavailable; please try again in a moment.' });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/solves', headers: t.headers });
    expect(list.json()).toEqual([]);
  });
});
