import { useCallback, useImperativeHandle, useRef, type KeyboardEvent, type Ref } from 'react';
import { formatCompletionTime } from '../lib/display-format.ts';
import { filterButton } from '../components/ui/styles.ts';
import type { TimeMark } from './shift-replay.ts';

export interface TimeSliderHandle {
  /** Moves the thumb and the readout to `time`, without a React render (the clock calls it while playing). */
  readonly write: (time: number) => void;
}

export interface TimeSliderProps {
  /** Simulated seconds the replay lasts: the slider spans the whole day (or shift). */
  readonly endTime: number;
  /** The time shown now, which the keys step from. */
  readonly currentTime: () => number;
  readonly onSeek: (time: number) => void;
  /** True while the thumb is dragged: the clock waits for the hand. */
  readonly onHold: (held: boolean) => void;
  /** Times a click jumps to, under the slider (a shift's hours). */
  readonly marks?: readonly TimeMark[];
  readonly ref?: Ref<TimeSliderHandle>;
}

/** Seconds the keys move the time: arrows one second, Page Up / Page Down one minute. */
const KEY_STEPS: Readonly<Record<string, number>> = {
  ArrowRight: 1,
  ArrowUp: 1,
  ArrowLeft: -1,
  ArrowDown: -1,
  PageUp: 60,
  PageDown: -60,
};

function timeText(time: number, endTime: number): string {
  return `${formatCompletionTime(time)} of ${formatCompletionTime(endTime)}`;
}

/**
 * The replay's time slider: drag or click to any moment of the replay, or step with the keys
 * (arrows one second, Page Up / Page Down one minute, Home and End the ends), or jump to one of
 * its marks (a shift's hours); the readouts follow at once and Play goes on from there. The
 * time reads as the product writes durations.
 */
export function TimeSlider({ endTime, currentTime, onSeek, onHold, marks = [], ref }: TimeSliderProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);

  const write = useCallback(
    (time: number) => {
      const text = timeText(time, endTime);
      const input = inputRef.current;
      if (input) {
        input.value = String(time);
        input.setAttribute('aria-valuetext', text);
      }
      if (textRef.current && textRef.current.textContent !== text) textRef.current.textContent = text;
    },
    [endTime],
  );
  useImperativeHandle(ref, () => ({ write }), [write]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    let target: number | null = null;
    if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = endTime;
    else if (event.key in KEY_STEPS) target = currentTime() + KEY_STEPS[event.key];
    if (target === null) return;
    // The browser's own step for a range of any value is not one the planner can count on.
    event.preventDefault();
    onSeek(Math.min(endTime, Math.max(0, target)));
  };

  return (
    <div className="mt-3">
      <div className="flex items-center gap-3">
        <input
          ref={inputRef}
          type="range"
          aria-label="Replay time"
          aria-valuetext={timeText(0, endTime)}
          min={0}
          max={endTime}
          step="any"
          defaultValue={0}
          disabled={!(endTime > 0)}
          onChange={(event) => onSeek(Number(event.target.value))}
          onKeyDown={onKeyDown}
          onPointerDown={() => onHold(true)}
          onPointerUp={() => onHold(false)}
          onPointerCancel={() => onHold(false)}
          onBlur={() => onHold(false)}
          className="min-w-0 flex-1 accent-indigo-400"
        />
        <span
          ref={textRef}
          data-testid="replay-time"
          className="w-64 shrink-0 text-right font-mono text-xs text-slate-300"
        >
          {timeText(0, endTime)}
        </span>
      </div>
      {marks.length > 0 && (
        <div role="group" aria-label="Jump to" className="mt-2 flex flex-wrap items-center gap-1">
          <span className="mr-1 text-xs font-medium text-slate-400">Jump to</span>
          {marks.map((mark) => (
            <button
              key={mark.time}
              type="button"
              className={filterButton(false)}
              onClick={() => onSeek(Math.min(endTime, mark.time))}
            >
              {mark.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
