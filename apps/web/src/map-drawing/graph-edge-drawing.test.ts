import { describe, expect, it } from 'vitest';
import {
  graphEdgeDrawing,
  graphEdgeSegments,
  mergedGraphEdgeSegments,
  primeGraphEdgeDrawing,
} from './graph-edge-drawing.ts';
import { SMALL_SCENE } from './test-support/small-scene.ts';

/** P1-D1 and N1-D1, each stored in both directions, and one edge to a node that does not exist. */
const smallGraph = SMALL_SCENE.graph!;

describe('graphEdgeDrawing', () => {
  it('merges collinear overlapping edges once per node/edge arrays, with their bounds', () => {
    const graph = {
      nodes: [
        { id: 'A', x: 0.5, y: 0.5 },
        { id: 'B', x: 1.5, y: 0.5 },
        { id: 'C', x: 3.5, y: 0.5 },
        { id: 'D', x: 1.5, y: 2.5 },
      ],
      edges: [
        { from: 'A', to: 'B' },
        { from: 'B', to: 'C' },
        { from: 'A', to: 'C' },
        { from: 'B', to: 'D' },
      ],
    };
    const drawing = graphEdgeDrawing(graph);
    expect([...drawing.segments]).toEqual([0.5, 0.5, 3.5, 0.5, 1.5, 0.5, 1.5, 2.5]);
    expect([drawing.minX, drawing.minY, drawing.maxX, drawing.maxY]).toEqual([0.5, 0.5, 3.5, 2.5]);
    // jsdom has no Path2D: frames then stroke the segments directly.
    expect(drawing.path).toBeNull();
    expect(graphEdgeDrawing({ ...graph })).toBe(drawing);
    expect(graphEdgeDrawing({ ...graph, nodes: [...graph.nodes] })).not.toBe(drawing);
  });

  it('uses segments merged elsewhere (the graph worker) instead of merging again', () => {
    const graph = {
      nodes: [
        { id: 'A', x: 0.5, y: 0.5 },
        { id: 'B', x: 2.5, y: 0.5 },
      ],
      edges: [{ from: 'A', to: 'B' }],
    };
    const fromWorker = mergedGraphEdgeSegments(graph);
    expect([...fromWorker]).toEqual([0.5, 0.5, 2.5, 0.5]);
    const primed = primeGraphEdgeDrawing(graph, fromWorker);
    expect(graphEdgeDrawing(graph)).toBe(primed);
    expect(graphEdgeDrawing(graph).segments).toBe(fromWorker);
    expect([primed.minX, primed.minY, primed.maxX, primed.maxY]).toEqual([0.5, 0.5, 2.5, 0.5]);
  });
});

describe('graphEdgeSegments', () => {
  it('keeps one segment per undirected edge with known ends, cached per graph', () => {
    const segments = graphEdgeSegments(smallGraph);
    expect([...segments]).toEqual([2, 1.5, 5.5, 3.5, 0.5, 3.5, 5.5, 3.5]);
    expect(graphEdgeSegments(smallGraph)).toBe(segments);
  });
});
