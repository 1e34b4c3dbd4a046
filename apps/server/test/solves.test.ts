import { solveRecordSchema } from '@fleetlab/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  scenarioBody,
  singleAisleEnvironment,
  solveBody,
  SPEC_DEFAULT_SOLVE_PARAMETERS,
  taskBody,
} from './support/fixtures.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

describe.each(databaseKinds)('solves on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  let ids: { environmentId: number; scenarioId: number; taskId: number };
  let taskRecord: unknown;
  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await t.signUp('solver');
    const environmentId = (await request('POST', '/environments', singleAisleEnvironment('Solve floor'))).json().id;
    const scenarioId = (await request('POST', '/scenarios', scenarioBody(environmentId))).json().id;
    [taskRecord] = (await request('POST', '/tasks/batch', [taskBody(scenarioId)])).json();
    ids = { environmentId, scenarioId, taskId: (taskRecord as { id: number }).id };
  });
  afterAll(async () => {
    await t?.dispose();
  });

  function request(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.headers,
      payload: payload as object | undefined,
    });
  }

  it('stores a pending solve with the spec §9 defaults filled in, its environment and its task', async () => {
    const response = await request('POST', '/solves', {
      name: 'Defaults',
      environment_id: ids.environmentId,
      scenario_id: ids.scenarioId,
      task_id: ids.taskId,
    });
    expect(response.statusCode).toBe(201);
    const record = solveRecordSchema.parse(response.json());
    expect(record).toEqual({
      id: record.id,
      name: 'Defaults',
      description: null,
      status: 'pending',
      environment_id: ids.environmentId,
      environment: { id: ids.environmentId, name: 'Solve floor' },
      environment_version: 1,
      environment_latest_version: 1,
      scenario_id: ids.scenarioId,
      task_id: ids.taskId,
      algorithm_id: 1,
      parameters: SPEC_DEFAULT_SOLVE_PARAMETERS,
      celery_task_id: null,
      results: null,
      stats: null,
      execution: null,
      progress: null,
      tasks: [taskRecord],
      created_at: '2026-01-15T09:00:00.000Z',
      updated_at: '2026-01-15T09:00:00.000Z',
    });
    expect((await request('GET', `/solves/${record.id}`)).json()).toEqual(record);
    // Lists never carry the plan or its execution: a 400-robot plan weighs megabytes.
    const { results: _results, execution: _execution, ...summary } = record;
    const listed = (await request('GET', '/solves')).json() as Record<string, unknown>[];
    expect(listed.find((entry) => entry.id === record.id)).toEqual(summary);
  });

  it('keeps the parameters given and names the algorithm from algorithm_id', async () => {
    const response = await request('POST', '/solves', {
      ...solveBody(ids),
      algorithm_id: 6,
      parameters: {
        time_limit: 10,
        battery_capacity: 80,
        max_distance: 500,
        robot_speed: 1.5,
        recharge_time: 6,
        objective_weights: { completion_time: 60, energy_usage: 40 },
        balance_factor: 20,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().algorithm_id).toBe(6);
    expect(response.json().parameters).toEqual({
      time_limit: 10,
      algorithm_type: 'makespan',
      battery_capacity: 80,
      max_distance: 500,
      robot_speed: 1.5,
      recharge_time: 6,
      objective_weights: { completion_time: 60, energy_usage: 40 },
      balance_factor: 20,
    });
  });

  it('takes the algorithm from parameters.algorithm_type when algorithm_id is absent', async () => {
    const { algorithm_id: _unused, ...body } = solveBody(ids);
    const response = await request('POST', '/solves', { ...body, parameters: { algorithm_type: 'auction' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().algorithm_id).toBe(4);
    expect(response.json().parameters.algorithm_type).toBe('auction');
  });

  it.each([
    [{ chargers: 0 }, 'body.parameters.chargers: chargers must be at least 1'],
    [{ chargers: 1.5 }, 'body.parameters.chargers: chargers must be a whole number'],
    [{ handling_time_s: -1 }, 'body.parameters.handling_time_s: Too small: expected number to be >=0'],
    [
      { battery_reserve_pct: -1 },
      'body.parameters.battery_reserve_pct: battery_reserve_pct must be a percentage from 0 to 50',
    ],
    [
      { battery_reserve_pct: 50.5 },
      'body.parameters.battery_reserve_pct: battery_reserve_pct must be a percentage from 0 to 50',
    ],
    [
      { battery_reserve_pct: '10' },
      'body.parameters.battery_reserve_pct: Invalid input: expected number, received string',
    ],
    [
      { traffic_policy: 'fastest' },
      'body.parameters.traffic_policy: traffic_policy must be one of guided, lookahead, pibt',
    ],
    [{ traffic_policy: 7 }, 'body.parameters.traffic_policy: traffic_policy must be one of guided, lookahead, pibt'],
    [
      { robot_model: 'hovercraft' },
      'body.parameters.robot_model: robot_model must be one of point, drive-unit, amr, or custom figures',
    ],
    [
      { robot_model: { acceleration_m_s2: 0, braking_m_s2: 1, quarter_turn_s: 1 } },
      'body.parameters.robot_model.acceleration_m_s2: Too small: expected number to be >=0.05',
    ],
    [
      { robot_model: { name: 'amr', acceleration_m_s2: 0.3, braking_m_s2: 0.4, quarter_turn_s: 2 } },
      "body.parameters.robot_model.name: robot_model.name must not be a preset's name (point, drive-unit, amr): custom figures need a name of their own",
    ],
    [
      { delays: { rate_per_robot_h: 0, mean_s: 30 } },
      'body.parameters.delays.rate_per_robot_h: delays.rate_per_robot_h must be above 0 and at most 120',
    ],
    [
      { breakdowns: { mtbf_h: 8, repair_min: 2000 } },
      'body.parameters.breakdowns.repair_min: breakdowns.repair_min must be above 0 and at most 1440',
    ],
  ])('refuses execution parameters %j with a 400 naming the field', async (parameters, detail) => {
    const response = await request('POST', '/solves', { ...solveBody(ids), parameters });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('keeps the robot model, a preset or custom figures, and leaves it out when not given (the API default is point)', async () => {
    const custom = { name: 'slow', acceleration_m_s2: 0.3, braking_m_s2: 0.4, quarter_turn_s: 2 };
    for (const robot_model of ['drive-unit', custom]) {
      const response = await request('POST', '/solves', { ...solveBody(ids), parameters: { robot_model } });
      expect(response.statusCode).toBe(201);
      expect(response.json().parameters.robot_model).toEqual(robot_model);
    }
    const plain = await request('POST', '/solves', { ...solveBody(ids), parameters: {} });
    expect(plain.json().parameters).not.toHaveProperty('robot_model');
  });

  it('keeps chargers and handling_time_s when given', async () => {
    const response = await request('POST', '/solves', {
      ...solveBody(ids),
      parameters: { chargers: 2, handling_time_s: 5 },
    });
    expect(response.json().parameters).toMatchObject({ chargers: 2, handling_time_s: 5 });
  });

  it('keeps the battery reserve, the traffic policy, delays and breakdowns when given, at the ends of their ranges too', async () => {
    for (const parameters of [
      { battery_reserve_pct: 0, traffic_policy: 'pibt' },
      { battery_reserve_pct: 50, traffic_policy: 'guided' },
      { delays: { rate_per_robot_h: 1, mean_s: 30 }, breakdowns: { mtbf_h: 8, repair_min: 10 } },
    ]) {
      const response = await request('POST', '/solves', { ...solveBody(ids), parameters });
      expect(response.statusCode).toBe(201);
      expect(response.json().parameters).toMatchObject(parameters);
    }
  });

  it('ignores status, results, celery_task_id, id and owner sent by the client', async () => {
    const response = await request('POST', '/solves', {
      ...solveBody(ids),
      status: 'completed',
      results: { R1_1: [] },
      celery_task_id: 'forged',
      id: 1,
      user_id: 12345,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'pending', results: null, celery_task_id: null });
  });

  it.each([
    ['algorithm id 8', { algorithm_id: 8 }, 'body.algorithm_id: Unknown algorithm id: expected 1 to 7'],
    ['algorithm id 0', { algorithm_id: 0 }, 'body.algorithm_id: Unknown algorithm id: expected 1 to 7'],
    [
      'an unknown algorithm name',
      { parameters: { algorithm_type: 'simulated_annealing' } },
      /^body\.parameters\.algorithm_type: Invalid option/,
    ],
    [
      'an algorithm name that contradicts the id',
      { algorithm_id: 1, parameters: { algorithm_type: 'genetic' } },
      'body.parameters.algorithm_type: algorithm_type genetic does not match algorithm_id 1',
    ],
    [
      'robot_speed below 0.1',
      { parameters: { robot_speed: 0.05 } },
      'body.parameters.robot_speed: Too small: expected number to be >=0.1',
    ],
    [
      'robot_speed above 5',
      { parameters: { robot_speed: 5.5 } },
      'body.parameters.robot_speed: Too big: expected number to be <=5',
    ],
    [
      'max_distance above 10000',
      { parameters: { max_distance: 10001 } },
      'body.parameters.max_distance: Too big: expected number to be <=10000',
    ],
    [
      'max_distance of 0',
      { parameters: { max_distance: 0 } },
      'body.parameters.max_distance: Too small: expected number to be >0',
    ],
    [
      'recharge_time below 3',
      { parameters: { recharge_time: 2 } },
      'body.parameters.recharge_time: Too small: expected number to be >=3',
    ],
    [
      'recharge_time above 120',
      { parameters: { recharge_time: 121 } },
      'body.parameters.recharge_time: Too big: expected number to be <=120',
    ],
    [
      'a time_limit of 0',
      { parameters: { time_limit: 0 } },
      'body.parameters.time_limit: Too small: expected number to be >=1',
    ],
    [
      'a balance_factor above 100',
      { parameters: { balance_factor: 101 } },
      'body.parameters.balance_factor: Too big: expected number to be <=100',
    ],
    [
      'all objective weights at 0',
      { parameters: { objective_weights: { completion_time: 0 } } },
      'body.parameters.objective_weights: At least one objective needs a weight above 0',
    ],
    [
      'an unknown objective',
      { parameters: { objective_weights: { speed: 100 } } },
      'body.parameters.objective_weights: Unrecognized key: "speed"',
    ],
    ['a missing name', { name: undefined }, 'body.name: Required'],
    ['a missing task_id', { task_id: undefined }, 'body.task_id: Required'],
  ])('rejects %s with 400 naming the field', async (_label, change, detail) => {
    const response = await request('POST', '/solves', { ...solveBody(ids), ...change });
    expect(response.statusCode).toBe(400);
    if (typeof detail === 'string') expect(response.json()).toEqual({ detail });
    else expect(response.json().detail).toMatch(detail);
  });

  it('refuses a task of another scenario and a scenario of another environment with 400', async () => {
    const otherEnvironment = (await request('POST', '/environments', singleAisleEnvironment('Other floor'))).json().id;
    const otherScenario = (await request('POST', '/scenarios', scenarioBody(otherEnvironment, 'Other'))).json().id;
    const [otherTask] = (await request('POST', '/tasks/batch', [taskBody(otherScenario, 'Other task')])).json();

    const wrongTask = await request('POST', '/solves', solveBody({ ...ids, taskId: otherTask.id }));
    expect(wrongTask.statusCode).toBe(400);
    expect(wrongTask.json()).toEqual({
      detail: `body.task_id: task ${otherTask.id} does not belong to scenario ${ids.scenarioId}`,
    });
    const wrongScenario = await request(
      'POST',
      '/solves',
      solveBody({ ...ids, scenarioId: otherScenario, taskId: otherTask.id }),
    );
    expect(wrongScenario.statusCode).toBe(400);
    expect(wrongScenario.json()).toEqual({
      detail: `body.scenario_id: scenario ${otherScenario} does not belong to environment ${ids.environmentId}`,
    });
  });

  it.each([
    ['environment', { environmentId: 999999 }, 'Environment not found'],
    ['scenario', { scenarioId: 999999 }, 'Scenario not found'],
    ['task', { taskId: 999999 }, 'Task not found'],
  ])('answers 404 for an unknown %s', async (_label, change, detail) => {
    const response = await request('POST', '/solves', solveBody({ ...ids, ...change }));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail });
  });

  it('lists newest first, filtered by environment_id and scenario_id', async () => {
    const lister = await t.signUp('solvelist');
    const as = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: lister.headers, payload: payload as object | undefined });
    const environmentA = (await as('POST', '/environments', singleAisleEnvironment('A'))).json().id;
    const environmentB = (await as('POST', '/environments', singleAisleEnvironment('B'))).json().id;
    const scenarioA1 = (await as('POST', '/scenarios', scenarioBody(environmentA, 'A1'))).json().id;
    const scenarioA2 = (await as('POST', '/scenarios', scenarioBody(environmentA, 'A2'))).json().id;
    const scenarioB = (await as('POST', '/scenarios', scenarioBody(environmentB, 'B'))).json().id;
    const [taskA1, taskA2, taskB] = (
      await as('POST', '/tasks/batch', [taskBody(scenarioA1), taskBody(scenarioA2), taskBody(scenarioB)])
    ).json();
    const solveIds: number[] = [];
    for (const [environmentId, scenarioId, taskId] of [
      [environmentA, scenarioA1, taskA1.id],
      [environmentA, scenarioA2, taskA2.id],
      [environmentB, scenarioB, taskB.id],
    ]) {
      t.clock.advanceSeconds(1);
      solveIds.push((await as('POST', '/solves', solveBody({ environmentId, scenarioId, taskId }))).json().id);
    }
    const list = async (query: string) =>
      (await as('GET', `/solves${query}`)).json().map((solve: { id: number }) => solve.id);
    expect(await list('')).toEqual([solveIds[2], solveIds[1], solveIds[0]]);
    expect(await list(`?environment_id=${environmentA}`)).toEqual([solveIds[1], solveIds[0]]);
    expect(await list(`?scenario_id=${scenarioA1}`)).toEqual([solveIds[0]]);
    expect(await list(`?environment_id=${environmentB}&scenario_id=${scenarioA1}`)).toEqual([]);
    const listed = (await as('GET', '/solves')).json();
    expect(listed[0].environment).toEqual({ id: environmentB, name: 'B' });
    expect(listed[0].tasks.map((task: { id: number }) => task.id)).toEqual([taskB.id]);
  });

  it('deletes a solve (204), then answers 404 {"detail":"Solve not found"}', async () => {
    const created = (await request('POST', '/solves', solveBody(ids, 'Short-lived'))).json();
    expect((await request('DELETE', `/solves/${created.id}`)).statusCode).toBe(204);
    expect((await request('GET', `/solves/${created.id}`)).json()).toEqual({ detail: 'Solve not found' });
    expect((await request('DELETE', `/solves/${created.id}`)).statusCode).toBe(404);
    expect((await request('GET', `/tasks/${ids.taskId}`)).statusCode).toBe(200);
  });
});
