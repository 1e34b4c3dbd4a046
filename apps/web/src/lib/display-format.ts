// How numbers, times, percentages and statuses are written on screen: record fields of the
// pages, the figures of a solve's results and player, and the texts and badge colours of its
// steps (spec §2, §9). Pure functions; the figures themselves come from `plan-model.ts`.

import { type PlanResourcesUsed, uncountedBy } from '@fleetlab/warehouse';
import { deliveryPairOf, isRechargeStep, rechargeMinutesOf, type PlanParameters, type PlanStep } from './plan-model.ts';

// ---------------------------------------------------------------- record fields (pages)

/** A record timestamp as a local date and time; an absent or broken one reads '—'. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function formatPoint(point: readonly number[] | null | undefined): string {
  if (!point || point.length < 2) return '—';
  return `(${point[0]}, ${point[1]})`;
}

// ---------------------------------------------------------------- results and player

/** A number with thousands separators ('1,387.23'): large figures stay readable and inside their cards. */
export function formatGrouped(value: number, fractionDigits = 0): string {
  return roundedHalfUp(value, fractionDigits).toLocaleString('en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** How long a solve ran: '507 ms' under a second, then seconds to a tenth ('29.1 s', '1,203.5 s'). */
export function formatRuntime(milliseconds: number): string {
  if (!Number.isFinite(milliseconds)) return '—';
  if (Math.round(milliseconds) < 1000) return `${Math.round(milliseconds)} ms`;
  return `${formatGrouped(milliseconds / 1000, 1)} s`;
}

/**
 * A duration (Max Completion Time, makespans, waits): one decimal of seconds under a minute,
 * whole minutes and seconds under an hour, then hours, minutes and seconds.
 */
export function formatCompletionTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const shown = completionTimeAsShown(seconds);
  if (shown < 60) return `${shown.toFixed(1)} s`;
  return minutesText(shown, 0);
}

/**
 * A duration rounded as `formatCompletionTime` shows it: to the tenth under a minute, else to the
 * second. Figures shown as parts of a total add these, so the parts read off the page add up.
 */
export function completionTimeAsShown(seconds: number): number {
  const tenths = tenthsAsShown(seconds);
  return tenths < 60 ? tenths : roundedTo(seconds, 1);
}

/** A duration rounded as `formatCompletionTimeToTenths` shows it, to the tenth of a second. */
export function tenthsAsShown(seconds: number): number {
  return roundedHalfUp(seconds, 1);
}

/**
 * `seconds` counted in 1 / `perSecond` s, rounded half up: first to the microsecond, so the noise
 * of adding floating-point figures (22.249999999999996 for 22.25) never rounds one figure down
 * and its equal neighbour up.
 */
function roundedTo(seconds: number, perSecond: number): number {
  return Math.round(Math.round(seconds * 1e6) / (1e6 / perSecond));
}

/**
 * `value` to `digits` decimals, rounded half up past floating-point noise as durations are
 * (`roundedTo`): 22.249999999999996 (a sum of tenths that is 22.25) reads 22.3, as 22.25 does.
 */
export function formatFixed(value: number, digits: number): string {
  return roundedHalfUp(value, digits).toFixed(digits);
}

function roundedHalfUp(value: number, digits: number): number {
  const perUnit = 10 ** digits;
  return roundedTo(value, perUnit) / perUnit;
}

/** A duration of a minute or more as minutes (and hours) and seconds, the seconds to `digits` decimals. */
function minutesText(seconds: number, digits: 0 | 1): string {
  const perSecond = 10 ** digits;
  const counted = roundedTo(seconds, perSecond);
  const minutes = Math.floor(counted / (60 * perSecond));
  const rest = `${((counted % (60 * perSecond)) / perSecond).toFixed(digits)} s`;
  if (minutes < 60) return `${minutes} min ${rest}`;
  return `${formatGrouped(Math.floor(minutes / 60))} h ${minutes % 60} min ${rest}`;
}

/**
 * A duration to the tenth of a second at any length ('17 min 29.9 s', '1 h 5 min 8.5 s'): for two
 * durations shown side by side with their difference, when that is under a minute, so the
 * difference can be read off them.
 */
export function formatCompletionTimeToTenths(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const tenths = roundedTo(seconds, 10);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  return minutesText(seconds, 1);
}

/** A duration in one short unit for scale ticks: '0.6 s', '34 s', '2.2 min', '1.5 h' (at most 7 characters). */
export function formatShortDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const trim = (value: number) => String(Math.round(value * 10) / 10);
  if (Math.round(seconds * 10) < 100) return `${trim(seconds)} s`;
  if (Math.round(seconds) < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600 - 30) return `${trim(seconds / 60)} min`;
  return `${trim(seconds / 3600)} h`;
}

/** When an order is released in a shift, in seconds from its start as a task stores it ('1,800 s'); '—' when it has none. */
export function formatReleaseTime(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '—';
  return `${seconds.toLocaleString('en-US', { maximumFractionDigits: 2 })} s`;
}

/**
 * Simulated clock of the player: m:ss.s, with hours in front once a plan runs past an hour. Tenths
 * round as every other duration on the page does (`roundedTo`), so a day of 31.75 s ends at 0:31.8
 * beside the slider's and the time breakdown's 31.8 s.
 */
export function formatClock(seconds: number): string {
  const safe = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  const tenthsTotal = roundedTo(safe, 10);
  const tenths = tenthsTotal % 10;
  const wholeSeconds = Math.floor(tenthsTotal / 10);
  const hours = Math.floor(wholeSeconds / 3600);
  const minutes = Math.floor((wholeSeconds % 3600) / 60);
  const secs = `${String(wholeSeconds % 60).padStart(2, '0')}.${tenths}`;
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** Metres with 2 decimals under a kilometre, then kilometres with 2 decimals and grouped digits. */
export function formatDistance(metres: number): string {
  if (Math.abs(roundedHalfUp(metres, 2)) < 1000) return `${formatFixed(metres, 2)} m`;
  return `${formatGrouped(metres / 1000, 2)} km`;
}

/** Percentages with 1 decimal: Min/Avg Battery Level and per-task levels (spec §9). */
export function formatPercent1(value: number): string {
  return `${formatFixed(value, 1)}%`;
}

/** Final battery percentage with 2 decimals (spec §9). */
export function formatPercent2(value: number): string {
  return `${formatFixed(value, 2)}%`;
}

/** Minutes (recharge time): one decimal under an hour, then whole hours and minutes. */
export function formatMinutes(minutes: number): string {
  if (Math.round(minutes * 10) / 10 < 60) return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} min`;
  const whole = Math.round(minutes);
  return `${formatGrouped(Math.floor(whole / 60))} h ${whole % 60} min`;
}

/** The battery a delivery takes, as a share of a full charge. */
export function formatChargePerDelivery(share: number | null): string {
  return share === null ? 'N/A' : `${(share * 100).toFixed(1)}%`;
}

/** A gap this small is no gap: the plan's makespan meets its lower bound. */
const PROVEN_GAP = 1e-9;

/** True when the plan's makespan meets the lower bound: no plan can finish sooner. */
export function isProvenOptimal(gap: number | null | undefined): boolean {
  return typeof gap === 'number' && Number.isFinite(gap) && gap <= PROVEN_GAP;
}

/** A gap from which the words name what the tightest bound cannot count: the rest may be that, not the plan. */
const LOOSE_GAP = 0.05;

/**
 * The optimality gap in words: "at most 1.8% above the best possible makespan" (the bound is
 * below the best plan, so the plan is at most that far above it), or, when the plan meets its
 * lower bound, that it is proven optimal. A gap under 0.1% reads "at most 0.1%", never "0.0%".
 * Given the tightest bound's name, a gap of 5% or more also says what that bound cannot count
 * of what the plan has (`plan`: its recharges and queues; a plan with no recharge has no charger
 * queue for the bound to miss).
 */
export function formatGap(
  gap: number | null | undefined,
  boundName?: string | null,
  plan?: PlanResourcesUsed,
): string | null {
  if (typeof gap !== 'number' || !Number.isFinite(gap)) return null;
  if (isProvenOptimal(gap)) return 'proven optimal: no plan can finish sooner';
  const words = `at most ${Math.max(0.1, Math.round(gap * 1000) / 10).toFixed(1)}% above the best possible makespan`;
  const uncounted = gap >= LOOSE_GAP && boundName ? uncountedBy(boundName, plan) : undefined;
  return uncounted ? `${words}; the bound cannot count ${uncounted}` : words;
}

export type BatteryColour = 'green' | 'yellow' | 'red';

/** Battery bar colour (spec §9): green above 70, yellow above 30, red otherwise. */
export function batteryBarColour(level: number): BatteryColour {
  if (level > 70) return 'green';
  if (level > 30) return 'yellow';
  return 'red';
}

export const BATTERY_COLOUR_HEX: Readonly<Record<BatteryColour, string>> = {
  green: '#22c55e',
  yellow: '#eab308',
  red: '#ef4444',
};

/** Battery bar width in percent, clamped to 0..100 (spec §9). */
export function batteryBarWidth(level: number): number {
  if (!Number.isFinite(level)) return 0;
  return Math.min(100, Math.max(0, level));
}

export type BatteryStatus = 'Low Battery' | 'Full' | 'Normal';

/** Spec §2/§9 thresholds of the Battery Levels status, in percent. */
export const BATTERY_STATUS_LIMITS = { low: 20, full: 80 } as const;

/** Battery table status (spec §2): Low at 20 or less unless the step is a recharge, Full at 80 or more. */
export function batteryStatus(step: PlanStep): BatteryStatus {
  const level = step.battery_remaining;
  if (typeof level !== 'number') return 'Normal';
  if (level <= BATTERY_STATUS_LIMITS.low && !isRechargeStep(step)) return 'Low Battery';
  if (level >= BATTERY_STATUS_LIMITS.full) return 'Full';
  return 'Normal';
}

/**
 * The colour of a Battery Levels bar: its row's status colour, so a bar never reads red beside
 * 'Normal' (spec §9's bar colours, green above 70 and red at 30 or less, would disagree with the
 * table's own 20 / 80 statuses between them).
 */
export function batteryStatusColour(status: BatteryStatus): BatteryColour {
  if (status === 'Low Battery') return 'red';
  if (status === 'Full') return 'green';
  return 'yellow';
}

/** Where a recharge step charges: the last element of its path, else 'Station'. */
export function rechargeStationOf(step: PlanStep): string {
  const last = step.path[step.path.length - 1];
  return last ? last : 'Station';
}

/** Task Type text of the battery table (spec §2). */
export function taskTypeText(step: PlanStep): string {
  if (step.task === 'recharge_in_place') return 'Recharge In Place';
  if (step.task === 'recharge') return `Recharge at ${rechargeStationOf(step)}`;
  return 'Delivery';
}

/** The recharge duration shown next to a recharge's Task Type, e.g. '3 min'; null for deliveries. */
export function rechargeDurationText(step: PlanStep, parameters?: PlanParameters | null): string | null {
  return isRechargeStep(step) ? formatMinutes(rechargeMinutesOf(step, parameters)) : null;
}

/** Short description of a step's task for tables: 'P3 → D1' or the recharge text. */
export function taskLabel(step: PlanStep): string {
  const pair = deliveryPairOf(step);
  return pair ? `${pair[0]} → ${pair[1]}` : taskTypeText(step);
}

const LOCATION_KINDS: Array<[RegExp, string]> = [
  [/^R\d+_\d+$/, 'Robot'],
  [/^R\d+$/, 'Station'],
  [/^P\d+$/, 'Pickup'],
  [/^D\d+$/, 'Dropoff'],
  [/^N\d+$/, 'Nav'],
];

/** A path node id as a location name (spec §3): R robots/stations, P pickups, D dropoffs, N navigation. */
export function locationName(nodeId: string): string {
  const kind = LOCATION_KINDS.find(([pattern]) => pattern.test(nodeId));
  return kind ? `${kind[1]} ${nodeId}` : nodeId;
}

/** A step's path as location names, in travel order. */
export function formatPath(path: readonly string[]): string {
  return path.map(locationName).join(' → ');
}

/** The list "A, B and C". */
export function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Counts listed with their noun: "1 robot", "8, 12 and 16 robots", "900 and 1,200 orders/h". */
export function listedCounts(counts: readonly number[], one: string, many: string): string {
  return `${listed(counts.map((count) => formatGrouped(count)))} ${counts.length === 1 && counts[0] === 1 ? one : many}`;
}
