import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, pairsAnswer, type FakeOpenAiServer } from './fake-openai-server.ts';
import { scenarioBody, singleAisleEnvironment } from './support/fixtures.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

/** Creates an environment and a scenario on it for `user`; returns the scenario id. */
async function createScenario(t: TestApp, user: SignedInUser): Promise<number> {
  const environment = await t.app.inject({
    method: 'POST',
    url: '/api/v1/environments',
    headers: user.headers,
    payload: singleAisleEnvironment('Generation floor'),
  });
  const scenario = await t.app.inject({
    method: 'POST',
    url: '/api/v1/scenarios',
    headers: user.headers,
    payload: scenarioBody(environment.json().id),
  });
  return scenario.json().id as number;
}

describe.each(databaseKinds)('POST /tasks/generate through the full server on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  let scenarioId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await t.signUp('gen');
    scenarioId = await createScenario(t, user);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const generate = (query: string, headers = user.headers) =>
    t.app.inject({ method: 'POST', url: `/api/v1/tasks/generate?${query}`, headers });

  it('previews pairs from the built-in generator, stores nothing, and saves them with /tasks/batch', async () => {
    const preview = await generate(`scenario_id=${scenarioId}&num_tasks=7&task_type=pickup_delivery&name=Morning`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-task-generator']).toMatch(/^builtin/);
    const [task] = preview.json();
    expect(task.name).toBe('Morning');
    expect(task.task_type).toBe('pickup_delivery');
    expect(task.details.tasks).toHaveLength(7);
    for (const [pickup, dropoff] of task.details.tasks) {
      expect(['P1', 'P2']).toContain(pickup);
      expect(dropoff).toBe('D1');
    }
    expect(task.details.additional_details.generator.kind).toBe('builtin');

    const before = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks?scenario_id=${scenarioId}`,
      headers: user.headers,
    });
    expect(before.json()).toEqual([]);

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tasks/batch',
      headers: user.headers,
      payload: preview.json(),
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()[0].details.tasks).toEqual(task.details.tasks);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks?scenario_id=${scenarioId}`,
      headers: user.headers,
    });
    expect(after.json()).toHaveLength(1);
  });

  it('says before generating that the built-in generator runs, and only to a signed-in user', async () => {
    const generator = await t.app.inject({ method: 'GET', url: '/api/v1/tasks/generator', headers: user.headers });
    expect(generator.statusCode).toBe(200);
    expect(generator.json()).toEqual({ kind: 'builtin', model: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tasks/generator' })).statusCode).toBe(401);
  });

  it('names the bad query parameter and refuses another user’s scenario', async () => {
    const tooMany = await generate(`scenario_id=${scenarioId}&num_tasks=1001&task_type=pickup_delivery`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toMatch(/num_tasks/);
    const badType = await generate(`scenario_id=${scenarioId}&num_tasks=3&task_type=teleport`);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().detail).toMatch(/task_type/);
    const missing = await generate('num_tasks=3&task_type=pickup_delivery');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/scenario_id/);

    const stranger = await t.signUp('stranger');
    const foreign = await generate(`scenario_id=${scenarioId}&num_tasks=3&task_type=pickup_delivery`, stranger.headers);
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tasks/generate?scenario_id=${scenarioId}&num_tasks=3`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /tasks/generate with an OpenAI-compatible model configured', () => {
  let model: FakeOpenAiServer;
  let t: TestApp;
  let user: SignedInUser;
  let scenarioId: number;
  beforeAll(async () => {
    model = await startFakeOpenAiServer();
    t = await startTestApp('pglite', {
      env: { LLM_BASE_URL: model.baseURL, LLM_API_KEY: 'test-key', LLM_MODEL: 'fleet-planner-1' },
    });
    user = await t.signUp('llm');
    scenarioId = await createScenario(t, user);
  });
  afterAll(async () => {
    await t?.dispose();
    await model?.close();
  });

  it('says before generating which model runs', async () => {
    const generator = await t.app.inject({ method: 'GET', url: '/api/v1/tasks/generator', headers: user.headers });
    expect(generator.json()).toEqual({ kind: 'llm', model: 'fleet-planner-1' });
  });

  it('returns the model’s pairs and says which model made them', async () => {
    model.enqueue(
      pairsAnswer([
        ['P2', 'D1'],
        ['P1', 'D1'],
        ['P2', 'D1'],
      ]),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tasks/generate?scenario_id=${scenarioId}&num_tasks=3&task_type=pickup_delivery`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-task-generator']).toBe('llm; model=fleet-planner-1');
    expect(response.json()[0].details.tasks).toEqual([
      ['P2', 'D1'],
      ['P1', 'D1'],
      ['P2', 'D1'],
    ]);
    expect(model.requests.at(-1)?.body.model).toBe('fleet-planner-1');
  });

  it('answers 502 naming the cause when the model keeps returning unknown ids, with no silent fallback', async () => {
    model.enqueue(pairsAnswer([['P9', 'D1']]), pairsAnswer([['P9', 'D1']]));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tasks/generate?scenario_id=${scenarioId}&num_tasks=1&task_type=pickup_delivery`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/^The language model returned 1 unknown pickup id \(P9\)/);
  });

  it('answers 502 naming the status when the model server fails', async () => {
    // The SDK retries once, so both attempts fail.
    model.enqueue({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tasks/generate?scenario_id=${scenarioId}&num_tasks=2&task_type=pickup_delivery`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/500/);
  });
});
