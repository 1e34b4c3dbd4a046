import { graphEdgeDrawing } from './graph-edge-drawing.ts';
import { addAisleChevrons, drawKeepClearCells, drawOneWayAisles } from './traffic-rules-drawing.ts';
import type {
  LayoutScene,
  SceneDimensions,
  SceneGraph,
  ScenePoint,
  SceneRobot,
  SceneRobotStation,
  SceneShelf,
} from './layout-scene.ts';
import type { ViewTransform } from './view-transform.ts';

// Rendering is a pure function of (scene, view, options) onto a 2D context: no state is
// kept between frames except caches keyed by the (immutable) graph and robot arrays, so
// a redraw allocates nothing in its loops. Each element kind is drawn as one batched path
// (one beginPath/fill or stroke per kind), which keeps a 50x50 layout with thousands of
// graph edges well inside a frame.
//
// A frame is a sequence of small draw functions, bottom to top (`renderLayoutElements`,
// `renderLayoutOverlays`); each sets every style it uses, so each reads and tests on its own.

export const LAYOUT_COLORS = {
  background: '#0b1220',
  gridFill: '#111827',
  gridLine: '#1f2937',
  gridBorder: '#475569',
  shelf: '#b45309',
  shelfBorder: '#f59e0b',
  dropoff: '#22c55e',
  robotStation: '#3b82f6',
  robot: '#22d3ee',
  pickupSelected: '#facc15',
  pickupCandidate: '#64748b',
  navigationPoint: '#a78bfa',
  // Opaque (slate-400 at 35% over the grid fill, precomputed): translucent strokes are about
  // a third slower to rasterise without a GPU, and tens of thousands of edges share it.
  graphEdge: '#3f495a',
  highlight: '#f97316',
  previewValid: '#3b82f6',
  previewInvalid: '#ef4444',
  previewInvalidFill: 'rgba(239, 68, 68, 0.3)',
  previewErase: '#f87171',
  hover: 'rgba(255, 255, 255, 0.12)',
  hoverRing: '#ffffff',
  label: '#e5e7eb',
} as const;

/** A rectangle of whole cells (x, y is the top-left cell). */
export interface CellRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface DragPreview {
  readonly rect: CellRect;
  /** Whether releasing now would place the element. */
  readonly valid: boolean;
  readonly kind: 'place' | 'erase';
  /** A one-way aisle's direction: its chevrons are drawn in the preview. */
  readonly direction?: string;
}

export interface RenderOptions {
  /** CSS pixel size of the drawing area; everything is cleared to this. */
  readonly width: number;
  readonly height: number;
  readonly showGraph: boolean;
  /** Draw navigation points (small dots); the editor and map show them with the graph. */
  readonly showNavigationPoints?: boolean;
  /**
   * Selected pickups among the scene's pickups. Absent means every pickup in the scene is
   * selected (a saved environment only stores selected pickups).
   */
  readonly selectedPickupIds?: ReadonlySet<string> | null;
  readonly highlightPickupIds?: ReadonlySet<string> | null;
  readonly highlightDropoffIds?: ReadonlySet<string> | null;
  readonly preview?: DragPreview | null;
  /** Cell under the pointer, shaded. */
  readonly hoverCell?: { readonly x: number; readonly y: number } | null;
  /** Pickup under the pointer in pickup-selection mode, ringed. */
  readonly hoverPickupId?: string | null;
}

const TWO_PI = Math.PI * 2;

// Robots share their station's position; spreading them on a small ring keeps each visible.
const robotOffsetCache = new WeakMap<readonly SceneRobot[], Float64Array>();

export function robotDrawPositions(robots: readonly SceneRobot[]): Float64Array {
  const cached = robotOffsetCache.get(robots);
  if (cached) return cached;
  const perStation = new Map<string, number>();
  for (const robot of robots) {
    const key = robot.station_id ?? `${robot.position[0]},${robot.position[1]}`;
    perStation.set(key, (perStation.get(key) ?? 0) + 1);
  }
  const seenPerStation = new Map<string, number>();
  const positions = new Float64Array(robots.length * 2);
  robots.forEach((robot, index) => {
    const key = robot.station_id ?? `${robot.position[0]},${robot.position[1]}`;
    const count = perStation.get(key) ?? 1;
    const order = seenPerStation.get(key) ?? 0;
    seenPerStation.set(key, order + 1);
    const angle = count === 1 ? 0 : (TWO_PI * order) / count - Math.PI / 2;
    const radius = count === 1 ? 0 : 0.3;
    positions[index * 2] = robot.position[0] + Math.cos(angle) * radius;
    positions[index * 2 + 1] = robot.position[1] + Math.sin(angle) * radius;
  });
  robotOffsetCache.set(robots, positions);
  return positions;
}

/** Either a visible canvas's context or an offscreen layer's. */
export type LayoutContext2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Options that change only the overlay (hover, drag preview), never the layout layer. */
export type OverlayOptions = Pick<RenderOptions, 'preview' | 'hoverCell' | 'hoverPickupId'>;

/** One full frame: background, the layout layer, then the overlays. */
export function renderLayout(
  ctx: LayoutContext2D,
  scene: LayoutScene,
  view: ViewTransform,
  options: RenderOptions,
): void {
  ctx.fillStyle = LAYOUT_COLORS.background;
  ctx.fillRect(0, 0, options.width, options.height);
  renderLayoutLayer(ctx, scene, view, options);
  renderLayoutOverlays(ctx, scene, view, options);
}

/**
 * Everything that depends only on the layout and the cell size, bottom to top: grid area,
 * graph edges (when shown), then grid lines, shelves and points (`renderLayoutElements`).
 */
function renderLayoutLayer(
  ctx: LayoutContext2D,
  scene: LayoutScene,
  view: ViewTransform,
  options: RenderOptions,
): void {
  renderGridArea(ctx, scene.dimensions, view);
  if (options.showGraph && scene.graph) renderGraphEdges(ctx, scene.graph, view, options);
  renderLayoutElements(ctx, scene, view, options);
}

export function renderGridArea(ctx: LayoutContext2D, dimensions: LayoutScene['dimensions'], view: ViewTransform): void {
  ctx.fillStyle = LAYOUT_COLORS.gridFill;
  ctx.fillRect(view.offsetX, view.offsetY, dimensions.width * view.cellSize, dimensions.height * view.cellSize);
}

/** The part of the target that is drawn on, in the context's user units (CSS pixels). */
export interface VisibleArea {
  readonly width: number;
  readonly height: number;
}

/**
 * Every graph edge in a single stroke. Edges sit under the grid lines and shelves: by the
 * graph rules no edge crosses a shelf, so nothing of them is hidden but their ends at shelf
 * borders, where the pickup dots are drawn on top.
 *
 * What is stroked is the graph's merged segments (collinear overlapping edges drawn once: the
 * same pixels, far less rasterising). When the whole graph lies inside `visible` (or no area
 * is given, as for a cached layer) the per-graph Path2D is stroked under a grid-to-pixel
 * transform, so a frame builds no path at all; otherwise the segments are stroked one by one,
 * skipping those entirely outside the visible area (deep zoom on a large layout).
 */
export function renderGraphEdges(
  ctx: LayoutContext2D,
  graph: SceneGraph,
  view: ViewTransform,
  visible?: VisibleArea,
): void {
  if (graph.edges.length === 0) return;
  const { cellSize, offsetX, offsetY } = view;
  const drawing = graphEdgeDrawing(graph);
  if (drawing.segments.length === 0) return;
  ctx.strokeStyle = LAYOUT_COLORS.graphEdge;
  const wholeGraphVisible =
    !visible ||
    (offsetX + drawing.minX * cellSize >= 0 &&
      offsetY + drawing.minY * cellSize >= 0 &&
      offsetX + drawing.maxX * cellSize <= visible.width &&
      offsetY + drawing.maxY * cellSize <= visible.height);
  if (drawing.path && wholeGraphVisible) {
    ctx.save();
    ctx.translate(offsetX, offsetY);
    ctx.scale(cellSize, cellSize);
    // One CSS pixel wide after the scale, as in the direct path.
    ctx.lineWidth = 1 / cellSize;
    ctx.stroke(drawing.path);
    ctx.restore();
    return;
  }
  const segments = drawing.segments;
  // Segments whose bounding box misses [left, right] x [top, bottom] (grid units, with half a
  // pixel of stroke around the area) cannot touch it.
  const halfPixel = 0.5 / cellSize;
  const left = visible ? -offsetX / cellSize - halfPixel : -Infinity;
  const top = visible ? -offsetY / cellSize - halfPixel : -Infinity;
  const right = visible ? (visible.width - offsetX) / cellSize + halfPixel : Infinity;
  const bottom = visible ? (visible.height - offsetY) / cellSize + halfPixel : Infinity;
  ctx.beginPath();
  for (let index = 0; index < segments.length; index += 4) {
    const x1 = segments[index];
    const y1 = segments[index + 1];
    const x2 = segments[index + 2];
    const y2 = segments[index + 3];
    if (
      (x1 < left && x2 < left) ||
      (x1 > right && x2 > right) ||
      (y1 < top && y2 < top) ||
      (y1 > bottom && y2 > bottom)
    )
      continue;
    ctx.moveTo(offsetX + x1 * cellSize, offsetY + y1 * cellSize);
    ctx.lineTo(offsetX + x2 * cellSize, offsetY + y2 * cellSize);
  }
  ctx.lineWidth = 1;
  ctx.stroke();
}

/**
 * Grid lines, traffic rules (one-way aisles, keep-clear cells), shelves, navigation points,
 * pickups, dropoffs, stations and robots, on a transparent surface (no fill under the grid), so it can be cached as a bitmap on its own.
 */
export function renderLayoutElements(
  ctx: LayoutContext2D,
  scene: LayoutScene,
  view: ViewTransform,
  options: RenderOptions,
): void {
  const { elements } = scene;
  drawGridLines(ctx, scene.dimensions, view);
  drawOneWayAisles(ctx, elements.one_way_aisles, view);
  drawKeepClearCells(ctx, elements.keep_clear_cells, view);
  drawShelves(ctx, elements.shelves, view);
  if (options.showNavigationPoints ?? options.showGraph) drawNavigationPoints(ctx, elements.navigation_points, view);
  drawPickups(ctx, elements.pickups, view, options.selectedPickupIds);
  drawPickupHighlights(ctx, elements.pickups, view, options.highlightPickupIds);
  drawDropoffs(ctx, elements.dropoffs, view);
  drawDropoffHighlights(ctx, elements.dropoffs, view, options.highlightDropoffIds);
  drawRobotStations(ctx, elements.robot_stations, view);
  drawRobots(ctx, elements.robots, view);
  drawPointLabels(ctx, elements.dropoffs, elements.robot_stations, view, scene.dimensions);
}

/** Hover shading, the hovered pickup's ring and the drag preview, drawn over the layout layer. */
export function renderLayoutOverlays(
  ctx: LayoutContext2D,
  scene: LayoutScene,
  view: ViewTransform,
  options: OverlayOptions,
): void {
  if (options.hoverCell) drawHoverCell(ctx, scene.dimensions, view, options.hoverCell);
  if (options.hoverPickupId) drawHoverPickupRing(ctx, scene.elements.pickups, view, options.hoverPickupId);
  if (options.preview) drawDragPreview(ctx, view, options.preview);
}

/** Adds a whole circle to the current path, starting a new subpath so circles stay apart. */
function addCircle(ctx: LayoutContext2D, x: number, y: number, radius: number): void {
  ctx.moveTo(x + radius, y);
  ctx.arc(x, y, radius, 0, TWO_PI);
}

/** Pickup dot radius in pixels: a fixed share of the cell, never below 2.5 px. */
function pickupRadius(cellSize: number): number {
  return Math.max(2.5, cellSize * 0.14);
}

/** The inner grid lines in one path, then the border. */
function drawGridLines(ctx: LayoutContext2D, dimensions: SceneDimensions, view: ViewTransform): void {
  const { cellSize, offsetX, offsetY } = view;
  const { width: gridWidth, height: gridHeight } = dimensions;
  ctx.beginPath();
  for (let column = 1; column < gridWidth; column++) {
    const x = offsetX + column * cellSize;
    ctx.moveTo(x, offsetY);
    ctx.lineTo(x, offsetY + gridHeight * cellSize);
  }
  for (let row = 1; row < gridHeight; row++) {
    const y = offsetY + row * cellSize;
    ctx.moveTo(offsetX, y);
    ctx.lineTo(offsetX + gridWidth * cellSize, y);
  }
  ctx.strokeStyle = LAYOUT_COLORS.gridLine;
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.strokeStyle = LAYOUT_COLORS.gridBorder;
  ctx.strokeRect(offsetX, offsetY, gridWidth * cellSize, gridHeight * cellSize);
}

/** Shelves: filled rectangles with a border that thickens with the cell. */
function drawShelves(ctx: LayoutContext2D, shelves: readonly SceneShelf[], view: ViewTransform): void {
  if (shelves.length === 0) return;
  const { cellSize, offsetX, offsetY } = view;
  ctx.beginPath();
  for (let index = 0; index < shelves.length; index++) {
    const shelf = shelves[index];
    ctx.rect(
      offsetX + shelf.position[0] * cellSize,
      offsetY + shelf.position[1] * cellSize,
      shelf.size[0] * cellSize,
      shelf.size[1] * cellSize,
    );
  }
  ctx.fillStyle = LAYOUT_COLORS.shelf;
  ctx.fill();
  ctx.strokeStyle = LAYOUT_COLORS.shelfBorder;
  ctx.lineWidth = Math.max(1, cellSize * 0.04);
  ctx.stroke();
}

/** Navigation points: small dots. */
export function drawNavigationPoints(ctx: LayoutContext2D, points: readonly ScenePoint[], view: ViewTransform): void {
  if (points.length === 0) return;
  const { cellSize, offsetX, offsetY } = view;
  const radius = Math.max(1.5, cellSize * 0.08);
  ctx.beginPath();
  for (let index = 0; index < points.length; index++) {
    const point = points[index];
    addCircle(ctx, offsetX + point.position[0] * cellSize, offsetY + point.position[1] * cellSize, radius);
  }
  ctx.fillStyle = LAYOUT_COLORS.navigationPoint;
  ctx.fill();
}

/**
 * Pickups: candidates (not in `selected`) as hollow rings, selected ones as filled dots. Without
 * a selection every pickup is selected, as in a saved environment.
 */
function drawPickups(
  ctx: LayoutContext2D,
  pickups: readonly ScenePoint[],
  view: ViewTransform,
  selected: ReadonlySet<string> | null | undefined,
): void {
  if (pickups.length === 0) return;
  const { cellSize, offsetX, offsetY } = view;
  const radius = pickupRadius(cellSize);
  if (selected) {
    ctx.beginPath();
    for (let index = 0; index < pickups.length; index++) {
      const pickup = pickups[index];
      if (selected.has(pickup.id)) continue;
      addCircle(ctx, offsetX + pickup.position[0] * cellSize, offsetY + pickup.position[1] * cellSize, radius);
    }
    ctx.strokeStyle = LAYOUT_COLORS.pickupCandidate;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
  ctx.beginPath();
  for (let index = 0; index < pickups.length; index++) {
    const pickup = pickups[index];
    if (selected && !selected.has(pickup.id)) continue;
    addCircle(ctx, offsetX + pickup.position[0] * cellSize, offsetY + pickup.position[1] * cellSize, radius);
  }
  ctx.fillStyle = LAYOUT_COLORS.pickupSelected;
  ctx.fill();
}

/** Highlighted pickups (a task's, on the task page): a wide ring around the dot. */
export function drawPickupHighlights(
  ctx: LayoutContext2D,
  pickups: readonly ScenePoint[],
  view: ViewTransform,
  highlighted: ReadonlySet<string> | null | undefined,
): void {
  if (pickups.length === 0 || !highlighted || highlighted.size === 0) return;
  const { cellSize, offsetX, offsetY } = view;
  const radius = pickupRadius(cellSize) * 1.9;
  ctx.beginPath();
  for (let index = 0; index < pickups.length; index++) {
    const pickup = pickups[index];
    if (!highlighted.has(pickup.id)) continue;
    addCircle(ctx, offsetX + pickup.position[0] * cellSize, offsetY + pickup.position[1] * cellSize, radius);
  }
  ctx.strokeStyle = LAYOUT_COLORS.highlight;
  ctx.lineWidth = 2;
  ctx.stroke();
}

/** Half the side of a dropoff square, in pixels. */
function dropoffHalfSide(cellSize: number): number {
  return cellSize * 0.35;
}

/** Dropoffs: squares centred on their point. */
export function drawDropoffs(ctx: LayoutContext2D, dropoffs: readonly ScenePoint[], view: ViewTransform): void {
  if (dropoffs.length === 0) return;
  const { cellSize, offsetX, offsetY } = view;
  const half = dropoffHalfSide(cellSize);
  ctx.beginPath();
  for (let index = 0; index < dropoffs.length; index++) {
    const dropoff = dropoffs[index];
    ctx.rect(
      offsetX + dropoff.position[0] * cellSize - half,
      offsetY + dropoff.position[1] * cellSize - half,
      half * 2,
      half * 2,
    );
  }
  ctx.fillStyle = LAYOUT_COLORS.dropoff;
  ctx.fill();
}

/** Highlighted dropoffs (a task's, on the task page): a square outline around the square. */
export function drawDropoffHighlights(
  ctx: LayoutContext2D,
  dropoffs: readonly ScenePoint[],
  view: ViewTransform,
  highlighted: ReadonlySet<string> | null | undefined,
): void {
  if (dropoffs.length === 0 || !highlighted || highlighted.size === 0) return;
  const { cellSize, offsetX, offsetY } = view;
  const half = dropoffHalfSide(cellSize);
  ctx.beginPath();
  for (let index = 0; index < dropoffs.length; index++) {
    const dropoff = dropoffs[index];
    if (!highlighted.has(dropoff.id)) continue;
    ctx.rect(
      offsetX + dropoff.position[0] * cellSize - half * 1.35,
      offsetY + dropoff.position[1] * cellSize - half * 1.35,
      half * 2.7,
      half * 2.7,
    );
  }
  ctx.strokeStyle = LAYOUT_COLORS.highlight;
  ctx.lineWidth = 2;
  ctx.stroke();
}

/** Robot stations: diamonds. */
export function drawRobotStations(
  ctx: LayoutContext2D,
  stations: readonly SceneRobotStation[],
  view: ViewTransform,
): void {
  if (stations.length === 0) return;
  const { cellSize, offsetX, offsetY } = view;
  const half = Math.max(STATION_MIN_HALF_PX, cellSize * 0.42);
  ctx.beginPath();
  for (let index = 0; index < stations.length; index++) {
    const station = stations[index];
    const x = offsetX + station.position[0] * cellSize;
    const y = offsetY + station.position[1] * cellSize;
    ctx.moveTo(x, y - half);
    ctx.lineTo(x + half, y);
    ctx.lineTo(x, y + half);
    ctx.lineTo(x - half, y);
    ctx.closePath();
  }
  ctx.fillStyle = LAYOUT_COLORS.robotStation;
  ctx.fill();
}

/** A station's diamond reaches at least this far (px) from its centre, so it shows on a fitted large floor. */
const STATION_MIN_HALF_PX = 3;
/** Cells smaller than this (px) draw no robots (`drawRobots`). */
const ROBOTS_MIN_CELL_SIZE = 10;

/**
 * Robots: small dots spread around their station (`robotDrawPositions`), from cells of
 * `ROBOTS_MIN_CELL_SIZE` px. Below it their 2 px dots would cover the station's diamond (xl1
 * fitted at 7 px a cell drew its ten stations as cyan blobs the legend does not name), and the
 * counts above the map say how many robots each floor has.
 */
export function drawRobots(ctx: LayoutContext2D, robots: readonly SceneRobot[], view: ViewTransform): void {
  if (robots.length === 0 || view.cellSize < ROBOTS_MIN_CELL_SIZE) return;
  const { cellSize, offsetX, offsetY } = view;
  const positions = robotDrawPositions(robots);
  const radius = Math.max(2, cellSize * 0.1);
  ctx.beginPath();
  for (let index = 0; index < robots.length; index++) {
    addCircle(ctx, offsetX + positions[index * 2] * cellSize, offsetY + positions[index * 2 + 1] * cellSize, radius);
  }
  ctx.fillStyle = LAYOUT_COLORS.robot;
  ctx.fill();
}

/** Cells below this many pixels are too small for readable labels. */
const LABEL_MIN_CELL_SIZE = 36;

/**
 * Dropoff and station ids under their symbols, once cells are large enough to read them (there
 * are few). A point in the floor's bottom row gets its id above the symbol, so no id is drawn
 * outside the floor (where a fitted map's panel ends).
 */
export function drawPointLabels(
  ctx: LayoutContext2D,
  dropoffs: readonly ScenePoint[],
  stations: readonly SceneRobotStation[],
  view: ViewTransform,
  dimensions: SceneDimensions,
): void {
  const { cellSize } = view;
  if (cellSize < LABEL_MIN_CELL_SIZE || (dropoffs.length === 0 && stations.length === 0)) return;
  ctx.fillStyle = LAYOUT_COLORS.label;
  ctx.font = `${Math.round(cellSize * 0.28)}px sans-serif`;
  ctx.textAlign = 'center';
  fillPointLabels(ctx, dropoffs, view, dimensions);
  fillPointLabels(ctx, stations, view, dimensions);
}

function fillPointLabels(
  ctx: LayoutContext2D,
  points: readonly ScenePoint[],
  view: ViewTransform,
  dimensions: SceneDimensions,
): void {
  const { cellSize, offsetX, offsetY } = view;
  const gap = cellSize * 0.45;
  for (let index = 0; index < points.length; index++) {
    const [x, y] = points[index].position;
    const inBottomRow = y + 1 > dimensions.height;
    ctx.textBaseline = inBottomRow ? 'bottom' : 'top';
    ctx.fillText(points[index].id, offsetX + x * cellSize, offsetY + y * cellSize + (inBottomRow ? -gap : gap));
  }
}

/** The cell under the pointer, shaded translucent so its element stays visible; nothing outside the grid. */
function drawHoverCell(
  ctx: LayoutContext2D,
  dimensions: SceneDimensions,
  view: ViewTransform,
  cell: { readonly x: number; readonly y: number },
): void {
  const { x, y } = cell;
  if (x < 0 || y < 0 || x >= dimensions.width || y >= dimensions.height) return;
  ctx.fillStyle = LAYOUT_COLORS.hover;
  ctx.fillRect(view.offsetX + x * view.cellSize, view.offsetY + y * view.cellSize, view.cellSize, view.cellSize);
}

/** The ring around the pickup under the pointer in pickup-selection mode. */
export function drawHoverPickupRing(
  ctx: LayoutContext2D,
  pickups: readonly ScenePoint[],
  view: ViewTransform,
  pickupId: string,
): void {
  const pickup = pickups.find((candidate) => candidate.id === pickupId);
  if (!pickup) return;
  const { cellSize, offsetX, offsetY } = view;
  ctx.beginPath();
  ctx.arc(
    offsetX + pickup.position[0] * cellSize,
    offsetY + pickup.position[1] * cellSize,
    pickupRadius(cellSize) * 1.8,
    0,
    TWO_PI,
  );
  ctx.strokeStyle = LAYOUT_COLORS.hoverRing;
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/**
 * The dragged rectangle: dashed for erase, blue where it would place, red and filled where it
 * would be refused; a one-way aisle's chevrons inside it.
 */
export function drawDragPreview(ctx: LayoutContext2D, view: ViewTransform, preview: DragPreview): void {
  const { cellSize, offsetX, offsetY } = view;
  const x = offsetX + preview.rect.x * cellSize;
  const y = offsetY + preview.rect.y * cellSize;
  const w = preview.rect.width * cellSize;
  const h = preview.rect.height * cellSize;
  ctx.lineWidth = 2;
  if (preview.kind === 'erase') {
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = LAYOUT_COLORS.previewErase;
    ctx.strokeRect(x, y, w, h);
    ctx.setLineDash([]);
  } else if (preview.valid) {
    ctx.strokeStyle = LAYOUT_COLORS.previewValid;
    ctx.strokeRect(x, y, w, h);
  } else {
    ctx.fillStyle = LAYOUT_COLORS.previewInvalidFill;
    ctx.fillRect(x, y, w, h);
    ctx.strokeStyle = LAYOUT_COLORS.previewInvalid;
    ctx.strokeRect(x, y, w, h);
  }
  if (preview.direction) {
    // The aisle's chevrons, in the preview's colour, so its way shows before release.
    const { rect } = preview;
    ctx.beginPath();
    addAisleChevrons(
      ctx,
      { id: 'preview', position: [rect.x, rect.y], size: [rect.width, rect.height], direction: preview.direction },
      view,
    );
    ctx.stroke();
  }
}
