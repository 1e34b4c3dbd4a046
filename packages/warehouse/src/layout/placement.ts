import { cellCentreOf, isInsideGrid, isStrictlyInsideRectangle, rectanglesOverlap, shelfOnCellOf } from './grid-geometry.ts';
import type { Cell, Dimensions, Dropoff, PlacementRefusal, PlacementResult, Point, Rectangle, RobotStation, Shelf } from './types.ts';

/** What a placement is checked against. */
export interface PlacementContext {
  dimensions: Dimensions;
  shelves: readonly Shelf[];
  dropoffs?: readonly Dropoff[];
  robot_stations?: readonly RobotStation[];
}

/** The rectangle a drag covers, from its start cell to its end cell, both included, in any direction. */
export function rectangleFromCells(start: Cell, end: Cell): Rectangle {
  const left = Math.min(start[0], end[0]);
  const top = Math.min(start[1], end[1]);
  return {
    position: [left, top],
    size: [Math.abs(end[0] - start[0]) + 1, Math.abs(end[1] - start[1]) + 1],
  };
}

/** The grid cell holding a point given in grid units (e.g. a pointer position). */
export function cellAt(point: Point): Cell {
  return [Math.floor(point[0]), Math.floor(point[1])];
}

/**
 * Can a shelf go here (spec §5)? Width and height above 0, wholly inside the grid, no overlap
 * with an existing shelf (touching is fine), and no dropoff or robot station under it: the
 * placement rule of those points ("not on a shelf cell") must still hold afterwards.
 */
export function checkShelfPlacement(candidate: Rectangle, context: PlacementContext): PlacementResult {
  const [x, y] = candidate.position;
  const [width, height] = candidate.size;
  if (!(width > 0 && height > 0)) return { ok: false, rule: 'shelf-size', reason: 'Shelf width and height must be above 0' };
  // Written so that NaN fails too: every comparison with NaN is false.
  if (!(x >= 0 && y >= 0 && x + width <= context.dimensions.width && y + height <= context.dimensions.height)) {
    return { ok: false, rule: 'inside-grid', reason: 'Shelf must lie inside the grid' };
  }
  const overlapped = context.shelves.find((shelf) => rectanglesOverlap(candidate, shelf));
  if (overlapped) return { ok: false, rule: 'shelf-overlap', reason: `Shelf overlaps shelf ${overlapped.id}`, blocker: overlapped.id };
  const covered = [...(context.dropoffs ?? []), ...(context.robot_stations ?? [])].find((point) =>
    isStrictlyInsideRectangle(cellCentreOf(point.position), candidate),
  );
  if (covered) return { ok: false, rule: 'on-shelf-cell', reason: `Shelf would cover ${covered.id}`, blocker: covered.id };
  return { ok: true };
}

export type PointPlacementResult = { ok: true; position: Point } | PlacementRefusal;

/**
 * Where a dropoff or robot station clicked at `point` goes (spec §5): snapped to the centre of
 * its cell (+0.5), which must be inside the grid and not a shelf cell.
 */
export function placePoint(point: Point, context: PlacementContext): PointPlacementResult {
  const position = cellCentreOf(point);
  if (!isInsideGrid(position, context.dimensions)) return { ok: false, rule: 'inside-grid', reason: 'Point must lie inside the grid' };
  const shelf = shelfOnCellOf(position, context.shelves);
  if (shelf) return { ok: false, rule: 'on-shelf-cell', reason: `Cannot place on shelf ${shelf.id}`, blocker: shelf.id };
  return { ok: true, position };
}

/**
 * The next free id with the prefix (`S`, `D` or `R`): one above the highest number in use, so
 * ids are never reused after an erase (a reused id would silently rename a saved reference).
 */
export function nextElementId(prefix: string, existing: ReadonlyArray<{ id: string }>): string {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  let highest = 0;
  for (const element of existing) {
    const match = pattern.exec(element.id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${prefix}${highest + 1}`;
}
