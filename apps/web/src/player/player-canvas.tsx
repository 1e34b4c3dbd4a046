import { useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, type Ref } from 'react';
import type { LooseEnvironmentShape } from '../map-drawing/layout-scene.ts';
import { useElementSize } from '../map-drawing/use-element-size.ts';
import {
  buildPlayerScene,
  createFrameMemory,
  playerViewFor,
  prepareLayerCanvas,
  renderFrame,
  renderStaticLayer,
} from './render-player.ts';
import type { ReplayModel, RobotState } from './robot-state.ts';

/** Robot ids are drawn on the map once cells are large enough to keep them legible. */
const LABEL_MIN_CELL_SIZE = 22;
const MIN_BASE_CELL = 8;
const MAX_BASE_CELL = 40;
const AREA_FALLBACK = { width: 800, height: 480 } as const;
/** Height of the map area (Tailwind max-h-[36rem]); at 100 % the whole warehouse fits in it. */
const MAP_AREA_HEIGHT_PX = 576;
const MAP_AREA_PADDING_PX = 16;

export interface PlayerCanvasHandle {
  /** Draws the robots in `states` over the warehouse; the canvas keeps them for later redraws. */
  readonly draw: (states: readonly RobotState[]) => void;
}

export interface PlayerCanvasProps {
  readonly environment: LooseEnvironmentShape;
  readonly model: ReplayModel;
  readonly zoom: number;
  /** Index into model.robots of the robot whose remaining route is traced; -1 for none. */
  readonly selectedRobot: number;
  /** Traffic mode: robots drawn no wider than their cells, so neighbours never overlap. */
  readonly cellBound: boolean;
  readonly ref?: Ref<PlayerCanvasHandle>;
}

/**
 * The player's map: the warehouse drawn once per view into an offscreen layer, robots drawn
 * over it on each `draw` (see render-player.ts). Sized so the whole floor fits the area at 100 %.
 */
export function PlayerCanvas({ environment, model, zoom, selectedRobot, cellBound, ref }: PlayerCanvasProps) {
  const scene = useMemo(() => buildPlayerScene(environment, model), [environment, model]);
  const memory = useMemo(() => createFrameMemory(model.robots.length), [model]);

  const areaRef = useRef<HTMLDivElement>(null);
  const area = useElementSize(areaRef, AREA_FALLBACK);
  const dimensions = scene.layout.dimensions;
  const fitCell = Math.floor(
    Math.min(
      (area.width - MAP_AREA_PADDING_PX) / dimensions.width,
      (MAP_AREA_HEIGHT_PX - MAP_AREA_PADDING_PX) / dimensions.height,
    ),
  );
  const baseCell = Math.min(MAX_BASE_CELL, Math.max(MIN_BASE_CELL, fitCell));
  const view = useMemo(() => playerViewFor(dimensions, baseCell, zoom), [dimensions, baseCell, zoom]);

  const canvasRef = useRef<HTMLCanvasElement>(null);
  const contextRef = useRef<CanvasRenderingContext2D | null>(null);
  const backgroundRef = useRef<HTMLCanvasElement | null>(null);
  const drawnStates = useRef<readonly RobotState[] | null>(null);
  // Frames read the current scene and view through one ref: drawing never waits for a render.
  const frameInputs = useRef({ scene, view, model, memory, selectedRobot, cellBound });
  frameInputs.current = { scene, view, model, memory, selectedRobot, cellBound };

  const draw = useCallback((states: readonly RobotState[]) => {
    drawnStates.current = states;
    const context = contextRef.current;
    if (!context || states.length !== frameInputs.current.model.robots.length) return;
    const inputs = frameInputs.current;
    renderFrame(
      context,
      backgroundRef.current,
      inputs.scene,
      inputs.view,
      inputs.model,
      states,
      {
        selectedRobot: inputs.selectedRobot,
        showLabels: inputs.view.cellSize >= LABEL_MIN_CELL_SIZE,
        cellBound: inputs.cellBound,
      },
      inputs.memory,
    );
  }, []);
  useImperativeHandle(ref, () => ({ draw }), [draw]);

  // Canvas size and the static layer follow the view; the layer is drawn once per view.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.style.width = `${view.width}px`;
    canvas.style.height = `${view.height}px`;
    // Opaque: the static layer covers the canvas, so the compositor need not blend it.
    contextRef.current = prepareLayerCanvas(canvas, view.width, view.height, { alpha: false });
    const background = backgroundRef.current ?? document.createElement('canvas');
    const backgroundContext = prepareLayerCanvas(background, view.width, view.height);
    if (backgroundContext) renderStaticLayer(backgroundContext, scene, view);
    backgroundRef.current = backgroundContext ? background : null;
    memory.full = true;
    if (drawnStates.current) draw(drawnStates.current);
  }, [view, scene, memory, draw]);

  // A new selection or drawing mode redraws everything (a traced route spans the map).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new selection or drawing mode redraws everything
  useLayoutEffect(() => {
    memory.full = true;
    if (drawnStates.current) draw(drawnStates.current);
  }, [selectedRobot, cellBound, memory, draw]);

  return (
    <div ref={areaRef} className="mt-3 max-h-[36rem] overflow-auto rounded-lg border border-slate-800 bg-slate-950">
      <canvas ref={canvasRef} aria-label="Path simulation" role="img" className="mx-auto block" />
    </div>
  );
}
