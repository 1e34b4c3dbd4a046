import type { Dimensions, Point, Rectangle, Shelf } from './types.ts';

/**
 * True when the point lies strictly inside the grid. Strict on purpose: a pickup point on the
 * grid border faces out of the warehouse, where no robot can stand, so it counts as outside.
 */
export function isInsideGrid(point: Point, dimensions: Dimensions): boolean {
  return point[0] > 0 && point[0] < dimensions.width && point[1] > 0 && point[1] < dimensions.height;
}

/** True when the point lies strictly inside the rectangle (its border does not count). */
export function isStrictlyInsideRectangle(point: Point, rectangle: Rectangle): boolean {
  const [x, y] = rectangle.position;
  const [width, height] = rectangle.size;
  return point[0] > x && point[0] < x + width && point[1] > y && point[1] < y + height;
}

/** True when the point lies inside the rectangle or on its border. */
export function isInsideOrOnRectangle(point: Point, rectangle: Rectangle): boolean {
  const [x, y] = rectangle.position;
  const [width, height] = rectangle.size;
  return point[0] >= x && point[0] <= x + width && point[1] >= y && point[1] <= y + height;
}

/** A rectangle of grid units as any record holds it (a shelf, a drawn aisle, a `Rectangle`), read only. */
export interface GridRectangle {
  readonly position: readonly number[];
  readonly size: readonly number[];
}

/** True when the interiors of the two rectangles intersect: rectangles that only touch do not overlap. */
export function rectanglesOverlap(a: GridRectangle, b: GridRectangle): boolean {
  return (
    a.position[0] < b.position[0] + b.size[0] &&
    b.position[0] < a.position[0] + a.size[0] &&
    a.position[1] < b.position[1] + b.size[1] &&
    b.position[1] < a.position[1] + a.size[1]
  );
}

/** The shelf covering the grid cell that holds the point, if any. */
export function shelfOnCellOf(point: Point, shelves: readonly Shelf[]): Shelf | undefined {
  const centre = cellCentreOf(point);
  return shelves.find((shelf) => isStrictlyInsideRectangle(centre, shelf));
}

/** The centre of the grid cell that holds the point: cells are 1 x 1, centres sit on .5. */
export function cellCentreOf(point: Point): Point {
  return [Math.floor(point[0]) + 0.5, Math.floor(point[1]) + 0.5];
}

/** A stable text key for de-duplicating points by position. */
export function positionKey(point: Point): string {
  return `${point[0]},${point[1]}`;
}
