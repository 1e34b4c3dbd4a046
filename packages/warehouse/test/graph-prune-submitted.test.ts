import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildNavigationGraph } from '../src/graph/build-navigation-graph.ts';
import { pruneNavigationGraph } from '../src/graph/prune-navigation-graph.ts';
import { validateGraphNodes } from '../src/graph/validate-navigation-graph.ts';
import type { NavigationGraph } from '../src/layout/types.ts';
import { distanceTable, undirectedEdgeList } from './graph-shortest-paths.ts';
import { BENCHMARK_INSTANCES, emptyElements, loadBenchmarkEnvironment } from './layout-fixtures.ts';

const row = {
  ...emptyElements(),
  dropoffs: [
    { id: 'D1', position: [0.5, 0.5] as [number, number] },
    { id: 'D2', position: [1.5, 0.5] as [number, number] },
    { id: 'D3', position: [2.5, 0.5] as [number, number] },
  ],
};

describe('pruneNavigationGraph', () => {
  it('stores a full graph as the builder prunes it, for every benchmark layout', () => {
    for (const name of BENCHMARK_INSTANCES) {
      const { elements } = loadBenchmarkEnvironment(name);
      expect(pruneNavigationGraph(buildNavigationGraph(elements, { edges: 'full' }))).toEqual(
        buildNavigationGraph(elements),
      );
    }
  });

  it('keeps the distances of the benchmark graphs the original product sent', () => {
    const environment = loadBenchmarkEnvironment('s2');
    const pruned = pruneNavigationGraph(environment.graph);
    expect(pruned.edges.length).toBeLessThan(environment.graph.edges.length);
    const ids = environment.graph.nodes.map((node) => node.id);
    expect(distanceTable(pruned, ids)).toEqual(distanceTable(environment.graph, ids));
  });

  it('drops the link running through a middle node, keeps one-way edges both ways and ignores repeats', () => {
    const graph: NavigationGraph = {
      nodes: buildNavigationGraph(row).nodes,
      edges: [
        { from: 'D1', to: 'D3', weight: 2 },
        { from: 'D3', to: 'D1', weight: 2 },
        { from: 'D2', to: 'D1', weight: 1 },
        { from: 'D2', to: 'D3', weight: 1 },
        { from: 'D2', to: 'D3', weight: 1 },
      ],
    };
    const pruned = pruneNavigationGraph(graph);
    expect(undirectedEdgeList(pruned)).toEqual(['D1-D2:1', 'D2-D3:1']);
    expect(pruned.edges).toEqual([
      { from: 'D1', to: 'D2', weight: 1 },
      { from: 'D2', to: 'D1', weight: 1 },
      { from: 'D2', to: 'D3', weight: 1 },
      { from: 'D3', to: 'D2', weight: 1 },
    ]);
  });

  it('keeps every distance of any subset of a full graph (property)', () => {
    const { elements } = loadBenchmarkEnvironment('s1');
    const full = buildNavigationGraph(elements, { edges: 'full' });
    const pairs = full.edges.filter((_, index) => index % 2 === 0);
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: pairs.length, maxLength: pairs.length }), (kept) => {
        const edges = pairs
          .filter((_, index) => kept[index])
          .flatMap((edge) => [edge, { from: edge.to, to: edge.from, weight: edge.weight }]);
        const graph = { nodes: full.nodes, edges };
        const ids = full.nodes.map((node) => node.id);
        expect(distanceTable(pruneNavigationGraph(graph), ids)).toEqual(distanceTable(graph, ids));
      }),
      { numRuns: 25, seed: 13 },
    );
  });
});

describe('validateGraphNodes', () => {
  const s1 = loadBenchmarkEnvironment('s1');

  it('accepts the nodes the builder makes of the layout', () => {
    expect(validateGraphNodes(s1.elements, s1.graph.nodes)).toBeNull();
    expect(validateGraphNodes(row, buildNavigationGraph(row).nodes)).toBeNull();
  });

  it('names a node that is no element, a node of the wrong kind or place, and a missing node', () => {
    const nodes = buildNavigationGraph(row).nodes;
    expect(validateGraphNodes(row, [...nodes, { id: 'X1', type: 'dropoff', x: 3.5, y: 0.5 }])).toEqual({
      message: 'graph node X1 is no element of the layout',
    });
    expect(validateGraphNodes(row, [{ ...nodes[0], type: 'navigation' }, ...nodes.slice(1)])).toEqual({
      message: 'graph node D1 is a navigation point, but D1 is a dropoff of the layout',
    });
    expect(validateGraphNodes(row, [{ ...nodes[0], x: 9.5 }, ...nodes.slice(1)])).toEqual({
      message: 'graph node D1 at (9.5, 0.5) is not where dropoff D1 is, at (0.5, 0.5)',
    });
    expect(validateGraphNodes(row, nodes.slice(1))).toEqual({ message: 'graph has no node for dropoff D1' });
  });

  it('names a pickup node on another side than its pickup', () => {
    const nodes = s1.graph.nodes.map((node) => (node.id === 'P7' ? { ...node, side: 'left' as const } : node));
    expect(validateGraphNodes(s1.elements, nodes)).toEqual({
      message: 'graph node P7 is on the left side of S1, but pickup P7 is on the right side of S1',
    });
  });
});
