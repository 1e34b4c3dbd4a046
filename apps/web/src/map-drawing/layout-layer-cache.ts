import type { LayoutScene, SceneGraph } from './layout-scene.ts';
import {
  LAYOUT_COLORS,
  renderGraphEdges,
  renderGridArea,
  renderLayout,
  renderLayoutElements,
  renderLayoutOverlays,
  type LayoutContext2D,
  type RenderOptions,
} from './render-layout.ts';
import type { ViewTransform } from './view-transform.ts';

// The layout changes only when it is edited, zoomed or shown differently; drawing it is the
// expensive part of a frame (a 50x50 layout's graph has tens of thousands of edge segments).
// It is kept as two bitmaps: the graph edges, and the elements (grid lines, shelves, points).
// A frame during a drag, a hover or a pan is then two drawImage calls plus the overlays; an
// edit redraws only the layer that changed (the editor builds the graph after the edit, so
// the elements are redrawn in one frame and the edges in a later one). Where OffscreenCanvas is
// missing (jsdom) or the bitmaps would be too large (deep zoom on a big grid), frames are drawn
// directly with renderLayout.

/** Largest cached bitmap, in device pixels (about 64 MB of RGBA). */
const MAX_LAYER_PIXELS = 4096 * 4096;
const MAX_LAYER_SIDE = 8192;

interface Layer<Key> {
  surface: OffscreenCanvas;
  key: Key;
}

interface ElementsKey {
  readonly elements: LayoutScene['elements'];
  readonly gridWidth: number;
  readonly gridHeight: number;
  readonly cellSize: number;
  readonly pixelRatio: number;
  readonly showNavigationPoints: boolean;
  readonly selectedPickupIds: RenderOptions['selectedPickupIds'];
  readonly highlightPickupIds: RenderOptions['highlightPickupIds'];
  readonly highlightDropoffIds: RenderOptions['highlightDropoffIds'];
}

interface EdgesKey {
  readonly graph: SceneGraph;
  readonly cellSize: number;
  readonly pixelRatio: number;
}

function sameElementsKey(a: ElementsKey, b: ElementsKey, ignoreCellSize = false): boolean {
  return (
    a.elements === b.elements &&
    a.gridWidth === b.gridWidth &&
    a.gridHeight === b.gridHeight &&
    (ignoreCellSize || a.cellSize === b.cellSize) &&
    a.pixelRatio === b.pixelRatio &&
    a.showNavigationPoints === b.showNavigationPoints &&
    a.selectedPickupIds === b.selectedPickupIds &&
    a.highlightPickupIds === b.highlightPickupIds &&
    a.highlightDropoffIds === b.highlightDropoffIds
  );
}

function sameEdgesKey(a: EdgesKey, b: EdgesKey, ignoreCellSize = false): boolean {
  return a.graph === b.graph && (ignoreCellSize || a.cellSize === b.cellSize) && a.pixelRatio === b.pixelRatio;
}

/**
 * How a frame was produced. 'scaled' reuses layers drawn at another cell size, stretched: a
 * zoom step then costs a couple of drawImage calls, and the caller redraws crisply once
 * zooming pauses.
 */
export type FrameKind = 'direct' | 'cached' | 'rebuilt' | 'scaled';

export class LayoutLayerCache {
  private elements: Layer<ElementsKey> | null = null;
  private edges: Layer<EdgesKey> | null = null;

  /**
   * Draws one frame onto `ctx` (whose transform already maps CSS pixels to device pixels at
   * `pixelRatio`). With `allowScaled`, layers that differ only in cell size are stretched
   * instead of redrawn. Returns how the frame was produced.
   */
  render(
    ctx: LayoutContext2D,
    scene: LayoutScene,
    view: ViewTransform,
    options: RenderOptions,
    pixelRatio: number,
    allowScaled = false,
  ): FrameKind {
    if (typeof OffscreenCanvas === 'undefined') {
      renderLayout(ctx, scene, view, options);
      return 'direct';
    }
    const { cellSize } = view;
    // One cell of margin holds what is drawn past the grid edge (labels, station corners).
    const margin = cellSize;
    const pixelWidth = Math.ceil((scene.dimensions.width * cellSize + 2 * margin) * pixelRatio);
    const pixelHeight = Math.ceil((scene.dimensions.height * cellSize + 2 * margin) * pixelRatio);
    if (pixelWidth * pixelHeight > MAX_LAYER_PIXELS || pixelWidth > MAX_LAYER_SIDE || pixelHeight > MAX_LAYER_SIDE) {
      this.release();
      renderLayout(ctx, scene, view, options);
      return 'direct';
    }

    const elementsKey: ElementsKey = {
      elements: scene.elements,
      gridWidth: scene.dimensions.width,
      gridHeight: scene.dimensions.height,
      cellSize,
      pixelRatio,
      showNavigationPoints: options.showNavigationPoints ?? options.showGraph,
      selectedPickupIds: options.selectedPickupIds,
      highlightPickupIds: options.highlightPickupIds,
      highlightDropoffIds: options.highlightDropoffIds,
    };
    const graph = options.showGraph && scene.graph && scene.graph.edges.length > 0 ? scene.graph : null;
    const edgesKey: EdgesKey | null = graph ? { graph, cellSize, pixelRatio } : null;

    let elements = this.elements;
    if (allowScaled && elements && this.canStretch(elements, elementsKey, edgesKey)) {
      this.drawStretched(ctx, elements, scene, view, options, pixelRatio, edgesKey !== null);
      return 'scaled';
    }

    let rebuilt = false;
    if (!elements || !sameElementsKey(elements.key, elementsKey)) {
      const surface = this.surfaceFor(elements, pixelWidth, pixelHeight);
      const layer = surface.getContext('2d');
      if (!layer) {
        renderLayout(ctx, scene, view, options);
        return 'direct';
      }
      this.prepareLayer(layer, pixelWidth, pixelHeight, pixelRatio);
      renderLayoutElements(layer, scene, { cellSize, offsetX: margin, offsetY: margin }, options);
      elements = { surface, key: elementsKey };
      this.elements = elements;
      rebuilt = true;
    }
    if (graph && edgesKey && (!this.edges || !sameEdgesKey(this.edges.key, edgesKey))) {
      const surface = this.surfaceFor(this.edges, pixelWidth, pixelHeight);
      const layer = surface.getContext('2d');
      if (!layer) {
        renderLayout(ctx, scene, view, options);
        return 'direct';
      }
      this.prepareLayer(layer, pixelWidth, pixelHeight, pixelRatio);
      renderGraphEdges(layer, graph, { cellSize, offsetX: margin, offsetY: margin });
      this.edges = { surface, key: edgesKey };
      rebuilt = true;
    }

    // Whole device pixels keep the bitmaps sharp (no resampling) and overlays aligned with them.
    const snapped: ViewTransform = {
      cellSize,
      offsetX: Math.round(view.offsetX * pixelRatio) / pixelRatio,
      offsetY: Math.round(view.offsetY * pixelRatio) / pixelRatio,
    };
    ctx.fillStyle = LAYOUT_COLORS.background;
    ctx.fillRect(0, 0, options.width, options.height);
    renderGridArea(ctx, scene.dimensions, snapped);
    ctx.imageSmoothingEnabled = false;
    const left = snapped.offsetX - margin;
    const top = snapped.offsetY - margin;
    if (graph && this.edges)
      ctx.drawImage(this.edges.surface, left, top, pixelWidth / pixelRatio, pixelHeight / pixelRatio);
    ctx.drawImage(elements.surface, left, top, pixelWidth / pixelRatio, pixelHeight / pixelRatio);
    renderLayoutOverlays(ctx, scene, snapped, options);
    return rebuilt ? 'rebuilt' : 'cached';
  }

  /** Frees the bitmaps (e.g. when the canvas unmounts). */
  release(): void {
    this.elements = null;
    this.edges = null;
  }

  private canStretch(elements: Layer<ElementsKey>, elementsKey: ElementsKey, edgesKey: EdgesKey | null): boolean {
    if (elements.key.cellSize === elementsKey.cellSize) return false;
    if (!sameElementsKey(elements.key, elementsKey, true)) return false;
    if (!edgesKey) return true;
    return (
      this.edges !== null &&
      this.edges.key.cellSize === elements.key.cellSize &&
      sameEdgesKey(this.edges.key, edgesKey, true)
    );
  }

  private drawStretched(
    ctx: LayoutContext2D,
    elements: Layer<ElementsKey>,
    scene: LayoutScene,
    view: ViewTransform,
    options: RenderOptions,
    pixelRatio: number,
    withEdges: boolean,
  ): void {
    const scale = view.cellSize / elements.key.cellSize;
    const left = view.offsetX - elements.key.cellSize * scale;
    const top = view.offsetY - elements.key.cellSize * scale;
    const width = (elements.surface.width / pixelRatio) * scale;
    const height = (elements.surface.height / pixelRatio) * scale;
    ctx.fillStyle = LAYOUT_COLORS.background;
    ctx.fillRect(0, 0, options.width, options.height);
    renderGridArea(ctx, scene.dimensions, view);
    // Nearest-neighbour stretching is the cheapest; the crisp redraw follows within moments.
    ctx.imageSmoothingEnabled = false;
    if (withEdges && this.edges) ctx.drawImage(this.edges.surface, left, top, width, height);
    ctx.drawImage(elements.surface, left, top, width, height);
    renderLayoutOverlays(ctx, scene, view, options);
  }

  private surfaceFor(layer: Layer<unknown> | null, pixelWidth: number, pixelHeight: number): OffscreenCanvas {
    if (layer && layer.surface.width === pixelWidth && layer.surface.height === pixelHeight) return layer.surface;
    return new OffscreenCanvas(pixelWidth, pixelHeight);
  }

  private prepareLayer(
    layer: OffscreenCanvasRenderingContext2D,
    pixelWidth: number,
    pixelHeight: number,
    pixelRatio: number,
  ): void {
    layer.setTransform(1, 0, 0, 1, 0, 0);
    layer.clearRect(0, 0, pixelWidth, pixelHeight);
    layer.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  }
}
