// The editor's zoom rules (spec §9: 0.5 to 2.5 in steps of 0.1, cells never below 25 px at
// zoom 1), which the player's zoom follows too. The grid <-> screen mapping itself is shared
// by every floor drawing and lives in `../map-drawing/view-transform.ts`.

const EDITOR_MIN_ZOOM = 0.5;
const EDITOR_MAX_ZOOM = 2.5;
const EDITOR_ZOOM_STEP = 0.1;
export const EDITOR_DEFAULT_ZOOM = 1;
/** Spec §9: a cell is never drawn smaller than this at zoom 1. */
export const MIN_CELL_SIZE = 25;

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
