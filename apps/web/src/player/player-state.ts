// The player's state: its settings (mode, speed, zoom, motion sliders, selected robot), the
// replay they pick (the plan's motion model or the executed traffic), and playback (the
// simulated clock and the animation loop). Rendering and readouts are handed in as callbacks,
// so the loop never depends on how a frame is drawn.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ExecutionRecord, FleetEnvironment } from '@fleetlab/warehouse';
import { clampZoom } from '../editor/view-transform.ts';
import type { GraphPlanParameters } from './graph-plan-schedule.ts';
import {
  ACCELERATION_LIMITS,
  buildFleetModel,
  clampToLimits,
  DEFAULT_MOTION_SETTINGS,
  MAX_SPEED_LIMITS,
  sampleFleet,
  type FleetModel,
  type MotionSettings,
} from './motion-model.ts';
import type { PositionedEnvironment } from './node-positions.ts';
import { drivesWithOwnMotion, plannedSchedulesOf, type PlannedSchedule } from './planned-schedule.ts';
import type { RobotState } from './robot-state.ts';
import {
  buildTrafficModel,
  sampleTraffic,
  trafficEase,
  type TrafficModel,
  type TrafficParameters,
} from './traffic-replay.ts';

export const SPEED_MULTIPLIERS = [0.5, 1, 2, 4] as const;
export type SpeedMultiplier = (typeof SPEED_MULTIPLIERS)[number];

export const PLAYER_ZOOM_LIMITS = { min: 0.5, max: 2.5, step: 0.1, default: 1 } as const;

/**
 * Simulated seconds per wall-clock second at 1x. Plans last minutes to hours of simulated
 * time (a recharge alone waits minutes), so 1x replays ten times faster than real time;
 * the clock always shows simulated time.
 */
export const SIMULATED_SECONDS_PER_SECOND = 10;

/** A hidden tab resumes without jumping: one frame never advances more than this much wall time. */
const MAX_FRAME_WALL_SECONDS = 0.25;
const CLOCK_INTERVAL_MS = 100;
/** The robot table and the other readouts follow the canvas a few times a second, not every frame. */
const READOUT_INTERVAL_MS = 250;

/** 'planned': the plan as the motion model drives it; 'traffic': the execution on the shared floor. */
export type ReplayMode = 'planned' | 'traffic';

export type Replay =
  | { readonly mode: 'planned'; readonly model: FleetModel }
  | { readonly mode: 'traffic'; readonly model: TrafficModel; readonly ease: number };

/** Writes every robot's state at `time` into `states`. */
export function sampleReplay(replay: Replay, time: number, states: RobotState[]): void {
  if (replay.mode === 'traffic') sampleTraffic(replay.model, time, states, replay.ease);
  else sampleFleet(replay.model, time, states);
}

/** The values of the player's max speed and acceleration sliders. */
export type MotionSliders = Pick<MotionSettings, 'maxSpeed' | 'acceleration'>;

/** The plan on its own clock, each drive shaped by the sliders' max speed and acceleration. */
export function plannedModelOf(
  schedules: readonly PlannedSchedule[],
  { maxSpeed, acceleration }: MotionSliders,
): FleetModel {
  return buildFleetModel(schedules, { maxSpeed, acceleration });
}

/** The execution's replay, or null when the solve has none or its floor cannot hold it. */
export function trafficModelOf(
  execution: ExecutionRecord | null | undefined,
  environment: PositionedEnvironment,
  parameters: TrafficParameters | null | undefined,
): TrafficModel | null {
  if (!execution) return null;
  try {
    return buildTrafficModel(execution, environment as FleetEnvironment, parameters);
  } catch {
    return null;
  }
}

/**
 * The replay the player plays: the execution, eased for the sliders, when traffic is asked for
 * and the solve has one; otherwise the plan.
 */
export function selectReplay(
  requestedMode: ReplayMode,
  planned: FleetModel,
  traffic: TrafficModel | null,
  { maxSpeed, acceleration }: MotionSliders,
): Replay {
  return requestedMode === 'traffic' && traffic
    ? { mode: 'traffic', model: traffic, ease: trafficEase(traffic.stepSeconds, maxSpeed, acceleration) }
    : { mode: 'planned', model: planned };
}

export interface ReplayInputs {
  readonly environment: PositionedEnvironment;
  readonly results: Readonly<Record<string, unknown>> | null | undefined;
  /** The solve's stats: `distances` says whether the plan was made on the floor (else on the navigation graph). */
  readonly stats?: Readonly<Record<string, unknown>> | null;
  readonly parameters?: (TrafficParameters & GraphPlanParameters) | null;
  /** The solve's execution on the shared floor; with it the player offers "Planned | With traffic". */
  readonly execution?: ExecutionRecord | null;
  readonly initialSpeed?: SpeedMultiplier;
  readonly initialMode?: ReplayMode;
}

/**
 * The replay the player builds for `inputs` in `mode` at the given slider values (by default
 * their initial ones), without React: what the frame-time bench measures.
 */
export function buildReplay(
  { environment, results, stats, parameters, execution }: ReplayInputs,
  mode: ReplayMode,
  sliders: MotionSliders = DEFAULT_MOTION_SETTINGS,
): Replay {
  const planned = plannedModelOf(plannedSchedulesOf(environment, results, parameters, stats).schedules, sliders);
  return selectReplay(mode, planned, trafficModelOf(execution, environment, parameters), sliders);
}

/** The player's settings and the replay they select. */
export function usePlayerSettings({
  environment,
  results,
  stats,
  parameters,
  execution,
  initialSpeed = 1,
  initialMode,
}: ReplayInputs) {
  // A shift is dispatched as it runs: its results record what happened, so the execution is the only replay.
  const isShift = execution?.orders !== undefined;
  const [maxSpeed, setMaxSpeedValue] = useState<number>(DEFAULT_MOTION_SETTINGS.maxSpeed);
  const [acceleration, setAccelerationValue] = useState<number>(DEFAULT_MOTION_SETTINGS.acceleration);
  const [speed, setSpeed] = useState<SpeedMultiplier>(initialSpeed);
  const [zoom, setZoom] = useState<number>(PLAYER_ZOOM_LIMITS.default);
  const [selectedRobot, setSelectedRobot] = useState(-1);
  const [requestedMode, setMode] = useState<ReplayMode>(initialMode ?? (isShift ? 'traffic' : 'planned'));

  // The schedules (free flow and walks on the floor) are worked out once per plan; the sliders only reshape drives.
  const { schedules, floorProblem } = useMemo(
    () => plannedSchedulesOf(environment, isShift ? null : results, parameters, stats),
    [environment, isShift, results, parameters, stats],
  );
  const planMotionModelled = useMemo(() => drivesWithOwnMotion(schedules), [schedules]);
  const planned = useMemo(
    () => plannedModelOf(schedules, { maxSpeed, acceleration }),
    [schedules, maxSpeed, acceleration],
  );
  const traffic = useMemo(
    () => trafficModelOf(execution, environment, parameters),
    [execution, environment, parameters],
  );
  const replay = useMemo(
    () => selectReplay(requestedMode, planned, traffic, { maxSpeed, acceleration }),
    [requestedMode, planned, traffic, maxSpeed, acceleration],
  );
  const { mode } = replay;

  const zoomBy = useCallback(
    (delta: number) => setZoom((current) => clampZoom(current + delta, PLAYER_ZOOM_LIMITS.min, PLAYER_ZOOM_LIMITS.max)),
    [],
  );
  const setMaxSpeed = useCallback((value: number) => setMaxSpeedValue(clampToLimits(value, MAX_SPEED_LIMITS)), []);
  const setAcceleration = useCallback(
    (value: number) => setAccelerationValue(clampToLimits(value, ACCELERATION_LIMITS)),
    [],
  );
  const toggleRobot = useCallback(
    (index: number) => setSelectedRobot((current) => (current === index ? -1 : index)),
    [],
  );

  return {
    replay,
    /** Why a plan made on the floor is drawn between its places instead of along the floor's walks (null when it is not). */
    floorProblem,
    /** Whether "Planned | With traffic" is offered: the solve has an execution to replay beside its plan (a shift has no plan). */
    showModes: traffic !== null && !isShift,
    /** Seconds per step of the execution (1 / robot_speed), when there is one. */
    trafficStepSeconds: traffic?.stepSeconds ?? null,
    /** Whether the execution recorded its robots' motion: its replay then ignores the sliders. */
    motionRecorded: traffic?.motionRecorded ?? false,
    /** Whether the plan's drives carry a robot model's own motion: its replay then ignores the sliders too. */
    planMotionModelled,
    mode,
    setMode,
    speed,
    setSpeed,
    zoom,
    zoomBy,
    maxSpeed,
    setMaxSpeed,
    acceleration,
    setAcceleration,
    selectedRobot,
    toggleRobot,
  };
}

export interface PlaybackCallbacks {
  /** Samples and draws the frame at simulated time `time`; called every animation frame. */
  readonly draw: (time: number) => void;
  /** Writes the clock; at most every 100 ms while playing. */
  readonly writeClock: (time: number) => void;
  /** Writes the slower readouts (robot table, counts, alerts); at most every 250 ms while playing. */
  readonly publish: (time: number) => void;
}

export interface Playback {
  readonly playing: boolean;
  /** The replay reached its end and stopped itself. */
  readonly finished: boolean;
  readonly play: () => void;
  readonly pause: () => void;
  readonly reset: () => void;
  /** Jumps to `time` (clamped to the replay) and shows it; playing goes on from there. */
  readonly seek: (time: number) => void;
  /** While held (the time slider is being dragged) the clock stands still, playing or not. */
  readonly hold: (held: boolean) => void;
  /** The simulated time shown now. */
  readonly currentTime: () => number;
  /** Draws and publishes the current time (after a new replay, view or selection). */
  readonly refresh: () => void;
}

/**
 * The simulated clock and its animation loop: `speed` x 10 simulated seconds per wall-clock
 * second, stopping by itself at `endTime` (spec §4: when every robot is done).
 */
export function usePlayback(endTime: number, speed: number, autoPlay: boolean, callbacks: PlaybackCallbacks): Playback {
  const timeRef = useRef(0);
  const heldRef = useRef(false);
  const [playing, setPlaying] = useState(autoPlay);
  const [finished, setFinished] = useState(false);

  // The loop reads everything through one ref so a setting change never restarts it, and a
  // frame never closes over stale values.
  const inputs = useRef({ endTime, speed, callbacks });
  inputs.current = { endTime, speed, callbacks };

  const refresh = useCallback(() => {
    const { callbacks: current, endTime: end } = inputs.current;
    timeRef.current = Math.min(timeRef.current, end);
    current.draw(timeRef.current);
    current.writeClock(timeRef.current);
    current.publish(timeRef.current);
  }, []);

  // A replay of another length keeps the clock where it was (clamped), and is not finished before its end.
  useEffect(() => {
    if (timeRef.current < endTime) setFinished(false);
  }, [endTime]);

  useEffect(() => {
    if (!playing) return;
    if (timeRef.current >= inputs.current.endTime) timeRef.current = 0;
    setFinished(false);
    let handle = 0;
    let lastFrame: number | null = null;
    let lastPublish = 0;
    let lastClock = 0;
    const frame = (now: number) => {
      const { endTime: end, speed: multiplier, callbacks: current } = inputs.current;
      const wallSeconds =
        lastFrame === null || heldRef.current ? 0 : Math.min(MAX_FRAME_WALL_SECONDS, (now - lastFrame) / 1000);
      lastFrame = now;
      const time = Math.min(end, timeRef.current + wallSeconds * multiplier * SIMULATED_SECONDS_PER_SECOND);
      timeRef.current = time;
      current.draw(time);
      if (time >= end && !heldRef.current) {
        current.writeClock(time);
        current.publish(time);
        setFinished(true);
        setPlaying(false);
        return;
      }
      if (now - lastClock >= CLOCK_INTERVAL_MS) {
        lastClock = now;
        current.writeClock(time);
      }
      if (now - lastPublish >= READOUT_INTERVAL_MS) {
        lastPublish = now;
        current.publish(time);
      }
      handle = requestAnimationFrame(frame);
    };
    handle = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(handle);
  }, [playing]);

  const play = useCallback(() => setPlaying(true), []);
  const pause = useCallback(() => {
    setPlaying(false);
    inputs.current.callbacks.writeClock(timeRef.current);
    inputs.current.callbacks.publish(timeRef.current);
  }, []);
  const reset = useCallback(() => {
    setPlaying(false);
    setFinished(false);
    timeRef.current = 0;
    refresh();
  }, [refresh]);
  const seek = useCallback(
    (time: number) => {
      const end = inputs.current.endTime;
      timeRef.current = Math.min(end, Math.max(0, Number.isFinite(time) ? time : 0));
      if (timeRef.current < end) setFinished(false);
      refresh();
    },
    [refresh],
  );
  const hold = useCallback((held: boolean) => {
    heldRef.current = held;
  }, []);
  const currentTime = useCallback(() => timeRef.current, []);

  return { playing, finished, play, pause, reset, seek, hold, currentTime, refresh };
}
