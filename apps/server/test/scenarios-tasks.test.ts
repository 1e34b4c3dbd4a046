import { eq } from 'drizzle-orm';
import { scenarioRecordSchema, taskRecordSchema } from '@fleetlab/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solves, tasks } from '../src/db/schema.ts';
import { scenarioBody, singleAisleEnvironment, taskBody } from './support/fixtures.ts';
import { createChain } from './support/resources.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

describe.each(databaseKinds)('scenarios and tasks on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  let environmentId: number;
  let environmentName: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await t.signUp('scen');
    const environment = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: user.headers,
      payload: singleAisleEnvironment('Scenario floor'),
    });
    environmentId = environment.json().id;
    environmentName = environment.json().name;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const request = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = user.headers) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object | undefined });

  describe('scenarios', () => {
    it('creates a scenario carrying its environment reference', async () => {
      const response = await request('POST', '/scenarios', scenarioBody(environmentId));
      expect(response.statusCode).toBe(201);
      const record = scenarioRecordSchema.parse(response.json());
      expect(record).toEqual({
        id: record.id,
        name: 'Morning peak',
        description: 'Orders before 10:00',
        environment_id: environmentId,
        environment: { id: environmentId, name: environmentName },
        environment_version: 1,
        environment_latest_version: 1,
        // Sent as {}: the environment's fleet (one robot) and, before any task, no orders.
        parameters: { robot_count: 1, order_volume: 0 },
        created_at: record.created_at,
        updated_at: record.updated_at,
      });
      expect((await request('GET', `/scenarios/${record.id}`)).json()).toEqual(record);
    });

    it('fills parameters sent as {} from the environment, and counts the pairs of its tasks as the order volume', async () => {
      const scenario = (
        await request('POST', '/scenarios', { ...scenarioBody(environmentId, 'Counted'), parameters: {} })
      ).json();
      expect(scenario.parameters).toEqual({ robot_count: 1, order_volume: 0 });
      const threeMore = {
        ...taskBody(scenario.id, 'Three more'),
        details: {
          tasks: [
            ['P1', 'D1'],
            ['P2', 'D1'],
            ['P1', 'D1'],
          ],
        },
      };
      expect((await request('POST', '/tasks/batch', [taskBody(scenario.id), threeMore])).statusCode).toBe(201);
      expect((await request('GET', `/scenarios/${scenario.id}`)).json().parameters).toEqual({
        robot_count: 1,
        order_volume: 5,
      });
      const listed = (await request('GET', `/scenarios?environment_id=${environmentId}`)).json() as {
        id: number;
        parameters: unknown;
      }[];
      expect(listed.find((entry) => entry.id === scenario.id)?.parameters).toEqual({ robot_count: 1, order_volume: 5 });
    });

    it('accepts an environment_id sent as a numeric string and keeps order_volume/robot_count', async () => {
      const response = await request('POST', '/scenarios', {
        name: 'Busy day',
        environment_id: String(environmentId),
        parameters: { order_volume: 120, robot_count: 1 },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        environment_id: environmentId,
        description: null,
        parameters: { order_volume: 120, robot_count: 1 },
      });
    });

    it('refuses a robot_count above what the floor can take, as a later edit would, and stores nothing', async () => {
      const before = (await request('GET', '/scenarios')).json().length;
      const response = await request('POST', '/scenarios', {
        name: 'Too many',
        environment_id: environmentId,
        parameters: { robot_count: 74 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail:
          'body.parameters.robot_count: 74 robots asked, but this floor can take at most 73 (1 drawn, 72 more parked beside the stations)',
      });
      expect((await request('GET', '/scenarios')).json()).toHaveLength(before);
    });

    it.each([
      [{ environment_id: 1 }, 'body.name: Required'],
      [{ name: 'No environment' }, 'body.environment_id: Required'],
      [
        { name: 'Bad volume', environment_id: 1, parameters: { order_volume: -1 } },
        'body.parameters.order_volume: Too small: expected number to be >=0',
      ],
      [
        { name: 'No robots', environment_id: 1, parameters: { robot_count: 0 } },
        'body.parameters.robot_count: Too small: expected number to be >=1',
      ],
    ])('rejects %j with 400 naming the field', async (payload, detail) => {
      const response = await request('POST', '/scenarios', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('answers 404 when the environment does not exist', async () => {
      const response = await request('POST', '/scenarios', scenarioBody(999999));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Environment not found' });
    });

    it('lists newest first and filters by environment_id', async () => {
      const lister = await t.signUp('scenlist');
      const environmentA = (await request('POST', '/environments', singleAisleEnvironment('A'), lister.headers)).json()
        .id;
      const environmentB = (await request('POST', '/environments', singleAisleEnvironment('B'), lister.headers)).json()
        .id;
      const a1 = (await request('POST', '/scenarios', scenarioBody(environmentA, 'a1'), lister.headers)).json().id;
      t.clock.advanceSeconds(1);
      const b1 = (await request('POST', '/scenarios', scenarioBody(environmentB, 'b1'), lister.headers)).json().id;
      t.clock.advanceSeconds(1);
      const a2 = (await request('POST', '/scenarios', scenarioBody(environmentA, 'a2'), lister.headers)).json().id;
      const ids = async (url: string) =>
        (await request('GET', url, undefined, lister.headers)).json().map((s: { id: number }) => s.id);
      expect(await ids('/scenarios')).toEqual([a2, b1, a1]);
      expect(await ids(`/scenarios?environment_id=${environmentA}`)).toEqual([a2, a1]);
      expect(await ids(`/scenarios?environment_id=${environmentB}`)).toEqual([b1]);
      const bad = await request('GET', '/scenarios?environment_id=abc', undefined, lister.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toMatch(/^querystring\.environment_id: /);
    });

    it('deletes a scenario with its tasks and solves, and answers 404 afterwards', async () => {
      const chain = await createChain(t.app, user, 'ScenarioDelete');
      const response = await request('DELETE', `/scenarios/${chain.scenarioId}`);
      expect(response.statusCode).toBe(204);
      expect((await request('GET', `/scenarios/${chain.scenarioId}`)).json()).toEqual({ detail: 'Scenario not found' });
      expect((await request('GET', `/tasks/${chain.taskId}`)).statusCode).toBe(404);
      expect((await request('GET', `/solves/${chain.solveId}`)).statusCode).toBe(404);
      expect((await request('GET', `/environments/${chain.environmentId}`)).statusCode).toBe(200);
      expect((await request('DELETE', `/scenarios/${chain.scenarioId}`)).statusCode).toBe(404);
    });
  });

  describe('tasks', () => {
    let scenarioId: number;
    beforeAll(async () => {
      scenarioId = (await request('POST', '/scenarios', scenarioBody(environmentId, 'Task home'))).json().id;
    });

    it('holds a day of 20,000 pairs, and refuses 20,001 with a 400 that says the limit', async () => {
      const day = Array.from({ length: 20_000 }, (_, k) => [k % 2 === 0 ? 'P1' : 'P2', 'D1']);
      const stored = await request('POST', '/tasks/batch', [
        { name: 'A full day', scenario_id: scenarioId, details: { tasks: day } },
      ]);
      expect(stored.statusCode).toBe(201);
      const id = stored.json()[0].id;
      expect((await request('GET', `/tasks/${id}`)).json().details.tasks).toHaveLength(20_000);
      const tooMany = await request('POST', '/tasks/batch', [
        { name: 'Too much', scenario_id: scenarioId, details: { tasks: [...day, ['P1', 'D1']] } },
      ]);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ detail: 'body.0.details.tasks: A task holds at most 20000 pairs' });
    });

    it('stores a batch in order, all pending, and returns the records with 201', async () => {
      const response = await request('POST', '/tasks/batch', [
        taskBody(scenarioId, 'First'),
        { name: 'Second', scenario_id: scenarioId, details: { tasks: [['P2', 'D1']] } },
      ]);
      expect(response.statusCode).toBe(201);
      const records = response.json().map((record: unknown) => taskRecordSchema.parse(record));
      expect(
        records.map((record: { name: string; status: string; task_type: string }) => [
          record.name,
          record.status,
          record.task_type,
        ]),
      ).toEqual([
        ['First', 'pending', 'pickup_delivery'],
        ['Second', 'pending', 'pickup_delivery'],
      ]);
      expect(records[0]).toEqual({
        id: records[0].id,
        name: 'First',
        description: 'P1 and P2 to D1',
        task_type: 'pickup_delivery',
        scenario_id: scenarioId,
        status: 'pending',
        details: {
          tasks: [
            ['P1', 'D1'],
            ['P2', 'D1'],
          ],
          priority: 1,
        },
        created_at: records[0].created_at,
        updated_at: records[0].updated_at,
      });
      expect((await request('GET', `/tasks/${records[1].id}`)).json()).toEqual(records[1]);
    });

    it('stores a generated preview task as it comes (points, text priority, additional details)', async () => {
      const generated = {
        name: 'Restock aisle 1',
        description: '2 deliveries',
        task_type: 'pickup_delivery',
        scenario_id: scenarioId,
        details: {
          tasks: [
            ['P1', 'D1'],
            ['P2', 'D1'],
          ],
          start_point: [3, 2.5],
          end_point: [8.5, 6.5],
          priority: 'high',
          additional_details: { generator: { kind: 'builtin', profile: 'uniform' } },
        },
      };
      const response = await request('POST', '/tasks/batch', [generated]);
      expect(response.statusCode).toBe(201);
      expect(response.json()[0].details).toEqual(generated.details);
    });

    it('ignores a status, id or owner sent in the body', async () => {
      const response = await request('POST', '/tasks/batch', [
        { ...taskBody(scenarioId, 'Sneaky'), status: 'completed', id: 1, user_id: 999 },
      ]);
      expect(response.statusCode).toBe(201);
      expect(response.json()[0].status).toBe('pending');
      const [row] = await t.db.select().from(tasks).where(eq(tasks.id, response.json()[0].id));
      expect(row.user_id).toBe(user.id);
    });

    it('stores nothing when one task of the batch is invalid (400 naming its index)', async () => {
      const before = (await request('GET', `/tasks?scenario_id=${scenarioId}`)).json().length;
      const response = await request('POST', '/tasks/batch', [
        taskBody(scenarioId, 'Fine'),
        { ...taskBody(scenarioId, 'Broken'), task_type: 'teleport' },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^body\.1\.task_type: Invalid option/);
      expect((await request('GET', `/tasks?scenario_id=${scenarioId}`)).json()).toHaveLength(before);
    });

    it('stores nothing when a pair names a pickup the environment does not have', async () => {
      const before = (await request('GET', `/tasks?scenario_id=${scenarioId}`)).json().length;
      const response = await request('POST', '/tasks/batch', [
        taskBody(scenarioId, 'Fine'),
        {
          ...taskBody(scenarioId, 'Ghost pickup'),
          details: {
            tasks: [
              ['P1', 'D1'],
              ['P99', 'D1'],
            ],
          },
        },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: "body.1.details.tasks.1: pickup P99 is not a pickup point of the scenario's environment",
      });
      expect((await request('GET', `/tasks?scenario_id=${scenarioId}`)).json()).toHaveLength(before);
    });

    it('stores nothing when one task names a scenario that does not exist (404)', async () => {
      const before = (await request('GET', `/tasks?scenario_id=${scenarioId}`)).json().length;
      const response = await request('POST', '/tasks/batch', [taskBody(scenarioId, 'Fine'), taskBody(999999, 'Lost')]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Scenario not found' });
      expect((await request('GET', `/tasks?scenario_id=${scenarioId}`)).json()).toHaveLength(before);
    });

    it.each([
      [[], 'body: Too small: expected array to have >=1 items'],
      [{ name: 'not a list' }, 'body: Invalid input: expected array, received object'],
      [[{ scenario_id: 1 }], 'body.0.name: Required'],
      [[{ name: 'x' }], 'body.0.scenario_id: Required'],
      [
        [{ name: 'x', scenario_id: 1, details: { tasks: [['P1']] } }],
        'body.0.details.tasks.0: Too small: expected array to have >=2 items',
      ],
    ])('rejects the batch %j with 400 naming the field', async (payload, detail) => {
      const response = await request('POST', '/tasks/batch', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('lists newest first and filters by scenario_id', async () => {
      const other = (await request('POST', '/scenarios', scenarioBody(environmentId, 'Other'))).json().id;
      t.clock.advanceSeconds(1);
      const [mine] = (await request('POST', '/tasks/batch', [taskBody(other, 'Only one')])).json();
      const filtered = (await request('GET', `/tasks?scenario_id=${other}`)).json();
      expect(filtered.map((task: { id: number }) => task.id)).toEqual([mine.id]);
      const all = (await request('GET', '/tasks')).json();
      expect(all[0].id).toBe(mine.id);
      expect(all.length).toBeGreaterThan(1);
    });

    it('answers 404 {"detail":"Task not found"} for unknown ids and deletes a task with its solves', async () => {
      expect((await request('GET', '/tasks/999999')).json()).toEqual({ detail: 'Task not found' });
      expect((await request('DELETE', '/tasks/999999')).statusCode).toBe(404);
      const chain = await createChain(t.app, user, 'TaskDelete');
      expect((await request('DELETE', `/tasks/${chain.taskId}`)).statusCode).toBe(204);
      expect((await request('GET', `/tasks/${chain.taskId}`)).statusCode).toBe(404);
      expect(await t.db.select().from(solves).where(eq(solves.task_id, chain.taskId))).toEqual([]);
      expect((await request('GET', `/scenarios/${chain.scenarioId}`)).statusCode).toBe(200);
    });

    it('answers 413 for a batch over 8 MiB', async () => {
      const response = await request('POST', '/tasks/batch', [
        { ...taskBody(scenarioId), description: 'x'.repeat(8 * 1024 * 1024 + 10) },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body is too large (limit 8 MiB)' });
    });
  });
});
