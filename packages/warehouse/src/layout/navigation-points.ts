import { isInsideGrid, isStrictlyInsideRectangle, positionKey } from './grid-geometry.ts';
import type { Dimensions, NavigationPoint, Point, Shelf } from './types.ts';

/** How far a navigation point sits from its shelf corner, diagonally outwards, in each axis. */
export const NAVIGATION_POINT_CORNER_OFFSET = 0.5;

/** The four corners of a shelf pushed outwards, clockwise from the top-left (the original's order). */
function cornerPointsOfShelf(shelf: Shelf): Point[] {
  const [x, y] = shelf.position;
  const [width, height] = shelf.size;
  const d = NAVIGATION_POINT_CORNER_OFFSET;
  return [
    [x - d, y - d],
    [x + width + d, y - d],
    [x + width + d, y + height + d],
    [x - d, y + height + d],
  ];
}

/**
 * Navigation points: one at each shelf corner, offset 0.5 outwards, so paths can turn around
 * shelves (spec §4/§5). Ids `N1..` follow generation order and are given before points are
 * dropped (as pickup ids are). Dropped: points outside the grid, points inside any shelf, and
 * repeats of a position already taken.
 */
export function generateNavigationPoints(shelves: readonly Shelf[], dimensions: Dimensions): NavigationPoint[] {
  const points: NavigationPoint[] = [];
  const taken = new Set<string>();
  let serial = 0;
  for (const shelf of shelves) {
    for (const position of cornerPointsOfShelf(shelf)) {
      serial += 1;
      if (!isInsideGrid(position, dimensions)) continue;
      if (shelves.some((other) => isStrictlyInsideRectangle(position, other))) continue;
      const key = positionKey(position);
      if (taken.has(key)) continue;
      taken.add(key);
      points.push({ id: `N${serial}`, position, shelf_id: shelf.id });
    }
  }
  return points;
}
