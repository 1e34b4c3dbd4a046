import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { prepareCanvas } from './canvas-surface.ts';
import { LayoutLayerCache } from './layout-layer-cache.ts';
import type { LayoutScene } from './layout-scene.ts';
import type { RenderOptions } from './render-layout.ts';
import type { ViewTransform } from './view-transform.ts';

/** After the last zoom step, a stretched layer is redrawn crisply this much later. */
export const CRISP_REDRAW_DELAY_MS = 120;

/**
 * Draws (scene, view, options) onto the canvas whenever one of them changes, through a layer
 * cache: drags, hovers and pans reuse the cached layout bitmap; zoom steps stretch it and a
 * crisp redraw follows once zooming pauses.
 */
export function useLayoutCanvas(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  scene: LayoutScene,
  view: ViewTransform,
  options: RenderOptions,
): void {
  const cacheRef = useRef<LayoutLayerCache | null>(null);
  const crispTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: options are compared field by field so an equal object does not redraw
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    cacheRef.current ??= new LayoutLayerCache();
    const cache = cacheRef.current;
    const draw = (allowScaled: boolean) => {
      const prepared = prepareCanvas(canvas, options.width, options.height);
      if (!prepared) return 'direct';
      return cache.render(prepared.context, scene, view, options, prepared.pixelRatio, allowScaled);
    };
    if (crispTimerRef.current !== null) clearTimeout(crispTimerRef.current);
    crispTimerRef.current = null;
    if (draw(true) === 'scaled') {
      crispTimerRef.current = setTimeout(() => {
        crispTimerRef.current = null;
        draw(false);
      }, CRISP_REDRAW_DELAY_MS);
    }
    // Options are listed field by field, so a fresh options object alone does not redraw.
  }, [
    canvasRef,
    scene,
    view,
    options.width,
    options.height,
    options.showGraph,
    options.showNavigationPoints,
    options.selectedPickupIds,
    options.highlightPickupIds,
    options.highlightDropoffIds,
    options.preview,
    options.hoverCell,
    options.hoverPickupId,
  ]);

  useEffect(
    () => () => {
      if (crispTimerRef.current !== null) clearTimeout(crispTimerRef.current);
      cacheRef.current?.release();
    },
    [],
  );
}
