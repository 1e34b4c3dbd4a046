import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { capturePointer, pointerOffset, prepareCanvas, releasePointer } from '../../map-drawing/canvas-surface.ts';
import { toLayoutScene, type LooseEnvironmentShape } from '../../map-drawing/layout-scene.ts';
import { useElementSize } from '../../map-drawing/use-element-size.ts';
import { useLayoutCanvas } from '../../map-drawing/use-layout-canvas.ts';
import {
  centredView,
  formatZoomPercent,
  MAP_REFERENCE_CELL_SIZE,
  mapFitZoom,
  screenToGrid,
  zoomViewAround,
  type ViewTransform,
} from '../../map-drawing/view-transform.ts';
import { formatCompletionTime } from '../../lib/display-format.ts';
import { buttonSecondary } from '../ui/styles.ts';
import { renderHeatmap, shadeHeatmap, type CellHeatmap } from './heatmap-layer.ts';
import { MapLegend, trafficRulesOf } from './map-legend.tsx';

export interface EnvironmentMapProps {
  readonly environment: LooseEnvironmentShape;
  readonly showGraph?: boolean;
  readonly highlight?: { readonly pickups?: readonly string[]; readonly dropoffs?: readonly string[] };
  /** What the rings round highlighted points mean, for the legend ('In this task'). */
  readonly highlightLabel?: string;
  /** The legend is shown below the map unless the page draws its own. */
  readonly showLegend?: boolean;
  readonly ariaLabel?: string;
  /** Waiting seconds per cell drawn over the map (the congestion heat map); hovering a cell shows its seconds. */
  readonly heatmap?: CellHeatmap | null;
  /** A cell to show: the map centres on it (zoomed in until a cell is readable) and outlines it. A new object re-centres. */
  readonly focusCell?: { readonly x: number; readonly y: number } | null;
}

/** Cells this small are zoomed up to this size when the map shows one of them. */
const FOCUS_MIN_CELL_SIZE = 24;

const MAP_MIN_ZOOM = 0.1;
const MAP_MAX_ZOOM = 2.5;
const MAP_ZOOM_STEP = 0.1;
const WHEEL_ZOOM_FACTOR = 1.1;
/** Spec §9: the fit is applied 100 ms after mount, once the container has its final size. */
export const MAP_FIT_DELAY_MS = 100;
/** Tailwind h-96 (24rem) in CSS pixels; used before the container has been measured. */
const MAP_AREA_FALLBACK = { width: 800, height: 384 } as const;

function clampMapZoom(zoom: number): number {
  return Math.min(MAP_MAX_ZOOM, Math.max(MAP_MIN_ZOOM, zoom));
}

/** Read-only canvas view of an environment with zoom, pan and the spec's initial fit. */
export function EnvironmentMap({
  environment,
  showGraph = false,
  highlight,
  highlightLabel,
  showLegend = true,
  ariaLabel = 'Environment map',
  heatmap = null,
  focusCell = null,
}: EnvironmentMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(containerRef, MAP_AREA_FALLBACK);
  const scene = useMemo(() => toLayoutScene(environment), [environment]);
  const { dimensions } = scene;

  const [view, setView] = useState<ViewTransform>(() =>
    centredView(dimensions, MAP_REFERENCE_CELL_SIZE, MAP_AREA_FALLBACK.width, MAP_AREA_FALLBACK.height),
  );
  const zoom = view.cellSize / MAP_REFERENCE_CELL_SIZE;

  const fitView = useCallback(() => {
    const fitted = clampMapZoom(mapFitZoom(dimensions, size.width, size.height));
    setView(centredView(dimensions, fitted * MAP_REFERENCE_CELL_SIZE, size.width, size.height));
  }, [dimensions, size.width, size.height]);

  // Initial fit, re-applied when another environment (other dimensions) is shown.
  const fitViewRef = useRef(fitView);
  fitViewRef.current = fitView;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another floor size fits the view again
  useEffect(() => {
    const timer = setTimeout(() => fitViewRef.current(), MAP_FIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dimensions.width, dimensions.height]);

  useEffect(() => {
    if (!focusCell) return;
    setView((current) => {
      const cellSize = Math.min(
        MAP_MAX_ZOOM * MAP_REFERENCE_CELL_SIZE,
        Math.max(current.cellSize, FOCUS_MIN_CELL_SIZE),
      );
      return {
        cellSize,
        offsetX: size.width / 2 - (focusCell.x + 0.5) * cellSize,
        offsetY: size.height / 2 - (focusCell.y + 0.5) * cellSize,
      };
    });
  }, [focusCell, size.width, size.height]);

  const highlightPickupIds = useMemo(
    () => (highlight?.pickups ? new Set(highlight.pickups) : null),
    [highlight?.pickups],
  );
  const highlightDropoffIds = useMemo(
    () => (highlight?.dropoffs ? new Set(highlight.dropoffs) : null),
    [highlight?.dropoffs],
  );

  useLayoutCanvas(canvasRef, scene, view, {
    width: size.width,
    height: size.height,
    showGraph,
    highlightPickupIds,
    highlightDropoffIds,
  });

  const heatCanvasRef = useRef<HTMLCanvasElement>(null);
  const shadedHeatmap = useMemo(() => (heatmap ? shadeHeatmap(heatmap) : null), [heatmap]);
  useLayoutEffect(() => {
    const canvas = heatCanvasRef.current;
    if (!canvas || !shadedHeatmap) return;
    const prepared = prepareCanvas(canvas, size.width, size.height);
    if (prepared) renderHeatmap(prepared.context, shadedHeatmap, view, size);
  }, [shadedHeatmap, view, size]);
  const [hoveredCell, setHoveredCell] = useState<{ x: number; y: number; left: number; top: number } | null>(null);

  const zoomTo = useCallback(
    (nextZoom: number, anchor?: { x: number; y: number }) => {
      setView((current) =>
        zoomViewAround(
          current,
          clampMapZoom(nextZoom) * MAP_REFERENCE_CELL_SIZE,
          anchor?.x ?? size.width / 2,
          anchor?.y ?? size.height / 2,
        ),
      );
    },
    [size.width, size.height],
  );

  // Wheel zoom needs a non-passive listener to stop the page from scrolling.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const anchor = pointerOffset(canvas, event);
      setView((current) => {
        const currentZoom = current.cellSize / MAP_REFERENCE_CELL_SIZE;
        const next = clampMapZoom(event.deltaY < 0 ? currentZoom * WHEEL_ZOOM_FACTOR : currentZoom / WHEEL_ZOOM_FACTOR);
        return zoomViewAround(current, next * MAP_REFERENCE_CELL_SIZE, anchor.x, anchor.y);
      });
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, []);

  const dragRef = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const [panning, setPanning] = useState(false);

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    capturePointer(event.currentTarget, event.pointerId);
    dragRef.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    setPanning(true);
  };
  const hoverHeat = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!heatmap) return;
    const at = pointerOffset(event.currentTarget, event);
    const grid = screenToGrid(view, at.x, at.y);
    const x = Math.floor(grid.x);
    const y = Math.floor(grid.y);
    const inside = x >= 0 && y >= 0 && x < heatmap.width && y < heatmap.height;
    setHoveredCell((current) =>
      !inside ? null : current && current.x === x && current.y === y ? current : { x, y, left: at.x, top: at.y },
    );
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) {
      hoverHeat(event);
      return;
    }
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    dragRef.current = { pointerId: drag.pointerId, x: event.clientX, y: event.clientY };
    setView((current) => ({ ...current, offsetX: current.offsetX + dx, offsetY: current.offsetY + dy }));
  };
  const endPan = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!dragRef.current || dragRef.current.pointerId !== event.pointerId) return;
    releasePointer(event.currentTarget, event.pointerId);
    dragRef.current = null;
    setPanning(false);
  };

  const buttonClass = `${buttonSecondary} px-3 py-1`;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={buttonClass}
          onClick={() => zoomTo(zoom - MAP_ZOOM_STEP)}
          aria-label="Zoom out"
        >
          −
        </button>
        <span className="min-w-12 text-center text-sm text-slate-300" role="status" aria-label="Zoom level">
          {formatZoomPercent(zoom)}
        </span>
        <button type="button" className={buttonClass} onClick={() => zoomTo(zoom + MAP_ZOOM_STEP)} aria-label="Zoom in">
          +
        </button>
        <button type="button" className={buttonClass} onClick={fitView}>
          Reset View
        </button>
      </div>
      <div
        ref={containerRef}
        className="relative h-96 w-full overflow-hidden rounded-lg border border-slate-800 bg-slate-950"
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={ariaLabel}
          // The view, in CSS pixels, for whoever checks what the map shows (the browser journeys).
          data-cell-size={view.cellSize}
          data-offset-x={view.offsetX}
          data-offset-y={view.offsetY}
          className={panning ? 'block cursor-grabbing touch-none' : 'block cursor-grab touch-none'}
          style={{ width: size.width, height: size.height }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endPan}
          onPointerCancel={endPan}
          onPointerLeave={() => setHoveredCell(null)}
        />
        {heatmap && (
          <canvas
            ref={heatCanvasRef}
            aria-hidden="true"
            data-testid="heatmap-layer"
            className="pointer-events-none absolute left-0 top-0 block"
            style={{ width: size.width, height: size.height }}
          />
        )}
        {focusCell && (
          <div
            aria-hidden="true"
            data-testid="focused-cell"
            className="pointer-events-none absolute rounded-sm border-2 border-white shadow-[0_0_0_3px_rgba(15,23,42,0.8)]"
            style={{
              left: view.offsetX + focusCell.x * view.cellSize - 2,
              top: view.offsetY + focusCell.y * view.cellSize - 2,
              width: view.cellSize + 4,
              height: view.cellSize + 4,
            }}
          />
        )}
        {heatmap && hoveredCell && (
          <div
            role="tooltip"
            className="pointer-events-none absolute rounded border border-slate-700 bg-slate-900/95 px-2 py-1 text-xs text-slate-100 shadow"
            style={{ left: hoveredCell.left + 12, top: hoveredCell.top + 12 }}
          >
            Cell ({hoveredCell.x}, {hoveredCell.y}):{' '}
            {formatCompletionTime(heatmap.wait_s[hoveredCell.y * heatmap.width + hoveredCell.x] ?? 0)} waiting
          </div>
        )}
      </div>
      {showLegend && (
        <MapLegend
          trafficRules={trafficRulesOf(scene.elements)}
          highlightLabel={highlight ? highlightLabel : undefined}
        />
      )}
    </div>
  );
}
