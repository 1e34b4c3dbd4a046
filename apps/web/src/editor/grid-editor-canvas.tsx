import type { NavigationGraph } from '@fleetlab/warehouse';
import { useEffect, useMemo, useRef, useState, type Dispatch, type PointerEvent as ReactPointerEvent } from 'react';
import { capturePointer, pointerOffset, releasePointer } from '../map-drawing/canvas-surface.ts';
import { dragOutcome, type EditorAction, type EditorState } from './editor-state.ts';
import { cellAtScreen, pickupAtScreen, type GridCell } from './hit-test.ts';
import type { LayoutScene } from '../map-drawing/layout-scene.ts';
import { useLayoutCanvas } from '../map-drawing/use-layout-canvas.ts';
import { screenToCell, screenToGrid, type ViewTransform } from '../map-drawing/view-transform.ts';

export interface GridEditorCanvasProps {
  readonly state: EditorState;
  readonly dispatch: Dispatch<EditorAction>;
  readonly view: ViewTransform;
  /** Pan moves: the new view after a drag with the Pan View tool (or the middle button). */
  readonly onPan: (dx: number, dy: number) => void;
  /** Wheel zoom about the pointer: +1 zooms in one step, -1 out. */
  readonly onWheelZoom: (direction: 1 | -1, anchorX: number, anchorY: number) => void;
  readonly width: number;
  readonly height: number;
  readonly showGraph: boolean;
  readonly graph: NavigationGraph | null;
}

type Gesture = { kind: 'pan'; pointerId: number; x: number; y: number } | { kind: 'draw'; pointerId: number };

const CURSOR_BY_TOOL: Record<EditorState['tool'], string> = {
  select: 'cursor-grab',
  shelf: 'cursor-crosshair',
  dropoff: 'cursor-crosshair',
  robot_station: 'cursor-crosshair',
  pickup_select: 'cursor-pointer',
  erase: 'cursor-cell',
  one_way_aisle: 'cursor-crosshair',
  keep_clear: 'cursor-crosshair',
};

function sameCell(a: GridCell | null, b: GridCell | null): boolean {
  return a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y);
}

/**
 * The editor's drawing surface. Pointer events (with capture, so a drag survives leaving the
 * canvas) become reducer actions; drawing is renderLayout over the current state.
 */
export function GridEditorCanvas({
  state,
  dispatch,
  view,
  onPan,
  onWheelZoom,
  width,
  height,
  showGraph,
  graph,
}: GridEditorCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const gestureRef = useRef<Gesture | null>(null);
  const [hoverCell, setHoverCell] = useState<GridCell | null>(null);
  const [hoverPickupId, setHoverPickupId] = useState<string | null>(null);
  const [panning, setPanning] = useState(false);
  const { layout } = state.document;

  // The editor shows every candidate; the selection decides which are drawn as selected. The
  // elements keep their identity when only the graph changes, so only the edge layer redraws.
  const elements = useMemo(() => ({ ...layout.elements, pickups: layout.pickupCandidates }), [layout]);
  const scene = useMemo<LayoutScene>(
    () => ({ dimensions: layout.dimensions, elements, graph }),
    [layout.dimensions, elements, graph],
  );
  const selectedPickupIds = useMemo(() => new Set(layout.elements.pickups.map((pickup) => pickup.id)), [layout]);
  const outcome = dragOutcome(state);
  const preview = outcome?.preview ?? null;

  useLayoutCanvas(canvasRef, scene, view, {
    width,
    height,
    showGraph,
    showNavigationPoints: true,
    selectedPickupIds,
    preview,
    hoverCell: state.tool === 'select' || state.drag ? null : hoverCell,
    hoverPickupId: state.tool === 'pickup_select' ? hoverPickupId : null,
  });

  // A non-passive wheel listener, so zooming the grid does not also scroll the page.
  const onWheelZoomRef = useRef(onWheelZoom);
  onWheelZoomRef.current = onWheelZoom;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const anchor = pointerOffset(canvas, event);
      onWheelZoomRef.current(event.deltaY < 0 ? 1 : -1, anchor.x, anchor.y);
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (gestureRef.current) return;
    const canvas = event.currentTarget;
    const { x, y } = pointerOffset(canvas, event);
    const panRequested = state.tool === 'select' || event.button === 1;
    if (!panRequested && event.button !== 0) return;
    capturePointer(canvas, event.pointerId);
    // Focus lets Escape cancel a drag; scrolling the page mid-drag would shift the cells.
    canvas.focus({ preventScroll: true });
    if (panRequested) {
      gestureRef.current = { kind: 'pan', pointerId: event.pointerId, x: event.clientX, y: event.clientY };
      setPanning(true);
      return;
    }
    if (state.tool === 'pickup_select') {
      const point = screenToGrid(view, x, y);
      dispatch({ type: 'togglePickupAt', point });
      return;
    }
    const cell = cellAtScreen(view, layout.dimensions, x, y);
    if (!cell) return;
    gestureRef.current = { kind: 'draw', pointerId: event.pointerId };
    dispatch({ type: 'dragStart', cell });
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const { x, y } = pointerOffset(canvas, event);
    const gesture = gestureRef.current;
    if (gesture?.kind === 'pan' && gesture.pointerId === event.pointerId) {
      onPan(event.clientX - gesture.x, event.clientY - gesture.y);
      gestureRef.current = { ...gesture, x: event.clientX, y: event.clientY };
      return;
    }
    if (gesture?.kind === 'draw' && gesture.pointerId === event.pointerId) {
      dispatch({ type: 'dragMove', cell: screenToCell(view, x, y) });
      return;
    }
    const cell = cellAtScreen(view, layout.dimensions, x, y);
    setHoverCell((previous) => (sameCell(previous, cell) ? previous : cell));
    if (state.tool === 'pickup_select') {
      const pickup = pickupAtScreen(layout.pickupCandidates, view, x, y);
      setHoverPickupId(pickup?.id ?? null);
    }
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const gesture = gestureRef.current;
    if (!gesture || gesture.pointerId !== event.pointerId) return;
    releasePointer(event.currentTarget, event.pointerId);
    gestureRef.current = null;
    if (gesture.kind === 'pan') {
      setPanning(false);
      return;
    }
    const { x, y } = pointerOffset(event.currentTarget, event);
    dispatch({ type: 'dragEnd', cell: screenToCell(view, x, y) });
  };

  const onPointerCancel = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const gesture = gestureRef.current;
    if (!gesture || gesture.pointerId !== event.pointerId) return;
    gestureRef.current = null;
    setPanning(false);
    if (gesture.kind === 'draw') dispatch({ type: 'dragCancel' });
  };

  const onPointerLeave = () => {
    setHoverCell(null);
    setHoverPickupId(null);
  };

  const cursor = panning ? 'cursor-grabbing' : CURSOR_BY_TOOL[state.tool];
  const previewState = preview ? (preview.kind === 'erase' ? 'erase' : preview.valid ? 'valid' : 'invalid') : 'none';

  return (
    <canvas
      ref={canvasRef}
      tabIndex={0}
      aria-label="Warehouse grid editor"
      data-tool={state.tool}
      data-preview={previewState}
      className={`block touch-none select-none rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 ${cursor}`}
      style={{ width, height }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onPointerLeave={onPointerLeave}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && state.drag) {
          gestureRef.current = null;
          dispatch({ type: 'dragCancel' });
        }
      }}
    />
  );
}
