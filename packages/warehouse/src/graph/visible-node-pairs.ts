import type { GraphEdge, GraphNode, Rectangle } from '../layout/types.ts';
import { edgeEndPosition, edgeWeightHundredths, pickupPairForbidsEdge } from './edge-rules.ts';
import { ShelfSegmentIndex } from './shelf-segment-index.ts';

/** Node geometry in flat arrays, as the edge rules see it (pickups moved toward their side). */
export interface NodeGeometry {
  count: number;
  x: Float64Array;
  y: Float64Array;
}

export function nodeGeometryOf(nodes: readonly GraphNode[]): NodeGeometry {
  const x = new Float64Array(nodes.length);
  const y = new Float64Array(nodes.length);
  nodes.forEach((node, index) => {
    [x[index], y[index]] = edgeEndPosition(node);
  });
  return { count: nodes.length, x, y };
}

/**
 * Every pair of nodes the full rule set of spec §5 joins by an edge, as a flat list
 * `[i0, j0, i1, j1, ...]` with i < j, ordered by i then j (the original product's edge order):
 * the straight segment between the two (pickups moved 0.05 toward their side) must not cross a
 * shelf, and the pickup-to-pickup rules must allow the pair.
 */
export function visibleNodePairs(
  nodes: readonly GraphNode[],
  geometry: NodeGeometry,
  shelves: ReadonlyArray<Rectangle & { id: string }>,
): Int32Array {
  const index = new ShelfSegmentIndex(shelves);
  // A pickup's or navigation point's own shelf is the likeliest to block its segments (half of all
  // directions from a pickup run into it), so it is tested first, before walking the grid.
  const shelfIndexById = new Map(shelves.map((shelf, position) => [shelf.id, position]));
  const ownShelf = Int32Array.from(nodes, (node) =>
    node.shelf_id === undefined ? -1 : (shelfIndexById.get(node.shelf_id) ?? -1),
  );
  const isPickup = Uint8Array.from(nodes, (node) => (node.type === 'pickup' ? 1 : 0));
  const pairs: number[] = [];
  const { count, x, y } = geometry;
  for (let i = 0; i < count; i++) {
    const ax = x[i];
    const ay = y[i];
    const shelfOfI = ownShelf[i];
    for (let j = i + 1; j < count; j++) {
      if (isPickup[i] === 1 && isPickup[j] === 1 && pickupPairForbidsEdge(nodes[i], nodes[j])) continue;
      if (shelfOfI >= 0 && index.touchesShelf(shelfOfI, ax, ay, x[j], y[j])) continue;
      const shelfOfJ = ownShelf[j];
      if (shelfOfJ >= 0 && shelfOfJ !== shelfOfI && index.touchesShelf(shelfOfJ, ax, ay, x[j], y[j])) continue;
      if (index.crossedShelf(ax, ay, x[j], y[j]) >= 0) continue;
      pairs.push(i, j);
    }
  }
  return Int32Array.from(pairs);
}

/**
 * The pairs not marked in `dropped` as edges `a -> b` then `b -> a`, in pair order, weighted as
 * spec §3 has it (Euclidean, rounded to 2 decimals, from the moved pickup points).
 */
export function edgesOfPairs(
  nodes: readonly GraphNode[],
  geometry: NodeGeometry,
  pairs: Int32Array,
  dropped: Uint8Array,
): GraphEdge[] {
  const edges: GraphEdge[] = [];
  for (let p = 0; p < pairs.length / 2; p++) {
    if (dropped[p] === 1) continue;
    const a = pairs[2 * p];
    const b = pairs[2 * p + 1];
    const weight = edgeWeightHundredths(geometry.x[a], geometry.y[a], geometry.x[b], geometry.y[b]) / 100;
    edges.push({ from: nodes[a].id, to: nodes[b].id, weight }, { from: nodes[b].id, to: nodes[a].id, weight });
  }
  return edges;
}
