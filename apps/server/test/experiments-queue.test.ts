import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildProblem, checkPlan } from '@fleetlab/solver';
import {
  buildNavigationGraph,
  compareRobotModels,
  environmentElementsSchema,
  experimentRecordSchema,
  fleetOfSize,
  robotsFromStations,
  type EnvironmentCreate,
  type ExperimentRecord,
} from '@fleetlab/warehouse';
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

/** s1 drawn with 3 robots per station (stations R1 at cell (5, 0) and R2 at (15, 0)): 6. */
const s1Elements = environmentElementsSchema.parse(s1.environment.elements);
const stations = s1Elements.robot_stations.map((station) => ({ ...station, robot_count: 3 }));
const sixRobotElements = {
  ...s1Elements,
  robot_stations: stations,
  robots: robotsFromStations(stations),
  navigation_points: [],
};
const sixRobots = {
  ...s1.environment,
  dimensions: { width: 20, height: 20 },
  name: 'Six robots',
  elements: sixRobotElements,
  graph: buildNavigationGraph(sixRobotElements),
};

/** Where a robot stands at the start of its execution: the first waypoint of its timeline. */
const startCell = (timeline: readonly number[]) => [timeline[1], timeline[2]];

/** Experiments on the real app with the embedded queue wired as main.ts does: points really run. */
describe('experiments through the embedded solve queue', () => {
  let database: TestDatabase;
  let queue: EmbeddedSolveQueue;
  let app: FastifyInstance;
  let headers: { authorization: string };
  let ids: { environmentId: number; scenarioId: number; taskId: number };

  const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v1${url}`, payload: payload as object | undefined, headers });

  /** Stores the environment with a scenario on it and s1's ten pairs as its task. */
  async function createFloor(environment: EnvironmentCreate) {
    const stored = (await expectStatus(inject('POST', '/environments', environment), 201)).json();
    const scenario = (
      await expectStatus(inject('POST', '/scenarios', { name: 's1 orders', environment_id: stored.id }), 201)
    ).json();
    const [task] = (
      await expectStatus(
        inject('POST', '/tasks/batch', [
          { name: 'ten pairs', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: s1.tasks } },
        ]),
        201,
      )
    ).json();
    return { environmentId: stored.id as number, scenarioId: scenario.id as number, taskId: task.id as number };
  }

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
    ids = await createFloor({ ...s1.environment, name: 's1' });
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

  it('a robot-model comparison runs each model at each fleet, says where the time went and which model needs fewer robots', async () => {
    const created = await expectStatus(
      inject('POST', '/experiments', {
        name: 'Which robot',
        kind: 'robot_model_comparison',
        scenario_id: ids.scenarioId,
        task_id: ids.taskId,
        algorithm: 'greedy_distance',
        robot_models: ['point', 'drive-unit'],
        robot_counts: [2, 1],
        target_makespan_s: 100_000,
        parameters: { time_limit: 5 },
      }),
      201,
    );
    expect(created.json()).toMatchObject({
      robot_models: ['point', 'drive-unit'],
      robot_counts: [1, 2],
      target_makespan_s: 100_000,
      target_throughput_per_h: null,
    });
    const done = await until(created.json().id, (experiment) => experiment.status !== 'running');
    expect(done.status).toBe('completed');
    expect(
      done.points.map((point) => [point.parameters.robot_model, point.robot_count, point.stats?.robot_model]),
    ).toEqual([
      ['point', 1, 'point'],
      ['point', 2, 'point'],
      ['drive-unit', 1, 'drive-unit'],
      ['drive-unit', 2, 'drive-unit'],
    ]);
    for (const point of done.points) {
      const split = point.stats?.time_split;
      if (!split) throw new Error(`point ${point.solve_id} has no time split`);
      expect(point.stats?.mean_cycle_s).toBeGreaterThan(0);
      if (point.parameters.robot_model === 'point') {
        expect(split).toMatchObject({ ramps_s: 0, turning_s: 0, handling_s: 0 });
      } else {
        expect(split.ramps_s).toBeGreaterThan(0);
        expect(split.turning_s).toBeGreaterThan(0);
        // The drive unit handles 2 s at each of the ten pickups and ten dropoffs.
        expect(split.handling_s).toBe(40);
      }
    }
    const answer = compareRobotModels(done.points, done.robot_models, done.target_makespan_s, false);
    // Both models finish ten pairs with one robot well inside the target: one robot each, a tie.
    expect(answer.winners).toEqual(['point', 'drive-unit']);
    expect(answer.winnerRobots).toBe(1);
  });

  it('a fleet sweep of shifts with drive units keeps each point’s dispatcher view, as its solve stored it', async () => {
    const created = await expectStatus(
      inject('POST', '/experiments', {
        name: 'Shifts of drive units',
        kind: 'fleet_sweep',
        scenario_id: ids.scenarioId,
        task_id: ids.taskId,
        algorithm: 'greedy_distance',
        robot_counts: [1, 2],
        parameters: { robot_model: 'drive-unit', shift: { hours: 0.25, orders_per_hour: 60 } },
      }),
      201,
    );
    const done = await until(created.json().id, (experiment) => experiment.status !== 'running');
    expect(done.status).toBe('completed');
    for (const point of done.points) {
      const solve = (await expectStatus(inject('GET', `/solves/${point.solve_id}`), 200)).json();
      expect(solve.stats.shift.dispatcher_view).toBeDefined();
      expect(point.stats?.shift?.dispatcher_view).toEqual(solve.stats.shift.dispatcher_view);
    }
  });

  it('refuses a robot-model comparison with one model, naming the field', async () => {
    const refused = await expectStatus(
      inject('POST', '/experiments', {
        name: 'One model',
        kind: 'robot_model_comparison',
        scenario_id: ids.scenarioId,
        task_id: ids.taskId,
        algorithm: 'greedy_distance',
        robot_models: ['amr'],
      }),
      400,
    );
    expect(refused.json()).toEqual({ detail: 'body.robot_models: Expected 2 to 6 robot models' });
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

  it('sweeps 6, 9 and 12 robots on a 6-robot layout: valid plans, the extra robots starting beside their stations', async () => {
    const six = await createFloor(sixRobots);
    const created = await expectStatus(
      inject('POST', '/experiments', {
        name: 'Past the drawing',
        kind: 'fleet_sweep',
        scenario_id: six.scenarioId,
        task_id: six.taskId,
        algorithm: 'greedy_distance',
        robot_counts: [6, 9, 12],
        parameters: { time_limit: 5 },
      }),
      201,
    );
    const done = await until(created.json().id, (experiment) => experiment.status !== 'running');
    expect(done.status).toBe('completed');
    expect(done.points.map((point) => [point.robot_count, point.status])).toEqual([
      [6, 'completed'],
      [9, 'completed'],
      [12, 'completed'],
    ]);
    for (const point of done.points) {
      const solve = (await expectStatus(inject('GET', `/solves/${point.solve_id}`), 200)).json();
      const fleet = fleetOfSize(sixRobots, point.robot_count);
      const problem = buildProblem({
        environment: { ...sixRobots, elements: { ...sixRobots.elements, robots: fleet } } as never,
        tasks: s1.tasks,
        params: solve.parameters,
      });
      expect(checkPlan(problem, solve.results).valid).toBe(true);
      expect(Object.keys(solve.results)).toHaveLength(point.robot_count ?? 0);
    }

    const twelve = (await expectStatus(inject('GET', `/solves/${done.points[2].solve_id}`), 200)).json();
    expect(Object.keys(twelve.results).sort()).toEqual([
      'R1_1',
      'R1_2',
      'R1_3',
      'R1_4',
      'R1_5',
      'R1_6',
      'R2_1',
      'R2_2',
      'R2_3',
      'R2_4',
      'R2_5',
      'R2_6',
    ]);
    // Dealt R1, R2, R1, ...; each on its station's nearest free cell, row then column on a tie:
    // the cells left of, right of and below the station, one metre away.
    const starts = Object.fromEntries(
      Object.entries(twelve.execution.robots as Record<string, { timeline: number[] }>).map(([id, robot]) => [
        id,
        startCell(robot.timeline),
      ]),
    );
    expect(starts).toMatchObject({
      R1_1: [5, 0],
      R1_4: [4, 0],
      R1_5: [6, 0],
      R1_6: [5, 1],
      R2_1: [15, 0],
      R2_4: [14, 0],
      R2_5: [16, 0],
      R2_6: [15, 1],
    });
  });

  it('continues a sweep with one more call: the new points run with its settings and are appended', async () => {
    const created = await expectStatus(
      inject('POST', '/experiments', {
        name: 'Short sweep',
        kind: 'fleet_sweep',
        scenario_id: ids.scenarioId,
        task_id: ids.taskId,
        algorithm: 'greedy_distance',
        robot_counts: [1, 2],
        parameters: { time_limit: 5, robot_speed: 1.5 },
      }),
      201,
    );
    const id = created.json().id as number;
    await until(id, (experiment) => experiment.status !== 'running');
    const refused = [
      [{ robot_counts: [2, 3] }, 'body.robot_counts: 2 is tested already'],
      [{ charger_counts: [2] }, 'body.robot_counts: Required to continue a fleet_sweep'],
      [
        { robot_counts: [344] },
        'body.robot_counts: 344 robots asked, but this floor can take at most 343 (4 drawn, 339 more parked beside the stations)',
      ],
    ] as const;
    for (const [body, detail] of refused) {
      const response = await inject('POST', `/experiments/${id}/points`, body);
      expect([response.statusCode, response.json()]).toEqual([400, { detail }]);
    }
    const continued = experimentRecordSchema.parse(
      (await expectStatus(inject('POST', `/experiments/${id}/points`, { robot_counts: [4, 3] }), 200)).json(),
    );
    expect(continued.robot_counts).toEqual([1, 2, 3, 4]);
    expect(continued.status).toBe('running');
    const done = await until(id, (experiment) => experiment.status !== 'running');
    expect(done.points.map((point) => [point.robot_count, point.status, point.parameters.robot_speed])).toEqual([
      [1, 'completed', 1.5],
      [2, 'completed', 1.5],
      [3, 'completed', 1.5],
      [4, 'completed', 1.5],
    ]);
  });

  it('refuses a robot_count beyond what the floor can park, naming the most it can take', async () => {
    const six = await createFloor(sixRobots);
    const solve = await inject('POST', '/solves', {
      name: 'Too many',
      environment_id: six.environmentId,
      scenario_id: six.scenarioId,
      task_id: six.taskId,
      algorithm_id: 1,
      parameters: { robot_count: 400 },
    });
    expect(solve.statusCode).toBe(400);
    expect(solve.json()).toEqual({
      detail:
        'body.parameters.robot_count: 400 robots asked, but this floor can take at most 345 (6 drawn, 339 more parked beside the stations)',
    });
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
