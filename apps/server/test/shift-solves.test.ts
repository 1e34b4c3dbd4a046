import type { FastifyInstance } from 'fastify';
import { checkExecution } from '@fleetlab/simulator';
import {
  experimentRecordSchema,
  experimentShiftStatsSchema,
  solveRecordSchema,
  solveStatsSchema,
  type ExecutionRecord,
  type ExperimentRecord,
  type FloorEnvironment,
  type PlanResultsRecord,
  type PlanStepRecord,
  type SolveRecord,
} from '@fleetlab/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedSolveQueue } from '../src/jobs/embedded-solve-queue.ts';
import { silentJobLogger } from '../src/jobs/job-logger.ts';
import { corridorEnvironment } from './support/fixtures.ts';
import { expectStatus, startAppWithQueue } from './support/test-app.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from './support/test-database.ts';

/** Batteries that never bind on the corridor: the shifts below measure dispatch and driving alone. */
const NO_CHARGING = { max_distance: 10_000 };

/** `count` orders P1 -> D1, one every `everyS` seconds from t = 0. */
function ordersEvery(count: number, everyS: number): { tasks: [string, string][]; release_s: number[] } {
  return {
    tasks: Array.from({ length: count }, () => ['P1', 'D1']),
    release_s: Array.from({ length: count }, (_, k) => everyS * k),
  };
}

const isDelivery = (step: PlanStepRecord) => Array.isArray(step.task);

describe.each(databaseKinds)('shift solves and rate sweeps through the API on %s', (kind) => {
  let database: TestDatabase;
  let queue: EmbeddedSolveQueue;
  let app: FastifyInstance;
  let headers: { authorization: string };
  let environment: FloorEnvironment;
  let ids: { environmentId: number; scenarioId: number; taskId: number };

  const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, extraHeaders: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      payload: payload as object | undefined,
      headers: { ...headers, ...extraHeaders },
    });

  async function postTask(details: object): Promise<number> {
    const [task] = (
      await expectStatus(
        inject('POST', '/tasks/batch', [{ name: 'Corridor orders', scenario_id: ids.scenarioId, details }]),
        201,
      )
    ).json();
    return task.id;
  }

  const shiftSolve = (taskId: number, parameters: object) => ({
    name: 'Shift',
    environment_id: ids.environmentId,
    scenario_id: ids.scenarioId,
    task_id: taskId,
    algorithm_id: 1,
    parameters,
  });

  async function finished(id: number): Promise<SolveRecord> {
    for (;;) {
      const solve = (await expectStatus(inject('GET', `/solves/${id}`), 200)).json() as SolveRecord;
      if (solve.status === 'completed' || solve.status === 'failed') return solve;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function runSolve(taskId: number, parameters: object): Promise<SolveRecord> {
    const created = await expectStatus(inject('POST', '/solves', shiftSolve(taskId, parameters)), 201);
    return finished(created.json().id);
  }

  async function finishedExperiment(id: number): Promise<ExperimentRecord> {
    for (;;) {
      const experiment = experimentRecordSchema.parse(
        (await expectStatus(inject('GET', `/experiments/${id}`), 200)).json(),
      );
      if (experiment.status !== 'running') return experiment;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    queue = await EmbeddedSolveQueue.start({ db: database.handle.db, logger: silentJobLogger, threads: 1 });
    ({ app, headers } = await startAppWithQueue(database, queue, 'shifts'));
    const created = (await expectStatus(inject('POST', '/environments', corridorEnvironment()), 201)).json();
    environment = created as FloorEnvironment;
    const scenarioId = (
      await expectStatus(inject('POST', '/scenarios', { name: 'Corridor shifts', environment_id: created.id }), 201)
    ).json().id;
    ids = { environmentId: created.id, scenarioId, taskId: 0 };
    ids.taskId = await postTask({
      tasks: [
        ['P1', 'D1'],
        ['P2', 'D1'],
      ],
    });
  });
  afterAll(async () => {
    await app?.close();
    await queue?.close();
    await database?.dispose();
  });

  it('runs a shift: stats.shift, the execution’s orders and the results agree, and the stored execution passes the checker', async () => {
    const solve = await runSolve(ids.taskId, { robot_count: 2, shift: { hours: 0.25, orders_per_hour: 120 } });
    expect(solve.status, JSON.stringify(solve.results)).toBe('completed');
    expect(solveRecordSchema.parse(solve)).toEqual(solve);
    const stats = solveStatsSchema.parse(solve.stats);
    const results = solve.results as PlanResultsRecord;
    const execution = solve.execution as ExecutionRecord;
    const shift = stats.shift!;
    const orders = execution.orders!;
    const delivered = orders.filter((order) => order.done_s !== undefined);

    // The seeded stream (seed 1) at 120 an hour over 15 minutes, handed out by re-planning.
    expect(shift).toMatchObject({ hours: 0.25, dispatch: 'reoptimise', released: 33, delivered: 32 });
    expect(orders).toHaveLength(shift.released);
    expect(delivered).toHaveLength(shift.delivered);
    expect(stats.deliveries).toBe(shift.delivered);
    expect(execution.totals.deliveries).toBe(shift.delivered);
    expect(stats.execution).toEqual(execution.totals);
    // Each delivered order is one delivery step of its robot, naming the order and its release.
    expect(Object.keys(results).sort()).toEqual(['R1_1', 'R1_2']);
    const deliverySteps = Object.values(results).flatMap((steps) => steps.filter(isDelivery));
    expect(deliverySteps.map((step) => step.order_id).sort()).toEqual(delivered.map((order) => order.id).sort());
    for (const order of delivered) {
      expect(order.pickup_s!).toBeGreaterThanOrEqual(order.release_s);
      const step = results[order.robot!].find((candidate) => candidate.order_id === order.id)!;
      expect(step).toMatchObject({
        task: [order.pickup, order.dropoff],
        release_s: order.release_s,
        completion_time: order.done_s,
      });
    }
    expect(checkExecution(environment, results, execution, solve.parameters).errors).toEqual([]);
    expect(solve.progress).toBeNull();

    // A finished shift is kept and tagged like any finished solve.
    const first = await expectStatus(inject('GET', `/solves/${solve.id}`), 200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await inject('GET', `/solves/${solve.id}`, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('runs a shift with the solve’s robot model: timed motion, the model named, the figures counted to the end', async () => {
    const parameters = { robot_count: 2, robot_model: 'drive-unit', shift: { hours: 0.25, orders_per_hour: 120 } };
    const solve = await runSolve(ids.taskId, parameters);
    expect(solve.status, JSON.stringify(solve.results)).toBe('completed');
    const stats = solveStatsSchema.parse(solve.stats);
    const execution = solve.execution as ExecutionRecord;
    expect(stats.robot_model).toBe('drive-unit');
    expect(execution.step_s).toBe(0.05);
    expect(Object.values(execution.robots).every((robot) => (robot.motion?.length ?? 0) > 0)).toBe(true);
    // Delivered = done by the shift's end; an order the robots finish after it says so.
    const orders = execution.orders!;
    const inShift = orders.filter((order) => order.done_s !== undefined && !order.after_shift_end);
    expect(stats.shift!.delivered).toBe(inShift.length);
    expect(inShift.every((order) => order.done_s! <= 900)).toBe(true);
    expect(
      orders.filter((order) => order.after_shift_end).every((order) => (order.done_s ?? order.pickup_s)! > 900),
    ).toBe(true);
    expect(checkExecution(environment, solve.results, execution, solve.parameters).errors).toEqual([]);
    // What the dispatcher saw on its own clock is stored beside it: never fewer delivered than the robots did.
    const view = stats.shift!.dispatcher_view!;
    expect(view.delivered).toBeGreaterThanOrEqual(stats.shift!.delivered);
    expect(view.delivered + view.backlog_end).toBe(stats.shift!.released);
  });

  it('stores a task’s release_s, returns it, and a shift on it releases exactly those orders, worked out by hand', async () => {
    const details = ordersEvery(15, 60);
    const [task] = (
      await expectStatus(
        inject('POST', '/tasks/batch', [{ name: 'Every minute', scenario_id: ids.scenarioId, details }]),
        201,
      )
    ).json();
    expect(task.details).toEqual(details);
    expect((await expectStatus(inject('GET', `/tasks/${task.id}`), 200)).json().details).toEqual(details);

    const solve = await runSolve(task.id, {
      ...NO_CHARGING,
      robot_count: 1,
      shift: { hours: 0.25, orders_per_hour: 60 },
    });
    expect(solve.status, JSON.stringify(solve.results)).toBe('completed');
    // Order k is released at 60k s; R1_1 reaches P1 21 s later and D1 40 s after the release,
    // home again before the next one: one open order at most, every cycle 40 s.
    const execution = solve.execution as ExecutionRecord;
    expect(execution.orders).toEqual(
      details.release_s.map((release, k) => ({
        id: `O${k + 1}`,
        pickup: 'P1',
        dropoff: 'D1',
        release_s: release,
        pickup_s: release + 21,
        robot: 'R1_1',
        done_s: release + 40,
      })),
    );
    expect(solve.stats!.shift).toMatchObject({
      released: 15,
      delivered: 15,
      throughput_per_h: 60,
      cycle_p50_s: 40,
      cycle_p95_s: 40,
      cycle_max_s: 40,
      backlog_max: 1,
      backlog_end: 0,
      backlog_trend: 'stable',
    });
    expect(Object.keys(solve.results!)).toEqual(['R1_1']);
    // Checked on the floor with the fleet the shift ran: R1_1 alone.
    const fleetOfOne = {
      ...environment,
      elements: { ...environment.elements, robots: environment.elements.robots!.slice(0, 1) },
    };
    expect(checkExecution(fleetOfOne, solve.results as PlanResultsRecord, execution, solve.parameters).errors).toEqual(
      [],
    );
  });

  it('fails a shift on a task without pairs, naming why', async () => {
    const taskId = await postTask({});
    const solve = await runSolve(taskId, { shift: { hours: 0.25, orders_per_hour: 60 } });
    expect(solve.status).toBe('failed');
    expect(solve.results).toEqual({ error: "A shift draws its orders from the task's pairs, but the task has none" });
  });

  it.each([
    [{ hours: 0.1, orders_per_hour: 60 }, 'body.parameters.shift.hours: a shift lasts at least 0.25 h'],
    [{ hours: 1 }, 'body.parameters.shift.orders_per_hour: a shift needs orders_per_hour or an hourly profile'],
    [{ hours: 1, orders_per_hour: 0 }, 'body.parameters.shift.orders_per_hour: orders_per_hour must be at least 1'],
    [
      { hours: 2, profile: [60] },
      'body.parameters.shift.profile: the profile needs one rate per started hour of the shift: 2 for 2 h, got 1',
    ],
    [{ hours: 1, profile: [0] }, 'body.parameters.shift.profile: a profile needs orders in at least one hour'],
    [
      { hours: 1, orders_per_hour: 60, dispatch: 'fastest' },
      'body.parameters.shift.dispatch: dispatch must be one of reoptimise, nearest_idle',
    ],
    [
      { hours: 1, orders_per_hour: 60, reoptimise_every_s: 5 },
      'body.parameters.shift.reoptimise_every_s: reoptimise_every_s must be at least 10',
    ],
  ])('refuses shift %j with a 400 naming the field, storing nothing', async (shift, detail) => {
    const before = (await inject('GET', '/solves')).json().length;
    const response = await inject('POST', '/solves', shiftSolve(ids.taskId, { shift }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
    expect((await inject('GET', '/solves')).json()).toHaveLength(before);
  });

  it('refuses release_s that do not fit the pairs with a 400 naming the field', async () => {
    const response = await inject('POST', '/tasks/batch', [
      {
        name: 'Bad times',
        scenario_id: ids.scenarioId,
        details: {
          tasks: [
            ['P1', 'D1'],
            ['P2', 'D1'],
          ],
          release_s: [0],
        },
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'body.0.details.release_s: release_s needs one time per pair: 2 pairs, 1 times',
    });
    const negative = await inject('POST', '/tasks/batch', [
      { name: 'Bad times', scenario_id: ids.scenarioId, details: { tasks: [['P1', 'D1']], release_s: [-5] } },
    ]);
    expect(negative.json()).toEqual({ detail: 'body.0.details.release_s.0: release_s cannot be negative' });
  });

  const rateSweep = (overrides: object) => ({
    name: 'Rates',
    kind: 'rate_sweep',
    scenario_id: ids.scenarioId,
    task_id: ids.taskId,
    algorithm: 'greedy_distance',
    rates: [120, 60],
    parameters: { ...NO_CHARGING, shift: { hours: 0.25, orders_per_hour: 1, dispatch: 'nearest_idle' } },
    ...overrides,
  });

  it.each([
    [{ rates: undefined }, 'body.rates: Required for a rate_sweep'],
    [{ rates: [60, 60] }, 'body.rates: Rates must be distinct'],
    [{ rates: [0.5] }, 'body.rates.0: Rates start at 1 order per hour'],
    [{ rates: [] }, 'body.rates: Expected 1 to 30 rates'],
    [{ parameters: {} }, 'body.parameters: A rate_sweep runs shifts: set parameters.shift (hours, dispatch)'],
    [
      { parameters: { shift: { hours: 1, profile: [60] } } },
      "body.parameters: A rate_sweep sets each point's rate: parameters.shift cannot have a profile",
    ],
    [{ robot_counts: [1, 2] }, 'body.robot_counts: Not used by a rate_sweep'],
    [{ cycle_p95_target_s: 5 }, 'body.cycle_p95_target_s: cycle_p95_target_s must be at least 10 s'],
    [
      { kind: 'fleet_sweep', robot_counts: [1, 2], rates: undefined, parameters: {}, cycle_p95_target_s: 600 },
      'body.cycle_p95_target_s: Only used when the experiment runs shifts (parameters.shift)',
    ],
  ])('refuses the rate sweep change %j with a 400 naming the field', async (overrides, detail) => {
    const response = await inject('POST', '/experiments', rateSweep(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('runs a rate sweep: one shift per rate, each point with its rate and its shift figures', async () => {
    const created = experimentRecordSchema.parse(
      (await expectStatus(inject('POST', '/experiments', rateSweep({})), 201)).json(),
    );
    expect(created).toMatchObject({
      kind: 'rate_sweep',
      rates: [60, 120],
      cycle_p95_target_s: 600,
      algorithms: ['greedy_distance'],
      robot_counts: [],
      charger_counts: [],
    });
    const done = await finishedExperiment(created.id);
    expect(done.status).toBe('completed');
    expect(
      done.points.map((point) => [point.orders_per_hour, point.parameters.shift?.orders_per_hour, point.status]),
    ).toEqual([
      [60, 60, 'completed'],
      [120, 120, 'completed'],
    ]);
    for (const point of done.points) {
      const solve = (await expectStatus(inject('GET', `/solves/${point.solve_id}`), 200)).json() as SolveRecord;
      expect(point.stats!.shift).toEqual(experimentShiftStatsSchema.parse(solve.stats!.shift));
      expect(point.stats!.deliveries).toBe(2);
      expect(point.stats!.shift!.delivered).toBe(solve.stats!.shift!.delivered);
    }
    // Twice the rate releases about twice the orders from the same seeded stream.
    const [slow, fast] = done.points.map((point) => point.stats!.shift!);
    expect(fast.released).toBeGreaterThan(slow.released);
  });

  it('runs shifts in any kind of experiment with parameters.shift, and keeps batch experiments as they were', async () => {
    const fleetSweep = await expectStatus(
      inject('POST', '/experiments', {
        name: 'Robots for 60 an hour',
        kind: 'fleet_sweep',
        scenario_id: ids.scenarioId,
        task_id: ids.taskId,
        algorithm: 'greedy_distance',
        robot_counts: [1, 2],
        cycle_p95_target_s: 300,
        parameters: { ...NO_CHARGING, shift: { hours: 0.25, orders_per_hour: 60, dispatch: 'nearest_idle' } },
      }),
      201,
    );
    const shifts = await finishedExperiment(fleetSweep.json().id);
    expect(shifts).toMatchObject({ status: 'completed', rates: [], cycle_p95_target_s: 300, robot_counts: [1, 2] });
    expect(
      shifts.points.map((point) => [
        point.robot_count,
        point.orders_per_hour,
        point.stats?.shift?.orders_per_hour !== undefined,
      ]),
    ).toEqual([
      [1, 60, true],
      [2, 60, true],
    ]);

    const batch = await expectStatus(
      inject('POST', '/experiments', {
        name: 'Day',
        kind: 'fleet_sweep',
        scenario_id: ids.scenarioId,
        task_id: ids.taskId,
        algorithm: 'greedy_distance',
        robot_counts: [1],
        parameters: { time_limit: 5 },
      }),
      201,
    );
    const day = await finishedExperiment(batch.json().id);
    expect(day).toMatchObject({ status: 'completed', rates: [], cycle_p95_target_s: null });
    expect(day.points[0]).toMatchObject({ orders_per_hour: null, stats: { deliveries: 2, shift: null } });
  });

  it('shows shift solves, release times and rate sweeps to their owner only', async () => {
    const solveId = (
      await expectStatus(
        inject('POST', '/solves', shiftSolve(ids.taskId, { shift: { hours: 0.25, orders_per_hour: 60 } })),
        201,
      )
    ).json().id;
    const experimentId = (await expectStatus(inject('POST', '/experiments', rateSweep({ rates: [30] })), 201)).json()
      .id;
    const stranger = await startAppWithQueue(database, queue, 'stranger');
    const get = (url: string) =>
      stranger.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: stranger.headers });
    try {
      expect((await get(`/solves/${solveId}`)).statusCode).toBe(404);
      expect((await get(`/experiments/${experimentId}`)).statusCode).toBe(404);
      expect((await get(`/tasks/${ids.taskId}`)).statusCode).toBe(404);
      expect((await get('/solves')).json()).toEqual([]);
      expect((await get('/experiments')).json()).toEqual([]);
      const foreign = await stranger.app.inject({
        method: 'POST',
        url: '/api/v1/experiments',
        headers: stranger.headers,
        payload: rateSweep({}),
      });
      expect(foreign.statusCode).toBe(404);
    } finally {
      await stranger.app.close();
    }
    await finished(solveId);
    await finishedExperiment(experimentId);
  });
});
