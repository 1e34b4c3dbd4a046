import { buildNavigationGraph, createEmptyLayout, layoutFromElements, selectAllPickups } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import {
  editorDocumentOf,
  environmentBody,
  environmentFile,
  environmentFileName,
  parseEnvironmentFile,
  serializeEnvironmentFile,
} from './layout-file.ts';

/** 8 x 6 grid: shelf S1 (1,1) 2x2, dropoff D1, station R1 with 2 robots, pickup P1 selected. */
const smallElements = {
  shelves: [{ id: 'S1', position: [1, 1] as [number, number], size: [2, 2] as [number, number] }],
  dropoffs: [{ id: 'D1', position: [6.5, 4.5] as [number, number] }],
  robot_stations: [{ id: 'R1', position: [6.5, 0.5] as [number, number], robot_count: 2 }],
  pickups: [{ id: 'P1', position: [1.5, 1] as [number, number], shelf_id: 'S1', side: 'top' as const }],
  robots: [],
  navigation_points: [],
};

describe('environment files', () => {
  it('exports the POST body shape with a format marker and round-trips through import', () => {
    const layout = layoutFromElements({ width: 8, height: 6 }, smallElements);
    const file = environmentFile({ name: 'Small hall', description: 'Test' }, layout);
    expect(file.format).toBe('fleetlab-environment');
    expect(file.version).toBe(1);
    expect(file.elements.pickups.map((pickup) => pickup.id)).toEqual(['P1']);
    expect(file.elements.robots.map((robot) => robot.id)).toEqual(['R1_1', 'R1_2']);
    expect(file.graph).toEqual(buildNavigationGraph(layout.elements));

    const imported = parseEnvironmentFile(serializeEnvironmentFile(file));
    expect(imported).toEqual({
      ok: true,
      environment: { name: 'Small hall', description: 'Test', layout, robotsPerStation: 2 },
    });
  });

  it("opens a stored layout in the editor with its stations' chargers as the chargers per station", () => {
    const stations = smallElements.robot_stations.map((station) => ({ ...station, chargers: 4 }));
    const stored = environmentBody(
      { name: 'Chargers', description: '' },
      layoutFromElements({ width: 8, height: 6 }, { ...smallElements, robot_stations: stations }),
    );
    expect(stored.elements.robot_stations.map((station) => station.chargers)).toEqual([4]);
    expect(editorDocumentOf(stored).chargersPerStation).toBe(4);
  });

  it('imports a stored environment exported from its page back into the same body, traffic rules included', () => {
    const drawn = layoutFromElements(
      { width: 8, height: 6 },
      {
        ...smallElements,
        one_way_aisles: [{ id: 'W1', position: [0, 4], size: [6, 1], direction: 'left' }],
        keep_clear_cells: [{ id: 'K1', position: [4.5, 2.5] }],
      },
    );
    const stored = environmentBody({ name: ' Small hall ', description: 'Test ' }, drawn);
    expect([stored.name, stored.description]).toEqual(['Small hall', 'Test']);
    const exported = serializeEnvironmentFile(
      environmentFile({ name: stored.name, description: stored.description ?? '' }, stored, stored.graph),
    );
    const imported = parseEnvironmentFile(exported);
    if (!imported.ok) throw new Error(imported.errors.join('; '));
    const { name, description, layout } = imported.environment;
    expect(environmentBody({ name: name ?? '', description: description ?? '' }, layout)).toEqual(stored);
    // Opened in the editor, the stored layout is the drawn one, its robots per station read back.
    expect(editorDocumentOf(stored)).toEqual({ layout: drawn, robotsPerStation: 2, chargersPerStation: null });
  });

  it('carries one-way aisles and keep-clear cells out and back in', () => {
    const layout = layoutFromElements(
      { width: 8, height: 6 },
      {
        ...smallElements,
        one_way_aisles: [{ id: 'W1', position: [0, 4], size: [6, 1], direction: 'left' }],
        keep_clear_cells: [{ id: 'K1', position: [4.5, 2.5] }],
      },
    );
    const file = environmentFile({ name: 'Small hall', description: '' }, layout);
    expect(file.elements.one_way_aisles).toEqual([{ id: 'W1', position: [0, 4], size: [6, 1], direction: 'left' }]);
    expect(file.elements.keep_clear_cells).toEqual([{ id: 'K1', position: [4.5, 2.5] }]);
    const imported = parseEnvironmentFile(serializeEnvironmentFile(file));
    expect(imported.ok && imported.environment.layout).toEqual(layout);
  });

  it('refuses a file whose traffic rules break the rules, naming each problem', () => {
    const broken = {
      dimensions: { width: 8, height: 6 },
      elements: {
        ...smallElements,
        one_way_aisles: [{ id: 'W1', position: [1, 1], size: [1, 3], direction: 'down' }],
        keep_clear_cells: [{ id: 'K1', position: [6.5, 4.5] }],
      },
    };
    expect(parseEnvironmentFile(JSON.stringify(broken))).toEqual({
      ok: false,
      errors: ['One-way aisle W1 covers a cell of shelf S1'],
    });
    broken.elements.one_way_aisles = [];
    expect(parseEnvironmentFile(JSON.stringify(broken))).toEqual({
      ok: false,
      errors: ['Dropoff D1 is on keep-clear cell K1, where robots never stop'],
    });
  });

  it('accepts an environment record without the format marker and with missing lists', () => {
    const result = parseEnvironmentFile(JSON.stringify({ dimensions: { width: 5, height: 5 }, elements: {} }));
    expect(result).toEqual({
      ok: true,
      environment: {
        name: null,
        description: null,
        layout: createEmptyLayout({ width: 5, height: 5 }),
        robotsPerStation: null,
      },
    });
  });

  it('reports text that is not JSON', () => {
    const result = parseEnvironmentFile('{ nope');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatch(/^The file is not valid JSON: /);
  });

  it('reports schema problems with their field paths', () => {
    const result = parseEnvironmentFile(
      JSON.stringify({
        dimensions: { width: 600, height: 5 },
        elements: { ...smallElements, shelves: [{ id: 'S1', position: [1, 1], size: [0, 2] }] },
      }),
    );
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^dimensions\.width: /);
    expect(errors[1]).toMatch(/^elements\.shelves\[0\]\.size\[0\]: /);
  });

  it('reports a wrong format marker or version', () => {
    expect(parseEnvironmentFile(JSON.stringify({ format: 'other' }))).toEqual({
      ok: false,
      errors: ['format: expected "fleetlab-environment"'],
    });
    expect(parseEnvironmentFile(JSON.stringify([]))).toEqual({
      ok: false,
      errors: ['The file does not hold an environment object'],
    });
  });

  it('reports layouts the editor could not have drawn', () => {
    const result = parseEnvironmentFile(
      JSON.stringify({
        dimensions: { width: 8, height: 6 },
        elements: {
          ...smallElements,
          shelves: [...smallElements.shelves, { id: 'S1', position: [2, 2], size: [1, 1] }],
          dropoffs: [{ id: 'D1', position: [5, 4] }],
          pickups: [{ id: 'P7', position: [4.5, 4], shelf_id: 'S1', side: 'top' }],
        },
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: ['Duplicate shelf id S1', 'Shelf S1: Shelf overlaps shelf S1', 'D1 at (5, 4) is not at a cell centre'],
    });
  });

  it('reports selected pickups that are not pickup points of the shelves', () => {
    const result = parseEnvironmentFile(
      JSON.stringify({
        dimensions: { width: 8, height: 6 },
        elements: { ...smallElements, pickups: [{ id: 'P7', position: [4.5, 4], shelf_id: 'S1', side: 'top' }] },
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: ["Pickup P7 at (4.5, 4) is not a pickup point of the layout's shelves"],
    });
  });

  it('makes a file name from the environment name', () => {
    expect(environmentFileName('Main Hall #2')).toBe('main-hall-2.json');
    expect(environmentFileName('  ')).toBe('environment.json');
  });

  it('exports every selected pickup of a fully selected layout', () => {
    const layout = selectAllPickups(layoutFromElements({ width: 8, height: 6 }, smallElements));
    expect(environmentFile({ name: 'x', description: '' }, layout).elements.pickups).toHaveLength(8);
  });
});
