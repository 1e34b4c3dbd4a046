import { describe, expect, it } from 'vitest';
import { buildNavigationGraph } from '../src/graph/build-navigation-graph.ts';
import { validateNavigationGraph } from '../src/graph/validate-navigation-graph.ts';
import type { GraphEdge, GraphNode } from '../src/layout/types.ts';
import { loadBenchmarkEnvironment, shelf } from './layout-fixtures.ts';

const s1 = loadBenchmarkEnvironment('s1');

function withEdges(edges: GraphEdge[], nodes: GraphNode[] = s1.graph.nodes) {
  return { elements: s1.elements, graph: { nodes, edges } };
}

describe('validateNavigationGraph', () => {
  it('accepts the benchmark graph, the pruned graph and an empty graph', () => {
    expect(validateNavigationGraph(s1)).toBeNull();
    expect(validateNavigationGraph({ elements: s1.elements, graph: buildNavigationGraph(s1.elements) })).toBeNull();
    expect(validateNavigationGraph({ elements: { shelves: [] }, graph: { nodes: [], edges: [] } })).toBeNull();
  });

  it('accepts the benchmark graph of xl1 (53,218 edges)', () => {
    const xl1 = loadBenchmarkEnvironment('xl1');
    expect(validateNavigationGraph(xl1)).toBeNull();
  });

  it('names an edge starting or ending at an unknown node', () => {
    expect(validateNavigationGraph(withEdges([{ from: 'P99', to: 'N1', weight: 1 }]))).toEqual({
      message: 'graph edge P99 -> N1 starts at unknown node P99',
    });
    expect(validateNavigationGraph(withEdges([{ from: 'N1', to: 'D9', weight: 1 }]))).toEqual({
      message: 'graph edge N1 -> D9 ends at unknown node D9',
    });
  });

  it('checks weights against positions within 0.01, measuring pickups from 0.05 off their side', () => {
    // P7 [4,7.5] right and P29 [7,6.5] left: 3.07 from the moved points, 3.16 from the raw ones.
    expect(validateNavigationGraph(withEdges([{ from: 'P7', to: 'P29', weight: 3.08 }]))).toBeNull();
    expect(validateNavigationGraph(withEdges([{ from: 'P7', to: 'P29', weight: 3.06 }]))).toBeNull();
    expect(validateNavigationGraph(withEdges([{ from: 'P7', to: 'P29', weight: 3.16 }]))).toEqual({
      message: 'graph edge P7 -> P29 has weight 3.16, expected 3.07',
    });
  });

  it('names the shelf an edge crosses, reporting the first bad edge in order', () => {
    const edges = [
      { from: 'N1', to: 'N2', weight: 3 },
      { from: 'P7', to: 'N1', weight: 5.61 },
      { from: 'N1', to: 'N3', weight: 7.62 },
    ];
    expect(validateNavigationGraph(withEdges(edges))).toEqual({ message: 'graph edge P7 -> N1 crosses shelf S1' });
  });

  it('lets a pickup reach away from its own shelf: P16 on the left face of S1 to N1 is fine', () => {
    expect(validateNavigationGraph(withEdges([{ from: 'P16', to: 'N1', weight: 1.1 }]))).toBeNull();
  });

  it('rejects a graph listing one node twice', () => {
    const nodes = [...s1.graph.nodes, { id: 'D1', type: 'dropoff' as const, x: 1.5, y: 1.5 }];
    expect(validateNavigationGraph(withEdges([], nodes))).toEqual({ message: 'graph node D1 appears more than once' });
  });

  it('counts touching a shelf corner as crossing, as the builder does', () => {
    const environment = {
      elements: { shelves: [shelf('S1', 1, 2, 1, 1)] },
      graph: {
        nodes: [
          { id: 'D1', type: 'dropoff' as const, x: 0.5, y: 0.5 },
          { id: 'D2', type: 'dropoff' as const, x: 2.5, y: 2.5 },
        ],
        edges: [{ from: 'D1', to: 'D2', weight: 2.83 }],
      },
    };
    expect(validateNavigationGraph(environment)).toEqual({ message: 'graph edge D1 -> D2 crosses shelf S1' });
  });
});
