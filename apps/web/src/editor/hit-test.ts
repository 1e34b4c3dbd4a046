import { findPickupAt, type Pickup } from '@fleetlab/warehouse';
import { screenToCell, screenToGrid, type ViewTransform } from '../map-drawing/view-transform.ts';

// Screen-space hit testing for the editor canvas. The grid rules (the 0.3-cell pickup click
// radius, what lies on a shelf) are @fleetlab/warehouse's; this maps pointer positions onto
// them through the current view.

export interface GridCell {
  readonly x: number;
  readonly y: number;
}

export function isCellInsideGrid(cell: GridCell, dimensions: { width: number; height: number }): boolean {
  return cell.x >= 0 && cell.y >= 0 && cell.x < dimensions.width && cell.y < dimensions.height;
}

/** Moves a cell to the nearest cell of the grid, so a drag that leaves the grid stays clamped. */
export function clampCellToGrid(cell: GridCell, dimensions: { width: number; height: number }): GridCell {
  return {
    x: Math.min(dimensions.width - 1, Math.max(0, cell.x)),
    y: Math.min(dimensions.height - 1, Math.max(0, cell.y)),
  };
}

/** The grid cell under a screen point, or null when the point is off the grid. */
export function cellAtScreen(
  view: ViewTransform,
  dimensions: { width: number; height: number },
  screenX: number,
  screenY: number,
): GridCell | null {
  const cell = screenToCell(view, screenX, screenY);
  return isCellInsideGrid(cell, dimensions) ? cell : null;
}

/** The candidate pickup within the click radius of a screen point, if any. */
export function pickupAtScreen(
  candidates: readonly Pickup[],
  view: ViewTransform,
  screenX: number,
  screenY: number,
): Pickup | undefined {
  const point = screenToGrid(view, screenX, screenY);
  return findPickupAt(candidates, [point.x, point.y]);
}
