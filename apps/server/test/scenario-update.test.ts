import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioBody, singleAisleEnvironment, taskBody } from './support/fixtures.ts';
import { databaseKinds } from './support/test-database.ts';
import { expectStatus, startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

/** PATCH /scenarios/{id} on the single-aisle floor: one robot, tasks holding two pairs. */
describe.each(databaseKinds)('PATCH /scenarios/{id} on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  let environmentId: number;
  let scenarioId: number;
  let created: Record<string, unknown>;

  const request = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = user.headers,
  ) => t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object | undefined });

  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await t.signUp('patch');
    environmentId = (
      await expectStatus(request('POST', '/environments', singleAisleEnvironment('Patch floor')), 201)
    ).json().id;
    created = (await expectStatus(request('POST', '/scenarios', scenarioBody(environmentId)), 201)).json();
    scenarioId = created.id as number;
    await expectStatus(request('POST', '/tasks/batch', [taskBody(scenarioId)]), 201);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('accepts the whole fleet as robot_count and answers the updated record', async () => {
    t.clock.advanceMinutes(5);
    const response = await request('PATCH', `/scenarios/${scenarioId}`, {
      name: 'Evening peak',
      description: null,
      parameters: { robot_count: 1, order_volume: 40 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...created,
      name: 'Evening peak',
      description: null,
      parameters: { robot_count: 1, order_volume: 40 },
      updated_at: '2026-01-15T09:05:00.000Z',
    });
    expect((await request('GET', `/scenarios/${scenarioId}`)).json()).toEqual(response.json());
  });

  it('replaces parameters as a whole: without order_volume the scenario shows the pairs of its tasks again', async () => {
    const response = await request('PATCH', `/scenarios/${scenarioId}`, { parameters: { robot_count: 1 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Evening peak', parameters: { robot_count: 1, order_volume: 2 } });
  });

  it('refuses more robots than the floor can take (the drawn one and one per free cell), and changes nothing', async () => {
    const before = (await request('GET', `/scenarios/${scenarioId}`)).json();
    t.clock.advanceMinutes(5);
    const response = await request('PATCH', `/scenarios/${scenarioId}`, {
      name: 'Too big',
      parameters: { robot_count: 74 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        'body.parameters.robot_count: 74 robots asked, but this floor can take at most 73 (1 drawn, 72 more parked beside the stations)',
    });
    expect((await request('GET', `/scenarios/${scenarioId}`)).json()).toEqual(before);
  });

  it('answers 404 for an unknown scenario and 401 without a token', async () => {
    const unknown = await request('PATCH', '/scenarios/999999', { name: 'Nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Scenario not found' });
    const anonymous = await request('PATCH', `/scenarios/${scenarioId}`, { name: 'Anyone' }, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Not authenticated' });
  });
});
