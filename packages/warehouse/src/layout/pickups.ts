import { pickupCell } from '../floor/floor.ts';
import { isInsideGrid, positionKey, shelfOnCellOf } from './grid-geometry.ts';
import type { Dimensions, Pickup, PickupSide, Point, Shelf } from './types.ts';

/**
 * The pickup points of one shelf, one per unit cell along each side, walking the border
 * clockwise from the top-left corner: top (left to right), right (top to bottom), bottom
 * (right to left), left (bottom to top). Positions sit on the shelf border, at the middle of
 * each cell edge. This is the original product's order; the benchmark layouts' ids follow it.
 */
function pickupSlotsOfShelf(shelf: Shelf): Array<{ position: Point; side: PickupSide }> {
  const [x, y] = shelf.position;
  const [width, height] = shelf.size;
  const slots: Array<{ position: Point; side: PickupSide }> = [];
  for (let i = 0; i < width; i++) slots.push({ position: [x + i + 0.5, y], side: 'top' });
  for (let i = 0; i < height; i++) slots.push({ position: [x + width, y + i + 0.5], side: 'right' });
  for (let i = 0; i < width; i++) slots.push({ position: [x + width - i - 0.5, y + height], side: 'bottom' });
  for (let i = 0; i < height; i++) slots.push({ position: [x, y + height - i - 0.5], side: 'left' });
  return slots;
}

/**
 * Every candidate pickup point of the layout (spec §4/§5). Ids `P1..` are given in generation
 * order over shelves and sides BEFORE points are dropped, so a pickup keeps its id when the grid
 * is resized or a neighbour's point is removed; the gaps are harmless (saved layouts already
 * keep only the selected, sparse ids). Points outside the grid are dropped (a point on the grid
 * border faces outwards and counts as outside), and so are points facing another shelf (the
 * cell a robot would serve them from is that shelf's: no robot can stand there); of points at the
 * same position the first is kept.
 */
export function generatePickupPoints(shelves: readonly Shelf[], dimensions: Dimensions): Pickup[] {
  const pickups: Pickup[] = [];
  const taken = new Set<string>();
  const onShelf = shelfCellsOf(shelves, dimensions);
  let serial = 0;
  for (const shelf of shelves) {
    for (const slot of pickupSlotsOfShelf(shelf)) {
      serial += 1;
      if (!isInsideGrid(slot.position, dimensions)) continue;
      const [i, j] = pickupCell(slot);
      if (onShelf(i, j)) continue;
      const key = positionKey(slot.position);
      if (taken.has(key)) continue;
      taken.add(key);
      pickups.push({ id: `P${serial}`, position: slot.position, shelf_id: shelf.id, side: slot.side });
    }
  }
  return pickups;
}

/**
 * Whether a cell lies under a shelf (its centre strictly inside one, as `shelfOnCellOf` says),
 * looked up in a grid of the layout's cells marked once: an imported 500 x 140 map has 2,300
 * shelves and 57,000 candidate points, too many to test each point against every shelf. Cells
 * outside the grid are asked of the shelves themselves.
 */
function shelfCellsOf(shelves: readonly Shelf[], dimensions: Dimensions): (i: number, j: number) => boolean {
  const { width, height } = dimensions;
  const marked = new Uint8Array(width * height);
  for (const shelf of shelves) {
    const [x, y] = shelf.position;
    const [w, h] = shelf.size;
    // Cell i's centre i + 0.5 is strictly inside (x, x + w) for these i.
    const firstI = Math.max(0, Math.floor(x - 0.5) + 1);
    const lastI = Math.min(width - 1, Math.ceil(x + w - 0.5) - 1);
    const firstJ = Math.max(0, Math.floor(y - 0.5) + 1);
    const lastJ = Math.min(height - 1, Math.ceil(y + h - 0.5) - 1);
    for (let j = firstJ; j <= lastJ; j++) marked.fill(1, j * width + firstI, j * width + lastI + 1);
  }
  return (i, j) =>
    i >= 0 && j >= 0 && i < width && j < height
      ? marked[j * width + i] === 1
      : shelfOnCellOf([i + 0.5, j + 0.5], shelves) !== undefined;
}
