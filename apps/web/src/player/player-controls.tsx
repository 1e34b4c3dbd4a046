import { buttonPrimary, buttonSecondary, filterButton } from '../components/ui/styles.ts';
import { formatZoomPercent } from '../map-drawing/view-transform.ts';
import { ACCELERATION_LIMITS, MAX_SPEED_LIMITS } from './motion-model.ts';
import {
  PLAYER_ZOOM_LIMITS,
  SIMULATED_SECONDS_PER_SECOND,
  SPEED_MULTIPLIERS,
  type ReplayMode,
  type SpeedMultiplier,
} from './player-state.ts';

const MODE_LABELS: Readonly<Record<ReplayMode, string>> = { planned: 'Planned', traffic: 'With traffic' };

export interface PlayerControlsProps {
  readonly playing: boolean;
  readonly canPlay: boolean;
  readonly onPlay: () => void;
  readonly onPause: () => void;
  readonly onReset: () => void;
  /** Offered when the solve has an execution to replay. */
  readonly showModes: boolean;
  readonly mode: ReplayMode;
  readonly onMode: (mode: ReplayMode) => void;
  readonly speed: SpeedMultiplier;
  readonly onSpeed: (speed: SpeedMultiplier) => void;
  readonly zoom: number;
  readonly onZoomBy: (delta: number) => void;
  readonly maxSpeed: number;
  readonly onMaxSpeed: (value: number) => void;
  readonly acceleration: number;
  readonly onAcceleration: (value: number) => void;
  /** Seconds per executed step when the solve has an execution: in traffic mode, the note on what the motion sliders do there. */
  readonly trafficStepSeconds: number | null;
  /** Whether the execution recorded its robots' motion (a robot model other than point): in traffic mode the sliders do not apply. */
  readonly motionRecorded?: boolean;
  /** Whether the plan was made with a robot model other than point: its planned replay drives each run with the model's own motion. */
  readonly planMotionModelled?: boolean;
  /** What is replayed, for the speed's words: a day's plan (and its run), or a shift. */
  readonly replayed?: 'plan' | 'shift';
}

/** Spec §2 player controls: Play / Pause / Reset, replay mode, speed, zoom, max speed and acceleration. */
export function PlayerControls(props: PlayerControlsProps) {
  const { playing, mode, zoom, speed, trafficStepSeconds } = props;
  const motionReplayed = mode === 'traffic' && props.motionRecorded === true;
  const planModelled = mode === 'planned' && props.planMotionModelled === true;
  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex gap-2">
          {playing ? (
            <button type="button" className={buttonPrimary} onClick={props.onPause}>
              Pause
            </button>
          ) : (
            <button type="button" className={buttonPrimary} onClick={props.onPlay} disabled={!props.canPlay}>
              Play
            </button>
          )}
          <button type="button" className={buttonSecondary} onClick={props.onReset}>
            Reset
          </button>
        </div>

        {props.showModes && (
          <div role="group" aria-label="Replay" className="flex items-center gap-1">
            <span className="mr-1 text-xs font-medium text-slate-400">Replay</span>
            {(Object.keys(MODE_LABELS) as ReplayMode[]).map((option) => (
              <button
                key={option}
                type="button"
                className={filterButton(option === mode)}
                aria-pressed={option === mode}
                onClick={() => props.onMode(option)}
              >
                {MODE_LABELS[option]}
              </button>
            ))}
          </div>
        )}

        <div role="group" aria-label="Speed" className="flex items-center gap-1">
          <span className="mr-1 text-xs font-medium text-slate-400">Speed</span>
          {SPEED_MULTIPLIERS.map((option) => (
            <button
              key={option}
              type="button"
              className={filterButton(option === speed)}
              aria-pressed={option === speed}
              title={speedText(option, props.replayed)}
              onClick={() => props.onSpeed(option)}
            >
              {option}x
            </button>
          ))}
          <span className="ml-1 text-xs text-slate-400" data-testid="player-speed">
            = {speedText(speed, props.replayed)}
          </span>
        </div>

        <div role="group" aria-label="Zoom" className="flex items-center gap-1">
          <span className="mr-1 text-xs font-medium text-slate-400">Zoom</span>
          <button
            type="button"
            className={filterButton(false)}
            aria-label="Zoom out"
            onClick={() => props.onZoomBy(-PLAYER_ZOOM_LIMITS.step)}
            disabled={zoom <= PLAYER_ZOOM_LIMITS.min}
          >
            −
          </button>
          <span className="w-12 text-center font-mono text-xs text-slate-200" data-testid="player-zoom">
            {formatZoomPercent(zoom)}
          </span>
          <button
            type="button"
            className={filterButton(false)}
            aria-label="Zoom in"
            onClick={() => props.onZoomBy(PLAYER_ZOOM_LIMITS.step)}
            disabled={zoom >= PLAYER_ZOOM_LIMITS.max}
          >
            +
          </button>
        </div>

        <MotionSlider
          label="Max speed"
          unit="m/s"
          limits={MAX_SPEED_LIMITS}
          value={props.maxSpeed}
          onChange={props.onMaxSpeed}
          disabled={motionReplayed || planModelled}
        />
        <MotionSlider
          label="Acceleration"
          unit="m/s²"
          limits={ACCELERATION_LIMITS}
          value={props.acceleration}
          onChange={props.onAcceleration}
          disabled={motionReplayed || planModelled}
        />
      </div>
      {motionReplayed ? (
        <p className="text-xs text-slate-400" data-testid="motion-replay-note">
          With traffic, robots move as the execution recorded them with the solve’s robot model: they accelerate,
          cruise, brake and turn as they did, facing their heading. Max speed and Acceleration do not apply here.
        </p>
      ) : planModelled ? (
        <p className="text-xs text-slate-400" data-testid="motion-replay-note">
          Planned, robots move as the solve’s robot model times each run of the plan: they turn in place, accelerate,
          cruise and brake at the model’s rates, facing their heading. Max speed and Acceleration do not apply here.
        </p>
      ) : (
        mode === 'traffic' &&
        trafficStepSeconds !== null && (
          <p className="text-xs text-slate-400">
            With traffic, robots cross one cell per step of {trimmed(trafficStepSeconds)} s, as executed (robot speed{' '}
            {trimmed(1 / trafficStepSeconds)} m/s). A max speed above the robot speed lets them ease out of stops and
            into them within those steps; lower acceleration eases longer.
          </p>
        )
      )}
    </div>
  );
}

/** What a speed multiplier plays: '1x' is not real time but 10 s of the plan (or the shift) per second. */
function speedText(multiplier: number, replayed: 'plan' | 'shift' = 'plan'): string {
  return `${trimmed(multiplier * SIMULATED_SECONDS_PER_SECOND)} s of ${replayed} per second`;
}

/** At most two decimals, no trailing zeros. */
function trimmed(value: number): number {
  return Number(value.toFixed(2));
}

interface MotionSliderProps {
  readonly label: string;
  readonly unit: string;
  readonly limits: { readonly min: number; readonly max: number; readonly step: number; readonly default: number };
  readonly value: number;
  /** Receives the input's value; the player's state keeps it within the limits. */
  readonly onChange: (value: number) => void;
  /** Off while the replay follows recorded motion. */
  readonly disabled?: boolean;
}

/** A motion setting's range input, its current value shown beside its name. */
function MotionSlider({ label, unit, limits, value, onChange, disabled = false }: MotionSliderProps) {
  return (
    <label className="flex flex-col text-xs font-medium text-slate-400">
      <span>
        {label}:{' '}
        <span className="font-mono text-slate-200">
          {value.toFixed(1)} {unit}
        </span>
      </span>
      <input
        type="range"
        aria-label={label}
        min={limits.min}
        max={limits.max}
        step={limits.step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        disabled={disabled}
        className="w-40 accent-indigo-400 disabled:opacity-40"
      />
    </label>
  );
}
