import { mergeCollinearSegments, type SegmentList } from './edge-segments.ts';
import type { LayoutScene, SceneGraph, SceneRobot } from './layout-scene.ts';
import type { ViewTransform } from './view-transform.ts';

// Rendering is a pure function of (scene, view, options) onto a 2D context: no state is
// kept between frames except caches keyed by the (immutable) graph and robot arrays, so
// a redraw allocates nothing in its loops. Each element kind is drawn as one batched path
// (one beginPath/fill or stroke per kind), which keeps a 50x50 layout with thousands of
// graph edges well inside a frame.

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

// Flat [x1, y1, x2, y2, ...] segment lists, one per undirected edge, built once per graph.
const edgeSegmentCache = new WeakMap<SceneGraph, Float64Array>();

export function graphEdgeSegments(graph: SceneGraph): Float64Array {
  const cached = edgeSegmentCache.get(graph);
  if (cached) return cached;
  const indexById = new Map<string, number>();
  graph.nodes.forEach((node, index) => indexById.set(node.id, index));
  const nodeCount = graph.nodes.length;
  // Edges are stored in both directions; drawing each pair once halves the work. Pairs are
  // keyed by node indices (numbers, not strings): a large graph has tens of thousands.
  const seen = new Set<number>();
  const coordinates = new Float64Array(graph.edges.length * 4);
  let length = 0;
  for (const edge of graph.edges) {
    const from = indexById.get(edge.from);
    const to = indexById.get(edge.to);
    if (from === undefined || to === undefined) continue;
    const key = from < to ? from * nodeCount + to : to * nodeCount + from;
    if (seen.has(key)) continue;
    seen.add(key);
    const start = graph.nodes[from];
    const end = graph.nodes[to];
    coordinates[length++] = start.x;
    coordinates[length++] = start.y;
    coordinates[length++] = end.x;
    coordinates[length++] = end.y;
  }
  const segments = coordinates.slice(0, length);
  edgeSegmentCache.set(graph, segments);
  return segments;
}

/** What the edge stroke draws for one graph, prepared once per (nodes, edges) pair. */
export interface EdgeDrawing {
  /** Collinear overlapping edges merged into one segment each (see edge-segments.ts). */
  readonly segments: SegmentList;
  /** Bounding box of all segments, in grid units. */
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  /** The segments as one path in grid units, where Path2D exists (not in jsdom). */
  readonly path: Path2D | null;
}

// Keyed by the edge array (with its node array checked), not the graph object: the segments
// depend only on those two, and a graph object rebuilt around the same arrays reuses them.
const edgeDrawingCache = new WeakMap<SceneGraph['edges'], { nodes: SceneGraph['nodes']; drawing: EdgeDrawing }>();

export function graphEdgeDrawing(graph: SceneGraph): EdgeDrawing {
  const cached = edgeDrawingCache.get(graph.edges);
  if (cached && cached.nodes === graph.nodes) return cached.drawing;
  return primeGraphEdgeDrawing(graph, mergedGraphEdgeSegments(graph));
}

/** The graph's edges as merged collinear segments: the costly part, which a worker can do. */
export function mergedGraphEdgeSegments(graph: SceneGraph): SegmentList {
  return mergeCollinearSegments(graphEdgeSegments(graph));
}

/**
 * Stores the drawing of `graph` from segments merged elsewhere (the editor's graph worker), so
 * the first frame that shows a new graph does not merge on the main thread.
 */
export function primeGraphEdgeDrawing(graph: SceneGraph, segments: SegmentList): EdgeDrawing {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const path = typeof Path2D === 'undefined' ? null : new Path2D();
  for (let index = 0; index < segments.length; index += 4) {
    const x1 = segments[index];
    const y1 = segments[index + 1];
    const x2 = segments[index + 2];
    const y2 = segments[index + 3];
    minX = Math.min(minX, x1, x2);
    minY = Math.min(minY, y1, y2);
    maxX = Math.max(maxX, x1, x2);
    maxY = Math.max(maxY, y1, y2);
    path?.moveTo(x1, y1);
    path?.lineTo(x2, y2);
  }
  const drawing: EdgeDrawing = { segments, minX, minY, maxX, maxY, path };
  edgeDrawingCache.set(graph.edges, { nodes: graph.nodes, drawing });
  return drawing;
}

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
export function renderLayout(ctx: LayoutContext2D, scene: LayoutScene, view: ViewTransform, options: RenderOptions): void {
  ctx.fillStyle = LAYOUT_COLORS.background;
  ctx.fillRect(0, 0, options.width, options.height);
  renderLayoutLayer(ctx, scene, view, options);
  renderLayoutOverlays(ctx, scene, view, options);
}

/**
 * Everything that depends only on the layout and the cell size, bottom to top: grid area,
 * graph edges (when shown), then grid lines, shelves and points (`renderLayoutElements`).
 */
export function renderLayoutLayer(ctx: LayoutContext2D, scene: LayoutScene, view: ViewTransform, options: RenderOptions): void {
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
export function renderGraphEdges(ctx: LayoutContext2D, graph: SceneGraph, view: ViewTransform, visible?: VisibleArea): void {
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
    if ((x1 < left && x2 < left) || (x1 > right && x2 > right) || (y1 < top && y2 < top) || (y1 > bottom && y2 > bottom)) continue;
    ctx.moveTo(offsetX + x1 * cellSize, offsetY + y1 * cellSize);
    ctx.lineTo(offsetX + x2 * cellSize, offsetY + y2 * cellSize);
  }
  ctx.lineWidth = 1;
  ctx.stroke();
}

/**
 * Grid lines, shelves, navigation points, pickups, dropoffs, stations and robots, on a
 * transparent surface (no fill under the grid), so it can be cached as a bitmap on its own.
 */
export function renderLayoutElements(ctx: LayoutContext2D, scene: LayoutScene, view: ViewTransform, options: RenderOptions): void {
  const { cellSize, offsetX, offsetY } = view;
  const { width: gridWidth, height: gridHeight } = scene.dimensions;
  const { elements } = scene;

  // Grid lines: one path for all of them.
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

  // Shelves.
  const shelves = elements.shelves;
  if (shelves.length > 0) {
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

  // Navigation points.
  const navigationPoints = elements.navigation_points;
  if ((options.showNavigationPoints ?? options.showGraph) && navigationPoints.length > 0) {
    const radius = Math.max(1.5, cellSize * 0.08);
    ctx.beginPath();
    for (let index = 0; index < navigationPoints.length; index++) {
      const point = navigationPoints[index];
      const x = offsetX + point.position[0] * cellSize;
      const y = offsetY + point.position[1] * cellSize;
      ctx.moveTo(x + radius, y);
      ctx.arc(x, y, radius, 0, TWO_PI);
    }
    ctx.fillStyle = LAYOUT_COLORS.navigationPoint;
    ctx.fill();
  }

  // Pickups: candidates as hollow rings, selected as filled dots.
  const pickups = elements.pickups;
  if (pickups.length > 0) {
    const selected = options.selectedPickupIds;
    const radius = Math.max(2.5, cellSize * 0.14);
    if (selected) {
      ctx.beginPath();
      for (let index = 0; index < pickups.length; index++) {
        const pickup = pickups[index];
        if (selected.has(pickup.id)) continue;
        const x = offsetX + pickup.position[0] * cellSize;
        const y = offsetY + pickup.position[1] * cellSize;
        ctx.moveTo(x + radius, y);
        ctx.arc(x, y, radius, 0, TWO_PI);
      }
      ctx.strokeStyle = LAYOUT_COLORS.pickupCandidate;
      ctx.lineWidth = 1.5;
      ctx.stroke();
    }
    ctx.beginPath();
    for (let index = 0; index < pickups.length; index++) {
      const pickup = pickups[index];
      if (selected && !selected.has(pickup.id)) continue;
      const x = offsetX + pickup.position[0] * cellSize;
      const y = offsetY + pickup.position[1] * cellSize;
      ctx.moveTo(x + radius, y);
      ctx.arc(x, y, radius, 0, TWO_PI);
    }
    ctx.fillStyle = LAYOUT_COLORS.pickupSelected;
    ctx.fill();

    const highlighted = options.highlightPickupIds;
    if (highlighted && highlighted.size > 0) {
      ctx.beginPath();
      for (let index = 0; index < pickups.length; index++) {
        const pickup = pickups[index];
        if (!highlighted.has(pickup.id)) continue;
        const x = offsetX + pickup.position[0] * cellSize;
        const y = offsetY + pickup.position[1] * cellSize;
        ctx.moveTo(x + radius * 1.9, y);
        ctx.arc(x, y, radius * 1.9, 0, TWO_PI);
      }
      ctx.strokeStyle = LAYOUT_COLORS.highlight;
      ctx.lineWidth = 2;
      ctx.stroke();
    }
  }

  // Dropoffs: squares centred on their point.
  const dropoffs = elements.dropoffs;
  if (dropoffs.length > 0) {
    const half = cellSize * 0.35;
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

    const highlighted = options.highlightDropoffIds;
    if (highlighted && highlighted.size > 0) {
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
  }

  // Robot stations: diamonds.
  const stations = elements.robot_stations;
  if (stations.length > 0) {
    const half = cellSize * 0.42;
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

  // Robots: small dots spread around their station.
  const robots = elements.robots;
  if (robots.length > 0) {
    const positions = robotDrawPositions(robots);
    const radius = Math.max(2, cellSize * 0.1);
    ctx.beginPath();
    for (let index = 0; index < robots.length; index++) {
      const x = offsetX + positions[index * 2] * cellSize;
      const y = offsetY + positions[index * 2 + 1] * cellSize;
      ctx.moveTo(x + radius, y);
      ctx.arc(x, y, radius, 0, TWO_PI);
    }
    ctx.fillStyle = LAYOUT_COLORS.robot;
    ctx.fill();
  }

  // Labels only when cells are large enough to read them; there are few dropoffs/stations.
  if (cellSize >= 36 && (dropoffs.length > 0 || stations.length > 0)) {
    ctx.fillStyle = LAYOUT_COLORS.label;
    ctx.font = `${Math.round(cellSize * 0.28)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const below = cellSize * 0.45;
    for (let index = 0; index < dropoffs.length; index++) {
      const dropoff = dropoffs[index];
      ctx.fillText(dropoff.id, offsetX + dropoff.position[0] * cellSize, offsetY + dropoff.position[1] * cellSize + below);
    }
    for (let index = 0; index < stations.length; index++) {
      const station = stations[index];
      ctx.fillText(station.id, offsetX + station.position[0] * cellSize, offsetY + station.position[1] * cellSize + below);
    }
  }

}

/** Hover shading, the hovered pickup's ring and the drag preview, drawn over the layout layer. */
export function renderLayoutOverlays(ctx: LayoutContext2D, scene: LayoutScene, view: ViewTransform, options: OverlayOptions): void {
  const { cellSize, offsetX, offsetY } = view;
  const { width: gridWidth, height: gridHeight } = scene.dimensions;

  if (options.hoverCell) {
    const { x, y } = options.hoverCell;
    if (x >= 0 && y >= 0 && x < gridWidth && y < gridHeight) {
      // Translucent, so the element under the pointer stays visible.
      ctx.fillStyle = LAYOUT_COLORS.hover;
      ctx.fillRect(offsetX + x * cellSize, offsetY + y * cellSize, cellSize, cellSize);
    }
  }

  if (options.hoverPickupId) {
    const pickup = scene.elements.pickups.find((candidate) => candidate.id === options.hoverPickupId);
    if (pickup) {
      const radius = Math.max(2.5, cellSize * 0.14) * 1.8;
      ctx.beginPath();
      ctx.arc(offsetX + pickup.position[0] * cellSize, offsetY + pickup.position[1] * cellSize, radius, 0, TWO_PI);
      ctx.strokeStyle = LAYOUT_COLORS.hoverRing;
      ctx.lineWidth = 1.5;
      ctx.stroke();
    }
  }

  const preview = options.preview;
  if (preview) {
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
  }
}
