import { expect, type Locator, type Page } from '@playwright/test';

// Pointer geometry of the grid editor's canvas, for journeys that draw with real mouse drags.
// The editor exposes no view transform in the DOM, so this mirrors its documented resting
// view (apps/web/src/editor/grid-editor.tsx `restingView`, view-transform.ts `baseCellSize`):
// at zoom 100% and before any pan, a cell is the largest whole pixel size that fits the grid
// into the canvas less 16 px padding on each side (never below 25 px), and the grid is centred
// when it fits. Journeys then check what was drawn against the API, so a drift here fails loudly.

/** Free space the editor keeps around a grid that does not fill its area. */
const GRID_PADDING = 16;
/** Spec §9: a cell is never drawn smaller than this at zoom 1. */
const MIN_CELL_SIZE = 25;

export interface GridDimensions {
  readonly width: number;
  readonly height: number;
}

export interface EditorGeometry {
  /** Page position (CSS pixels) of grid point (0, 0). */
  readonly originX: number;
  readonly originY: number;
  /** Size of one cell in CSS pixels. */
  readonly cellSize: number;
}

export interface LayoutCounts {
  readonly shelves: number;
  readonly dropoffs: number;
  readonly robotStations: number;
  readonly robots: number;
  readonly selectedPickups: number;
  readonly pickupCandidates: number;
  readonly navigationPoints: number;
  /** Present only while the graph is shown and built. */
  readonly graph: { nodes: number; edges: number } | null;
}

export function editorCanvas(page: Page): Locator {
  return page.getByLabel('Warehouse grid editor');
}

export function layoutCountsText(page: Page): Locator {
  return page.getByLabel('Layout counts');
}

export function editorStatus(page: Page): Locator {
  return page.getByRole('status', { name: 'Editor status' });
}

/**
 * Where the grid lies in the viewport, for a canvas at 100% zoom that has not been panned.
 * The canvas is scrolled fully into view first (the mouse only reaches what the viewport
 * shows), so call this again before each gesture: the page may have scrolled in between.
 */
export async function editorGeometry(page: Page, dimensions: GridDimensions): Promise<EditorGeometry> {
  await expect(page.getByLabel('Zoom level'), 'the geometry assumes the resting 100% view').toHaveText('100%');
  const canvas = editorCanvas(page);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the grid editor canvas is not laid out');
  const fit = Math.floor(
    Math.min((box.width - 2 * GRID_PADDING) / dimensions.width, (box.height - 2 * GRID_PADDING) / dimensions.height),
  );
  const cellSize = Math.max(MIN_CELL_SIZE, fit);
  const gridWidth = dimensions.width * cellSize;
  const gridHeight = dimensions.height * cellSize;
  const offsetX = gridWidth + 2 * GRID_PADDING <= box.width ? (box.width - gridWidth) / 2 : GRID_PADDING;
  const offsetY = gridHeight + 2 * GRID_PADDING <= box.height ? (box.height - gridHeight) / 2 : GRID_PADDING;
  return { originX: box.x + offsetX, originY: box.y + offsetY, cellSize };
}

/** Page position of a point given in grid units (a pickup at [2.5, 2] is on a cell edge). */
export function pagePointOf(geometry: EditorGeometry, gridX: number, gridY: number): { x: number; y: number } {
  return { x: geometry.originX + gridX * geometry.cellSize, y: geometry.originY + gridY * geometry.cellSize };
}

/** Page position of the middle of cell (x, y). */
export function cellCentreOf(geometry: EditorGeometry, cell: { x: number; y: number }): { x: number; y: number } {
  return pagePointOf(geometry, cell.x + 0.5, cell.y + 0.5);
}

/** Presses the left button on one cell and moves, in small steps as a hand would, to another. */
export async function pressAndDragBetweenCells(
  page: Page,
  dimensions: GridDimensions,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  const geometry = await editorGeometry(page, dimensions);
  const start = cellCentreOf(geometry, from);
  const end = cellCentreOf(geometry, to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 8 });
}

/** A whole drag: press on one cell, move to another, release there. */
export async function dragBetweenCells(
  page: Page,
  dimensions: GridDimensions,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  await pressAndDragBetweenCells(page, dimensions, from, to);
  await page.mouse.up();
}

/** A click on one cell (a one-cell drag, which is how dropoffs and stations are placed). */
export async function clickCell(page: Page, dimensions: GridDimensions, cell: { x: number; y: number }): Promise<void> {
  await dragBetweenCells(page, dimensions, cell, cell);
}

/** A click at a point given in grid units, e.g. a pickup on a shelf edge at (2.5, 2). */
export async function clickGridPoint(
  page: Page,
  dimensions: GridDimensions,
  gridX: number,
  gridY: number,
): Promise<void> {
  const point = pagePointOf(await editorGeometry(page, dimensions), gridX, gridY);
  await page.mouse.click(point.x, point.y);
}

const COUNTS_PATTERN =
  /^Shelves: (\d+) · Dropoffs: (\d+) · Robot Stations: (\d+) · Robots: (\d+) · Pickup Points: (\d+) of (\d+) selected · Navigation Points: (\d+)(?: · One-Way Aisles: \d+ · Keep-Clear Cells: \d+)?(?: · Graph: (\d+) nodes, (\d+) edges)?$/;

/** Reads the editor's status line of counts. */
export async function readLayoutCounts(page: Page): Promise<LayoutCounts> {
  const text = (await layoutCountsText(page).innerText()).replace(/\s+/g, ' ').trim();
  const match = COUNTS_PATTERN.exec(text);
  if (!match) throw new Error(`unexpected layout counts text: ${text}`);
  const [
    ,
    shelves,
    dropoffs,
    robotStations,
    robots,
    selectedPickups,
    pickupCandidates,
    navigationPoints,
    nodes,
    edges,
  ] = match.map(Number);
  return {
    shelves,
    dropoffs,
    robotStations,
    robots,
    selectedPickups,
    pickupCandidates,
    navigationPoints,
    graph: match[8] === undefined ? null : { nodes, edges },
  };
}

/** The exact counts line the editor shows (without the graph part). */
export function countsLine(counts: Omit<LayoutCounts, 'graph'>): string {
  return (
    `Shelves: ${counts.shelves} · Dropoffs: ${counts.dropoffs} · Robot Stations: ${counts.robotStations} · ` +
    `Robots: ${counts.robots} · Pickup Points: ${counts.selectedPickups} of ${counts.pickupCandidates} selected · ` +
    `Navigation Points: ${counts.navigationPoints}`
  );
}
