import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LooseEnvironmentShape } from '../map-drawing/layout-scene.ts';
import { card } from '../components/ui/styles.ts';
import { formatClock, formatGrouped, formatPercent1 } from '../lib/display-format.ts';
import { shiftEndSOf, shiftStatsOf } from '../components/results/shift-figures.ts';
import type { PositionedEnvironment } from './node-positions.ts';
import { PlayerCanvas, type PlayerCanvasHandle } from './player-canvas.tsx';
import { PlayerControls } from './player-controls.tsx';
import { sampleReplay, usePlayback, usePlayerSettings, type ReplayInputs } from './player-state.ts';
import { createFleetStates, type RobotState } from './robot-state.ts';
import { RobotTable, type RobotTableHandle } from './robot-table.tsx';
import { buildOrderClock, ordersAt, shiftEndText, shiftTimeMarks } from './shift-replay.ts';
import { ShiftOrdersStatus, type ShiftOrdersStatusHandle } from './shift-orders-status.tsx';
import { tallyTraffic } from './traffic-replay.ts';
import { TimeSlider, type TimeSliderHandle } from './time-slider.tsx';
import { TrafficStatus, type TrafficStatusHandle } from './traffic-status.tsx';

export type PlayerEnvironment = LooseEnvironmentShape & PositionedEnvironment;

export interface PathPlayerProps extends ReplayInputs {
  readonly environment: PlayerEnvironment;
  /** Starts playing on mount (the frame-time bench uses it). */
  readonly autoPlay?: boolean;
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

/**
 * Spec §2 path simulation player: replays a completed solve's plan on the warehouse map, or,
 * with traffic, its execution with every robot on the shared floor. A shift has no plan made in
 * advance: its replay is the execution alone, with its orders and its hours to jump to.
 */
export function PathPlayer({
  environment,
  results,
  stats,
  parameters,
  execution,
  autoPlay = false,
  initialSpeed,
  initialMode,
}: PathPlayerProps) {
  const settings = usePlayerSettings({ environment, results, stats, parameters, execution, initialSpeed, initialMode });
  const { replay } = settings;
  const model = replay.model;
  const states = useMemo(() => createFleetStates(model), [model]);
  const [lowBattery, setLowBattery] = useState('');
  // A shift's execution records its orders: the replay shows them, and offers its hours to jump to.
  const shiftOrders = execution?.orders ?? null;
  const orderClock = useMemo(() => (shiftOrders ? buildOrderClock(shiftOrders) : null), [shiftOrders]);
  const marks = useMemo(() => (shiftOrders ? shiftTimeMarks(model.endTime) : []), [shiftOrders, model.endTime]);
  const shiftEndS = useMemo(() => {
    const shift = shiftStatsOf(stats);
    return shift ? shiftEndSOf(shift) : null;
  }, [stats]);

  const canvasRef = useRef<PlayerCanvasHandle>(null);
  const tableRef = useRef<RobotTableHandle>(null);
  const trafficRef = useRef<TrafficStatusHandle>(null);
  const sliderRef = useRef<TimeSliderHandle>(null);
  const ordersRef = useRef<ShiftOrdersStatusHandle>(null);
  const clockRef = useRef<HTMLSpanElement>(null);
  const deliveredRef = useRef<HTMLSpanElement>(null);

  const draw = useCallback(
    (time: number) => {
      sampleReplay(replay, time, states);
      canvasRef.current?.draw(states);
    },
    [replay, states],
  );
  /** The clock text (a fixed box, so its ticks never relayout the page) and the time slider. */
  const writeClock = useCallback((time: number) => {
    if (clockRef.current) clockRef.current.textContent = formatClock(time);
    sliderRef.current?.write(time);
  }, []);
  const publish = useCallback(
    (time: number) => {
      tableRef.current?.write(states);
      if (deliveredRef.current) deliveredRef.current.textContent = formatGrouped(deliveredCount(states));
      if (replay.mode === 'traffic' && replay.model.activitiesRecorded)
        trafficRef.current?.write(tallyTraffic(replay.model, time, states));
      if (orderClock) ordersRef.current?.write(ordersAt(orderClock, time));
      const text = lowBatteryText(states);
      setLowBattery((previous) => (previous === text ? previous : text));
    },
    [replay, states, orderClock],
  );
  const playback = usePlayback(model.endTime, settings.speed, autoPlay, { draw, writeClock, publish });

  // A new replay (mode, max speed or acceleration changed) keeps the clock where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new replay keeps the clock where it was
  useLayoutEffect(() => playback.refresh(), [replay, playback.refresh]);

  return (
    <section className={`${card} p-4`} aria-labelledby="path-player-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="path-player-heading" className="text-lg font-semibold text-white">
          Path Simulation
        </h2>
        <p className="font-mono text-sm text-slate-300" role="timer" aria-label="Simulated time">
          {/* A fixed box with layout containment: the clock's ticks never relayout the page. */}
          <span ref={clockRef} className="inline-block w-[10ch] text-right align-bottom [contain:strict] h-[1.25rem]">
            {formatClock(0)}
          </span>
          <span className="text-slate-500"> / {formatClock(model.endTime)}</span>
        </p>
      </div>

      <PlayerControls
        playing={playback.playing}
        canPlay={model.endTime > 0}
        onPlay={playback.play}
        onPause={playback.pause}
        onReset={playback.reset}
        showModes={settings.showModes}
        mode={settings.mode}
        onMode={settings.setMode}
        speed={settings.speed}
        onSpeed={settings.setSpeed}
        zoom={settings.zoom}
        onZoomBy={settings.zoomBy}
        maxSpeed={settings.maxSpeed}
        onMaxSpeed={settings.setMaxSpeed}
        acceleration={settings.acceleration}
        onAcceleration={settings.setAcceleration}
        trafficStepSeconds={settings.trafficStepSeconds}
        motionRecorded={settings.motionRecorded}
        planMotionModelled={settings.planMotionModelled}
        replayed={shiftOrders ? 'shift' : 'plan'}
      />

      <TimeSlider
        ref={sliderRef}
        endTime={model.endTime}
        currentTime={playback.currentTime}
        onSeek={playback.seek}
        onHold={playback.hold}
        marks={marks}
      />
      {shiftOrders && <ShiftOrdersStatus ref={ordersRef} total={shiftOrders.length} />}

      {lowBattery && (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-red-500/50 bg-red-500/10 px-3 py-2 text-sm text-red-200"
        >
          Low battery alert: {lowBattery}
        </div>
      )}
      {playback.finished && (
        <p className="mt-3 text-sm text-green-300" role="status">
          {shiftOrders ? shiftEndText(shiftEndS, model.endTime) : 'Simulation complete: every robot is done.'}
        </p>
      )}

      <PlayerCanvas
        ref={canvasRef}
        environment={environment}
        model={model}
        zoom={settings.zoom}
        selectedRobot={settings.selectedRobot}
        cellBound={replay.mode === 'traffic'}
      />

      {replay.mode === 'planned' && settings.floorProblem && (
        <p className="mt-2 text-xs text-amber-300">
          This plan was made on the floor, but this layout's floor cannot hold it ({settings.floorProblem}); robots are
          drawn in straight lines between its places, on its completion times.
        </p>
      )}
      {replay.mode === 'traffic' && (
        <TrafficStatus ref={trafficRef} activitiesRecorded={replay.model.activitiesRecorded} />
      )}
      <p className="mt-2 text-xs text-slate-400">
        Deliveries completed: <span ref={deliveredRef}>0</span> /{' '}
        {formatGrouped(model.robots.reduce((sum, robot) => sum + robot.deliveryCount, 0))}. Select a robot to trace its
        remaining route.
      </p>

      <RobotTable ref={tableRef} model={model} selectedRobot={settings.selectedRobot} onSelect={settings.toggleRobot} />
    </section>
  );
}
