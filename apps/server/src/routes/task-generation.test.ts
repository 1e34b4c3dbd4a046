import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pairsAnswer, startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server.ts';
import { BuiltinTaskGenerator } from '../services/task-generation/builtin-generator.ts';
import { morningShift, twoShelfWarehouse } from '../services/task-generation/generation-fixtures.ts';
import { LlmTaskGenerator } from '../services/task-generation/llm-generator.ts';
import type {
  GenerationEnvironment,
  GenerationScenario,
  TaskGenerator,
} from '../services/task-generation/task-generator.ts';
import { taskGenerationRoutes } from './task-generation.ts';

const PLANNER = 1;
const OTHER_PLANNER = 2;

const emptyWarehouse: GenerationEnvironment = {
  id: 9,
  name: 'Empty hall',
  elements: { pickups: [], dropoffs: [{ id: 'D1', position: [0.5, 0.5] }] },
};

// In-memory stand-ins for the stored records: scenario id -> owner, scenario, environment.
const scenarios = new Map<number, { owner: number; scenario: GenerationScenario; environment: GenerationEnvironment }>([
  [3, { owner: PLANNER, scenario: morningShift, environment: twoShelfWarehouse }],
  [4, { owner: OTHER_PLANNER, scenario: { id: 4, name: 'Someone else', description: null }, environment: twoShelfWarehouse }],
  [5, { owner: PLANNER, scenario: { id: 5, name: 'Nothing to pick', description: null }, environment: emptyWarehouse }],
]);

async function buildApp(generator: TaskGenerator): Promise<FastifyInstance> {
  const app = Fastify();
  // The host's convention: every error leaves as { detail }.
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
    reply.code(error.statusCode ?? 500).send({ detail: error.message }),
  );
  await app.register(taskGenerationRoutes, {
    prefix: '/api/v1',
    generator,
    findScenarioWithEnvironment: async (userId, scenarioId) => {
      const entry = scenarios.get(scenarioId);
      return entry && entry.owner === userId ? { scenario: entry.scenario, environment: entry.environment } : null;
    },
    getUserId: (request: FastifyRequest) => {
      const user = request.headers['x-test-user'];
      if (!user) throw Object.assign(new Error('Not authenticated'), { statusCode: 401 });
      return Number(user);
    },
  });
  return app;
}

function generate(app: FastifyInstance, query: string, user: number | null = PLANNER) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/tasks/generate?${query}`,
    headers: user === null ? {} : { 'x-test-user': String(user) },
  });
}

describe('POST /tasks/generate with the built-in generator', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(new BuiltinTaskGenerator());
  });
  afterAll(async () => {
    await app.close();
  });

  it('returns the list with one previewed task and names the generator', async () => {
    const response = await generate(app, 'scenario_id=3&num_tasks=6&task_type=pickup_delivery&seed=1234');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-task-generator']).toBe('builtin; profile=uniform');
    expect(response.json()).toEqual([
      {
        name: 'Generated tasks for Morning shift',
        description: '6 pickup-and-delivery pairs made by the built-in generator (uniform profile).',
        task_type: 'pickup_delivery',
        scenario_id: 3,
        details: {
          tasks: [
            ['P1', 'D2'],
            ['P10', 'D2'],
            ['P1', 'D1'],
            ['P2', 'D2'],
            ['P4', 'D1'],
            ['P6', 'D1'],
          ],
          start_point: [2.5, 2.5],
          end_point: [0.5, 9.5],
          priority: 'medium',
          additional_details: { seed: 1234, profile: 'uniform', generator: { kind: 'builtin', profile: 'uniform' } },
        },
      },
    ]);
  });

  it('uses the name and description given, and reads a hot-spot profile from the description', async () => {
    const response = await generate(
      app,
      'scenario_id=3&num_tasks=10&name=Peak%20wave&description=Peak%20hour%3A%20fast%20movers',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-task-generator']).toBe('builtin; profile=hotspot');
    const [task] = response.json();
    expect(task.name).toBe('Peak wave');
    expect(task.description).toBe('Peak hour: fast movers');
    expect(task.details.tasks).toHaveLength(10);
    expect(task.details.additional_details.generator).toEqual({ kind: 'builtin', profile: 'hotspot' });
    expect(task.details.additional_details.hot_pickups).toHaveLength(2);
  });

  it('defaults to 5 pickup-and-delivery pairs and repeats the same preview', async () => {
    const first = await generate(app, 'scenario_id=3');
    const second = await generate(app, 'scenario_id=3');
    expect(first.statusCode).toBe(200);
    expect(first.json()[0].task_type).toBe('pickup_delivery');
    expect(first.json()[0].details.tasks).toHaveLength(5);
    expect(second.json()).toEqual(first.json());
  });

  it('accepts an empty JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/tasks/generate?scenario_id=3&num_tasks=2',
      headers: { 'x-test-user': String(PLANNER), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].details.tasks).toHaveLength(2);
  });

  it("keeps its empty-body JSON parser to itself: the host's routes still reject an empty JSON body", async () => {
    const host = Fastify();
    host.post('/echo', async (request) => request.body);
    await host.register(taskGenerationRoutes, {
      generator: new BuiltinTaskGenerator(),
      findScenarioWithEnvironment: async () => null,
      getUserId: () => PLANNER,
    });
    const response = await host.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FST_ERR_CTP_EMPTY_JSON_BODY');
    await host.close();
  });

  it.each([
    ['num_tasks=5', 'querystring.scenario_id: must be the id of one of your scenarios (a positive whole number)'],
    ['scenario_id=abc', 'querystring.scenario_id: must be the id of one of your scenarios (a positive whole number)'],
    ['scenario_id=0', 'querystring.scenario_id: must be the id of one of your scenarios (a positive whole number)'],
    ['scenario_id=3&num_tasks=0', 'querystring.num_tasks: must be a whole number from 1 to 1000'],
    ['scenario_id=3&num_tasks=1001', 'querystring.num_tasks: must be a whole number from 1 to 1000'],
    ['scenario_id=3&num_tasks=2.5', 'querystring.num_tasks: must be a whole number from 1 to 1000'],
    ['scenario_id=3&num_tasks=many', 'querystring.num_tasks: must be a whole number from 1 to 1000'],
    ['scenario_id=3&task_type=pickup', 'querystring.task_type: must be pickup_delivery: only pickup-and-delivery tasks are generated'],
    ['scenario_id=3&profile=zipf', 'querystring.profile: must be one of uniform, hotspot'],
    ['scenario_id=x&num_tasks=0', 'querystring.scenario_id: must be the id of one of your scenarios (a positive whole number); querystring.num_tasks: must be a whole number from 1 to 1000'],
  ])('answers 400 naming the parameter for ?%s', async (query, detail) => {
    const response = await generate(app, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('answers 404 for an unknown scenario and for another planner\'s scenario', async () => {
    for (const query of ['scenario_id=999', 'scenario_id=4']) {
      const response = await generate(app, query);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Scenario not found' });
    }
  });

  it('answers 400 when the scenario\'s environment has no pickup points', async () => {
    const response = await generate(app, 'scenario_id=5');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        "The environment 'Empty hall' of this scenario has no pickup points; add them in the grid editor before generating tasks",
    });
  });

  it('runs the host authentication hook before reading the query', async () => {
    const guarded = Fastify();
    await guarded.register(taskGenerationRoutes, {
      generator: new BuiltinTaskGenerator(),
      findScenarioWithEnvironment: async () => null,
      getUserId: () => PLANNER,
      authenticate: (scope) =>
        scope.addHook('onRequest', async (_request, reply) => reply.code(401).send({ detail: 'Not authenticated' })),
    });
    const response = await guarded.inject({ method: 'POST', url: '/tasks/generate?num_tasks=0' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated' });
    await guarded.close();
  });

  it('asks for authentication before anything else', async () => {
    const response = await generate(app, 'num_tasks=0', null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('POST /tasks/generate with the LLM generator', () => {
  let model: FakeOpenAiServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    model = await startFakeOpenAiServer();
    app = await buildApp(new LlmTaskGenerator({ baseURL: model.baseURL, apiKey: 'k', model: 'gpt-4o-mini', timeoutMs: 5000 }));
  });
  afterEach(() => {
    expect(model.pendingReplies()).toBe(0);
  });
  afterAll(async () => {
    await app.close();
    await model.close();
  });

  it('names the model in the header and in the task details', async () => {
    model.enqueue(pairsAnswer([['P2', 'D2'], ['P9', 'D1']]));
    const response = await generate(app, 'scenario_id=3&num_tasks=2&description=Shelf%20S2%20is%20busy');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-task-generator']).toBe('llm; model=gpt-4o-mini');
    expect(response.json()).toEqual([
      {
        name: 'Generated tasks for Morning shift',
        description: 'Shelf S2 is busy',
        task_type: 'pickup_delivery',
        scenario_id: 3,
        details: {
          tasks: [
            ['P2', 'D2'],
            ['P9', 'D1'],
          ],
          start_point: [3.5, 2.5],
          end_point: [0.5, 9.5],
          priority: 'medium',
          additional_details: { model: 'gpt-4o-mini', generator: { kind: 'llm', model: 'gpt-4o-mini' } },
        },
      },
    ]);
  });

  it('answers 502 with the detail when the model answers invalid tasks twice', async () => {
    model.enqueue(pairsAnswer([['P99', 'D1']]), pairsAnswer([['P99', 'D1']]));
    const response = await generate(app, 'scenario_id=3&num_tasks=1');
    expect(response.statusCode).toBe(502);
    expect(response.headers['x-task-generator']).toBeUndefined();
    expect(response.json()).toEqual({
      detail: 'The language model returned 1 unknown pickup id (P99) twice; no tasks were generated',
    });
  });

  it('answers 502 naming the status when the model service is rate limited', async () => {
    model.enqueue({ kind: 'status', status: 429 }, { kind: 'status', status: 429 });
    const response = await generate(app, 'scenario_id=3&num_tasks=1');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      detail: 'The language model service answered with status 429 (Too Many Requests); no tasks were generated',
    });
  });
});
