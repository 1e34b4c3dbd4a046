import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { denseWarehouse } from '../bench/dense-layouts.ts';
import { buildNavigationGraph } from '../src/graph/build-navigation-graph.ts';
import { addDropoff, addRobotStation, addShelf } from '../src/layout/editing.ts';
import { createEmptyLayout } from '../src/layout/regenerate.ts';
import type { EditableLayout, LayoutElements, NavigationGraph } from '../src/layout/types.ts';
import { distanceTable, terminalIds, undirectedEdgeList } from './graph-shortest-paths.ts';
import { emptyElements, loadBenchmarkEnvironment } from './layout-fixtures.ts';

function edgeSet(graph: NavigationGraph): Set<string> {
  return new Set(graph.edges.map((edge) => `${edge.from}>${edge.to}:${edge.weight}`));
}

/** The pruned graph keeps the nodes, keeps a subset of the edges, and every distance between the given sources and all nodes. */
function expectSameDistances(elements: LayoutElements, sources?: readonly string[]) {
  const full = buildNavigationGraph(elements, { edges: 'full' });
  const pruned = buildNavigationGraph(elements);
  expect(pruned.nodes).toEqual(full.nodes);
  const fullEdges = edgeSet(full);
  for (const edge of edgeSet(pruned)) expect(fullEdges.has(edge)).toBe(true);
  const from = sources ?? full.nodes.map((node) => node.id);
  expect(distanceTable(pruned, from)).toEqual(distanceTable(full, from));
  return { full, pruned };
}

describe('pruned navigation graph', () => {
  it('drops an edge running straight through another node: a row of dropoffs keeps its consecutive links', () => {
    const elements = {
      ...emptyElements(),
      dropoffs: [
        { id: 'D1', position: [0.5, 0.5] as [number, number] },
        { id: 'D2', position: [1.5, 0.5] as [number, number] },
        { id: 'D3', position: [2.5, 0.5] as [number, number] },
      ],
    };
    expect(undirectedEdgeList(buildNavigationGraph(elements, { edges: 'full' }))).toEqual([
      'D1-D2:1',
      'D1-D3:2',
      'D2-D3:1',
    ]);
    expect(undirectedEdgeList(buildNavigationGraph(elements))).toEqual(['D1-D2:1', 'D2-D3:1']);
  });

  it('keeps an edge whose detour is longer after rounding only: 1.41 + 1.41 <= 2.83 drops, 2.24 + 2.24 > 4.47 keeps', () => {
    const diagonal = {
      ...emptyElements(),
      dropoffs: [
        { id: 'D1', position: [0.5, 0.5] as [number, number] },
        { id: 'D2', position: [1.5, 1.5] as [number, number] },
        { id: 'D3', position: [2.5, 2.5] as [number, number] },
      ],
    };
    expect(undirectedEdgeList(buildNavigationGraph(diagonal, { edges: 'full' }))).toEqual([
      'D1-D2:1.41',
      'D1-D3:2.83',
      'D2-D3:1.41',
    ]);
    expect(undirectedEdgeList(buildNavigationGraph(diagonal))).toEqual(['D1-D2:1.41', 'D2-D3:1.41']);
    const knight = {
      ...emptyElements(),
      dropoffs: [
        { id: 'D1', position: [0.5, 0.5] as [number, number] },
        { id: 'D2', position: [2.5, 1.5] as [number, number] },
        { id: 'D3', position: [4.5, 2.5] as [number, number] },
      ],
    };
    expect(undirectedEdgeList(buildNavigationGraph(knight))).toEqual(['D1-D2:2.24', 'D1-D3:4.47', 'D2-D3:2.24']);
  });

  it('links robots parked on a station to the station only; the station keeps the outward edges', () => {
    const elements = {
      ...emptyElements(),
      dropoffs: [{ id: 'D1', position: [0.5, 0.5] as [number, number] }],
      robot_stations: [{ id: 'R1', position: [3.5, 0.5] as [number, number], robot_count: 3 }],
      robots: [1, 2, 3].map((k) => ({
        id: `R1_${k}`,
        station_id: 'R1',
        position: [3.5, 0.5] as [number, number],
        station_index: k - 1,
      })),
    };
    expect(undirectedEdgeList(buildNavigationGraph(elements))).toEqual([
      'D1-R1:3',
      'R1_1-R1:0',
      'R1_2-R1:0',
      'R1_3-R1:0',
    ]);
    expectSameDistances(elements);
  });

  it.each(['s1', 'm1', 'l1'] as const)(
    'keeps every distance of benchmark %s between pickups, dropoffs and robots',
    (name) => {
      const environment = loadBenchmarkEnvironment(name);
      const { full, pruned } = expectSameDistances(environment.elements, terminalIds(environment.graph));
      expect(pruned.edges.length).toBeLessThan(full.edges.length);
    },
    30_000,
  );

  it('keeps every distance between all nodes on random layouts (property)', () => {
    const size = 12;
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('shelf' as const),
        x: fc.nat(size - 1),
        y: fc.nat(size - 1),
        w: fc.integer({ min: 1, max: 4 }),
        h: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant('dropoff' as const), x: fc.nat(size - 1), y: fc.nat(size - 1) }),
      fc.record({
        kind: fc.constant('station' as const),
        x: fc.nat(size - 1),
        y: fc.nat(size - 1),
        robots: fc.integer({ min: 1, max: 3 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 14 }),
        fc.array(fc.boolean(), { minLength: 200, maxLength: 200 }),
        (steps, chosen) => {
          let layout: EditableLayout = createEmptyLayout({ width: size, height: size });
          for (const s of steps) {
            const result =
              s.kind === 'shelf'
                ? addShelf(layout, { position: [s.x, s.y], size: [s.w, s.h] })
                : s.kind === 'dropoff'
                  ? addDropoff(layout, [s.x + 0.5, s.y + 0.5])
                  : addRobotStation(layout, [s.x + 0.5, s.y + 0.5], s.robots);
            if (result.ok) layout = result.layout;
          }
          const pickups = layout.pickupCandidates.filter((_, index) => chosen[index % chosen.length]);
          expectSameDistances({ ...layout.elements, pickups });
        },
      ),
      { numRuns: 60, seed: 20261122 },
    );
  }, 30_000);

  it("keeps a dense 50x50 warehouse with every pickup selected over 1,000 nodes and under 5 MB, with the full graph's distances", () => {
    const layout = denseWarehouse({ shelfLength: 4, shelfDepth: 2, aisleWidth: 2 });
    const full = buildNavigationGraph(layout.elements, { edges: 'full' });
    const pruned = buildNavigationGraph(layout.elements);
    expect(pruned.nodes.length).toBeGreaterThan(1000);
    expect(Buffer.byteLength(JSON.stringify(full))).toBeGreaterThan(5e6);
    expect(Buffer.byteLength(JSON.stringify(pruned))).toBeLessThan(5e6);
    // Every 40th terminal as a source (all of them would take Dijkstra 1,000+ times on each graph).
    const sources = terminalIds(full).filter((_, index) => index % 40 === 0);
    expect(distanceTable(pruned, sources)).toEqual(distanceTable(full, sources));
  }, 60_000);
});
