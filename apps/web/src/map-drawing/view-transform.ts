// Grid <-> screen mapping shared by every canvas that draws a floor (the editor, the read-only
// maps, the congestion map, the player). Grid coordinates are in cells: a shelf at [x, y] with
// size [w, h] covers the square [x, x + w] x [y, y + h]; a point at [x + 0.5, y + 0.5] sits in
// the middle of cell (x, y).

export interface ViewTransform {
  /** Size of one grid cell in CSS pixels. */
  readonly cellSize: number;
  /** Screen position (CSS pixels) of grid point (0, 0). */
  readonly offsetX: number;
  readonly offsetY: number;
}

/** Detail maps express their zoom against 50 px per cell (spec §9): zoom 1 draws 50 px cells. */
export const MAP_REFERENCE_CELL_SIZE = 50;
/**
 * Cells of room the map fit leaves around the floor on every side: the ids drawn under the
 * bottom row's dropoffs and over the top row's robots stay inside the panel.
 */
export const MAP_FIT_MARGIN_CELLS = 0.75;

export function formatZoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

export function screenToGrid(view: ViewTransform, screenX: number, screenY: number): { x: number; y: number } {
  return { x: (screenX - view.offsetX) / view.cellSize, y: (screenY - view.offsetY) / view.cellSize };
}

export function gridToScreen(view: ViewTransform, gridX: number, gridY: number): { x: number; y: number } {
  return { x: view.offsetX + gridX * view.cellSize, y: view.offsetY + gridY * view.cellSize };
}

/** Integer cell under a screen point (may lie outside the grid). */
export function screenToCell(view: ViewTransform, screenX: number, screenY: number): { x: number; y: number } {
  const grid = screenToGrid(view, screenX, screenY);
  return { x: Math.floor(grid.x), y: Math.floor(grid.y) };
}

/** Rescales the view about a fixed screen point, so what is under the cursor stays there. */
export function zoomViewAround(
  view: ViewTransform,
  newCellSize: number,
  anchorX: number,
  anchorY: number,
): ViewTransform {
  const grid = screenToGrid(view, anchorX, anchorY);
  return {
    cellSize: newCellSize,
    offsetX: anchorX - grid.x * newCellSize,
    offsetY: anchorY - grid.y * newCellSize,
  };
}

/**
 * Zoom (against 50 px cells) at which the whole floor, with `MAP_FIT_MARGIN_CELLS` around it,
 * fits the area: the initial view of the detail maps and their Reset View. Spec §9's 1.4 times
 * the smaller ratio left 40% of the floor's long side outside the panel (the station and the
 * dropoff rows of a 20 x 15 floor), so the map fits the floor itself.
 */
export function mapFitZoom(
  dimensions: { width: number; height: number },
  areaWidth: number,
  areaHeight: number,
): number {
  const span = 2 * MAP_FIT_MARGIN_CELLS;
  const ratioX = areaWidth / ((dimensions.width + span) * MAP_REFERENCE_CELL_SIZE);
  const ratioY = areaHeight / ((dimensions.height + span) * MAP_REFERENCE_CELL_SIZE);
  const zoom = Math.min(ratioX, ratioY);
  return Number.isFinite(zoom) && zoom > 0 ? zoom : 1;
}

/** A view of the given cell size with the grid centred in the area. */
export function centredView(
  dimensions: { width: number; height: number },
  cellSize: number,
  areaWidth: number,
  areaHeight: number,
): ViewTransform {
  return {
    cellSize,
    offsetX: (areaWidth - dimensions.width * cellSize) / 2,
    offsetY: (areaHeight - dimensions.height * cellSize) / 2,
  };
}
