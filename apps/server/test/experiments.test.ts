import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import {
  experimentRecordSchema,
  type EnvironmentCreate,
  type ExecutionTotalsRecord,
  type ExperimentRecord,
  type SolveStatsRecord,
} from '@fleetlab/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solves } from '../src/db/schema.ts';
import { experimentStatusOf } from '../src/services/experiments-service.ts';
import { databaseKinds } from './support/test-database.ts';
import { expectStatus, startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

/** Benchmark s1: a 20 x 20 floor, stations R1 and R2 with 2 robots each, 10 pickup-dropoff pairs. */
const s1 = JSON.parse(
  readFileSync(new URL('../../../packages/solver/bench/instances/s1.json', import.meta.url), 'utf8'),
) as { environment: EnvironmentCreate; tasks: [string, string][] };

interface Floor {
  environmentId: number;
  scenarioId: number;
  taskId: number;
}

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';

/** The stats a completed makespan solve stores, with the figures a test cares about. */
function completedStats(figures: Partial<SolveStatsRecord>): SolveStatsRecord {
  return {
    algorithm: 'makespan',
    algorithm_id: 6,
    makespan_s: 180,
    total_distance_m: 360,
    recharges: 1,
    deliveries: 10,
    lower_bound_s: 90,
    gap: 1,
    lower_bound_battery_s: 90,
    gap_battery: 1,
    runtime_ms: 1200,
    seed: 1,
    iterations: 0,
    stop_reason: 'time_limit',
    objectives: {
      completion_time: 180,
      energy_usage: 36,
      distance_traveled: 360,
      balanced_workload: 0,
      cost_efficiency: 180,
    },
    objective_score: 1,
    objective_weights: { completion_time: 100 },
    ...figures,
  };
}

describe.each(databaseKinds)('experiments on %s', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let floor: Floor;
  let otherScenarioId: number;

  const as = (user: SignedInUser, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, payload: payload as object | undefined });

  async function createFloor(user: SignedInUser, label: string): Promise<Floor> {
    const post = async (url: string, body: unknown) => (await expectStatus(as(user, 'POST', url, body), 201)).json();
    const environment = await post('/environments', { ...s1.environment, name: `${label} floor` });
    const scenario = await post('/scenarios', {
      name: `${label} scenario`,
      environment_id: environment.id,
      parameters: {},
    });
    const [task] = await post('/tasks/batch', [
      {
        name: `${label} orders`,
        task_type: 'pickup_delivery',
        scenario_id: scenario.id,
        details: { tasks: s1.tasks, priority: 1 },
      },
    ]);
    return { environmentId: environment.id, scenarioId: scenario.id, taskId: task.id };
  }

  const sweepBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Fleet size',
    kind: 'fleet_sweep',
    scenario_id: floor.scenarioId,
    task_id: floor.taskId,
    algorithm: 'makespan',
    robot_counts: [4, 1, 2],
    // Long enough that no worker finishes a point while a test looks at it.
    parameters: { time_limit: 3600 },
    ...overrides,
  });

  const comparisonBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Which algorithm',
    kind: 'algorithm_comparison',
    scenario_id: floor.scenarioId,
    task_id: floor.taskId,
    algorithms: ['auction', 'greedy_distance', 'kmeans'],
    parameters: { time_limit: 3600, robot_speed: 1.5 },
    ...overrides,
  });

  async function createExperiment(user: SignedInUser, body: unknown): Promise<ExperimentRecord> {
    const response = await expectStatus(as(user, 'POST', '/experiments', body), 201);
    return experimentRecordSchema.parse(response.json());
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.signUp('expalice');
    bob = await t.signUp('expbob');
    floor = await createFloor(alice, 'Alice');
    const other = (
      await expectStatus(as(alice, 'POST', '/scenarios', { name: 'Other', environment_id: floor.environmentId }), 201)
    ).json();
    otherScenarioId = other.id;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  describe('fleet sweep', () => {
    it('creates one ordinary solve per robot count, smallest fleet first', async () => {
      const experiment = await createExperiment(alice, sweepBody({ description: 'How many robots?' }));
      expect(experiment).toMatchObject({
        name: 'Fleet size',
        description: 'How many robots?',
        kind: 'fleet_sweep',
        environment_id: floor.environmentId,
        scenario_id: floor.scenarioId,
        task_id: floor.taskId,
        algorithms: ['makespan'],
        robot_counts: [1, 2, 4],
        knee_tolerance: 0.05,
        cancelled_at: null,
        parameters: {
          time_limit: 3600,
          battery_capacity: 100,
          max_distance: 1000,
          robot_speed: 1,
          recharge_time: 3,
          balance_factor: 50,
          objective_weights: { completion_time: 100 },
        },
      });
      expect(experiment.points.map((point) => [point.algorithm, point.robot_count])).toEqual([
        ['makespan', 1],
        ['makespan', 2],
        ['makespan', 4],
      ]);
      expect(experiment.progress.total).toBe(3);

      for (const [index, point] of experiment.points.entries()) {
        const solve = (await expectStatus(as(alice, 'GET', `/solves/${point.solve_id}`), 200)).json();
        const count = [1, 2, 4][index];
        expect(solve).toMatchObject({
          name: `Fleet size · ${count} ${count === 1 ? 'robot' : 'robots'}`,
          description: `Point of experiment ${experiment.id}`,
          environment_id: floor.environmentId,
          scenario_id: floor.scenarioId,
          task_id: floor.taskId,
          algorithm_id: 6,
          parameters: { algorithm_type: 'makespan', robot_count: count, time_limit: 3600 },
        });
        // Queued like any solve: pending, or already running when a queue is wired into the app.
        expect(['pending', 'running']).toContain(point.status);
      }
      expect(experiment.status).toBe('running');
      const listed = (await as(alice, 'GET', '/experiments')).json() as ExperimentRecord[];
      expect(listed.find((record) => record.id === experiment.id)).toMatchObject({
        id: experiment.id,
        name: 'Fleet size',
        robot_counts: [1, 2, 4],
      });
    });

    it('every point carries the settings the sweep was given, its own fleet size or charger count on top, and its solve runs with them', async () => {
      const settings = {
        time_limit: 3600,
        max_distance: 150,
        robot_speed: 1.5,
        recharge_time: 10,
        handling_time_s: 5,
        battery_capacity: 80,
        balance_factor: 30,
        objective_weights: { completion_time: 60, energy_usage: 40 },
      };
      const expected = { ...settings, algorithm_type: 'makespan' };
      const fleet = await createExperiment(
        alice,
        sweepBody({ name: 'Tight batteries', robot_counts: [2, 1], parameters: { ...settings, chargers: 1 } }),
      );
      expect(fleet.parameters).toEqual({ ...settings, chargers: 1 });
      expect(fleet.points.map((point) => point.parameters)).toEqual([
        { ...expected, chargers: 1, robot_count: 1 },
        { ...expected, chargers: 1, robot_count: 2 },
      ]);
      const chargerBody = {
        ...sweepBody({ kind: 'charger_sweep', name: 'Tight chargers', charger_counts: [2, 1], parameters: settings }),
        robot_counts: undefined,
      };
      const chargers = await createExperiment(alice, chargerBody);
      expect(chargers.points.map((point) => point.parameters)).toEqual([
        { ...expected, chargers: 1 },
        { ...expected, chargers: 2 },
      ]);
      // The stored solves are what the worker runs: the same settings, read back through GET /solves/{id}.
      for (const point of [...fleet.points, ...chargers.points]) {
        const solve = (await expectStatus(as(alice, 'GET', `/solves/${point.solve_id}`), 200)).json();
        expect(solve.parameters).toEqual(point.parameters);
      }
      // The list answers with the same points as the record.
      const listed = (await as(alice, 'GET', '/experiments')).json() as ExperimentRecord[];
      expect(listed.find((record) => record.id === fleet.id)?.points.map((point) => point.parameters)).toEqual(
        fleet.points.map((point) => point.parameters),
      );
    });

    it('a charger sweep runs one solve per charger count on the scenario’s fleet, fewest chargers first', async () => {
      const body = {
        ...sweepBody({ kind: 'charger_sweep', name: 'Chargers', charger_counts: [3, 1, 2] }),
        robot_counts: undefined,
      };
      const experiment = await createExperiment(alice, body);
      expect(experiment).toMatchObject({
        kind: 'charger_sweep',
        algorithms: ['makespan'],
        robot_counts: [],
        charger_counts: [1, 2, 3],
      });
      expect(experiment.points.map((point) => [point.algorithm, point.chargers])).toEqual([
        ['makespan', 1],
        ['makespan', 2],
        ['makespan', 3],
      ]);
      const solve = (await expectStatus(as(alice, 'GET', `/solves/${experiment.points[1].solve_id}`), 200)).json();
      expect(solve).toMatchObject({
        name: 'Chargers · 2 chargers per station',
        parameters: { algorithm_type: 'makespan', chargers: 2 },
      });
    });

    it.each([
      [{ charger_counts: undefined }, 'body.charger_counts: Required for a charger_sweep'],
      [{ charger_counts: [1, 1] }, 'body.charger_counts: Charger counts must be distinct'],
      [{ charger_counts: [0] }, 'body.charger_counts.0: Charger counts start at 1'],
      [{ charger_counts: [11] }, 'body.charger_counts.0: At most 10 chargers per station'],
      [{ robot_counts: [1] }, 'body.robot_counts: Not used by a charger_sweep'],
      [{ parameters: { chargers: 2 } }, 'body.parameters: chargers is set by each point of a charger_sweep'],
    ])('refuses a charger sweep with %j: %s', async (overrides, detail) => {
      const body = {
        ...sweepBody({ kind: 'charger_sweep', charger_counts: [1, 2] }),
        robot_counts: undefined,
        ...overrides,
      };
      const response = await as(alice, 'POST', '/experiments', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('derives progress, status and each point’s figures from its solves', async () => {
      const experiment = await createExperiment(alice, sweepBody({ robot_counts: [1, 2, 3] }));
      const [one, two, three] = experiment.points.map((point) => point.solve_id);
      const stats = (makespan: number) =>
        completedStats({ makespan_s: makespan, total_distance_m: 2 * makespan, gap: makespan / 90 - 1 });
      const execution: ExecutionTotalsRecord = {
        planned_makespan_s: 180,
        free_flow_makespan_s: 185,
        executed_makespan_s: 200,
        waiting_s: 30,
        max_robot_waiting_s: 20,
        max_waiting_robot: 'R1_1',
        throughput_per_h: 180,
        deliveries: 10,
        charger_queue_s: { R1: 60, R2: 30 },
        dock_queue_s: { D1: 4, P2: 1.5 },
        extra_charges: 0,
        deadlocks_resolved: 0,
        reserve_replays: 0,
        steps: 200,
        conflicts: 0,
      };
      await t.db
        .update(solves)
        .set({
          status: 'completed',
          results: { R1_1: [] },
          // The list's tightest bound (120 s) passes the model's (90 s): the point reads it, as the solve's page does.
          stats: {
            ...stats(180),
            lower_bound_battery_s: 120,
            gap_battery: 0.5,
            lower_bound_name: 'charger_capacity',
            execution,
          },
        })
        .where(eq(solves.id, one));
      await t.db
        .update(solves)
        .set({ status: 'failed', results: { error: 'pickup P7 is unreachable from every robot' } })
        .where(eq(solves.id, two));
      await t.db.update(solves).set({ status: 'running', results: null }).where(eq(solves.id, three));

      const running = experimentRecordSchema.parse((await as(alice, 'GET', `/experiments/${experiment.id}`)).json());
      expect(running.status).toBe('running');
      expect(running.progress).toEqual({ completed: 1, failed: 1, total: 3 });
      expect(running.points.map(({ parameters, ...point }) => point)).toEqual([
        {
          solve_id: one,
          algorithm: 'makespan',
          robot_count: 1,
          chargers: null,
          orders_per_hour: null,
          status: 'completed',
          stats: {
            makespan_s: 180,
            total_distance_m: 360,
            recharges: 1,
            gap: 0.5,
            runtime_ms: 1200,
            lower_bound_s: 120,
            deliveries: 10,
            executed_makespan_s: 200,
            free_flow_makespan_s: 185,
            throughput_per_h: 180,
            waiting_s: 30,
            max_robot_waiting_s: 20,
            charger_queue_s: 90,
            dock_queue_s: 5.5,
            shift: null,
            robot_model: null,
            mean_cycle_s: null,
            time_split: null,
          },
          error: null,
        },
        {
          solve_id: two,
          algorithm: 'makespan',
          robot_count: 2,
          chargers: null,
          orders_per_hour: null,
          status: 'failed',
          stats: null,
          error: 'pickup P7 is unreachable from every robot',
        },
        {
          solve_id: three,
          algorithm: 'makespan',
          robot_count: 3,
          chargers: null,
          orders_per_hour: null,
          status: 'running',
          stats: null,
          error: null,
        },
      ]);

      await t.db
        .update(solves)
        .set({ status: 'completed', results: {}, stats: stats(99) })
        .where(eq(solves.id, three));
      const done = experimentRecordSchema.parse((await as(alice, 'GET', `/experiments/${experiment.id}`)).json());
      expect(done.status).toBe('completed');
      expect(done.progress).toEqual({ completed: 2, failed: 1, total: 3 });
    });

    it('reads null for the figures a point from before executions lacks', async () => {
      const experiment = await createExperiment(alice, sweepBody({ robot_counts: [1] }));
      const [point] = experiment.points;
      const {
        gap: _gap,
        lower_bound_s: _lowerBound,
        gap_battery: _gapBattery,
        lower_bound_battery_s: _lowerBoundBattery,
        ...older
      } = completedStats({ makespan_s: 150 });
      await t.db
        .update(solves)
        .set({ status: 'completed', results: {}, stats: older as SolveStatsRecord })
        .where(eq(solves.id, point.solve_id));
      const read = experimentRecordSchema.parse((await as(alice, 'GET', `/experiments/${experiment.id}`)).json());
      expect(read.points[0].stats).toEqual({
        makespan_s: 150,
        total_distance_m: 360,
        recharges: 1,
        gap: null,
        runtime_ms: 1200,
        lower_bound_s: null,
        deliveries: 10,
        executed_makespan_s: null,
        free_flow_makespan_s: null,
        throughput_per_h: null,
        waiting_s: null,
        max_robot_waiting_s: null,
        charger_queue_s: null,
        dock_queue_s: null,
        shift: null,
        robot_model: null,
        mean_cycle_s: null,
        time_split: null,
      });
    });

    it.each([
      [{ algorithm: undefined }, 'body.algorithm: Required for a fleet_sweep'],
      [{ robot_counts: undefined }, 'body.robot_counts: Required for a fleet_sweep'],
      [{ robot_counts: [] }, 'body.robot_counts: Expected 1 to 30 robot counts'],
      [
        { robot_counts: Array.from({ length: 31 }, (_, index) => index + 1) },
        'body.robot_counts: Expected 1 to 30 robot counts',
      ],
      [{ robot_counts: [2, 3, 2] }, 'body.robot_counts: Robot counts must be distinct'],
      [{ robot_counts: [0, 1] }, 'body.robot_counts.0: Robot counts start at 1'],
      [{ robot_counts: [1.5] }, 'body.robot_counts.0: Invalid input: expected int, received number'],
      [
        { robot_counts: [2, 344] },
        'body.robot_counts: 344 robots asked, but this floor can take at most 343 (4 drawn, 339 more parked beside the stations)',
      ],
      [{ algorithms: ['auction', 'kmeans'] }, 'body.algorithms: Not used by a fleet_sweep; name one algorithm'],
      [{ parameters: { robot_speed: 9 } }, 'body.parameters.robot_speed: Too big: expected number to be <=5'],
      [{ knee_tolerance: -0.1 }, 'body.knee_tolerance: Too small: expected number to be >=0'],
      [{ name: ' ' }, 'body.name: Name is required'],
    ])('rejects %j with 400 naming the field and stores nothing', async (overrides, detail) => {
      const before = (await as(alice, 'GET', '/solves')).json().length;
      const response = await as(alice, 'POST', '/experiments', sweepBody(overrides));
      expect(response.json()).toEqual({ detail });
      expect(response.statusCode).toBe(400);
      expect((await as(alice, 'GET', '/solves')).json()).toHaveLength(before);
    });
  });

  describe('algorithm comparison', () => {
    it('creates one solve per algorithm, in the given order, on the scenario’s fleet', async () => {
      await expectStatus(as(alice, 'PATCH', `/scenarios/${floor.scenarioId}`, { parameters: { robot_count: 3 } }), 200);
      const experiment = await createExperiment(alice, comparisonBody());
      expect(experiment).toMatchObject({
        kind: 'algorithm_comparison',
        algorithms: ['auction', 'greedy_distance', 'kmeans'],
        robot_counts: [],
      });
      expect(experiment.points.map((point) => [point.algorithm, point.robot_count])).toEqual([
        ['auction', 3],
        ['greedy_distance', 3],
        ['kmeans', 3],
      ]);
      const solve = (await as(alice, 'GET', `/solves/${experiment.points[2].solve_id}`)).json();
      expect(solve).toMatchObject({
        name: 'Which algorithm · K-Means Clustering',
        algorithm_id: 3,
        parameters: { algorithm_type: 'kmeans', robot_speed: 1.5, robot_count: 3 },
      });

      await expectStatus(as(alice, 'PATCH', `/scenarios/${floor.scenarioId}`, { parameters: {} }), 200);
      const wholeFleet = await createExperiment(alice, comparisonBody({ algorithms: ['genetic', 'makespan'] }));
      expect(wholeFleet.points.map((point) => [point.algorithm, point.robot_count])).toEqual([
        ['genetic', null],
        ['makespan', null],
      ]);
    });

    it.each([
      [{ algorithms: undefined }, 'body.algorithms: Required for an algorithm_comparison'],
      [{ algorithms: ['auction'] }, 'body.algorithms: Expected 2 to 7 algorithms'],
      [{ algorithms: ['auction', 'kmeans', 'auction'] }, 'body.algorithms: Algorithms must be distinct'],
      [{ algorithm: 'auction' }, 'body.algorithm: Not used by an algorithm_comparison; name algorithms'],
      [{ robot_counts: [1, 2] }, 'body.robot_counts: Not used by an algorithm_comparison'],
    ])('rejects %j with 400 naming the field', async (overrides, detail) => {
      const response = await as(alice, 'POST', '/experiments', comparisonBody(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('rejects an unknown algorithm and an unknown kind', async () => {
      const unknownAlgorithm = await as(
        alice,
        'POST',
        '/experiments',
        comparisonBody({ algorithms: ['auction', 'fastest'] }),
      );
      expect(unknownAlgorithm.statusCode).toBe(400);
      expect(unknownAlgorithm.json().detail).toMatch(/^body\.algorithms\.1: Invalid option/);
      const unknownKind = await as(alice, 'POST', '/experiments', comparisonBody({ kind: 'tournament' }));
      expect(unknownKind.statusCode).toBe(400);
      expect(unknownKind.json().detail).toMatch(/^body\.kind: Invalid option/);
    });
  });

  describe('references', () => {
    it('answers 400 when the task is not of the scenario, 404 for missing records', async () => {
      const wrong = await as(alice, 'POST', '/experiments', sweepBody({ scenario_id: otherScenarioId }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        detail: `body.task_id: task ${floor.taskId} does not belong to scenario ${otherScenarioId}`,
      });
      expect((await as(alice, 'POST', '/experiments', sweepBody({ scenario_id: 999999 }))).json()).toEqual({
        detail: 'Scenario not found',
      });
      expect((await as(alice, 'POST', '/experiments', sweepBody({ task_id: 999999 }))).json()).toEqual({
        detail: 'Task not found',
      });
      expect((await as(alice, 'GET', '/experiments/999999')).statusCode).toBe(404);
    });
  });

  describe('cancellation and deletion', () => {
    it('cancel fails the unfinished points with "Cancelled by the user" and keeps finished ones', async () => {
      const experiment = await createExperiment(alice, sweepBody({ robot_counts: [1, 2] }));
      const [finished, unfinished] = experiment.points.map((point) => point.solve_id);
      await t.db
        .update(solves)
        .set({ status: 'completed', results: {}, stats: completedStats({ makespan_s: 50 }) })
        .where(eq(solves.id, finished));
      t.clock.advance(60_000);

      const response = await expectStatus(as(alice, 'POST', `/experiments/${experiment.id}/cancel`), 200);
      const cancelled = experimentRecordSchema.parse(response.json());
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.cancelled_at).not.toBeNull();
      expect(cancelled.progress).toEqual({ completed: 1, failed: 1, total: 2 });
      expect(cancelled.points.map((point) => [point.status, point.error])).toEqual([
        ['completed', null],
        ['failed', 'Cancelled by the user'],
      ]);
      const solve = (await as(alice, 'GET', `/solves/${unfinished}`)).json();
      expect(solve).toMatchObject({ status: 'failed', results: { error: 'Cancelled by the user' }, progress: null });
    });

    it('delete removes the experiment and all its solves', async () => {
      const experiment = await createExperiment(alice, sweepBody({ robot_counts: [1, 2, 3, 4] }));
      const solveIds = experiment.points.map((point) => point.solve_id);
      expect((await as(alice, 'DELETE', `/experiments/${experiment.id}`)).statusCode).toBe(204);
      expect((await as(alice, 'GET', `/experiments/${experiment.id}`)).json()).toEqual({
        detail: 'Experiment not found',
      });
      for (const id of solveIds) expect((await as(alice, 'GET', `/solves/${id}`)).statusCode).toBe(404);
      expect(await t.db.select({ id: solves.id }).from(solves).where(inArray(solves.id, solveIds))).toEqual([]);
      expect((await as(alice, 'DELETE', `/experiments/${experiment.id}`)).statusCode).toBe(404);
    });

    it('deleting the scenario deletes its experiments', async () => {
      const extra = await createFloor(alice, 'Doomed');
      const experiment = await createExperiment(
        alice,
        sweepBody({ scenario_id: extra.scenarioId, task_id: extra.taskId, robot_counts: [1] }),
      );
      await expectStatus(as(alice, 'DELETE', `/scenarios/${extra.scenarioId}`), 204);
      expect((await as(alice, 'GET', `/experiments/${experiment.id}`)).statusCode).toBe(404);
    });
  });

  describe('ownership', () => {
    it('hides another user’s experiments and refuses to touch them', async () => {
      const experiment = await createExperiment(alice, sweepBody({ robot_counts: [1] }));
      const bobFloor = await createFloor(bob, 'Bob');
      const notFound = { detail: 'Experiment not found' };
      expect((await as(bob, 'GET', '/experiments')).json()).toEqual([]);
      for (const [method, url] of [
        ['GET', `/experiments/${experiment.id}`],
        ['DELETE', `/experiments/${experiment.id}`],
        ['POST', `/experiments/${experiment.id}/cancel`],
      ] as const) {
        const response = await as(bob, method, url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
      expect((await as(bob, 'POST', '/experiments', sweepBody({ robot_counts: [1] }))).json()).toEqual({
        detail: 'Scenario not found',
      });
      expect(
        (
          await as(bob, 'POST', '/experiments', sweepBody({ scenario_id: bobFloor.scenarioId, robot_counts: [1] }))
        ).json(),
      ).toEqual({ detail: 'Task not found' });
      // Alice's experiment is untouched, and lists show only one's own.
      expect((await as(alice, 'GET', `/experiments/${experiment.id}`)).json()).toMatchObject({
        id: experiment.id,
        cancelled_at: null,
      });
      const aliceList = (await as(alice, 'GET', '/experiments')).json() as ExperimentRecord[];
      expect(aliceList.map((record) => record.id)).toContain(experiment.id);
      await createExperiment(
        bob,
        sweepBody({ scenario_id: bobFloor.scenarioId, task_id: bobFloor.taskId, robot_counts: [1] }),
      );
      expect((await as(bob, 'GET', '/experiments')).json()).toHaveLength(1);
    });
  });

  describe('PATCH /scenarios/{id}', () => {
    it('edits name, description and parameters', async () => {
      const response = await as(alice, 'PATCH', `/scenarios/${otherScenarioId}`, {
        name: 'Peak day',
        description: 'Black Friday',
        parameters: { robot_count: 2, order_volume: 40 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: otherScenarioId,
        name: 'Peak day',
        description: 'Black Friday',
        parameters: { robot_count: 2, order_volume: 40 },
      });
      const renamed = await as(alice, 'PATCH', `/scenarios/${otherScenarioId}`, { name: 'Peak' });
      expect(renamed.json()).toMatchObject({
        name: 'Peak',
        description: 'Black Friday',
        parameters: { robot_count: 2, order_volume: 40 },
      });
    });

    it.each([
      [
        { parameters: { robot_count: 344 } },
        'body.parameters.robot_count: 344 robots asked, but this floor can take at most 343 (4 drawn, 339 more parked beside the stations)',
      ],
      [{ parameters: { robot_count: 0 } }, 'body.parameters.robot_count: Too small: expected number to be >=1'],
      [{ parameters: { order_volume: 0 } }, 'body.parameters.order_volume: Too small: expected number to be >=1'],
      [{ name: '' }, 'body.name: Name is required'],
    ])('rejects %j with 400', async (payload, detail) => {
      const response = await as(alice, 'PATCH', `/scenarios/${otherScenarioId}`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('answers 404 for another user’s scenario', async () => {
      const response = await as(bob, 'PATCH', `/scenarios/${floor.scenarioId}`, { name: 'Mine now' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Scenario not found' });
    });
  });
});

describe('experimentStatusOf', () => {
  const points = (...statuses: ('pending' | 'running' | 'completed' | 'failed')[]) =>
    statuses.map((status) => ({ status }));
  it.each([
    [false, points('pending', 'completed'), 'running'],
    [false, points('running'), 'running'],
    [false, points('completed', 'failed'), 'completed'],
    [false, points('failed', 'failed'), 'failed'],
    [false, points(), 'completed'],
    [true, points('running', 'completed'), 'cancelled'],
    [true, points('completed'), 'cancelled'],
  ] as const)('cancelled=%s with %j is %s', (cancelled, list, expected) => {
    expect(experimentStatusOf(cancelled, list)).toBe(expected);
  });
});
