import {
  addDropoff,
  addRobotStation,
  buildNavigationGraph,
  createEmptyLayout,
  fillWithShelfRows,
  selectAllPickups,
  withShelves,
  type EditableLayout,
  type NavigationGraph,
} from '@fleetlab/warehouse';
import { graphEdgeDrawing } from '../../src/map-drawing/graph-edge-drawing.ts';
import type { LayoutScene } from '../../src/map-drawing/layout-scene.ts';
import { LayoutLayerCache } from '../../src/map-drawing/layout-layer-cache.ts';
import { renderLayout, type RenderOptions } from '../../src/map-drawing/render-layout.ts';
import { MIN_CELL_SIZE } from '../../src/editor/view-transform.ts';

// Redraw timing of the largest layout the editor allows (50 x 50, every pickup selected, graph
// shown), measured in a real browser, where canvas is real: a redraw should fit one 16 ms frame.
// Run `node apps/web/tools/editor-bench/render-bench-chromium.mjs`, which bundles this file.

export interface FrameTimes {
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

export interface RenderBenchResult {
  readonly grid: string;
  readonly graphEdges: 'pruned' | 'full';
  readonly shelves: number;
  readonly pickups: number;
  readonly nodes: number;
  readonly edges: number;
  readonly frames: number;
  readonly graphBuildMs: number;
  /** Frames as the editor draws them during a drag, hover or pan: cached layer + overlays. */
  readonly interactive: FrameTimes;
  /** Frames right after an edit: the elements layer is redrawn (the graph follows later). */
  readonly afterEdit: FrameTimes;
  /** Frames right after the graph was rebuilt: the edge layer is redrawn. */
  readonly afterGraphChange: FrameTimes;
  /** Zoom steps: the cached layer stretched to the new cell size. */
  readonly zoomStep: FrameTimes;
  /** Frames drawn without the layer cache (renderLayout alone). */
  readonly direct: FrameTimes;
  /**
   * Once per new graph, not per frame: merging collinear edges and building the edge path
   * (`graphEdgeDrawing`). The frames above reuse it, since their graph objects share arrays.
   */
  readonly edgePreparation: FrameTimes;
  /** Segments stroked after merging collinear overlapping edges. */
  readonly drawnSegments: number;
}

export function benchmarkLayout(): EditableLayout {
  const dimensions = { width: 50, height: 50 };
  let layout = createEmptyLayout(dimensions);
  const shelves = fillWithShelfRows(
    { area: { position: [1, 2], size: [48, 45] }, shelfLength: 4, shelfDepth: 2, aisleWidth: 1 },
    { dimensions, shelves: [] },
  );
  layout = withShelves(layout, shelves);
  for (let x = 2; x < 48; x += 4) {
    const withDropoff = addDropoff(layout, [x + 0.5, 48.5]);
    if (withDropoff.ok) layout = withDropoff.layout;
    const withStation = addRobotStation(layout, [x + 0.5, 0.5], 2);
    if (withStation.ok) layout = withStation.layout;
  }
  return selectAllPickups(layout);
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function summarise(times: readonly number[]): FrameTimes {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    medianMs: round(percentile(sorted, 0.5)),
    p95Ms: round(percentile(sorted, 0.95)),
    maxMs: round(sorted[sorted.length - 1]),
  };
}

export interface RenderBenchOptions {
  readonly frames?: number;
  /** `full` draws every edge the rules allow (the worst case); `pruned` is what the editor saves. */
  readonly graphEdges?: 'pruned' | 'full';
  readonly canvas?: HTMLCanvasElement;
}

const WARM_UP_FRAMES = 5;

export function runRenderBenchmark(options: RenderBenchOptions = {}): RenderBenchResult {
  const frames = options.frames ?? 120;
  const layout = benchmarkLayout();
  const buildStart = performance.now();
  const graph: NavigationGraph = buildNavigationGraph(layout.elements, { edges: options.graphEdges ?? 'pruned' });
  const graphBuildMs = performance.now() - buildStart;

  const cellSize = MIN_CELL_SIZE;
  const width = layout.dimensions.width * cellSize + 32;
  const height = layout.dimensions.height * cellSize + 32;
  const canvas = options.canvas ?? document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas context available');

  const elements = { ...layout.elements, pickups: layout.pickupCandidates };
  const scene: LayoutScene = { dimensions: layout.dimensions, elements, graph };
  const selectedPickupIds = new Set(layout.elements.pickups.map((pickup) => pickup.id));
  const frameOptions = (frame: number): RenderOptions => ({
    width,
    height,
    showGraph: true,
    showNavigationPoints: true,
    selectedPickupIds,
    hoverCell: { x: frame % 50, y: 10 },
    preview: { rect: { x: 3, y: 3, width: 4, height: 2 }, valid: frame % 2 === 0, kind: 'place' },
  });
  // Pan a little every frame, as during a drag, so no frame repeats the previous one.
  const frameView = (frame: number) => ({ cellSize, offsetX: 16 + (frame % 10), offsetY: 16 });

  const measure = (draw: (frame: number) => void, count: number): FrameTimes => {
    const times: number[] = [];
    for (let frame = 0; frame < count + WARM_UP_FRAMES; frame++) {
      const start = performance.now();
      draw(frame);
      // Reading a pixel back forces the browser to rasterise now, so the time includes drawing.
      context.getImageData(0, 0, 1, 1);
      if (frame >= WARM_UP_FRAMES) times.push(performance.now() - start);
    }
    return summarise(times);
  };

  const cache = new LayoutLayerCache();
  const interactive = measure(
    (frame) => cache.render(context, scene, frameView(frame), frameOptions(frame), 1),
    frames,
  );
  const zoomCache = new LayoutLayerCache();
  zoomCache.render(context, scene, frameView(0), frameOptions(0), 1);
  const zoomStep = measure(
    (frame) =>
      zoomCache.render(
        context,
        scene,
        { ...frameView(frame), cellSize: cellSize * (1 + ((frame % 15) + 1) / 10) },
        frameOptions(frame),
        1,
        true,
      ),
    frames,
  );
  // A new elements object per frame stands for an edit; a new graph object for its rebuild.
  const editCount = Math.max(10, Math.round(frames / 4));
  const afterEdit = measure(
    (frame) => cache.render(context, { ...scene, elements: { ...elements } }, frameView(frame), frameOptions(frame), 1),
    editCount,
  );
  const afterGraphChange = measure(
    (frame) => cache.render(context, { ...scene, graph: { ...graph } }, frameView(frame), frameOptions(frame), 1),
    editCount,
  );
  const direct = measure((frame) => renderLayout(context, scene, frameView(frame), frameOptions(frame)), editCount);
  const preparationTimes: number[] = [];
  for (let run = 0; run < 5; run++) {
    // Fresh arrays, as a rebuilt graph has, so nothing cached is reused.
    const rebuilt = { nodes: [...graph.nodes], edges: [...graph.edges] };
    const start = performance.now();
    graphEdgeDrawing(rebuilt);
    preparationTimes.push(performance.now() - start);
  }

  return {
    grid: `${layout.dimensions.width}x${layout.dimensions.height}`,
    graphEdges: options.graphEdges ?? 'pruned',
    shelves: layout.elements.shelves.length,
    pickups: layout.elements.pickups.length,
    nodes: graph.nodes.length,
    edges: graph.edges.length / 2,
    frames,
    graphBuildMs: round(graphBuildMs),
    interactive,
    afterEdit,
    afterGraphChange,
    zoomStep,
    direct,
    edgePreparation: summarise(preparationTimes),
    drawnSegments: graphEdgeDrawing(graph).segments.length / 4,
  };
}
