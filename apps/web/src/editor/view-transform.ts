// Grid <-> screen mapping and the zoom rules shared by the editor and the read-only map.
// Grid coordinates are in cells: a shelf at [x, y] with size [w, h] covers the square
// [x, x + w] x [y, y + h]; a point at [x + 0.5, y + 0.5] sits in the middle of cell (x, y).

export interface ViewTransform {
  /** Size of one grid cell in CSS pixels. */
  readonly cellSize: number;
  /** Screen position (CSS pixels) of grid point (0, 0). */
  readonly offsetX: number;
  readonly offsetY: number;
}

const EDITOR_MIN_ZOOM = 0.5;
const EDITOR_MAX_ZOOM = 2.5;
const EDITOR_ZOOM_STEP = 0.1;
export const EDITOR_DEFAULT_ZOOM = 1;
/** Spec §9: a cell is never drawn smaller than this at zoom 1. */
export const MIN_CELL_SIZE = 25;
/** Spec §9: the detail map fits against 50 px per cell. */
export const MAP_REFERENCE_CELL_SIZE = 50;
const MAP_FIT_FACTOR = 1.4;

/** Zoom kept on the 0.1 grid so repeated steps never drift (0.1 + 0.2 !== 0.3). */
export function clampZoom(zoom: number, min = EDITOR_MIN_ZOOM, max = EDITOR_MAX_ZOOM): number {
  if (!Number.isFinite(zoom)) return EDITOR_DEFAULT_ZOOM;
  const rounded = Math.round(zoom * 10) / 10;
  return Math.min(max, Math.max(min, rounded));
}

export function zoomIn(zoom: number): number {
  return clampZoom(zoom + EDITOR_ZOOM_STEP);
}

export function zoomOut(zoom: number): number {
  return clampZoom(zoom - EDITOR_ZOOM_STEP);
}

export function formatZoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

/**
 * Cell size at zoom 1 for a grid shown in an area of the given size: the largest cell
 * that fits the whole grid, but never below the spec minimum (large grids then scroll/pan).
 */
export function baseCellSize(
  dimensions: { width: number; height: number },
  areaWidth: number,
  areaHeight: number,
): number {
  const fit = Math.floor(Math.min(areaWidth / dimensions.width, areaHeight / dimensions.height));
  return Math.max(MIN_CELL_SIZE, Number.isFinite(fit) ? fit : MIN_CELL_SIZE);
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

/** Spec §9 initial zoom of detail maps: 1.4 x the smaller of the two fit ratios against 50 px cells. */
export function mapFitZoom(
  dimensions: { width: number; height: number },
  areaWidth: number,
  areaHeight: number,
): number {
  const ratioX = areaWidth / (dimensions.width * MAP_REFERENCE_CELL_SIZE);
  const ratioY = areaHeight / (dimensions.height * MAP_REFERENCE_CELL_SIZE);
  const zoom = Math.min(ratioX, ratioY) * MAP_FIT_FACTOR;
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
