// Where the robots' time went on the executed day: per robot and in total, the seconds of each
// activity, read from the execution's recorded activities (`activitySteps`), never re-derived
// from timelines. Pure, so each figure is tested once.
import {
  ACTIVITY_BREAKDOWN_ORDER,
  activitySteps,
  decodeActivities,
  type ActivityKind,
  type ExecutionRecord,
  executedTimeSplit,
} from '@fleetlab/warehouse';
import { PLAYER_COLOURS } from '../../player/render-player.ts';

/** Seconds of each activity, and their sum. */
export interface ActivityTimes {
  readonly seconds: Readonly<Record<ActivityKind, number>>;
  readonly totalS: number;
}

export interface RobotActivityTimes extends ActivityTimes {
  readonly robotId: string;
}

export interface TimeBreakdown {
  /** The executed day, or the shift: every robot's activities counted from 0 to here. */
  readonly dayS: number;
  /** When the day's last handling (at a pickup or dropoff) ended; 0 with no handling. */
  readonly lastHandlingEndS: number;
  readonly robots: readonly RobotActivityTimes[];
  /** All robots' seconds added up: robot time, not wall time. */
  readonly total: ActivityTimes;
}

function noSeconds(): Record<ActivityKind, number> {
  return Object.fromEntries(ACTIVITY_BREAKDOWN_ORDER.map((kind) => [kind, 0])) as Record<ActivityKind, number>;
}

/**
 * The breakdown of an execution up to `endStep` (a shift's end; by default the record's end), or
 * null when it carries no activities (stored before they were recorded): nothing is guessed for
 * it. Robots keep the record's order.
 */
export function timeBreakdownOf(
  execution: Pick<ExecutionRecord, 'robots' | 'totals' | 'step_s'>,
  endStep = execution.totals.steps,
): TimeBreakdown | null {
  const robots: RobotActivityTimes[] = [];
  const total = noSeconds();
  let lastHandlingEndStep = 0;
  for (const [robotId, robot] of Object.entries(execution.robots)) {
    if (!robot.activities) return null;
    for (const interval of decodeActivities(robot.activities, endStep))
      if (interval.kind === 'handling' && interval.startStep < endStep)
        lastHandlingEndStep = Math.max(lastHandlingEndStep, Math.min(interval.endStep, endStep));
    const steps = activitySteps(robot.activities, endStep);
    const seconds = noSeconds();
    let totalS = 0;
    for (const kind of ACTIVITY_BREAKDOWN_ORDER) {
      seconds[kind] = steps[kind] * execution.step_s;
      total[kind] += seconds[kind];
      totalS += seconds[kind];
    }
    robots.push({ robotId, seconds, totalS });
  }
  if (robots.length === 0) return null;
  const totalS = ACTIVITY_BREAKDOWN_ORDER.reduce((sum, kind) => sum + total[kind], 0);
  return {
    dayS: endStep * execution.step_s,
    lastHandlingEndS: lastHandlingEndStep * execution.step_s,
    robots,
    total: { seconds: total, totalS },
  };
}

/**
 * Percentages of the activities, with `decimals` decimals, that add up to exactly 100
 * (`percentShares`). All zero when nothing was timed.
 */
export function activityShares(times: ActivityTimes, decimals = 1): Record<ActivityKind, number> {
  const shares = noSeconds();
  const percents = percentShares(
    ACTIVITY_BREAKDOWN_ORDER.map((kind) => times.seconds[kind]),
    decimals,
  );
  ACTIVITY_BREAKDOWN_ORDER.forEach((kind, index) => (shares[kind] = percents[index]));
  return shares;
}

/**
 * Percentages of `values`, with `decimals` decimals, that add up to exactly 100 (the
 * largest-remainder rule: each share rounded down, the units left over given to the largest
 * remainders, ties to the earlier value). All zero when the values add up to nothing.
 */
export function percentShares(values: readonly number[], decimals = 1): number[] {
  return largestRemainders(values, 100 * 10 ** decimals).map((units) => units / 10 ** decimals);
}

/**
 * `units` whole units shared among `values` in proportion: each share rounded down, the units
 * left over given to the largest remainders, ties to the earlier value. All zero when the values
 * add up to nothing.
 */
function largestRemainders(values: readonly number[], units: number): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((value) => (value / total) * units);
  const floors = exact.map(Math.floor);
  let left = units - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - floors[index] }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    floors[index] += 1;
    left -= 1;
  }
  return floors;
}

/**
 * `parts` of a total shown as `totalS` (already as the page shows it), rounded so that they add up
 * to it as shown: whole seconds from a minute up, tenths below (as `formatCompletionTime` shows
 * them), each part rounded down and the units left over given to the largest remainders (ties to
 * the earlier part), as `percentShares` does for percentages.
 */
export function partsAsShown(totalS: number, parts: readonly number[]): number[] {
  const perSecond = totalS >= 60 ? 1 : 10;
  return largestRemainders(parts, Math.round(totalS * perSecond)).map((units) => units / perSecond);
}

/** The robots' driving (all robots' seconds), and of it at speed, accelerating and braking, and turning in place. */
export interface DrivingSplit {
  readonly drivingS: number;
  readonly atSpeedS: number;
  readonly rampsS: number;
  readonly turningS: number;
}

/**
 * How the robots drove up to `endStep` (by default the record's end), from their recorded motion
 * (`executedTimeSplit`): null for a run without motion (point robots start, stop and turn at
 * once) or without activities.
 */
export function drivingSplitOf(
  execution: Pick<ExecutionRecord, 'robots' | 'totals' | 'step_s'>,
  endStep = execution.totals.steps,
): DrivingSplit | null {
  if (!Object.values(execution.robots).some((robot) => robot.motion !== undefined)) return null;
  const split = executedTimeSplit(execution, endStep);
  if (!split) return null;
  return {
    drivingS: split.driving_s + split.ramps_s + split.turning_s,
    atSpeedS: split.driving_s,
    rampsS: split.ramps_s,
    turningS: split.turning_s,
  };
}

/** The halo colours of the player, opaque: a bar on the dark page reads like the halo over a robot. */
function opaque(rgba: string): string {
  const channels = rgba.match(/\d+(\.\d+)?/g);
  if (!channels) throw new Error(`Not an rgba colour: ${rgba}`);
  const [r, g, b] = channels.map(Number);
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * One colour per activity: waiting and queued are the player's halos, charging its charging
 * ring, moving empty the timeline's travel blue; the rest chosen to stay apart from those.
 */
export const ACTIVITY_COLOURS: Readonly<Record<ActivityKind, string>> = {
  drive_loaded: '#34d399',
  drive_empty: '#38bdf8',
  waiting: opaque(PLAYER_COLOURS.waiting),
  queued: opaque(PLAYER_COLOURS.queued),
  dock_queued: '#c2410c',
  stopped: '#ef4444',
  charging: PLAYER_COLOURS.recharging,
  handling: '#f472b6',
  idle: '#475569',
};

/** How the per-robot rows can be ordered: as recorded, or the robots that lost most to traffic (waiting and queued at chargers and docks) or stood idle most first. */
export type RobotOrder = 'robot' | 'traffic' | 'idle';

export function orderRobots(robots: readonly RobotActivityTimes[], order: RobotOrder): readonly RobotActivityTimes[] {
  if (order === 'robot') return robots;
  const key = (robot: RobotActivityTimes) =>
    order === 'traffic' ? robot.seconds.waiting + robot.seconds.queued + robot.seconds.dock_queued : robot.seconds.idle;
  return [...robots].sort((a, b) => key(b) - key(a));
}
