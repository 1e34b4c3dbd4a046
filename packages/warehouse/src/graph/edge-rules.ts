import type { GraphNode, PickupSide, Point } from '../layout/types.ts';

/** Spec §9: for the shelf-crossing test a pickup point is moved this far toward its side. */
export const PICKUP_EDGE_TEST_OFFSET = 0.05;

const SIDE_DIRECTION: Record<PickupSide, Point> = {
  top: [0, -1],
  right: [1, 0],
  bottom: [0, 1],
  left: [-1, 0],
};

/**
 * Where an edge end is taken to be for the shelf test and for the weight: a pickup sits on its
 * shelf's border, so it is moved 0.05 off the shelf toward its side (the original product, and
 * so the benchmark graphs, measure weights from the same moved point); other nodes stay put.
 */
export function edgeEndPosition(node: Pick<GraphNode, 'type' | 'x' | 'y' | 'side'>): Point {
  if (node.type !== 'pickup' || node.side === undefined) return [node.x, node.y];
  const [dx, dy] = SIDE_DIRECTION[node.side];
  return [node.x + dx * PICKUP_EDGE_TEST_OFFSET, node.y + dy * PICKUP_EDGE_TEST_OFFSET];
}

/** Edge weight in hundredths of a unit: the Euclidean length rounded to 2 decimals, as an integer. */
export function edgeWeightHundredths(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  return Math.round(Math.sqrt(dx * dx + dy * dy) * 100);
}

/** Edge weight: the Euclidean length rounded to 2 decimals (spec §3). */
export function edgeWeight(a: Point, b: Point): number {
  return edgeWeightHundredths(a[0], a[1], b[0], b[1]) / 100;
}

function isHorizontalSide(side: PickupSide): boolean {
  return side === 'top' || side === 'bottom';
}

/**
 * The pickup-to-pickup rules of spec §5: no edge between two pickups of the same shelf, and none
 * between pickups whose sides are the same or opposite and lie on one line (top/bottom sides at
 * the same y, left/right sides at the same x): such an edge would run along shelf faces.
 * Pickups facing each other across an aisle (right side at x=9, left side at x=12) are not in
 * line and keep their edge, as in the benchmark graphs.
 */
export function pickupPairForbidsEdge(
  a: Pick<GraphNode, 'x' | 'y' | 'side' | 'shelf_id'>,
  b: Pick<GraphNode, 'x' | 'y' | 'side' | 'shelf_id'>,
): boolean {
  if (a.shelf_id === b.shelf_id) return true;
  if (a.side === undefined || b.side === undefined) return false;
  const aHorizontal = isHorizontalSide(a.side);
  if (aHorizontal !== isHorizontalSide(b.side)) return false;
  return aHorizontal ? a.y === b.y : a.x === b.x;
}
