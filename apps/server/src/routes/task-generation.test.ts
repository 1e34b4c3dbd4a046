import { environmentElementsSchema } from '@fleetlab/warehouse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pairsAnswer, startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server.ts';
import { startTestApp, type SignedInUser, type TestApp } from '../../test/support/test-app.ts';
import { createRepositories } from '../repositories/index.ts';
import { morningShift, twoShelfWarehouse } from '../services/task-generation/generation-fixtures.ts';
import type { GenerationEnvironment, GenerationScenario } from '../services/task-generation/task-generator.ts';

const emptyWarehouse: GenerationEnvironment = {
  id: 9,
  name: 'Empty hall',
  elements: { pickups: [], dropoffs: [{ id: 'D1', position: [0.5, 0.5] }] },
};

/**
 * Stores the generator fixtures as `user`'s environment and scenario (their pickups need no
 * drawable layout, so they go in through the repositories) and returns the scenario id.
 */
async function storeScenario(
  t: TestApp,
  user: SignedInUser,
  scenario: GenerationScenario,
  environment: GenerationEnvironment,
): Promise<number> {
  const repositories = createRepositories(t.db);
  const now = t.clock.now();
  const stored = await repositories.environments.create(
    user.id,
    {
      name: environment.name,
      description: null,
      dimensions: { width: 10, height: 10 },
      elements: environmentElementsSchema.parse(environment.elements),
      graph: { nodes: [], edges: [] },
    },
    now,
  );
  const created = await repositories.scenarios.insert(
    user.id,
    { name: scenario.name, description: scenario.description ?? null, environment_id: stored.id, parameters: {} },
    stored,
    now,
  );
  return created.id;
}

interface Floor {
  t: TestApp;
  planner: SignedInUser;
  morningShiftId: number;
  otherPlannersScenarioId: number;
  emptyHallScenarioId: number;
}

async function startFloor(env: Record<string, string> = {}): Promise<Floor> {
  const t = await startTestApp('pglite', { env });
  const planner = await t.signUp('planner');
  const otherPlanner = await t.signUp('otherplanner');
  return {
    t,
    planner,
    morningShiftId: await storeScenario(t, planner, morningShift, twoShelfWarehouse),
    otherPlannersScenarioId: await storeScenario(
      t,
      otherPlanner,
      { id: 0, name: 'Someone else', description: null },
      twoShelfWarehouse,
    ),
    emptyHallScenarioId: await storeScenario(
      t,
      planner,
      { id: 0, name: 'Nothing to pick', description: null },
      emptyWarehouse,
    ),
  };
}

function generate(floor: Floor, query: string, user: SignedInUser | null = floor.planner) {
  return floor.t.app.inject({
    method: 'POST',
    url: `/api/v1/tasks/generate?${query}`,
    headers: user === null ? {} : user.headers,
  });
}

describe('POST /tasks/generate with the built-in generator', () => {
  let floor: Floor;
  beforeAll(async () => {
    floor = await startFloor();
  });
  afterAll(async () => {
    await floor?.t.dispose();
  });

  it('returns the list with one previewed task and names the generator', async () => {
    const response = await generate(
      floor,
      `scenario_id=${floor.morningShiftId}&num_tasks=6&task_type=pickup_delivery&seed=1234`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-task-generator']).toBe('builtin; profile=uniform');
    expect(response.json()).toEqual([
      {
        name: 'Generated tasks for Morning shift',
        description: '6 pickup-and-delivery pairs made by the built-in generator (uniform profile).',
        task_type: 'pickup_delivery',
        scenario_id: floor.morningShiftId,
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
      floor,
      `scenario_id=${floor.morningShiftId}&num_tasks=10&name=Peak%20wave&description=Peak%20hour%3A%20fast%20movers`,
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
    const first = await generate(floor, `scenario_id=${floor.morningShiftId}`);
    const second = await generate(floor, `scenario_id=${floor.morningShiftId}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()[0].task_type).toBe('pickup_delivery');
    expect(first.json()[0].details.tasks).toHaveLength(5);
    expect(second.json()).toEqual(first.json());
  });

  it('accepts an empty JSON body', async () => {
    const response = await floor.t.app.inject({
      method: 'POST',
      url: `/api/v1/tasks/generate?scenario_id=${floor.morningShiftId}&num_tasks=2`,
      headers: { ...floor.planner.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].details.tasks).toHaveLength(2);
  });

  it.each([
    ['num_tasks=5', 'querystring.scenario_id: must be the id of one of your scenarios (a positive whole number)'],
    ['scenario_id=abc', 'querystring.scenario_id: must be the id of one of your scenarios (a positive whole number)'],
    ['scenario_id=0', 'querystring.scenario_id: must be the id of one of your scenarios (a positive whole number)'],
    ['scenario_id=3&num_tasks=0', 'querystring.num_tasks: must be a whole number from 1 to 1000'],
    ['scenario_id=3&num_tasks=1001', 'querystring.num_tasks: must be a whole number from 1 to 1000'],
    ['scenario_id=3&num_tasks=2.5', 'querystring.num_tasks: must be a whole number from 1 to 1000'],
    ['scenario_id=3&num_tasks=many', 'querystring.num_tasks: must be a whole number from 1 to 1000'],
    [
      'scenario_id=3&task_type=pickup',
      'querystring.task_type: must be pickup_delivery: only pickup-and-delivery tasks are generated',
    ],
    ['scenario_id=3&profile=zipf', 'querystring.profile: must be one of uniform, hotspot'],
    [
      'scenario_id=x&num_tasks=0',
      'querystring.scenario_id: must be the id of one of your scenarios (a positive whole number); querystring.num_tasks: must be a whole number from 1 to 1000',
    ],
  ])('answers 400 naming the parameter for ?%s', async (query, detail) => {
    const response = await generate(floor, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it("answers 404 for an unknown scenario and for another planner's scenario", async () => {
    for (const query of ['scenario_id=999', `scenario_id=${floor.otherPlannersScenarioId}`]) {
      const response = await generate(floor, query);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Scenario not found' });
    }
  });

  it("answers 400 when the scenario's environment has no pickup points", async () => {
    const response = await generate(floor, `scenario_id=${floor.emptyHallScenarioId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        "The environment 'Empty hall' of this scenario has no pickup points; add them in the grid editor before generating tasks",
    });
  });

  it('asks for authentication before anything else', async () => {
    const response = await generate(floor, 'num_tasks=0', null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('POST /tasks/generate with the LLM generator', () => {
  let model: FakeOpenAiServer;
  let floor: Floor;
  beforeAll(async () => {
    model = await startFakeOpenAiServer();
    floor = await startFloor({ LLM_BASE_URL: model.baseURL, LLM_API_KEY: 'k', LLM_MODEL: 'gpt-4o-mini' });
  });
  afterEach(() => {
    expect(model.pendingReplies()).toBe(0);
  });
  afterAll(async () => {
    await floor?.t.dispose();
    await model?.close();
  });

  it('names the model in the header and in the task details', async () => {
    model.enqueue(
      pairsAnswer([
        ['P2', 'D2'],
        ['P9', 'D1'],
      ]),
    );
    const response = await generate(
      floor,
      `scenario_id=${floor.morningShiftId}&num_tasks=2&description=Shelf%20S2%20is%20busy`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-task-generator']).toBe('llm; model=gpt-4o-mini');
    expect(response.json()).toEqual([
      {
        name: 'Generated tasks for Morning shift',
        description: 'Shelf S2 is busy',
        task_type: 'pickup_delivery',
        scenario_id: floor.morningShiftId,
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
    const response = await generate(floor, `scenario_id=${floor.morningShiftId}&num_tasks=1`);
    expect(response.statusCode).toBe(502);
    expect(response.headers['x-task-generator']).toBeUndefined();
    expect(response.json()).toEqual({
      detail: 'The language model returned 1 unknown pickup id (P99) twice; no tasks were generated',
    });
  });

  it('answers 502 naming the status when the model service is rate limited', async () => {
    model.enqueue({ kind: 'status', status: 429 }, { kind: 'status', status: 429 });
    const response = await generate(floor, `scenario_id=${floor.morningShiftId}&num_tasks=1`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      detail: 'The language model service answered with status 429 (Too Many Requests); no tasks were generated',
    });
  });
});
