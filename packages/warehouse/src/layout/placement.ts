import type { TrafficDirection } from '../records/index.ts';
import {
  cellCentreOf,
  isInsideGrid,
  isStrictlyInsideRectangle,
  rectanglesOverlap,
  shelfOnCellOf,
} from './grid-geometry.ts';
import type {
  Cell,
  Dimensions,
  Dropoff,
  KeepClearCell,
  OneWayAisle,
  PlacementRefusal,
  PlacementResult,
  Point,
  Rectangle,
  RobotStation,
  Shelf,
} from './types.ts';

/** What a placement is checked against. */
export interface PlacementContext {
  dimensions: Dimensions;
  shelves: readonly Shelf[];
  dropoffs?: readonly Dropoff[];
  robot_stations?: readonly RobotStation[];
  one_way_aisles?: readonly OneWayAisle[];
  keep_clear_cells?: readonly KeepClearCell[];
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
  if (!(width > 0 && height > 0))
    return { ok: false, rule: 'shelf-size', reason: 'Shelf width and height must be above 0' };
  // Written so that NaN fails too: every comparison with NaN is false.
  if (!(x >= 0 && y >= 0 && x + width <= context.dimensions.width && y + height <= context.dimensions.height)) {
    return { ok: false, rule: 'inside-grid', reason: 'Shelf must lie inside the grid' };
  }
  const overlapped = context.shelves.find((shelf) => rectanglesOverlap(candidate, shelf));
  if (overlapped)
    return {
      ok: false,
      rule: 'shelf-overlap',
      reason: `Shelf overlaps shelf ${overlapped.id}`,
      blocker: overlapped.id,
    };
  const covered = [...(context.dropoffs ?? []), ...(context.robot_stations ?? [])].find((point) =>
    isStrictlyInsideRectangle(cellCentreOf(point.position), candidate),
  );
  if (covered)
    return { ok: false, rule: 'on-shelf-cell', reason: `Shelf would cover ${covered.id}`, blocker: covered.id };
  // Traffic rules lie on free floor: a shelf over one would leave it on no cell a robot drives.
  const aisle = context.one_way_aisles?.find((candidateAisle) => rectanglesOverlap(candidate, candidateAisle));
  if (aisle)
    return {
      ok: false,
      rule: 'on-shelf-cell',
      reason: `Shelf would cover one-way aisle ${aisle.id}`,
      blocker: aisle.id,
    };
  const keepClear = context.keep_clear_cells?.find((cell) =>
    isStrictlyInsideRectangle(cellCentreOf(cell.position), candidate),
  );
  if (keepClear)
    return {
      ok: false,
      rule: 'on-shelf-cell',
      reason: `Shelf would cover keep-clear cell ${keepClear.id}`,
      blocker: keepClear.id,
    };
  return { ok: true };
}

export type PointPlacementResult = { ok: true; position: Point } | PlacementRefusal;

/**
 * Where a dropoff or robot station clicked at `point` goes (spec §5): snapped to the centre of
 * its cell (+0.5), which must be inside the grid and not a shelf cell.
 */
export function placePoint(point: Point, context: PlacementContext): PointPlacementResult {
  const position = cellCentreOf(point);
  if (!isInsideGrid(position, context.dimensions))
    return { ok: false, rule: 'inside-grid', reason: 'Point must lie inside the grid' };
  const shelf = shelfOnCellOf(position, context.shelves);
  if (shelf)
    return { ok: false, rule: 'on-shelf-cell', reason: `Cannot place on shelf ${shelf.id}`, blocker: shelf.id };
  const keepClear = keepClearCellAt(position, context.keep_clear_cells);
  if (keepClear) {
    return {
      ok: false,
      rule: 'on-keep-clear-cell',
      reason: `Cannot place on keep-clear cell ${keepClear.id}: robots never stop there`,
      blocker: keepClear.id,
    };
  }
  // A station's cell is a depot only its own robots enter: no dropoff shares it, nor another station.
  const held = [...(context.robot_stations ?? []), ...(context.dropoffs ?? [])].find((other) =>
    sameCell(other.position, position),
  );
  if (held)
    return {
      ok: false,
      rule: 'occupied-cell',
      reason: `Cannot place on ${held.id}: the cell is taken`,
      blocker: held.id,
    };
  return { ok: true, position };
}

/** True when the two points lie in one grid cell. */
export function sameCell(a: Point, b: Point): boolean {
  return Math.floor(a[0]) === Math.floor(b[0]) && Math.floor(a[1]) === Math.floor(b[1]);
}

/** The keep-clear cell on the grid cell holding the point, if any. */
export function keepClearCellAt(point: Point, cells: readonly KeepClearCell[] | undefined): KeepClearCell | undefined {
  return cells?.find((cell) => sameCell(cell.position, point));
}

/**
 * Can a one-way aisle running `direction` go over these cells? Wholly inside the grid, on no
 * shelf cell, and over no cell of an aisle that runs another way (robots could then move along
 * neither). Aisles running the same way may overlap. Whether the aisle cuts a place off is the
 * floor's question: `addOneWayAisle` asks it.
 */
export function checkOneWayAislePlacement(
  candidate: Rectangle,
  direction: TrafficDirection,
  context: PlacementContext,
): PlacementResult {
  const [x, y] = candidate.position;
  const [width, height] = candidate.size;
  if (
    !(
      x >= 0 &&
      y >= 0 &&
      width > 0 &&
      height > 0 &&
      x + width <= context.dimensions.width &&
      y + height <= context.dimensions.height
    )
  ) {
    return { ok: false, rule: 'inside-grid', reason: 'A one-way aisle must lie inside the grid' };
  }
  const shelf = context.shelves.find((candidateShelf) => rectanglesOverlap(candidate, candidateShelf));
  if (shelf)
    return {
      ok: false,
      rule: 'on-shelf-cell',
      reason: `A one-way aisle cannot cross shelf ${shelf.id}`,
      blocker: shelf.id,
    };
  const crossing = context.one_way_aisles?.find(
    (aisle) => aisle.direction !== direction && rectanglesOverlap(candidate, aisle),
  );
  if (crossing) {
    return {
      ok: false,
      rule: 'one-way-overlap',
      reason: `Overlaps one-way aisle ${crossing.id}, which runs ${crossing.direction}`,
      blocker: crossing.id,
    };
  }
  return { ok: true };
}

/**
 * The next free id with the prefix (`S`, `D`, `R`, `W` or `K`): one above the highest number in use, so
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
