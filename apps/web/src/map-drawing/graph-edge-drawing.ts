import { mergeCollinearSegments, type SegmentList } from './edge-segments.ts';
import type { SceneGraph } from './layout-scene.ts';

// What the edge stroke of `render-layout.ts` draws for one navigation graph, prepared once per
// graph and cached: the segments of its undirected edges, merged where collinear, with their
// bounds and one Path2D. The merge is the costly part; the editor's graph worker runs it.

// Flat [x1, y1, x2, y2, ...] segment lists, one per undirected edge, built once per graph.
const edgeSegmentCache = new WeakMap<SceneGraph, Float64Array>();

export function graphEdgeSegments(graph: SceneGraph): Float64Array {
  const cached = edgeSegmentCache.get(graph);
  if (cached) return cached;
  const indexById = new Map<string, number>();
  graph.nodes.forEach((node, index) => indexById.set(node.id, index));
  const nodeCount = graph.nodes.length;
  // Edges are stored in both directions; drawing each pair once halves the work. Pairs are
  // keyed by node indices (numbers, not strings): a large graph has tens of thousands.
  const seen = new Set<number>();
  const coordinates = new Float64Array(graph.edges.length * 4);
  let length = 0;
  for (const edge of graph.edges) {
    const from = indexById.get(edge.from);
    const to = indexById.get(edge.to);
    if (from === undefined || to === undefined) continue;
    const key = from < to ? from * nodeCount + to : to * nodeCount + from;
    if (seen.has(key)) continue;
    seen.add(key);
    const start = graph.nodes[from];
    const end = graph.nodes[to];
    coordinates[length++] = start.x;
    coordinates[length++] = start.y;
    coordinates[length++] = end.x;
    coordinates[length++] = end.y;
  }
  const segments = coordinates.slice(0, length);
  edgeSegmentCache.set(graph, segments);
  return segments;
}

/** What the edge stroke draws for one graph, prepared once per (nodes, edges) pair. */
export interface EdgeDrawing {
  /** Collinear overlapping edges merged into one segment each (see edge-segments.ts). */
  readonly segments: SegmentList;
  /** Bounding box of all segments, in grid units. */
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  /** The segments as one path in grid units, where Path2D exists (not in jsdom). */
  readonly path: Path2D | null;
}

// Keyed by the edge array (with its node array checked), not the graph object: the segments
// depend only on those two, and a graph object rebuilt around the same arrays reuses them.
const edgeDrawingCache = new WeakMap<SceneGraph['edges'], { nodes: SceneGraph['nodes']; drawing: EdgeDrawing }>();

export function graphEdgeDrawing(graph: SceneGraph): EdgeDrawing {
  const cached = edgeDrawingCache.get(graph.edges);
  if (cached && cached.nodes === graph.nodes) return cached.drawing;
  return primeGraphEdgeDrawing(graph, mergedGraphEdgeSegments(graph));
}

/** The graph's edges as merged collinear segments: the costly part, which a worker can do. */
export function mergedGraphEdgeSegments(graph: SceneGraph): SegmentList {
  return mergeCollinearSegments(graphEdgeSegments(graph));
}

/**
 * Stores the drawing of `graph` from segments merged elsewhere (the editor's graph worker), so
 * the first frame that shows a new graph does not merge on the main thread.
 */
export function primeGraphEdgeDrawing(graph: SceneGraph, segments: SegmentList): EdgeDrawing {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const path = typeof Path2D === 'undefined' ? null : new Path2D();
  for (let index = 0; index < segments.length; index += 4) {
    const x1 = segments[index];
    const y1 = segments[index + 1];
    const x2 = segments[index + 2];
    const y2 = segments[index + 3];
    minX = Math.min(minX, x1, x2);
    minY = Math.min(minY, y1, y2);
    maxX = Math.max(maxX, x1, x2);
    maxY = Math.max(maxY, y1, y2);
    path?.moveTo(x1, y1);
    path?.lineTo(x2, y2);
  }
  const drawing: EdgeDrawing = { segments, minX, minY, maxX, maxY, path };
  edgeDrawingCache.set(graph.edges, { nodes: graph.nodes, drawing });
  return drawing;
}
