import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LooseEnvironmentShape } from '../editor/layout-scene.ts';
import { useElementSize } from '../editor/use-element-size.ts';
import { BATTERY_COLOUR_HEX, batteryBarColour, formatClock, formatPercent1, robotPlansOf, type PlanParameters } from '../lib/format.ts';
import { buttonPrimary, buttonSecondary, card, filterButton } from '../components/ui/styles.ts';
import {
  ACCELERATION_LIMITS,
  buildFleetModel,
  clampToLimits,
  createFleetStates,
  DEFAULT_MOTION_SETTINGS,
  MAX_SPEED_LIMITS,
  sampleFleet,
  type FleetModel,
  type MotionState,
  type RobotState,
} from './motion-model.ts';
import { nodePositionsOf, type PositionedEnvironment } from './node-positions.ts';
import { buildPlayerScene, createFrameMemory, playerViewFor, prepareLayerCanvas, renderFrame, renderStaticLayer } from './render-player.ts';

export const SPEED_MULTIPLIERS = [0.5, 1, 2, 4] as const;
export type SpeedMultiplier = (typeof SPEED_MULTIPLIERS)[number];

export const PLAYER_ZOOM_LIMITS = { min: 0.5, max: 2.5, step: 0.1, default: 1 } as const;

/**
 * Simulated seconds per wall-clock second at 1x. Plans last minutes to hours of simulated
 * time (a recharge alone waits minutes), so 1x replays ten times faster than real time;
 * the clock always shows simulated time.
 */
export const SIMULATED_SECONDS_PER_SECOND = 10;

/** The robot table follows the canvas a few times a second, not every frame. */
const ROBOT_TABLE_INTERVAL_MS = 250;
const CLOCK_INTERVAL_MS = 100;
/** A hidden tab resumes without jumping: one frame never advances more than this much wall time. */
const MAX_FRAME_WALL_SECONDS = 0.25;
/** Robot ids are drawn on the map once cells are large enough to keep them legible. */
const LABEL_MIN_CELL_SIZE = 22;
const MIN_BASE_CELL = 8;
const MAX_BASE_CELL = 40;
const AREA_FALLBACK = { width: 800, height: 480 } as const;
/** Height of the map area (Tailwind max-h-[36rem]); at 100 % the whole warehouse fits in it. */
const MAP_AREA_HEIGHT_PX = 576;
const MAP_AREA_PADDING_PX = 16;

export type PlayerEnvironment = LooseEnvironmentShape & PositionedEnvironment;

export interface PathPlayerProps {
  readonly environment: PlayerEnvironment;
  readonly results: Readonly<Record<string, unknown>> | null | undefined;
  readonly parameters?: PlanParameters | null;
  /** Starts playing on mount (the frame-time bench uses it). */
  readonly autoPlay?: boolean;
  readonly initialSpeed?: SpeedMultiplier;
}

const MOTION_TONES: Record<MotionState, string> = {
  accelerating: 'text-sky-300',
  cruising: 'text-green-300',
  decelerating: 'text-amber-300',
  stopped: 'text-slate-400',
  recharging: 'text-yellow-300',
};

/** Zoom stays on the 0.1 grid, so repeated steps never drift (0.1 + 0.2 !== 0.3). */
function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

function stepText(model: FleetModel, state: RobotState, index: number): string {
  if (state.done) return 'Done';
  return state.stepIndex >= 0 ? `${state.stepIndex + 1} / ${model.robots[index].stepCount}` : '—';
}

/**
 * Writes the robots' states into the table's cells. The table is rendered once per plan by
 * React; its cells follow the canvas through this writer, which touches only cells whose
 * text changed, so a hundred rows cost no React render while playing.
 */
function writeRobotTable(body: HTMLTableSectionElement | null, model: FleetModel, states: readonly RobotState[], written: string[]): void {
  if (!body) return;
  for (let index = 0; index < states.length; index += 1) {
    const row = body.rows[index];
    if (!row) continue;
    const state = states[index];
    const texts = [
      stepText(model, state, index),
      state.motion,
      state.location,
      `${state.completedDeliveries} / ${model.robots[index].deliveryCount}`,
      `${formatPercent1(state.batteryPercent)}${state.lowBattery ? ' Low' : ''}`,
    ];
    for (let column = 0; column < texts.length; column += 1) {
      const key = index * texts.length + column;
      if (written[key] === texts[column]) continue;
      written[key] = texts[column];
      const cell = row.cells[column + 1];
      cell.textContent = texts[column];
      if (column === 1) cell.className = `px-2 py-1 ${MOTION_TONES[state.motion]}`;
      if (column === 4) cell.style.color = state.lowBattery ? '#fca5a5' : BATTERY_COLOUR_HEX[batteryBarColour(state.batteryPercent)];
    }
  }
}

function lowBatteryText(states: readonly RobotState[]): string {
  const low: string[] = [];
  for (const state of states) {
    if (state.lowBattery) low.push(`${state.robotId} at ${formatPercent1(state.batteryPercent)}`);
  }
  return low.join(', ');
}

function deliveredCount(states: readonly RobotState[]): number {
  let delivered = 0;
  for (const state of states) delivered += state.completedDeliveries;
  return delivered;
}

/** Spec §2 path simulation player: replays a completed solve's plan on the warehouse map. */
export function PathPlayer({ environment, results, parameters, autoPlay = false, initialSpeed = 1 }: PathPlayerProps) {
  const plans = useMemo(() => robotPlansOf(results), [results]);
  const positions = useMemo(() => nodePositionsOf(environment), [environment]);
  const [maxSpeed, setMaxSpeed] = useState<number>(MAX_SPEED_LIMITS.default);
  const [acceleration, setAcceleration] = useState<number>(ACCELERATION_LIMITS.default);
  const [speed, setSpeed] = useState<SpeedMultiplier>(initialSpeed);
  const [zoom, setZoom] = useState<number>(PLAYER_ZOOM_LIMITS.default);
  const [playing, setPlaying] = useState(autoPlay);
  const [finished, setFinished] = useState(false);
  const [selectedRobot, setSelectedRobot] = useState(-1);
  const [lowBattery, setLowBattery] = useState('');

  const model = useMemo(
    () => buildFleetModel(plans, positions, { ...DEFAULT_MOTION_SETTINGS, maxSpeed, acceleration }, parameters),
    [plans, positions, maxSpeed, acceleration, parameters],
  );
  const states = useMemo(() => createFleetStates(model), [model]);
  const memory = useMemo(() => createFrameMemory(model.robots.length), [model]);
  const scene = useMemo(() => buildPlayerScene(environment, model), [environment, model]);

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
  const clockRef = useRef<HTMLSpanElement>(null);
  const deliveredRef = useRef<HTMLSpanElement>(null);
  const tableBodyRef = useRef<HTMLTableSectionElement>(null);
  const writtenCells = useRef<string[]>([]);
  const timeRef = useRef(0);

  // The animation loop reads everything through one ref so a slider or zoom change never
  // restarts it, and a frame never closes over stale values.
  const frameInputs = useRef({ model, states, memory, scene, view, speed, selectedRobot });
  frameInputs.current = { model, states, memory, scene, view, speed, selectedRobot };

  const drawAt = useCallback((time: number) => {
    const inputs = frameInputs.current;
    sampleFleet(inputs.model, time, inputs.states);
    const context = contextRef.current;
    if (context) {
      renderFrame(
        context,
        backgroundRef.current,
        inputs.scene,
        inputs.view,
        inputs.model,
        inputs.states,
        { selectedRobot: inputs.selectedRobot, showLabels: inputs.view.cellSize >= LABEL_MIN_CELL_SIZE },
        inputs.memory,
      );
    }
  }, []);

  /** The clock text; at most every CLOCK_INTERVAL_MS while playing, so a frame rarely touches layout. */
  const writeClock = useCallback((time: number) => {
    if (clockRef.current) clockRef.current.textContent = formatClock(time);
  }, []);

  /** The slower-moving readouts: robot table, deliveries count, low battery alert. */
  const publishReadouts = useCallback(() => {
    const { model: currentModel, states: currentStates } = frameInputs.current;
    writeRobotTable(tableBodyRef.current, currentModel, currentStates, writtenCells.current);
    if (deliveredRef.current) deliveredRef.current.textContent = String(deliveredCount(currentStates));
    const text = lowBatteryText(currentStates);
    setLowBattery((previous) => (previous === text ? previous : text));
  }, []);

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
    frameInputs.current.memory.full = true;
    drawAt(timeRef.current);
  }, [view, scene, drawAt]);


  // A new model (max speed or acceleration changed) keeps the clock where it was.
  useLayoutEffect(() => {
    writtenCells.current = [];
    timeRef.current = Math.min(timeRef.current, model.endTime);
    memory.full = true;
    drawAt(timeRef.current);
    writeClock(timeRef.current);
    publishReadouts();
  }, [model, memory, selectedRobot, drawAt, writeClock, publishReadouts]);

  useEffect(() => {
    if (!playing) return;
    if (timeRef.current >= frameInputs.current.model.endTime) timeRef.current = 0;
    setFinished(false);
    let handle = 0;
    let lastFrame: number | null = null;
    let lastPublish = 0;
    let lastClock = 0;
    const frame = (now: number) => {
      const inputs = frameInputs.current;
      const wallSeconds = lastFrame === null ? 0 : Math.min(MAX_FRAME_WALL_SECONDS, (now - lastFrame) / 1000);
      lastFrame = now;
      const time = Math.min(inputs.model.endTime, timeRef.current + wallSeconds * inputs.speed * SIMULATED_SECONDS_PER_SECOND);
      timeRef.current = time;
      drawAt(time);
      if (time >= inputs.model.endTime) {
        // Spec §4: the player stops itself when every robot is done.
        writeClock(time);
        publishReadouts();
        setFinished(true);
        setPlaying(false);
        return;
      }
      if (now - lastClock >= CLOCK_INTERVAL_MS) {
        lastClock = now;
        writeClock(time);
      }
      if (now - lastPublish >= ROBOT_TABLE_INTERVAL_MS) {
        lastPublish = now;
        publishReadouts();
      }
      handle = requestAnimationFrame(frame);
    };
    handle = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(handle);
  }, [playing, drawAt, writeClock, publishReadouts]);

  const pause = () => {
    setPlaying(false);
    writeClock(timeRef.current);
    publishReadouts();
  };

  const reset = () => {
    setPlaying(false);
    setFinished(false);
    timeRef.current = 0;
    drawAt(0);
    writeClock(0);
    publishReadouts();
  };

  const changeZoom = (delta: number) =>
    setZoom((current) => clampToLimits(roundToTenth(current + delta), PLAYER_ZOOM_LIMITS));

  return (
    <section className={`${card} p-4`} aria-labelledby="path-player-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="path-player-heading" className="text-lg font-semibold text-white">
          Path Simulation
        </h2>
        <p className="font-mono text-sm text-slate-300" aria-label="Simulated time">
          {/* A fixed box with layout containment: the clock's ticks never relayout the page. */}
          <span ref={clockRef} className="inline-block w-[10ch] text-right align-bottom [contain:strict] h-[1.25rem]">
            {formatClock(0)}
          </span>
          <span className="text-slate-500"> / {formatClock(model.endTime)}</span>
        </p>
      </div>

      <div className="mt-3 flex flex-wrap items-end gap-4">
        <div className="flex gap-2">
          {playing ? (
            <button type="button" className={buttonPrimary} onClick={pause}>
              Pause
            </button>
          ) : (
            <button type="button" className={buttonPrimary} onClick={() => setPlaying(true)} disabled={model.endTime <= 0}>
              Play
            </button>
          )}
          <button type="button" className={buttonSecondary} onClick={reset}>
            Reset
          </button>
        </div>

        <div role="group" aria-label="Speed" className="flex items-center gap-1">
          <span className="mr-1 text-xs font-medium text-slate-400">Speed</span>
          {SPEED_MULTIPLIERS.map((option) => (
            <button
              key={option}
              type="button"
              className={filterButton(option === speed)}
              aria-pressed={option === speed}
              onClick={() => setSpeed(option)}
            >
              {option}x
            </button>
          ))}
        </div>

        <div role="group" aria-label="Zoom" className="flex items-center gap-1">
          <span className="mr-1 text-xs font-medium text-slate-400">Zoom</span>
          <button
            type="button"
            className={filterButton(false)}
            aria-label="Zoom out"
            onClick={() => changeZoom(-PLAYER_ZOOM_LIMITS.step)}
            disabled={zoom <= PLAYER_ZOOM_LIMITS.min}
          >
            −
          </button>
          <span className="w-12 text-center font-mono text-xs text-slate-200" data-testid="player-zoom">
            {Math.round(zoom * 100)}%
          </span>
          <button
            type="button"
            className={filterButton(false)}
            aria-label="Zoom in"
            onClick={() => changeZoom(PLAYER_ZOOM_LIMITS.step)}
            disabled={zoom >= PLAYER_ZOOM_LIMITS.max}
          >
            +
          </button>
        </div>

        <MotionSlider label="Max speed" unit="m/s" limits={MAX_SPEED_LIMITS} value={maxSpeed} onChange={setMaxSpeed} />
        <MotionSlider label="Acceleration" unit="m/s²" limits={ACCELERATION_LIMITS} value={acceleration} onChange={setAcceleration} />
      </div>

      {lowBattery && (
        <div role="alert" className="mt-3 rounded-lg border border-red-500/50 bg-red-500/10 px-3 py-2 text-sm text-red-200">
          Low battery alert: {lowBattery}
        </div>
      )}
      {finished && (
        <p className="mt-3 text-sm text-green-300" role="status">
          Simulation complete: every robot is done.
        </p>
      )}

      <div ref={areaRef} className="mt-3 max-h-[36rem] overflow-auto rounded-lg border border-slate-800 bg-slate-950">
        <canvas ref={canvasRef} aria-label="Path simulation" role="img" className="mx-auto block" />
      </div>

      <p className="mt-2 text-xs text-slate-400">
        Deliveries completed: <span ref={deliveredRef}>0</span> / {model.robots.reduce((sum, robot) => sum + robot.deliveryCount, 0)}.
        Select a robot to trace its remaining route.
      </p>

      {/* Containment and fixed column widths keep the table's text updates from relaying out
          the page or re-measuring every row. */}
      <div className="mt-2 max-h-72 overflow-auto [contain:content]">
        <table className="w-full table-fixed text-left text-xs text-slate-300">
          <colgroup>
            <col className="w-[14%]" />
            <col className="w-[12%]" />
            <col className="w-[20%]" />
            <col className="w-[20%]" />
            <col className="w-[14%]" />
            <col className="w-[20%]" />
          </colgroup>
          <caption className="sr-only">Robot states</caption>
          <thead className="sticky top-0 bg-slate-900 text-slate-400">
            <tr>
              <th scope="col" className="px-2 py-1">Robot</th>
              <th scope="col" className="px-2 py-1">Step</th>
              <th scope="col" className="px-2 py-1">Motion</th>
              <th scope="col" className="px-2 py-1">Location</th>
              <th scope="col" className="px-2 py-1">Deliveries</th>
              <th scope="col" className="px-2 py-1">Battery</th>
            </tr>
          </thead>
          <tbody ref={tableBodyRef}>
            {model.robots.map((robot, index) => (
              <tr key={robot.robotId} data-robot={robot.robotId} className={index === selectedRobot ? 'bg-slate-800' : undefined}>
                <th scope="row" className="px-2 py-1 font-normal">
                  <button
                    type="button"
                    className="font-mono text-indigo-300 hover:underline"
                    aria-pressed={index === selectedRobot}
                    aria-label={`Trace the route of ${robot.robotId}`}
                    onClick={() => setSelectedRobot((current) => (current === index ? -1 : index))}
                  >
                    {robot.robotId}
                  </button>
                </th>
                <td className="px-2 py-1" />
                <td className="px-2 py-1" />
                <td className="px-2 py-1" />
                <td className="px-2 py-1" />
                <td className="px-2 py-1 font-mono" />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

interface MotionSliderProps {
  readonly label: string;
  readonly unit: string;
  readonly limits: { readonly min: number; readonly max: number; readonly step: number; readonly default: number };
  readonly value: number;
  readonly onChange: (value: number) => void;
}

/** A motion setting's range input, its current value shown beside its name; values stay within the limits. */
function MotionSlider({ label, unit, limits, value, onChange }: MotionSliderProps) {
  return (
    <label className="flex flex-col text-xs font-medium text-slate-400">
      <span>
        {label}: <span className="font-mono text-slate-200">{value.toFixed(1)} {unit}</span>
      </span>
      <input
        type="range"
        aria-label={label}
        min={limits.min}
        max={limits.max}
        step={limits.step}
        value={value}
        onChange={(event) => onChange(clampToLimits(Number(event.target.value), limits))}
        className="w-40 accent-indigo-400"
      />
    </label>
  );
}
