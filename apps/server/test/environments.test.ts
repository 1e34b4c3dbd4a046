import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import {
  buildNavigationGraph,
  environmentElementsSchema,
  environmentRecordSchema,
  pruneNavigationGraph,
} from '@fleetlab/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environments, scenarios, solves, tasks } from '../src/db/schema.ts';
import { singleAisleEnvironment } from './support/fixtures.ts';
import { createChain } from './support/resources.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

/** The largest benchmark layout: 50 x 50 with a dense navigation graph (about 2.3 MB of JSON). */
const xl1Environment = () => {
  const instancePath = fileURLToPath(new URL('../../../packages/solver/bench/instances/xl1.json', import.meta.url));
  return JSON.parse(readFileSync(instancePath, 'utf8')).environment;
};

describe.each(databaseKinds)('environments on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await t.signUp('env');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const create = (payload: unknown, headers = user.headers) =>
    t.app.inject({ method: 'POST', url: '/api/v1/environments', headers, payload: payload as object });

  it('creates an environment and returns the stored record with 201', async () => {
    const body = singleAisleEnvironment();
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    const record = environmentRecordSchema.parse(response.json());
    expect(record).toEqual({
      id: record.id,
      name: 'Single aisle',
      description: 'One shelf, two pickups, one dropoff, one robot',
      dimensions: { width: 10, height: 8 },
      elements: body.elements,
      graph: pruneNavigationGraph(environmentRecordSchema.shape.graph.parse(body.graph)),
      problems: { errors: [], warnings: [] },
      version: 1,
      latest_version: 1,
      created_at: '2026-01-15T09:00:00.000Z',
      updated_at: '2026-01-15T09:00:00.000Z',
    });
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/v1/environments/${record.id}`,
      headers: user.headers,
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(record);
  });

  it('stores a missing description as null and fills missing element lists with []', async () => {
    const { description: _description, ...body } = singleAisleEnvironment('Bare');
    const { navigation_points: _points, ...elements } = body.elements;
    const withoutN1 = {
      nodes: body.graph.nodes?.filter((node) => node.id !== 'N1'),
      edges: body.graph.edges?.filter((edge) => edge.from !== 'N1' && edge.to !== 'N1'),
    };
    const response = await create({ ...body, elements, graph: withoutN1 });
    expect(response.statusCode).toBe(201);
    expect(response.json().description).toBeNull();
    expect(response.json().elements).toEqual({ ...elements, navigation_points: [] });
  });

  it('refuses a layout without a pickup, a dropoff or a robot station with a 400 naming each, and stores nothing', async () => {
    // Its own account: the refusals count against the per-account save limit too.
    const planner = await t.signUp('unusable');
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/environments', headers: planner.headers })).json();
    const response = await create(
      { ...singleAisleEnvironment('Empty'), elements: { shelves: [] }, graph: {} },
      planner.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        "body.elements.pickups: The layout has no pickup point: select at least one on a shelf's side; " +
        'body.elements.dropoffs: The layout has no dropoff point: add at least one; ' +
        'body.elements.robot_stations: The layout has no robot station: add at least one, with its robots',
    });
    const { dropoffs: _dropoffs, ...withoutDropoff } = singleAisleEnvironment('No dropoff').elements;
    const noDropoff = await create(
      {
        ...singleAisleEnvironment('No dropoff'),
        elements: withoutDropoff,
        graph: { nodes: singleAisleEnvironment().graph.nodes?.filter((node) => node.id !== 'D1'), edges: [] },
      },
      planner.headers,
    );
    expect(noDropoff.json()).toEqual({
      detail: 'body.elements.dropoffs: The layout has no dropoff point: add at least one',
    });
    expect(await list()).toEqual([]);
  });

  it('refuses a dropoff no robot can reach, naming it', async () => {
    // A shelf wall across the floor's row 6 leaves D1, moved to the bottom row, below it, the station above.
    const body = singleAisleEnvironment('Walled');
    const elements = {
      ...body.elements,
      shelves: [...(body.elements.shelves ?? []), { id: 'S2', position: [0, 6], size: [10, 1] }],
      dropoffs: [{ id: 'D1', position: [8.5, 7.5] }],
    };
    const response = await create(
      { ...body, elements, graph: buildNavigationGraph(environmentElementsSchema.parse(elements)) },
      (await t.signUp('walled')).headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        'body.elements.dropoffs.0: Dropoff D1 is cut off from station R1 both ways: no walk on the floor connects them, so no robot can reach it',
    });
  });

  it('accepts a 50 x 50 layout with a dense graph (the xl1 benchmark, 53k edges) and stores it pruned', async () => {
    const layout = xl1Environment();
    const response = await create(layout);
    expect(response.statusCode).toBe(201);
    expect(response.json().graph).toEqual(pruneNavigationGraph(layout.graph));
    expect(response.json().graph.edges.length).toBeLessThan(layout.graph.edges.length / 2);
    expect(response.json().dimensions).toEqual({ width: 50, height: 50 });
  });

  it('answers 413 with a detail for a body over 24 MiB', async () => {
    const layout = singleAisleEnvironment('Huge');
    const padding = 'x'.repeat(25 * 1024 * 1024);
    const response = await create({ ...layout, description: padding });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large (limit 24 MiB)' });
  });

  it.each([
    ['a missing name', { name: undefined }, 'body.name: Required'],
    ['a blank name', { name: '   ' }, 'body.name: Name is required'],
    [
      'a width under 5',
      { dimensions: { width: 4, height: 8 } },
      'body.dimensions.width: Too small: expected number to be >=5',
    ],
    [
      'a height over 500',
      { dimensions: { width: 10, height: 501 } },
      'body.dimensions.height: Too big: expected number to be <=500',
    ],
    ['missing elements', { elements: undefined }, 'body.elements: Required'],
    ['a missing graph', { graph: undefined }, 'body.graph: Required'],
  ])('rejects %s with 400 naming the field', async (_label, change, detail) => {
    const response = await create({ ...singleAisleEnvironment(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('rejects a bad element inside a list with its index in the field path', async () => {
    const body = singleAisleEnvironment();
    body.elements.pickups![1] = { ...body.elements.pickups![1], side: 'up' as 'top' };
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^body\.elements\.pickups\.1\.side: Invalid option/);
  });

  it('rejects an edge whose weight is not the distance between its ends, naming the edge', async () => {
    const body = singleAisleEnvironment();
    body.graph!.edges![0] = { ...body.graph!.edges![0], weight: 99 };
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'body.graph: graph edge P1 -> N1 has weight 99, expected 1.1' });
  });

  it('rejects an edge to a node the graph does not have, naming the edge', async () => {
    const body = singleAisleEnvironment();
    body.graph!.edges!.push({ from: 'P1', to: 'P404', weight: 1 });
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'body.graph: graph edge P1 -> P404 ends at unknown node P404' });
  });

  it('rejects an edge that crosses a shelf, naming the edge and the shelf', async () => {
    const body = singleAisleEnvironment();
    body.elements.navigation_points!.push({ id: 'N2', position: [1.5, 4], shelf_id: 'S1' });
    body.graph!.nodes!.push({ id: 'N2', type: 'navigation', x: 1.5, y: 4, shelf_id: 'S1' });
    body.graph!.edges!.push({ from: 'P2', to: 'N2', weight: 1.63 });
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'body.graph: graph edge P2 -> N2 crosses shelf S1' });
  });

  it('rejects a body that is not JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'body: Request body is not valid JSON' });
  });

  it('lists only the caller’s environments, newest first', async () => {
    const lister = await t.signUp('lister');
    const first = (await create(singleAisleEnvironment('Older'), lister.headers)).json();
    t.clock.advanceSeconds(5);
    const second = (await create(singleAisleEnvironment('Newer'), lister.headers)).json();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/environments', headers: lister.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((record: { id: number }) => record.id)).toEqual([second.id, first.id]);
    expect(second.created_at).toBe('2026-01-15T09:00:05.000Z');
  });

  it('lists environments without their graphs, which the detail call returns', async () => {
    const reader = await t.signUp('reader');
    const created = (await create(singleAisleEnvironment('Graph holder'), reader.headers)).json();
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/environments', headers: reader.headers });
    const { graph, problems: _problems, latest_version: _latest, ...summary } = created;
    expect(list.json()).toEqual([summary]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/environments/${created.id}`,
      headers: reader.headers,
    });
    expect(detail.json().graph).toEqual(graph);
    expect(graph.edges.length).toBeGreaterThan(0);
  });

  it('answers 404 {"detail":"Environment not found"} for an unknown id, 400 for a non-numeric id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/environments/999999', headers: user.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Environment not found' });
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/v1/environments/999999', headers: user.headers });
    expect(deleted.statusCode).toBe(404);
    const garbage = await t.app.inject({ method: 'GET', url: '/api/v1/environments/abc', headers: user.headers });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().detail).toMatch(/^params\.id: /);
  });

  it('deletes an environment with its scenarios, tasks and solves, leaving no orphan rows', async () => {
    const chain = await createChain(t.app, user, 'Doomed');
    const kept = await createChain(t.app, user, 'Kept');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/environments/${chain.environmentId}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    for (const url of [
      `/api/v1/environments/${chain.environmentId}`,
      `/api/v1/scenarios/${chain.scenarioId}`,
      `/api/v1/tasks/${chain.taskId}`,
      `/api/v1/solves/${chain.solveId}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: user.headers })).statusCode).toBe(404);
    }
    expect(await t.db.select().from(scenarios).where(eq(scenarios.environment_id, chain.environmentId))).toEqual([]);
    expect(await t.db.select().from(tasks).where(eq(tasks.scenario_id, chain.scenarioId))).toEqual([]);
    expect(await t.db.select().from(solves).where(eq(solves.environment_id, chain.environmentId))).toEqual([]);
    expect(await t.db.select().from(environments).where(eq(environments.id, kept.environmentId))).toHaveLength(1);
    expect(await t.db.select().from(solves).where(eq(solves.id, kept.solveId))).toHaveLength(1);
  });

  it('treats an empty JSON body as no body: DELETE with Content-Type application/json works', async () => {
    const created = (await create(singleAisleEnvironment('Header-happy client'))).json();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/environments/${created.id}`,
      headers: { ...user.headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    const emptyPost = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: { ...user.headers, 'content-type': 'application/json' },
    });
    expect(emptyPost.statusCode).toBe(400);
    expect(emptyPost.json()).toEqual({ detail: 'body: Required' });
  });

  it('answers 401 without a token on every environment route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/environments'],
      ['GET', '/api/v1/environments/1'],
      ['POST', '/api/v1/environments'],
      ['DELETE', '/api/v1/environments/1'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
    }
  });
});
