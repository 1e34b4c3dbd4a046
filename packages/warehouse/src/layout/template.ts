import { checkShelfPlacement, nextElementId, type PlacementContext } from './placement.ts';
import type { Rectangle, Shelf } from './types.ts';

/** A "rows of shelves" template: the chosen area is filled with shelves separated by aisles. */
export interface ShelfRowsTemplate {
  /** The area to fill, in cells. */
  area: Rectangle;
  /** Cells along a shelf's long side. */
  shelfLength: number;
  /** Cells across a shelf (2 gives pickups on both long faces of a double-sided rack). */
  shelfDepth: number;
  /** Cells of free floor between neighbouring shelves, both between rows and between shelves of a row. */
  aisleWidth: number;
  /** Direction of the shelves' long side; `vertical` (default) makes columns like the benchmark layouts. */
  orientation?: 'vertical' | 'horizontal';
}

/**
 * The shelves of a template, in reading order (rows top to bottom, left to right), with ids
 * continuing after the existing shelves. Shelves are packed from the area's top-left corner;
 * a shelf that does not fit wholly in the area, or fails placement (overlaps an existing shelf,
 * leaves the grid, covers a dropoff or station), is left out, so every returned shelf can be
 * added as is. Sizes are whole cells: parameters are rounded down, and any below 1 gives no shelf.
 */
export function fillWithShelfRows(template: ShelfRowsTemplate, context: PlacementContext): Shelf[] {
  const length = Math.floor(template.shelfLength);
  const depth = Math.floor(template.shelfDepth);
  const aisle = Math.floor(template.aisleWidth);
  if (!(length >= 1 && depth >= 1 && aisle >= 1)) return [];
  const vertical = (template.orientation ?? 'vertical') === 'vertical';
  const [width, height] = vertical ? [depth, length] : [length, depth];
  const [areaX, areaY] = template.area.position;
  const [areaWidth, areaHeight] = template.area.size;

  const added: Shelf[] = [];
  for (let y = areaY; y + height <= areaY + areaHeight; y += height + aisle) {
    for (let x = areaX; x + width <= areaX + areaWidth; x += width + aisle) {
      const candidate: Rectangle = { position: [x, y], size: [width, height] };
      const shelves = [...context.shelves, ...added];
      if (!checkShelfPlacement(candidate, { ...context, shelves }).ok) continue;
      added.push({ id: nextElementId('S', shelves), position: [x, y], size: [width, height] });
    }
  }
  return added;
}
