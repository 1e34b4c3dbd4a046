import { z } from 'zod';
import { numberInRange, type ParameterRange } from './parameter-range.ts';

/**
 * Accepted values of the disruption parameters: random delays (short stops) and breakdowns
 * (stops for a repair, the robot's cell blocked meanwhile). Counted per hour a robot is on the
 * move (driving, or standing in traffic with somewhere to go): a robot parked, charging or
 * handling is not running and does not fail in a way the floor sees.
 */
export const DISRUPTION_RANGES = {
  /** Random stops per robot-hour on the move. */
  rate_per_robot_h: { min: 0, aboveMin: true, max: 120 },
  /** Mean length of a stop, seconds (each stop's length is exponential about it). */
  mean_s: { min: 0, aboveMin: true, max: 3600 },
  /** Mean hours on the move between breakdowns (exponential). */
  mtbf_h: { min: 0, aboveMin: true, max: 10_000 },
  /** Minutes a breakdown lasts (the repair). */
  repair_min: { min: 0, aboveMin: true, max: 1440 },
} as const satisfies Record<string, ParameterRange>;

function inRange(field: keyof typeof DISRUPTION_RANGES, parent: string): z.ZodNumber {
  const range = DISRUPTION_RANGES[field];
  const rule = `${parent}.${field} must be above ${range.min} and at most ${range.max}`;
  return numberInRange(range, { min: rule, max: rule });
}

/** `parameters.delays`: random stops of each robot, a Poisson stream per robot-hour on the move, each lasting `mean_s` on average. */
export const delaysParametersSchema = z
  .object({ rate_per_robot_h: inRange('rate_per_robot_h', 'delays'), mean_s: inRange('mean_s', 'delays') })
  .strict();
export type DelaysParametersRecord = z.infer<typeof delaysParametersSchema>;

/** `parameters.breakdowns`: each robot breaks down after an exponential time on the move with mean `mtbf_h`, and stands `repair_min` where it broke down. */
export const breakdownsParametersSchema = z
  .object({ mtbf_h: inRange('mtbf_h', 'breakdowns'), repair_min: inRange('repair_min', 'breakdowns') })
  .strict();
export type BreakdownsParametersRecord = z.infer<typeof breakdownsParametersSchema>;

/** What a run's disruptions are, in seconds; null when the parameters set none. */
export interface DisruptionSettings {
  /** Mean seconds on the move between delays (Infinity: none). */
  delayEveryS: number;
  delayMeanS: number;
  /** Mean seconds on the move between breakdowns (Infinity: none). */
  breakdownEveryS: number;
  repairS: number;
}

/** The disruptions a solve's or shift's parameters set (already validated), or null when neither is set. */
export function resolveDisruptions(
  params: { delays?: DelaysParametersRecord | null; breakdowns?: BreakdownsParametersRecord | null } | null | undefined,
): DisruptionSettings | null {
  const delays = params?.delays ?? null;
  const breakdowns = params?.breakdowns ?? null;
  if (!delays && !breakdowns) return null;
  return {
    delayEveryS: delays ? 3600 / delays.rate_per_robot_h : Number.POSITIVE_INFINITY,
    delayMeanS: delays?.mean_s ?? 0,
    breakdownEveryS: breakdowns ? breakdowns.mtbf_h * 3600 : Number.POSITIVE_INFINITY,
    repairS: (breakdowns?.repair_min ?? 0) * 60,
  };
}
