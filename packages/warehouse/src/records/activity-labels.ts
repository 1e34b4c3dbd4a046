import type { ActivityKind } from './execution.ts';

/**
 * What every screen calls a robot's activities (`activityKindValues`), in the order a time
 * breakdown stacks them: moving (loaded, then empty), time lost to the others (waiting in
 * traffic, queued for a charger, queued at a dock), stopped by delays and breakdowns, charging, handling at
 * pickups and dropoffs, and idle last.
 */
export const ACTIVITY_LABELS = {
  drive_loaded: 'Driving loaded',
  drive_empty: 'Driving empty',
  waiting: 'Waiting in traffic',
  queued: 'Queued at a charger',
  dock_queued: 'Queued at a dock',
  stopped: 'Stopped: delays and breakdowns',
  charging: 'Charging',
  handling: 'Handling',
  idle: 'Idle',
} as const satisfies Record<ActivityKind, string>;

/** The activity kinds in the order of `ACTIVITY_LABELS`. */
export const ACTIVITY_BREAKDOWN_ORDER = Object.keys(ACTIVITY_LABELS) as ActivityKind[];
