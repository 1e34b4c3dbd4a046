import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LayoutLayerCache } from './layout-layer-cache.ts';
import type { LayoutScene } from './layout-scene.ts';
import { LAYOUT_COLORS, type RenderOptions } from './render-layout.ts';
import { RecordingCanvasContext, RecordingOffscreenCanvas } from './test-support/recording-canvas-context.ts';

/** 4 x 3 grid with one shelf S1 at (1, 1). */
const scene: LayoutScene = {
  dimensions: { width: 4, height: 3 },
  elements: {
    shelves: [{ id: 'S1', position: [1, 1], size: [1, 1] }],
    pickups: [],
    dropoffs: [],
    robot_stations: [],
    robots: [],
    navigation_points: [],
  },
  graph: null,
};
const options: RenderOptions = { width: 200, height: 100, showGraph: false };

function frame(
  cache: LayoutLayerCache,
  view: { cellSize: number; offsetX: number; offsetY: number },
  overrides: Partial<RenderOptions> = {},
  sceneToDraw = scene,
) {
  const context = new RecordingCanvasContext(null);
  const kind = cache.render(
    context as unknown as CanvasRenderingContext2D,
    sceneToDraw,
    view,
    { ...options, ...overrides },
    2,
  );
  return { kind, context };
}

describe('LayoutLayerCache', () => {
  beforeEach(() => {
    RecordingOffscreenCanvas.created = [];
    vi.stubGlobal('OffscreenCanvas', RecordingOffscreenCanvas);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('draws the layout layer once at the device pixel ratio, then composes it with a moved view', () => {
    const cache = new LayoutLayerCache();
    const first = frame(cache, { cellSize: 10, offsetX: 20, offsetY: 30 });
    expect(first.kind).toBe('rebuilt');
    const [surface] = RecordingOffscreenCanvas.created;
    // 4 x 3 cells of 10 px plus one cell of margin each side, at pixel ratio 2.
    expect([surface.width, surface.height]).toEqual([120, 100]);
    const shelfRect = surface.context.calls.find((call) => call.method === 'rect');
    expect(shelfRect?.args).toEqual([20, 20, 10, 10]);
    // Background, grid area, then the elements layer placed one margin before the grid origin.
    expect(first.context.calls.map((call) => call.method)).toEqual(['fillRect', 'fillRect', 'drawImage']);
    expect(first.context.calls[1]).toMatchObject({ args: [20, 30, 40, 30], fillStyle: LAYOUT_COLORS.gridFill });
    expect(first.context.calls[2].args.slice(1)).toEqual([10, 20, 60, 50]);

    surface.context.reset();
    const panned = frame(cache, { cellSize: 10, offsetX: 25.3, offsetY: 30 }, { hoverCell: { x: 0, y: 0 } });
    expect(panned.kind).toBe('cached');
    expect(surface.context.calls).toEqual([]);
    // Offsets snap to whole device pixels (25.3 * 2 -> 51 -> 25.5).
    expect(panned.context.calls[2].args.slice(1)).toEqual([15.5, 20, 60, 50]);
    expect(panned.context.calls[3]).toMatchObject({
      method: 'fillRect',
      args: [25.5, 30, 10, 10],
      fillStyle: LAYOUT_COLORS.hover,
    });
  });

  it('redraws a layer when its elements, the cell size or the shown layers change, not for a new scene wrapper', () => {
    const cache = new LayoutLayerCache();
    const view = { cellSize: 10, offsetX: 0, offsetY: 0 };
    expect(frame(cache, view).kind).toBe('rebuilt');
    expect(frame(cache, view).kind).toBe('cached');
    expect(frame(cache, view, {}, { ...scene }).kind).toBe('cached');
    expect(frame(cache, view, {}, { ...scene, elements: { ...scene.elements } }).kind).toBe('rebuilt');
    expect(frame(cache, { ...view, cellSize: 12 }).kind).toBe('rebuilt');
    // Showing the graph turns navigation points on: the elements layer is redrawn.
    expect(frame(cache, { ...view, cellSize: 12 }, { showGraph: true }).kind).toBe('rebuilt');
    expect(frame(cache, { ...view, cellSize: 12 }, { showGraph: true, preview: null }).kind).toBe('cached');
  });

  it('stretches the layer for a zoom step when allowed, keeping the grid origin in place', () => {
    const cache = new LayoutLayerCache();
    frame(cache, { cellSize: 10, offsetX: 20, offsetY: 30 });
    const context = new RecordingCanvasContext(null);
    const kind = cache.render(
      context as unknown as CanvasRenderingContext2D,
      scene,
      { cellSize: 15, offsetX: 20, offsetY: 30 },
      options,
      2,
      true,
    );
    expect(kind).toBe('scaled');
    // The old layer (margin 10, 60 x 50 CSS px) is drawn 1.5 times larger, margin 15 before the origin.
    expect(context.calls[2]).toMatchObject({ method: 'drawImage' });
    expect(context.calls[2].args.slice(1)).toEqual([5, 15, 90, 75]);
    expect(frame(cache, { cellSize: 15, offsetX: 20, offsetY: 30 }).kind).toBe('rebuilt');
  });

  it('keeps the edge layer when only the elements change, and the elements layer when only the graph does', () => {
    const graph = {
      nodes: [
        { id: 'A', x: 0.5, y: 0.5 },
        { id: 'B', x: 3.5, y: 2.5 },
      ],
      edges: [{ from: 'A', to: 'B' }],
    };
    const withGraph: LayoutScene = { ...scene, graph };
    const cache = new LayoutLayerCache();
    const view = { cellSize: 10, offsetX: 0, offsetY: 0 };
    expect(frame(cache, view, { showGraph: true }, withGraph).kind).toBe('rebuilt');
    expect(RecordingOffscreenCanvas.created).toHaveLength(2);
    const [elementsSurface, edgesSurface] = RecordingOffscreenCanvas.created;
    expect(edgesSurface.context.count('lineTo')).toBe(1);
    elementsSurface.context.reset();
    edgesSurface.context.reset();

    // New elements, same graph: only the elements layer is drawn again.
    frame(cache, view, { showGraph: true }, { ...withGraph, elements: { ...scene.elements } });
    expect(elementsSurface.context.count('rect')).toBe(1);
    expect(edgesSurface.context.calls).toEqual([]);

    // Same elements object, new graph: only the edge layer is drawn again.
    const elementsNow = { ...scene.elements };
    frame(cache, view, { showGraph: true }, { ...withGraph, elements: elementsNow });
    elementsSurface.context.reset();
    const { kind, context } = frame(
      cache,
      view,
      { showGraph: true },
      { dimensions: scene.dimensions, elements: elementsNow, graph: { ...graph } },
    );
    expect(kind).toBe('rebuilt');
    expect(elementsSurface.context.calls).toEqual([]);
    expect(edgesSurface.context.count('lineTo')).toBe(1);
    // Grid area, then edges under the elements.
    expect(context.calls.filter((call) => call.method === 'drawImage').map((call) => call.args[0])).toEqual([
      edgesSurface,
      elementsSurface,
    ]);
  });

  it('draws directly when the layer would be too large', () => {
    const cache = new LayoutLayerCache();
    const huge = frame(cache, { cellSize: 2000, offsetX: 0, offsetY: 0 });
    expect(huge.kind).toBe('direct');
    expect(RecordingOffscreenCanvas.created).toEqual([]);
    expect(huge.context.calls.some((call) => call.method === 'rect')).toBe(true);
  });

  it('draws directly without OffscreenCanvas', () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('OffscreenCanvas', undefined);
    const direct = frame(new LayoutLayerCache(), { cellSize: 10, offsetX: 0, offsetY: 0 });
    expect(direct.kind).toBe('direct');
    expect(direct.context.calls.some((call) => call.method === 'rect')).toBe(true);
  });
});
