// A shift as the solve and experiment forms hold it: off by default; when on, its hours, rate
// or hourly profile, dispatch policy, re-planning interval and seed as typed, read into the
// `parameters.shift` the server validates (`shiftParametersSchema`). Unlike the advanced
// settings, a shift field out of its range is never held to it: the form names the rule, since
// a shift of 30 h or 0 orders an hour is a mistake to fix, not a value to guess. Pure.
import {
  DISPATCH_POLICIES,
  dispatchPolicyValues,
  SHIFT_DEFAULTS,
  SHIFT_RANGES,
  type DispatchPolicy,
  type ShiftParametersRecord,
} from '@fleetlab/warehouse';
import { formatGrouped } from './display-format.ts';

export interface ShiftSettings {
  /** 'Run as a shift': off, the solve plans one batch known at t = 0. */
  readonly enabled: boolean;
  readonly hours: string;
  readonly ordersPerHour: string;
  /** Hourly rates, one per started hour ('60, 120, 90'); blank: every hour at `ordersPerHour`. */
  readonly profile: string;
  readonly dispatch: DispatchPolicy;
  /** Only read when `dispatch` is reoptimise. */
  readonly reoptimiseEvery: string;
  readonly seed: string;
}

export type ShiftSettingsField = 'hours' | 'ordersPerHour' | 'profile' | 'reoptimiseEvery' | 'seed';

/** The message of each shift field the server would refuse. */
export type ShiftProblems = Partial<Record<ShiftSettingsField, string>>;

export interface ReadShiftOptions {
  /** A rate sweep gives each point its rate: the rate and the profile are not read. */
  readonly rateSetByPoints?: boolean;
}

/** The largest seed the server takes. */
export const MAX_SHIFT_SEED = 2 ** 31 - 1;

/** A working day's shift; the rate is the planner's to choose. */
const DEFAULT_SHIFT_HOURS = 8;

export function defaultShiftSettings(): ShiftSettings {
  return {
    enabled: false,
    hours: String(DEFAULT_SHIFT_HOURS),
    ordersPerHour: '',
    profile: '',
    dispatch: SHIFT_DEFAULTS.dispatch,
    reoptimiseEvery: String(SHIFT_DEFAULTS.reoptimise_every_s),
    seed: String(SHIFT_DEFAULTS.seed),
  };
}

/** The shift a stored solve ran, as the form shows it (off when it ran a batch). */
export function shiftSettingsFromParameters(shift: Partial<ShiftParametersRecord> | undefined): ShiftSettings {
  const defaults = defaultShiftSettings();
  if (!shift) return defaults;
  const text = (value: number | undefined, fallback: string) =>
    typeof value === 'number' && Number.isFinite(value) ? String(value) : fallback;
  return {
    enabled: true,
    hours: text(shift.hours, defaults.hours),
    ordersPerHour: text(shift.orders_per_hour, ''),
    profile: shift.profile ? shift.profile.join(', ') : '',
    dispatch: dispatchPolicyValues.includes(shift.dispatch as DispatchPolicy)
      ? (shift.dispatch as DispatchPolicy)
      : defaults.dispatch,
    reoptimiseEvery: text(shift.reoptimise_every_s, defaults.reoptimiseEvery),
    seed: text(shift.seed, defaults.seed),
  };
}

const RATE_RANGE = SHIFT_RANGES.orders_per_hour;
const RATE_TEXT = `from ${formatGrouped(RATE_RANGE.min)} to ${formatGrouped(RATE_RANGE.max)}`;

export const SHIFT_FIELD_RULES = {
  hours: `Shift Length must be a number of hours from ${SHIFT_RANGES.hours.min} to ${SHIFT_RANGES.hours.max}`,
  ordersPerHour: `Orders per Hour must be a number ${RATE_TEXT}`,
  ordersPerHourRequired: `Orders per Hour is required: a number ${RATE_TEXT}, or an hourly profile`,
  reoptimiseEvery: `Re-optimise Every must be a number of seconds from ${SHIFT_RANGES.reoptimise_every_s.min} to ${formatGrouped(SHIFT_RANGES.reoptimise_every_s.max)}`,
  seed: `Seed must be a whole number from 0 to ${MAX_SHIFT_SEED}`,
} as const;

/** A typed number, or null when the text is not one. */
function numberOf(raw: string): number | null {
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

function inRange(value: number | null, range: { readonly min: number; readonly max: number }): value is number {
  return value !== null && value >= range.min && value <= range.max;
}

/** The started hours of a shift: the number of rates its profile needs. */
export function startedHours(hours: number): number {
  return Math.ceil(hours);
}

/**
 * An hourly profile as typed ('60, 120 90'): one rate per started hour of the shift, each from 0
 * (a closed hour) to the largest rate. The problem names the first wrong entry by its hour.
 */
export function parseHourlyProfile(raw: string, hours: number | null): { profile: number[] } | { problem: string } {
  const entries = raw.split(/[\s,;]+/).filter(Boolean);
  const profile: number[] = [];
  for (const [index, entry] of entries.entries()) {
    const value = numberOf(entry);
    if (value === null) return { problem: `Hourly Profile: '${entry}' (hour ${index + 1}) is not a number` };
    if (value < 0 || value > RATE_RANGE.max) {
      return {
        problem: `Hourly Profile: hour ${index + 1} has ${entry}; each hour's rate is from 0 to ${formatGrouped(RATE_RANGE.max)} orders`,
      };
    }
    profile.push(value);
  }
  if (profile.length > 0 && profile.every((rate) => rate === 0))
    return { problem: 'Hourly Profile needs orders in at least one hour' };
  if (hours !== null) {
    const needed = startedHours(hours);
    if (profile.length !== needed) {
      return {
        problem: `Hourly Profile needs one rate per started hour: ${needed} for a ${hours} h shift, got ${profile.length}`,
      };
    }
  }
  return { profile };
}

/**
 * The shift the settings stand for (undefined when off), or the problems that keep it from the
 * server. Every setting is sent, the defaults too, so the stored solve says what ran.
 */
export function readShiftSettings(
  settings: ShiftSettings,
  { rateSetByPoints = false }: ReadShiftOptions = {},
): { readonly shift: ShiftParametersRecord | undefined; readonly problems: ShiftProblems } {
  if (!settings.enabled && !rateSetByPoints) return { shift: undefined, problems: {} };
  const problems: ShiftProblems = {};
  const hours = numberOf(settings.hours);
  if (!inRange(hours, SHIFT_RANGES.hours)) problems.hours = SHIFT_FIELD_RULES.hours;
  const validHours = inRange(hours, SHIFT_RANGES.hours) ? hours : null;

  let rate: Pick<ShiftParametersRecord, 'orders_per_hour' | 'profile'> = {};
  if (!rateSetByPoints) {
    if (settings.profile.trim() !== '') {
      const parsed = parseHourlyProfile(settings.profile, validHours);
      if ('problem' in parsed) problems.profile = parsed.problem;
      else rate = { profile: parsed.profile };
    } else {
      const ordersPerHour = numberOf(settings.ordersPerHour);
      if (settings.ordersPerHour.trim() === '') problems.ordersPerHour = SHIFT_FIELD_RULES.ordersPerHourRequired;
      else if (!inRange(ordersPerHour, RATE_RANGE)) problems.ordersPerHour = SHIFT_FIELD_RULES.ordersPerHour;
      else rate = { orders_per_hour: ordersPerHour };
    }
  }

  const reoptimise = settings.dispatch === 'reoptimise';
  const reoptimiseEvery = numberOf(settings.reoptimiseEvery);
  if (reoptimise && !inRange(reoptimiseEvery, SHIFT_RANGES.reoptimise_every_s))
    problems.reoptimiseEvery = SHIFT_FIELD_RULES.reoptimiseEvery;
  const seed = numberOf(settings.seed);
  if (seed === null || !Number.isInteger(seed) || seed < 0 || seed > MAX_SHIFT_SEED)
    problems.seed = SHIFT_FIELD_RULES.seed;

  if (Object.keys(problems).length > 0) return { shift: undefined, problems };
  return {
    shift: {
      hours: hours as number,
      ...rate,
      dispatch: settings.dispatch,
      ...(reoptimise ? { reoptimise_every_s: reoptimiseEvery as number } : {}),
      seed: seed as number,
    },
    problems,
  };
}

/** A dispatch policy's label ('Re-optimise'), or its name when the warehouse does not know it. */
export function dispatchLabel(dispatch: string): string {
  return DISPATCH_POLICIES.find((policy) => policy.name === dispatch)?.label ?? dispatch;
}

/** The shift in a few words: '8 h at 1,200 orders/h, Re-optimise every 60 s, seed 1'. */
export function describeShift(shift: Partial<ShiftParametersRecord>): string {
  const rate = shift.profile
    ? `hourly profile ${shift.profile.map((value) => formatGrouped(value)).join(', ')} orders/h`
    : shift.orders_per_hour !== undefined
      ? `${formatGrouped(shift.orders_per_hour)} orders/h`
      : "each point's rate";
  const dispatch = shift.dispatch ?? SHIFT_DEFAULTS.dispatch;
  const every =
    dispatch === 'reoptimise' ? ` every ${shift.reoptimise_every_s ?? SHIFT_DEFAULTS.reoptimise_every_s} s` : '';
  return `${shift.hours ?? '?'} h at ${rate}, ${dispatchLabel(dispatch)}${every}, seed ${shift.seed ?? SHIFT_DEFAULTS.seed}`;
}
