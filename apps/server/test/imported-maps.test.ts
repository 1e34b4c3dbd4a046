import { readFileSync } from 'node:fs';
import {
  buildNavigationGraph,
  environmentRecordSchema,
  importLorrProblem,
  layoutFromGridMapText,
  robotsFromStations,
  type EditableLayout,
} from '@fleetlab/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeWarehouseMapText } from '../../../packages/warehouse/bench/large-warehouse-map.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

const fixture = (path: string) =>
  readFileSync(new URL(`../../../packages/warehouse/test/fixtures/${path}`, import.meta.url), 'utf8');

/** The body the editor sends for an imported layout: its elements and pruned graph. */
const bodyOf = (name: string, layout: EditableLayout) => ({
  name,
  description: `Imported from ${name}`,
  dimensions: layout.dimensions,
  elements: layout.elements,
  graph: buildNavigationGraph(layout.elements),
});

describe.each(databaseKinds)('environments from imported grid maps on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await t.signUp('maps');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user.headers, payload: payload as object });

  it('stores a 500 x 140 warehouse map (2,298 shelves) once it has its places, and reads it back whole', async () => {
    const map = largeWarehouseMapText();
    const layout = layoutFromGridMapText(map.text);
    // The map alone is floor and shelves: refused, naming what a solve needs, until the planner places it.
    const bare = await post('/environments', bodyOf('long-corridor-warehouse.map', layout));
    expect(bare.statusCode).toBe(400);
    expect(bare.json().detail).toContain('The layout has no pickup point');
    // One pickup on a shelf's side, a dropoff and a station in the aisle row above the shelves (y = 5).
    const station = { id: 'R1', position: [100.5, 5.5] as [number, number], robot_count: 1 };
    const placed: EditableLayout = {
      ...layout,
      elements: {
        ...layout.elements,
        pickups: [layout.pickupCandidates[0]],
        dropoffs: [{ id: 'D1', position: [110.5, 5.5] }],
        robot_stations: [station],
        robots: robotsFromStations([station]),
      },
    };
    const body = bodyOf('long-corridor-warehouse.map', placed);
    const response = await post('/environments', body);
    expect(response.statusCode).toBe(201);
    const record = environmentRecordSchema.parse(response.json());
    expect(record.dimensions).toEqual({ width: 500, height: 140 });
    expect(record.elements.shelves).toHaveLength(map.shelves);
    expect(record.problems).toEqual({ errors: [], warnings: [] });
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/v1/environments/${record.id}`,
      headers: user.headers,
    });
    expect(environmentRecordSchema.parse(fetched.json()).elements.shelves).toEqual(body.elements.shelves);
  });

  it('refuses a grid wider than 500 cells naming the field', async () => {
    const body = bodyOf('wide.map', layoutFromGridMapText(fixture('warehouse-small.map')));
    const response = await post('/environments', { ...body, dimensions: { width: 501, height: 7 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('body.dimensions.width: Too big: expected number to be <=500');
  });

  it('stores a LoRR problem as an environment, a scenario and its order list', async () => {
    const imported = importLorrProblem({
      problem: fixture('lorr-small/small-example_2.json'),
      map: fixture('lorr-small/maps/small.map'),
      agents: fixture('lorr-small/agents/small_2.agents'),
      tasks: fixture('lorr-small/tasks/small_5.tasks'),
    });
    const environment = await post('/environments', bodyOf('small-example_2', imported.layout));
    expect(environment.statusCode).toBe(201);
    const scenario = await post('/scenarios', {
      name: 'LoRR small',
      environment_id: environment.json().id,
      parameters: {},
    });
    expect(scenario.statusCode).toBe(201);
    const tasks = await post('/tasks/batch', [
      {
        name: 'LoRR tasks',
        task_type: 'pickup_delivery',
        scenario_id: scenario.json().id,
        details: { tasks: imported.pairs },
      },
    ]);
    expect(tasks.statusCode).toBe(201);
    expect(tasks.json()[0].details.tasks).toEqual([
      ['P13', 'D1'],
      ['P10', 'D2'],
      ['P12', 'D1'],
    ]);
  });
});
