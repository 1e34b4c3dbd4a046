import { describe, expect, it } from 'vitest';
import type { LayoutScene } from './layout-scene.ts';
import {
  graphEdgeDrawing,
  graphEdgeSegments,
  LAYOUT_COLORS,
  mergedGraphEdgeSegments,
  primeGraphEdgeDrawing,
  renderGraphEdges,
  renderLayout,
  robotDrawPositions,
} from './render-layout.ts';
import { RecordingCanvasContext } from './test-support/recording-canvas-context.ts';

/** 6 x 4 grid: two shelves, two pickups (P1 selected), a dropoff, a station with 2 robots, a 3-node graph. */
const scene: LayoutScene = {
  dimensions: { width: 6, height: 4 },
  elements: {
    shelves: [
      { id: 'S1', position: [1, 1], size: [1, 2] },
      { id: 'S2', position: [3, 1], size: [1, 2] },
    ],
    pickups: [
      { id: 'P1', position: [2, 1.5] },
      { id: 'P2', position: [3, 1.5] },
    ],
    dropoffs: [{ id: 'D1', position: [5.5, 3.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 0.5] }],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 0.5] },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 0.5] },
    ],
    navigation_points: [{ id: 'N1', position: [0.5, 3.5] }],
  },
  graph: {
    nodes: [
      { id: 'P1', x: 2, y: 1.5 },
      { id: 'D1', x: 5.5, y: 3.5 },
      { id: 'N1', x: 0.5, y: 3.5 },
    ],
    edges: [
      { from: 'P1', to: 'D1' },
      { from: 'D1', to: 'P1' },
      { from: 'N1', to: 'D1' },
      { from: 'D1', to: 'N1' },
      { from: 'P1', to: 'missing' },
    ],
  },
};

const view = { cellSize: 10, offsetX: 5, offsetY: 7 };

function draw(options: Partial<Parameters<typeof renderLayout>[3]> = {}) {
  const context = new RecordingCanvasContext(document.createElement('canvas'));
  renderLayout(context as unknown as CanvasRenderingContext2D, scene, view, { width: 100, height: 60, showGraph: true, ...options });
  return context;
}

/** The calls of the path ended by the first fill/stroke in the given colour. */
function pathBefore(context: RecordingCanvasContext, method: 'fill' | 'stroke', color: string) {
  const end = context.calls.findIndex(
    (call) => call.method === method && (method === 'fill' ? call.fillStyle : call.strokeStyle) === color,
  );
  expect(end).toBeGreaterThan(-1);
  const start = context.calls.slice(0, end).map((call) => call.method).lastIndexOf('beginPath');
  return context.calls.slice(start + 1, end);
}

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
    const segments = graphEdgeSegments(scene.graph!);
    expect([...segments]).toEqual([2, 1.5, 5.5, 3.5, 0.5, 3.5, 5.5, 3.5]);
    expect(graphEdgeSegments(scene.graph!)).toBe(segments);
  });
});

describe('robotDrawPositions', () => {
  it('spreads the robots of one station on a ring of 0.3 cell', () => {
    const positions = [...robotDrawPositions(scene.elements.robots)];
    expect(positions[0]).toBeCloseTo(0.5, 9);
    expect(positions[1]).toBeCloseTo(0.2, 9);
    expect(positions[2]).toBeCloseTo(0.5, 9);
    expect(positions[3]).toBeCloseTo(0.8, 9);
  });
});

describe('renderLayout', () => {
  it('clears the whole area, then draws the grid in one batched path', () => {
    const context = draw();
    expect(context.calls[0]).toMatchObject({ method: 'fillRect', args: [0, 0, 100, 60], fillStyle: LAYOUT_COLORS.background });
    const gridLines = pathBefore(context, 'stroke', LAYOUT_COLORS.gridLine);
    // 5 inner vertical + 3 inner horizontal lines.
    expect(gridLines.filter((call) => call.method === 'moveTo')).toHaveLength(8);
  });

  it('draws all shelves as rectangles of one path', () => {
    const shelves = pathBefore(draw(), 'fill', LAYOUT_COLORS.shelf);
    expect(shelves.map((call) => call.args)).toEqual([
      [15, 17, 10, 20],
      [35, 17, 10, 20],
    ]);
  });

  it('draws every graph edge in a single stroke, and none when the graph is hidden', () => {
    const edges = pathBefore(draw(), 'stroke', LAYOUT_COLORS.graphEdge);
    // Merged segments come ordered by direction: the horizontal edge, then the diagonal.
    expect(edges.map((call) => [call.method, ...call.args])).toEqual([
      ['moveTo', 10, 42],
      ['lineTo', 60, 42],
      ['moveTo', 25, 22],
      ['lineTo', 60, 42],
    ]);
    const hidden = draw({ showGraph: false });
    expect(hidden.calls.some((call) => call.strokeStyle === LAYOUT_COLORS.graphEdge && call.method === 'stroke')).toBe(false);
    expect(hidden.calls.some((call) => call.fillStyle === LAYOUT_COLORS.navigationPoint && call.method === 'fill')).toBe(false);
  });

  it('skips edges entirely outside the visible area', () => {
    // 30 x 30 CSS px shows x 0.5..2.5 cells and y 0..2.3 cells: only the P1-D1 diagonal
    // reaches into it (it starts at (25, 22)); the N1-D1 edge runs along y = 42.
    const context = new RecordingCanvasContext(document.createElement('canvas'));
    renderGraphEdges(context as unknown as CanvasRenderingContext2D, scene.graph!, view, { width: 30, height: 30 });
    expect(pathBefore(context, 'stroke', LAYOUT_COLORS.graphEdge).map((call) => [call.method, ...call.args])).toEqual([
      ['moveTo', 25, 22],
      ['lineTo', 60, 42],
    ]);
  });

  it('draws candidate pickups as rings and selected ones as dots', () => {
    const context = draw({ selectedPickupIds: new Set(['P1']) });
    const candidates = pathBefore(context, 'stroke', LAYOUT_COLORS.pickupCandidate).filter((call) => call.method === 'arc');
    const selected = pathBefore(context, 'fill', LAYOUT_COLORS.pickupSelected).filter((call) => call.method === 'arc');
    expect(candidates.map((call) => call.args.slice(0, 2))).toEqual([[35, 22]]);
    expect(selected.map((call) => call.args.slice(0, 2))).toEqual([[25, 22]]);
  });

  it('treats every pickup as selected when no selection is given (saved environments)', () => {
    const selected = pathBefore(draw(), 'fill', LAYOUT_COLORS.pickupSelected).filter((call) => call.method === 'arc');
    expect(selected).toHaveLength(2);
  });

  it('draws a valid preview as a blue outline and an invalid one red and filled', () => {
    const rect = { x: 1, y: 0, width: 2, height: 1 };
    const valid = draw({ preview: { rect, valid: true, kind: 'place' } });
    expect(valid.calls.at(-1)).toMatchObject({ method: 'strokeRect', args: [15, 7, 20, 10], strokeStyle: LAYOUT_COLORS.previewValid });
    expect(valid.calls.some((call) => call.fillStyle === LAYOUT_COLORS.previewInvalidFill)).toBe(false);

    const invalid = draw({ preview: { rect, valid: false, kind: 'place' } });
    expect(invalid.calls.slice(-2)).toMatchObject([
      { method: 'fillRect', args: [15, 7, 20, 10], fillStyle: LAYOUT_COLORS.previewInvalidFill },
      { method: 'strokeRect', args: [15, 7, 20, 10], strokeStyle: LAYOUT_COLORS.previewInvalid },
    ]);
  });

  it('shades the hovered cell only inside the grid', () => {
    const inside = draw({ hoverCell: { x: 2, y: 3 } });
    expect(inside.calls.find((call) => call.fillStyle === LAYOUT_COLORS.hover && call.method === 'fillRect')?.args).toEqual([
      25, 37, 10, 10,
    ]);
    const outside = draw({ hoverCell: { x: 6, y: 0 } });
    expect(outside.calls.some((call) => call.fillStyle === LAYOUT_COLORS.hover && call.method === 'fillRect')).toBe(false);
  });
});
