import { activityKindValues, type ActivityKind } from '../records/execution.ts';

/** Index of each activity kind in `activityKindValues`, as activity timelines store it. */
export const ACTIVITY_CODE: Readonly<Record<ActivityKind, number>> = Object.fromEntries(
  activityKindValues.map((kind, code) => [kind, code]),
) as Record<ActivityKind, number>;

/**
 * Writes a robot's activity timeline: flat `[step, kind, step, kind, ...]`, each activity running
 * from its step to the next entry's step. A change to the kind it is already doing writes
 * nothing, and a change at the step of the previous one replaces it, so the timeline holds one
 * entry per real change.
 */
export class ActivityWriter {
  readonly entries: number[] = [];
  /**
   * The kind of the last entry (every `set` leaves its kind last). The executor reports each
   * robot's activity every step, so the common "same as before" answers on this alone, without
   * looking the kind's code up by name.
   */
  private last: ActivityKind | null = null;

  /** The robot does `kind` from `step` on. */
  set(step: number, kind: ActivityKind): void {
    if (kind === this.last) return;
    this.last = kind;
    const code = ACTIVITY_CODE[kind];
    const { entries } = this;
    const length = entries.length;
    if (length > 0 && entries[length - 1] === code) return;
    if (length > 0 && entries[length - 2] === step) {
      entries.length = length - 2;
      if (entries.length > 0 && entries[entries.length - 1] === code) return;
    }
    entries.push(step, code);
  }
}

export interface ActivityInterval {
  kind: ActivityKind;
  startStep: number;
  endStep: number;
}

/** The intervals of an activity timeline, the last one ending at `endStep`; empty intervals are left out. */
export function decodeActivities(activities: readonly number[], endStep: number): ActivityInterval[] {
  const intervals: ActivityInterval[] = [];
  for (let k = 0; k < activities.length; k += 2) {
    const startStep = activities[k];
    const end = k + 2 < activities.length ? activities[k + 2] : Math.max(endStep, startStep);
    const kind = activityKindValues[activities[k + 1]];
    if (kind === undefined)
      throw new Error(
        `activity code ${activities[k + 1]} at step ${startStep} is not one of ${activityKindValues.length} kinds`,
      );
    if (end > startStep) intervals.push({ kind, startStep, endStep: end });
  }
  return intervals;
}

/** Steps spent in each kind of activity from step 0 to `endStep` (time after `endStep` is not counted). */
export function activitySteps(activities: readonly number[], endStep: number): Record<ActivityKind, number> {
  const totals = Object.fromEntries(activityKindValues.map((kind) => [kind, 0])) as Record<ActivityKind, number>;
  for (const interval of decodeActivities(activities, endStep)) {
    totals[interval.kind] += Math.max(0, Math.min(interval.endStep, endStep) - interval.startStep);
  }
  return totals;
}

/** The kind of activity at `step`, by binary search (idle before the first entry). */
export function activityAt(activities: readonly number[], step: number): ActivityKind {
  let low = 0;
  let high = activities.length / 2 - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (activities[middle * 2] <= step) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found < 0 ? 'idle' : activityKindValues[activities[found * 2 + 1]];
}
