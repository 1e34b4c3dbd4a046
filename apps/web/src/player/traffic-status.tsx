import { useCallback, useImperativeHandle, useRef, type Ref } from 'react';
import { formatCompletionTime } from '../lib/display-format.ts';
import { PLAYER_COLOURS } from './render-player.ts';
import type { TrafficTally } from './traffic-replay.ts';

export interface TrafficStatusHandle {
  readonly write: (tally: TrafficTally) => void;
}

/** The status text of the traffic replay, written without a React render while playing. */
function trafficStatusText(tally: TrafficTally): string {
  return (
    `Waiting now: ${tally.waiting} · Queued at a dock: ${tally.dockQueued} · Queued for a charger: ${tally.queued} · Charging: ${tally.charging} · ` +
    `Waiting so far: ${formatCompletionTime(tally.waitedSeconds)}`
  );
}

/** What the status says of an execution stored before robots' activities were recorded. */
export const ACTIVITIES_NOT_RECORDED_TEXT =
  'Activities were not recorded for this run: the replay shows where robots drove, not when they waited, queued, charged or handled.';

export interface TrafficStatusProps {
  /** Whether the execution records what each robot did; without it there is nothing to count. */
  readonly activitiesRecorded: boolean;
  readonly ref?: Ref<TrafficStatusHandle>;
}

/**
 * How many robots wait in traffic, queue at a dock or for a charger and charge right now, and the waiting so far (it ends at the
 * summary's Waiting Time), from the execution's recorded activities. The counts are also data
 * attributes, for tests and tools.
 */
export function TrafficStatus({ activitiesRecorded, ref }: TrafficStatusProps) {
  const textRef = useRef<HTMLParagraphElement>(null);
  const write = useCallback(
    (tally: TrafficTally) => {
      const element = textRef.current;
      if (!element || !activitiesRecorded) return;
      const text = trafficStatusText(tally);
      if (element.textContent === text) return;
      element.textContent = text;
      element.dataset.waiting = String(tally.waiting);
      element.dataset.dockQueued = String(tally.dockQueued);
      element.dataset.queued = String(tally.queued);
      element.dataset.charging = String(tally.charging);
      element.dataset.waitedSeconds = tally.waitedSeconds.toFixed(1);
    },
    [activitiesRecorded],
  );
  useImperativeHandle(ref, () => ({ write }), [write]);

  if (!activitiesRecorded) {
    return (
      <p data-testid="traffic-status" data-activities="not-recorded" className="mt-2 text-xs text-amber-300">
        {ACTIVITIES_NOT_RECORDED_TEXT}
      </p>
    );
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-300">
      <p ref={textRef} data-testid="traffic-status" aria-live="off" className="font-mono" />
      <span className="flex items-center gap-1.5 text-slate-400">
        <span
          aria-hidden="true"
          className="inline-block h-3 w-3 rounded-full"
          style={{ backgroundColor: PLAYER_COLOURS.waiting }}
        />
        blocked by another robot, or queued at a dock
      </span>
      <span className="flex items-center gap-1.5 text-slate-400">
        <span
          aria-hidden="true"
          className="inline-block h-3 w-3 rounded-full"
          style={{ backgroundColor: PLAYER_COLOURS.queued }}
        />
        queued for a charger
      </span>
      <span className="flex items-center gap-1.5 text-slate-400">
        <span
          aria-hidden="true"
          className="inline-block h-3 w-3 rounded-full border-2"
          style={{ borderColor: PLAYER_COLOURS.recharging }}
        />
        charging
      </span>
    </div>
  );
}
