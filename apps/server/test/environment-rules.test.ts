import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import {
  buildNavigationGraph,
  generateWarehouseInstance,
  layoutFromElements,
  type EnvironmentCreate,
} from '@fleetlab/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environments } from '../src/db/schema.ts';
import { EmbeddedSolveQueue } from '../src/jobs/embedded-solve-queue.ts';
import { silentJobLogger } from '../src/jobs/job-logger.ts';
import { waitForStatus } from './jobs/solve-fixtures.ts';
import { scenarioBody, singleAisleEnvironment, solveBody, taskBody } from './support/fixtures.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from './support/test-database.ts';
import { expectStatus, startAppWithQueue, startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

/** The s1 benchmark layout (20 x 20, shelves S1-S3, dropoffs D1-D2, stations R1-R2 with two robots each). */
function s1Environment(): Required<EnvironmentCreate> & { elements: Required<EnvironmentCreate['elements']> } {
  const instancePath = fileURLToPath(new URL('../../../packages/solver/bench/instances/s1.json', import.meta.url));
  const { environment } = JSON.parse(readFileSync(instancePath, 'utf8'));
  return { ...environment, name: 's1', description: 'benchmark s1' };
}

type S1 = ReturnType<typeof s1Environment>;

/** The s1 layout changed one thing at a time, each breaking one rule, with the 400 it must get. */
const BROKEN_LAYOUTS: Array<[string, (body: S1) => void, string]> = [
  [
    'overlapping shelves',
    (body) => body.elements.shelves.push({ id: 'S4', position: [3, 4], size: [2, 2] }),
    'body.elements.shelves.3: Shelf S4 overlaps shelf S1',
  ],
  [
    'a dropoff on a shelf cell',
    (body) => body.elements.dropoffs.push({ id: 'D3', position: [7.5, 4.5] }),
    'body.elements.dropoffs.2: Dropoff D3 is on a cell of shelf S2',
  ],
  [
    'a robot station off the grid',
    (body) => (body.elements.robot_stations[1].position = [25.5, 0.5]),
    'body.elements.robot_stations.1: Robot station R2 at (25.5, 0.5) lies outside the 20x20 grid; ' +
      'body.elements.robots.2: Robot R2_1 at (15.5, 0.5) is not on its station R2 at (25.5, 0.5); ' +
      'body.elements.robots.3: Robot R2_2 at (15.5, 0.5) is not on its station R2 at (25.5, 0.5)',
  ],
  [
    'a pickup of a shelf that does not exist',
    (body) => (body.elements.pickups[0].shelf_id = 'S9'),
    'body.elements.pickups.0: Pickup P7 belongs to shelf S9, which does not exist',
  ],
  [
    'a robot of a station that does not exist',
    (body) => (body.elements.robots[3].station_id = 'R7'),
    'body.elements.robots.3: Robot R2_2 belongs to station R7, which does not exist',
  ],
  [
    'two dropoffs with one id',
    (body) => (body.elements.dropoffs[1].id = 'D1'),
    'body.elements.dropoffs.1: Dropoff D1 has the id of another dropoff',
  ],
  [
    'a one-way aisle that cuts the dropoffs off',
    // Row 10 runs down across the whole floor: robots reach the dropoffs below it, never come back.
    (body) => (body.elements.one_way_aisles = [{ id: 'W1', position: [0, 10], size: [20, 1], direction: 'down' }]),
    'body.elements.dropoffs.0: Dropoff D1 has no walk back to stations R1 and R2: one-way aisle W1 (running down) cuts it off; ' +
      'body.elements.dropoffs.1: Dropoff D2 has no walk back to stations R1 and R2: one-way aisle W1 (running down) cuts it off',
  ],
  [
    'one-way aisles that trap a dropoff',
    // Each of the three cells beside D1 runs towards it: robots get in, never out.
    (body) =>
      (body.elements.one_way_aisles = [
        { id: 'W1', position: [5, 18], size: [1, 1], direction: 'down' },
        { id: 'W2', position: [4, 19], size: [1, 1], direction: 'right' },
        { id: 'W3', position: [6, 19], size: [1, 1], direction: 'left' },
      ]),
    'body.elements.dropoffs.0: Dropoff D1 has no walk back to stations R1 and R2: ' +
      'one-way aisles W1 (running down), W2 (running right) and W3 (running left) cut it off',
  ],
  [
    'a one-way aisle over a shelf',
    (body) => (body.elements.one_way_aisles = [{ id: 'W1', position: [2, 2], size: [1, 4], direction: 'down' }]),
    'body.elements.one_way_aisles.0: One-way aisle W1 covers a cell of shelf S1',
  ],
  [
    'one-way aisles crossing each other in different directions',
    (body) =>
      (body.elements.one_way_aisles = [
        { id: 'W1', position: [0, 10], size: [20, 1], direction: 'right' },
        { id: 'W2', position: [10, 9], size: [1, 3], direction: 'up' },
      ]),
    'body.elements.one_way_aisles.1: One-way aisle W2 (running up) overlaps one-way aisle W1 (running right)',
  ],
  [
    'a keep-clear cell under a dropoff',
    (body) => (body.elements.keep_clear_cells = [{ id: 'K1', position: [5.5, 19.5] }]),
    'body.elements.dropoffs.0: Dropoff D1 is on keep-clear cell K1, where robots never stop',
  ],
  [
    'two traffic rules with one id',
    (body) => {
      body.elements.one_way_aisles = [{ id: 'W1', position: [0, 10], size: [20, 1], direction: 'right' }];
      body.elements.keep_clear_cells = [{ id: 'W1', position: [10.5, 12.5] }];
    },
    'body.elements.keep_clear_cells.0: Keep-clear cell W1 has the id of another one-way aisle',
  ],
  [
    'a shelf at x = 1e308',
    (body) => body.elements.shelves.push({ id: 'S4', position: [1e308, 3], size: [2, 6] }),
    'body.elements.shelves.3: Shelf S4 lies outside the 20x20 grid',
  ],
];

describe.each(databaseKinds)('environment rules at the API on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await t.signUp('rules');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const create = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/environments', headers: user.headers, payload: payload as object });
  const storedCount = async () => (await t.db.select({ id: environments.id }).from(environments)).length;

  it('stores the s1 layout as it is', async () => {
    const response = await create(s1Environment());
    expect(response.statusCode).toBe(201);
    expect(response.json().problems).toEqual({ errors: [], warnings: [] });
  });

  it.each(BROKEN_LAYOUTS)(
    'refuses %s with 400 naming the element and the rule, storing nothing',
    async (_label, change, detail) => {
      const before = await storedCount();
      const body = s1Environment();
      change(body);
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
      expect(await storedCount()).toBe(before);
    },
  );

  it('stores one-way aisles and keep-clear cells with the layout and gives them back', async () => {
    const body = s1Environment();
    body.elements.one_way_aisles = [
      { id: 'W1', position: [0, 10], size: [20, 1], direction: 'right' },
      { id: 'W2', position: [0, 11], size: [20, 1], direction: 'left' },
    ];
    body.elements.keep_clear_cells = [{ id: 'K1', position: [10.5, 10.5] }];
    const created = await create(body);
    expect(created.statusCode).toBe(201);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v1/environments/${created.json().id}`,
      headers: user.headers,
    });
    expect(stored.json().elements.one_way_aisles).toEqual(body.elements.one_way_aisles);
    expect(stored.json().elements.keep_clear_cells).toEqual(body.elements.keep_clear_cells);
    expect(stored.json().problems).toEqual({ errors: [], warnings: [] });
  });

  it('refuses a graph node that is not where its element is', async () => {
    const body = s1Environment();
    body.graph.nodes = body.graph.nodes!.map((node) => (node.id === 'D2' ? { ...node, x: 14.5 } : node));
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'body.graph: graph node D2 at (14.5, 19.5) is not where dropoff D2 is, at (15.5, 19.5)',
    });
  });

  it('accepts the full graph of spec §5 for a 50 x 50 floor with 400 robots (15 MB) and stores it pruned', async () => {
    const { environment } = generateWarehouseInstance({
      width: 50,
      height: 50,
      stations: 40,
      robotsPerStation: 10,
      orders: 1,
      seed: 20,
    });
    const full = buildNavigationGraph(environment.elements, { edges: 'full' });
    const payload = JSON.stringify({ ...environment, graph: full });
    expect(payload.length).toBeGreaterThan(15_000_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().graph).toEqual(buildNavigationGraph(environment.elements));
  }, 60_000);
});

describe('solves on a stored environment that breaks a rule', () => {
  let database: TestDatabase;
  let queue: EmbeddedSolveQueue;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    queue = await EmbeddedSolveQueue.start({ db: database.handle.db, logger: silentJobLogger, threads: 1 });
  });
  afterAll(async () => {
    await queue?.close();
    await database?.dispose();
  });

  it('show the problem on the environment, and fail naming it instead of running', async () => {
    const { app, headers } = await startAppWithQueue(database, queue, 'rules');
    const db = database.handle.db;
    const post = (url: string, payload: unknown) =>
      expectStatus(app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object }), 201);
    const environmentId = (await post('/environments', singleAisleEnvironment())).json().id as number;
    const scenarioId = (await post('/scenarios', scenarioBody(environmentId))).json().id as number;
    const taskId = (await post('/tasks/batch', [taskBody(scenarioId)])).json()[0].id as number;
    // Stored before the rule existed: written to the table directly, as an old row would be.
    const [row] = await db.select().from(environments).where(eq(environments.id, environmentId));
    await db
      .update(environments)
      .set({ elements: { ...row.elements, dropoffs: [...row.elements.dropoffs, { id: 'D9', position: [2.5, 3.5] }] } })
      .where(eq(environments.id, environmentId));

    const page = await app.inject({ method: 'GET', url: `/api/v1/environments/${environmentId}`, headers });
    expect(page.json().problems).toEqual({
      errors: [
        {
          path: 'elements.dropoffs.1',
          element: 'D9',
          rule: 'on-shelf-cell',
          message: 'Dropoff D9 is on a cell of shelf S1',
        },
      ],
      warnings: [],
    });

    const solveId = (await post('/solves', solveBody({ environmentId, scenarioId, taskId }))).json().id as number;
    const failed = await waitForStatus(db, solveId, ['failed', 'completed']);
    expect(failed.status).toBe('failed');
    expect(failed.results).toEqual({
      error:
        'The environment breaks the layout rules: Dropoff D9 is on a cell of shelf S1. Fix the layout in the editor and save it as a new environment.',
    });
    expect(failed.stats).toBeNull();
    await app.close();
  });
});

describe('a place no walk reaches', () => {
  let database: TestDatabase;
  let queue: EmbeddedSolveQueue;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    queue = await EmbeddedSolveQueue.start({ db: database.handle.db, logger: silentJobLogger, threads: 1 });
  });
  afterAll(async () => {
    await queue?.close();
    await database?.dispose();
  });

  it('is stored with a warning naming it, and a solve that needs it fails naming the delivery', async () => {
    const { app, headers } = await startAppWithQueue(database, queue, 'walled');
    const db = database.handle.db;
    const post = (url: string, payload: unknown) =>
      app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
    // s1 with pickup P16 (served from cell (1, 3), left of S1) walled in by three one-cell shelves.
    const body = s1Environment();
    body.elements.shelves.push(
      { id: 'S4', position: [0, 3], size: [1, 1] },
      { id: 'S5', position: [1, 2], size: [1, 1] },
      { id: 'S6', position: [1, 4], size: [1, 1] },
    );
    body.elements = layoutFromElements(body.dimensions, body.elements).elements as S1['elements'];
    body.graph = buildNavigationGraph(body.elements);
    const created = await post('/environments', body);
    expect(created.statusCode, created.body).toBe(201);
    const warning = {
      path: 'elements.pickups.4',
      element: 'P16',
      rule: 'unreachable',
      message: 'Pickup P16 is cut off from stations R1 and R2 both ways: no walk on the floor connects them',
    };
    expect(created.json().problems).toEqual({ errors: [], warnings: [warning] });
    const environmentId = created.json().id as number;
    const page = await app.inject({ method: 'GET', url: `/api/v1/environments/${environmentId}`, headers });
    expect(page.json().problems).toEqual({ errors: [], warnings: [warning] });

    const scenarioId = (await post('/scenarios', scenarioBody(environmentId))).json().id as number;
    const [needing, sparing] = (
      await post('/tasks/batch', [
        {
          ...taskBody(scenarioId, 'Needs P16'),
          details: {
            tasks: [
              ['P7', 'D1'],
              ['P16', 'D1'],
            ],
            priority: 1,
          },
        },
        {
          ...taskBody(scenarioId, 'Spares P16'),
          details: {
            tasks: [
              ['P7', 'D1'],
              ['P13', 'D2'],
            ],
            priority: 1,
          },
        },
      ])
    ).json() as { id: number }[];
    const failing = (await post('/solves', solveBody({ environmentId, scenarioId, taskId: needing.id }))).json()
      .id as number;
    const failed = await waitForStatus(db, failing, ['failed', 'completed']);
    expect(failed.status).toBe('failed');
    expect(failed.results).toEqual({
      error: 'Delivery P16 -> D1 cannot be done: pickup P16 is unreachable from every robot',
    });
    const running = (
      await post('/solves', solveBody({ environmentId, scenarioId, taskId: sparing.id }, 'Spares P16'))
    ).json().id as number;
    expect((await waitForStatus(db, running, ['failed', 'completed'])).status).toBe('completed');
    await app.close();
  }, 60_000);
});
