import { z } from 'zod';
import { algorithmNameSchema } from './algorithms.ts';
import { breakdownsParametersSchema, delaysParametersSchema } from './disruptions.ts';
import { objectiveNameValues } from './objectives.ts';
import { numberInRange, type ParameterRange } from './parameter-range.ts';
import { robotModelSchema } from './robot-models.ts';
import { shiftParametersSchema } from './shift.ts';
import { DEFAULT_TRAFFIC_POLICY, trafficPolicyNameSchema } from './traffic-policies.ts';

export type { ParameterRange } from './parameter-range.ts';

/** Spec §9 defaults of a solve's parameters; the spec §5 form fallbacks for non-numeric input are the same numbers. */
export const SOLVE_PARAMETER_DEFAULTS = {
  time_limit: 300,
  battery_capacity: 100,
  max_distance: 1000,
  robot_speed: 1,
  recharge_time: 3,
  balance_factor: 50,
  objective_weights: { completion_time: 100 },
} as const;

/**
 * What an absent optional parameter means: `chargers` null is each station's own chargers, by
 * default one per drawn robot (robots beyond the drawing queue for them), a robot spends no time handling at pickups and dropoffs, and the plan
 * leaves 5% of every charge unused for the detours traffic forces on a shared floor (robots that
 * yield drive a few cells beyond their shortest walks; a robot whose detours have eaten its
 * reserve stops yielding, so it keeps to its plan's charges: see packages/simulator/README.md).
 * Robots move by the congestion-aware traffic policy.
 */
export const ABSENT_PARAMETER_FALLBACKS = {
  chargers: null,
  handling_time_s: 0,
  battery_reserve_pct: null,
  traffic_policy: DEFAULT_TRAFFIC_POLICY,
} as const;

/**
 * Accepted values of each parameter: spec §5 for the form's fields, the rest chosen here.
 * max_distance and battery_capacity must be above 0: without range or capacity no robot moves.
 */
export const SOLVE_PARAMETER_RANGES = {
  time_limit: { min: 1, max: 3600 },
  battery_capacity: { min: 0, aboveMin: true, max: 1000 },
  max_distance: { min: 0, aboveMin: true, max: 10_000 },
  robot_speed: { min: 0.1, max: 5, step: 0.1 },
  recharge_time: { min: 3, max: 120 },
  balance_factor: { min: 0, max: 100 },
  /** Each objective's weight, in percent. */
  objective_weight: { min: 0, max: 100 },
  chargers: { min: 1, max: 10, wholeNumber: true },
  handling_time_s: { min: 0, max: 600 },
  /** Percent of a full charge the plan keeps unused for detours in traffic. */
  battery_reserve_pct: { min: 0, max: 50 },
  robot_count: { min: 0, aboveMin: true, max: 10_000, wholeNumber: true },
} as const satisfies Record<string, ParameterRange>;

/** True when `value` lies in the range (zod's own checks, so form and schema cannot disagree). */
export function isInParameterRange(value: number, range: ParameterRange): boolean {
  return numberInRange(range).safeParse(value).success;
}

const RANGES = SOLVE_PARAMETER_RANGES;

/** Percent weights of the enabled objectives (the form sends only enabled ones). */
export const objectiveWeightsSchema = z
  .partialRecord(z.enum(objectiveNameValues), numberInRange(RANGES.objective_weight))
  .refine((weights) => Object.values(weights).some((weight) => (weight ?? 0) > 0), {
    message: 'At least one objective needs a weight above 0',
  });

/** Solve parameters as submitted: every field optional, filled with the spec §9 defaults. */
export const solveParametersInputSchema = z.object({
  time_limit: numberInRange(RANGES.time_limit).default(SOLVE_PARAMETER_DEFAULTS.time_limit),
  algorithm_type: algorithmNameSchema.optional(),
  battery_capacity: numberInRange(RANGES.battery_capacity).default(SOLVE_PARAMETER_DEFAULTS.battery_capacity),
  max_distance: numberInRange(RANGES.max_distance).default(SOLVE_PARAMETER_DEFAULTS.max_distance),
  robot_speed: numberInRange(RANGES.robot_speed).default(SOLVE_PARAMETER_DEFAULTS.robot_speed),
  recharge_time: numberInRange(RANGES.recharge_time).default(SOLVE_PARAMETER_DEFAULTS.recharge_time),
  objective_weights: objectiveWeightsSchema.default({ ...SOLVE_PARAMETER_DEFAULTS.objective_weights }),
  balance_factor: numberInRange(RANGES.balance_factor).default(SOLVE_PARAMETER_DEFAULTS.balance_factor),
  /** Charging points per station (absent: each station's own, by default one per drawn robot, see `chargersAt`). */
  chargers: numberInRange(RANGES.chargers, {
    wholeNumber: 'chargers must be a whole number',
    min: `chargers must be at least ${RANGES.chargers.min}`,
  }).optional(),
  /** Seconds a robot spends at a pickup and at a dropoff (absent: 0). */
  handling_time_s: numberInRange(RANGES.handling_time_s).optional(),
  /** Percent of a full charge the plan keeps for detours in traffic (absent: automatic, from how crowded the floor is). */
  battery_reserve_pct: numberInRange(RANGES.battery_reserve_pct, {
    min: `battery_reserve_pct must be a percentage from ${RANGES.battery_reserve_pct.min} to ${RANGES.battery_reserve_pct.max}`,
    max: `battery_reserve_pct must be a percentage from ${RANGES.battery_reserve_pct.min} to ${RANGES.battery_reserve_pct.max}`,
  }).optional(),
  /** How robots move when the plan is executed on the shared floor (absent: DEFAULT_TRAFFIC_POLICY, congestion-aware). */
  traffic_policy: trafficPolicyNameSchema.optional(),
  /**
   * How the robots move: a preset's name (`ROBOT_MODEL_PRESETS`) or custom figures (absent:
   * `point`, the original product's instant starts, stops and turns at robot_speed).
   */
  robot_model: robotModelSchema.optional(),
  /**
   * The fleet this solve uses (round-robin over the stations, see `fleetForScenario`); absent:
   * the scenario's robot_count, or the whole fleet. Experiments set it per point of a sweep.
   */
  robot_count: numberInRange(RANGES.robot_count).optional(),
  /** A shift: orders released over time instead of one batch known in advance (see `shiftParametersSchema`). */
  shift: shiftParametersSchema.optional(),
  /** Random stops of the robots when the plan or shift is executed (absent: none; see `delaysParametersSchema`). */
  delays: delaysParametersSchema.optional(),
  /** Breakdowns of the robots when the plan or shift is executed (absent: none; see `breakdownsParametersSchema`). */
  breakdowns: breakdownsParametersSchema.optional(),
});

/** Stored parameters: complete, with the algorithm named. */
export const solveParametersSchema = solveParametersInputSchema.extend({
  algorithm_type: algorithmNameSchema,
});
export type SolveParametersRecord = z.infer<typeof solveParametersSchema>;
