import {
  ALGORITHMS,
  DISRUPTION_RANGES,
  isInParameterRange,
  SOLVE_PARAMETER_DEFAULTS,
  SOLVE_PARAMETER_RANGES,
  type ParameterRange,
} from '@fleetlab/warehouse';
import { ApiError } from '../api/client.ts';

/** A number field of a form: the range its value must lie in, and the fallback for non-numeric input. */
export interface NumberFieldRule extends ParameterRange {
  readonly fallback: number;
}

type FormParameter = 'max_distance' | 'robot_speed' | 'recharge_time' | 'time_limit';

function ruleOf(parameter: FormParameter): NumberFieldRule {
  return { ...SOLVE_PARAMETER_RANGES[parameter], fallback: SOLVE_PARAMETER_DEFAULTS[parameter] };
}

/** Spec §5 ranges and fallbacks of the advanced solve settings: the schema's ranges, the spec §9 defaults. */
export const MAX_DISTANCE_RULE = ruleOf('max_distance');
export const ROBOT_SPEED_RULE = ruleOf('robot_speed');
export const RECHARGE_TIME_RULE = ruleOf('recharge_time');
/** How long the searching algorithms (genetic, makespan) may improve. */
export const TIME_LIMIT_RULE = ruleOf('time_limit');

/** Seconds each robot spends at a pickup and at a dropoff; a blank field leaves it to the robot model (`resolveRobotModel`). */
export const HANDLING_TIME_RANGE = SOLVE_PARAMETER_RANGES.handling_time_s;

/**
 * The typed Handling Time: blank is absent (the robot model's own: 0 s for Point, 2 s for the
 * drive unit, 5 s for the AMR); a number in the schema's range, 0 included, is taken as typed;
 * anything else is a problem to show.
 */
export function parseHandlingTime(raw: string): { handlingTimeS: number | undefined; problem: string | null } {
  const { min, max } = HANDLING_TIME_RANGE;
  const { value, problem } = parseBlankOrInRange(
    raw,
    HANDLING_TIME_RANGE,
    `Handling Time must be a number of seconds from ${min} to ${max}, or blank for the robot model's own`,
  );
  return { handlingTimeS: value, problem };
}

/** Charging points per station; a blank field leaves it to the server: one per robot, so nobody queues. */
export const CHARGERS_RANGE = SOLVE_PARAMETER_RANGES.chargers;

/**
 * The typed Chargers per Station: blank is absent (no queue); anything else must be a whole
 * number in the schema's range, or the form says so rather than guess what was meant.
 */
export function parseChargers(raw: string): { chargers: number | undefined; problem: string | null } {
  const { value, problem } = parseBlankOrInRange(
    raw,
    CHARGERS_RANGE,
    `Chargers per Station must be a whole number from ${CHARGERS_RANGE.min} to ${CHARGERS_RANGE.max}, or blank`,
  );
  return { chargers: value, problem };
}

/** An optional number field: blank is absent, a number in the range is taken, anything else is `problem`. */
function parseBlankOrInRange(
  raw: string,
  range: ParameterRange,
  problem: string,
): { value: number | undefined; problem: string | null } {
  const trimmed = raw.trim();
  if (trimmed === '') return { value: undefined, problem: null };
  const value = Number(trimmed);
  if (Number.isFinite(value) && isInParameterRange(value, range)) return { value, problem: null };
  return { value: undefined, problem };
}

/** Percent of a charge the plan keeps for detours in traffic; a blank field leaves it to the automatic rule. */
export const BATTERY_RESERVE_RANGE = SOLVE_PARAMETER_RANGES.battery_reserve_pct;

/**
 * The typed Battery Reserve for Traffic: blank is absent (the automatic reserve); anything else
 * must be a number in the schema's range, or the form says so rather than guess.
 */
export function parseBatteryReserve(raw: string): { batteryReservePct: number | undefined; problem: string | null } {
  const { min, max } = BATTERY_RESERVE_RANGE;
  const { value, problem } = parseBlankOrInRange(
    raw,
    BATTERY_RESERVE_RANGE,
    `Battery Reserve for Traffic must be a percentage from ${min} to ${max}, or blank for automatic`,
  );
  return { batteryReservePct: value, problem };
}

/**
 * Two typed halves of `parameters.delays` or `parameters.breakdowns` (`DISRUPTION_RANGES`): both
 * blank is none; both numbers in their ranges is the pair; anything else is a problem naming the
 * field, never a guess.
 */
export function parseDisruptionPair<A extends DisruptionField, B extends DisruptionField>(
  halves: readonly [DisruptionHalf<A>, DisruptionHalf<B>],
  what: string,
): { value: Record<A | B, number> | undefined; problem: string | null } {
  const [first, second] = halves;
  const blank = halves.map((half) => half.raw.trim() === '');
  if (blank[0] && blank[1]) return { value: undefined, problem: null };
  if (blank[0] || blank[1])
    return { value: undefined, problem: `${what} need both ${first.label} and ${second.label}, or neither` };
  const value: Partial<Record<A | B, number>> = {};
  for (const half of halves) {
    const range = DISRUPTION_RANGES[half.field];
    const parsed = parseBlankOrInRange(
      half.raw,
      range,
      `${half.label} must be above ${range.min} and at most ${range.max.toLocaleString('en-US')}`,
    );
    if (parsed.problem !== null) return { value: undefined, problem: parsed.problem };
    value[half.field] = parsed.value;
  }
  return { value: value as Record<A | B, number>, problem: null };
}

type DisruptionField = keyof typeof DISRUPTION_RANGES;

/** One typed half of a disruption setting: its text, its parameter field and its on-screen label. */
export interface DisruptionHalf<F extends DisruptionField> {
  readonly raw: string;
  readonly field: F;
  readonly label: string;
}

/** Spec §9 solve parameters the form does not expose. */
export const FIXED_SOLVE_PARAMETERS = {
  battery_capacity: SOLVE_PARAMETER_DEFAULTS.battery_capacity,
  balance_factor: SOLVE_PARAMETER_DEFAULTS.balance_factor,
} as const;

/** A typed-in number: non-numeric input takes the fallback, numbers are held to the range. */
export function parseBoundedNumber(raw: string, rule: NumberFieldRule): number {
  const trimmed = raw.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value)) return rule.fallback;
  return Math.min(rule.max, Math.max(rule.min, value));
}

/**
 * The form's message for a held-to-range value the server would still refuse: only a range whose
 * minimum itself is refused (Max Distance 0 leaves no charge to move on) has one. Null when valid.
 */
export function boundedNumberProblem(label: string, value: number, rule: NumberFieldRule): string | null {
  if (isInParameterRange(value, rule)) return null;
  return rule.aboveMin && value <= rule.min
    ? `${label} must be above ${rule.min}`
    : `${label} must be from ${rule.min} to ${rule.max}`;
}

/** Spec §7: the select offers every algorithm except hungarian. */
export const SELECTABLE_ALGORITHMS = ALGORITHMS.filter((algorithm) => algorithm.name !== 'hungarian');

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A small count in words ('seven'), larger ones in digits. */
export function countInWords(count: number): string {
  return NUMBER_WORDS[count] ?? String(count);
}

/** Under the Algorithm select: how many of the algorithms it offers, and where the others run. */
export const ALGORITHMS_OFF_THE_FORM_TEXT = (() => {
  const offered = new Set<string>(SELECTABLE_ALGORITHMS.map((algorithm) => algorithm.name));
  const others = ALGORITHMS.filter((algorithm) => !offered.has(algorithm.name));
  const named = others.map((algorithm) => `${algorithm.label} (algorithm_id ${algorithm.id})`).join(', ');
  return `This form offers ${countInWords(SELECTABLE_ALGORITHMS.length)} of Fleetlab's ${countInWords(ALGORITHMS.length)} algorithms; ${named} runs in an experiment's algorithm comparison and through the API.`;
})();

const CREATE_SOLVE_FAILED = 'Failed to create solve. Please try again.';

/** Spec §8: the fallback text plus ' Server returned {status}: {body}' when the server answered. */
export function createSolveErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
    return `${CREATE_SOLVE_FAILED} Server returned ${error.status}: ${body}`;
  }
  return CREATE_SOLVE_FAILED;
}

export const OBJECTIVES_RECOMMENDATION =
  'Recommendation: keep Completion Time as the main objective to finish the work soonest. Add Energy Usage or Distance Traveled when batteries are the bottleneck, and Balanced Workload to spread work evenly across robots.';
