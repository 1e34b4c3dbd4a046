import { z } from 'zod';
import {
  optionalDescriptionSchema,
  recordIdSchema,
  recordNameSchema,
  recordReferenceSchema,
  timestampsSchema,
} from './common.ts';
import { ALGORITHMS, algorithmNameSchema } from './algorithms.ts';
import { environmentVersionFieldsSchema } from './environment.ts';
import { solveStatusSchema } from './solve.ts';
import { robotModelName, robotModelSchema } from './robot-models.ts';
import { timeSplitSchema } from './time-split.ts';
import { numberInRange } from './parameter-range.ts';
import { SOLVE_PARAMETER_RANGES, solveParametersInputSchema, solveParametersSchema } from './solve-parameters.ts';
import {
  experimentShiftParametersSchema,
  SHIFT_NEEDS_A_RATE,
  SHIFT_RANGES,
  shiftHasRate,
  shiftStatsSchema,
} from './shift.ts';

export const experimentKindValues = [
  'fleet_sweep',
  'algorithm_comparison',
  'charger_sweep',
  'rate_sweep',
  'robot_model_comparison',
] as const;
export const experimentKindSchema = z.enum(experimentKindValues);
export type ExperimentKind = z.infer<typeof experimentKindSchema>;

/** Derived from the points: `cancelled` once the owner cancelled, else running until every solve ended. */
export const experimentStatusValues = ['running', 'completed', 'failed', 'cancelled'] as const;
export const experimentStatusSchema = z.enum(experimentStatusValues);
export type ExperimentStatus = z.infer<typeof experimentStatusSchema>;

/**
 * The tolerance of the 'within X% of the best' knee rule an experiment starts with (its
 * `knee_tolerance`); the results page offers the other rules of `findKnee` beside it.
 */
export const DEFAULT_KNEE_TOLERANCE = 0.05;
export const MAX_SWEEP_POINTS = 30;
/** A robot-model comparison compares 2 to this many models. */
export const MAX_COMPARED_ROBOT_MODELS = 6;

/**
 * The cycle-time target a shift experiment starts with (`cycle_p95_target_s`): "robots needed to
 * hold the rate with P95 <= 10 min". The results page lets a planner change it.
 */
export const DEFAULT_CYCLE_P95_TARGET_S = 600;
export const CYCLE_P95_TARGET_RANGE = { min: 10, max: 86_400 } as const;

/** Solve parameters of every point; the algorithm and the fleet size come from the point. */
export const experimentParametersSchema = solveParametersInputSchema
  .omit({ algorithm_type: true, robot_count: true })
  .extend({ shift: experimentShiftParametersSchema.optional() });
export type ExperimentParametersRecord = z.infer<typeof experimentParametersSchema>;

/** A point's value, as a sweep's create body and its "test more" name them. */
const robotCountSchema = z.number().int().min(1, 'Robot counts start at 1');
const chargerCountSchema = z
  .number()
  .int()
  .min(SOLVE_PARAMETER_RANGES.chargers.min, 'Charger counts start at 1')
  .max(SOLVE_PARAMETER_RANGES.chargers.max, `At most ${SOLVE_PARAMETER_RANGES.chargers.max} chargers per station`);
const rateSchema = numberInRange(SHIFT_RANGES.orders_per_hour, {
  min: `Rates start at ${SHIFT_RANGES.orders_per_hour.min} order per hour`,
  max: `At most ${SHIFT_RANGES.orders_per_hour.max} orders per hour`,
});

function hasDuplicates(values: readonly unknown[]): boolean {
  return new Set(values).size !== values.length;
}

/** A comparison's target: a makespan to finish by (a day), or a throughput to reach (a shift). */
const targetMakespanSchema = z.number().positive('target_makespan_s must be above 0 s');
const targetThroughputSchema = z.number().positive('target_throughput_per_h must be above 0 deliveries per hour');

/**
 * Body of POST /experiments. A fleet sweep names one `algorithm` and 1-30 distinct
 * `robot_counts`; a robot-model comparison names one `algorithm` and 2-6 `robot_models` (preset
 * names or custom figures, distinct names), optionally `robot_counts` (each model runs at each
 * count, 30 points at most; else on the scenario's fleet) and a target: `target_makespan_s` for a
 * day, `target_throughput_per_h` for a shift (its answer: the fewest robots per model that meet
 * it); an algorithm comparison names 2-7 distinct `algorithms`; a charger sweep names
 * one `algorithm` and 1-10 distinct `charger_counts` (chargers per station); a rate sweep names
 * one `algorithm` and 1-30 distinct `rates` (orders per hour) and needs `parameters.shift`, whose
 * `orders_per_hour` each point sets to its rate (so it may be left out). Comparisons, charger sweeps and rate
 * sweeps run on the scenario's robot_count. Any kind runs shifts when `parameters.shift` is set
 * (a fleet sweep at a shift's rate answers "robots needed to hold it with P95 <=
 * `cycle_p95_target_s`"). Robot counts are checked against the environment by the server.
 */
export const experimentCreateSchema = z
  .object({
    name: recordNameSchema,
    description: optionalDescriptionSchema,
    kind: experimentKindSchema,
    scenario_id: recordReferenceSchema,
    task_id: recordReferenceSchema,
    algorithm: algorithmNameSchema.optional(),
    algorithms: z.array(algorithmNameSchema).optional(),
    robot_counts: z.array(robotCountSchema).optional(),
    charger_counts: z.array(chargerCountSchema).optional(),
    rates: z.array(rateSchema).optional(),
    robot_models: z.array(robotModelSchema).optional(),
    target_makespan_s: targetMakespanSchema.optional(),
    target_throughput_per_h: targetThroughputSchema.optional(),
    parameters: experimentParametersSchema.default(experimentParametersSchema.parse({})),
    knee_tolerance: z.number().min(0).max(1).default(DEFAULT_KNEE_TOLERANCE),
    cycle_p95_target_s: numberInRange(CYCLE_P95_TARGET_RANGE, {
      min: `cycle_p95_target_s must be at least ${CYCLE_P95_TARGET_RANGE.min} s`,
      max: `cycle_p95_target_s must be at most ${CYCLE_P95_TARGET_RANGE.max} s`,
    }).optional(),
  })
  .superRefine((body, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (body.kind !== 'charger_sweep' && body.charger_counts !== undefined)
      issue('charger_counts', `Not used by a ${body.kind}`);
    if (body.kind !== 'rate_sweep' && body.rates !== undefined) issue('rates', `Not used by a ${body.kind}`);
    if (body.kind !== 'robot_model_comparison') {
      for (const field of ['robot_models', 'target_makespan_s', 'target_throughput_per_h'] as const)
        if (body[field] !== undefined) issue(field, `Not used by a ${body.kind}`);
    }
    if (body.parameters.shift === undefined && body.cycle_p95_target_s !== undefined)
      issue('cycle_p95_target_s', 'Only used when the experiment runs shifts (parameters.shift)');
    if (body.kind !== 'rate_sweep' && body.parameters.shift !== undefined && !shiftHasRate(body.parameters.shift)) {
      context.addIssue({
        code: 'custom',
        path: ['parameters', 'shift', 'orders_per_hour'],
        message: SHIFT_NEEDS_A_RATE,
      });
    }
    switch (body.kind) {
      case 'rate_sweep': {
        if (body.algorithm === undefined) issue('algorithm', 'Required for a rate_sweep');
        if (body.algorithms !== undefined) issue('algorithms', 'Not used by a rate_sweep; name one algorithm');
        if (body.robot_counts !== undefined) issue('robot_counts', 'Not used by a rate_sweep');
        if (body.parameters.shift === undefined)
          issue('parameters', 'A rate_sweep runs shifts: set parameters.shift (hours, dispatch)');
        else if (body.parameters.shift.profile !== undefined)
          issue('parameters', "A rate_sweep sets each point's rate: parameters.shift cannot have a profile");
        const rates = body.rates;
        if (rates === undefined) issue('rates', 'Required for a rate_sweep');
        else if (rates.length < 1 || rates.length > MAX_SWEEP_POINTS)
          issue('rates', `Expected 1 to ${MAX_SWEEP_POINTS} rates`);
        else if (hasDuplicates(rates)) issue('rates', 'Rates must be distinct');
        return;
      }
      case 'charger_sweep': {
        if (body.algorithm === undefined) issue('algorithm', 'Required for a charger_sweep');
        if (body.algorithms !== undefined) issue('algorithms', 'Not used by a charger_sweep; name one algorithm');
        if (body.robot_counts !== undefined) issue('robot_counts', 'Not used by a charger_sweep');
        if (body.parameters.chargers !== undefined)
          issue('parameters', 'chargers is set by each point of a charger_sweep');
        const counts = body.charger_counts;
        if (counts === undefined) issue('charger_counts', 'Required for a charger_sweep');
        else if (counts.length < 1 || counts.length > SOLVE_PARAMETER_RANGES.chargers.max) {
          issue('charger_counts', `Expected 1 to ${SOLVE_PARAMETER_RANGES.chargers.max} charger counts`);
        } else if (hasDuplicates(counts)) issue('charger_counts', 'Charger counts must be distinct');
        return;
      }
      case 'fleet_sweep': {
        if (body.algorithm === undefined) issue('algorithm', 'Required for a fleet_sweep');
        if (body.algorithms !== undefined) issue('algorithms', 'Not used by a fleet_sweep; name one algorithm');
        const counts = body.robot_counts;
        if (counts === undefined) issue('robot_counts', 'Required for a fleet_sweep');
        else if (counts.length < 1 || counts.length > MAX_SWEEP_POINTS) {
          issue('robot_counts', `Expected 1 to ${MAX_SWEEP_POINTS} robot counts`);
        } else if (hasDuplicates(counts)) issue('robot_counts', 'Robot counts must be distinct');
        return;
      }
      case 'algorithm_comparison': {
        if (body.algorithm !== undefined) issue('algorithm', 'Not used by an algorithm_comparison; name algorithms');
        if (body.robot_counts !== undefined) issue('robot_counts', 'Not used by an algorithm_comparison');
        const algorithms = body.algorithms;
        if (algorithms === undefined) issue('algorithms', 'Required for an algorithm_comparison');
        else if (algorithms.length < 2 || algorithms.length > ALGORITHMS.length)
          issue('algorithms', `Expected 2 to ${ALGORITHMS.length} algorithms`);
        else if (hasDuplicates(algorithms)) issue('algorithms', 'Algorithms must be distinct');
        return;
      }
      case 'robot_model_comparison': {
        if (body.algorithm === undefined) issue('algorithm', 'Required for a robot_model_comparison');
        if (body.algorithms !== undefined)
          issue('algorithms', 'Not used by a robot_model_comparison; name one algorithm');
        if (body.parameters.robot_model !== undefined)
          issue(
            'parameters',
            'robot_model is set by each point of a robot_model_comparison: list them in robot_models',
          );
        const models = body.robot_models;
        if (models === undefined) issue('robot_models', 'Required for a robot_model_comparison');
        else if (models.length < 2 || models.length > MAX_COMPARED_ROBOT_MODELS)
          issue('robot_models', `Expected 2 to ${MAX_COMPARED_ROBOT_MODELS} robot models`);
        else if (hasDuplicates(models.map(robotModelName)))
          issue('robot_models', 'Robot models must be distinct (give custom figures a name of their own)');
        const counts = body.robot_counts;
        if (counts !== undefined) {
          if (counts.length < 1) issue('robot_counts', 'Expected at least 1 robot count, or leave it out');
          else if (hasDuplicates(counts)) issue('robot_counts', 'Robot counts must be distinct');
          else if (models !== undefined && models.length * counts.length > MAX_SWEEP_POINTS)
            issue(
              'robot_counts',
              `Each model runs at each count: at most ${MAX_SWEEP_POINTS} points, ${models.length} models x ${counts.length} counts is ${models.length * counts.length}`,
            );
        }
        const shift = body.parameters.shift !== undefined;
        if (shift && body.target_makespan_s !== undefined)
          issue('target_makespan_s', 'A shift is judged by throughput: give target_throughput_per_h');
        if (!shift && body.target_throughput_per_h !== undefined)
          issue(
            'target_throughput_per_h',
            'Only for a comparison that runs shifts (parameters.shift); a day takes target_makespan_s',
          );
        return;
      }
      default: {
        // A kind added to experimentKindValues without its rules here does not compile.
        const unknown: never = body.kind;
        throw new TypeError(`Unknown experiment kind ${String(unknown)}`);
      }
    }
  });
export type ExperimentCreate = z.input<typeof experimentCreateSchema>;
export type ExperimentCreateParsed = z.output<typeof experimentCreateSchema>;

/**
 * Body of POST /experiments/{id}/points: more points for a sweep whose answer lies at its edge,
 * named as at creation (a fleet sweep's `robot_counts`, a charger sweep's `charger_counts`, a rate
 * sweep's `rates`), each new to the sweep. The server holds them to the sweep's kind, to
 * `MAX_SWEEP_POINTS` in all and robot counts to the floor.
 */
export const experimentPointsAddSchema = z
  .object({
    robot_counts: z.array(robotCountSchema).min(1).optional(),
    charger_counts: z.array(chargerCountSchema).min(1).optional(),
    rates: z.array(rateSchema).min(1).optional(),
  })
  .refine((body) => [body.robot_counts, body.charger_counts, body.rates].filter(Boolean).length === 1, {
    message: 'Name the new points: robot_counts, charger_counts or rates',
  });
export type ExperimentPointsAdd = z.output<typeof experimentPointsAddSchema>;

/**
 * The points a "test more" offers after `tested` (a sweep's values, any order): as many again as
 * were tested, on past the largest with the step between its two largest (1 when one was tested),
 * up to `limit` and to `MAX_SWEEP_POINTS` in all; empty when none fit. 2..6 on a floor of 345
 * robots gives 7..11.
 */
export function nextSweepValues(tested: readonly number[], limit: number): number[] {
  const sorted = [...new Set(tested)].sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const largest = sorted[sorted.length - 1];
  const step = sorted.length > 1 ? largest - sorted[sorted.length - 2] : 1;
  const count = Math.min(sorted.length, MAX_SWEEP_POINTS - sorted.length);
  const values: number[] = [];
  for (let k = 1; k <= count && largest + k * step <= limit; k++) values.push(largest + k * step);
  return values;
}

/** The shift figures a sweep compares, copied from the point's `stats.shift`. */
export const experimentShiftStatsSchema = shiftStatsSchema.pick({
  orders_per_hour: true,
  released: true,
  delivered: true,
  throughput_per_h: true,
  cycle_p50_s: true,
  cycle_p95_s: true,
  backlog_max: true,
  backlog_end: true,
  backlog_trend: true,
  utilisation_pct: true,
  dispatcher_view: true,
});
export type ExperimentShiftStats = z.infer<typeof experimentShiftStatsSchema>;

/** The figures of a finished point, copied from its solve's `stats` (executed ones from `stats.execution`). */
export const experimentPointStatsSchema = z.object({
  makespan_s: z.number().nullable(),
  total_distance_m: z.number().nullable(),
  recharges: z.number().nullable(),
  /** The gap to the tightest bound (`tightestBoundOf`), as the solve's own page gives it. */
  gap: z.number().nullable(),
  runtime_ms: z.number().nullable(),
  /** The tightest bound the solve reports (`tightestBoundOf`): the model's, or the list's tightest when larger. */
  lower_bound_s: z.number().nullable(),
  /** Number of deliveries (pairs) of the task, so pages can derive deliveries per hour. */
  deliveries: z.number().int(),
  /** The plan run on the shared floor: makespan, deliveries per hour, waiting, charger and dock queues (null before execution existed). */
  executed_makespan_s: z.number().nullable(),
  free_flow_makespan_s: z.number().nullable(),
  throughput_per_h: z.number().nullable(),
  waiting_s: z.number().nullable(),
  max_robot_waiting_s: z.number().nullable(),
  charger_queue_s: z.number().nullable(),
  /** Of the waiting, seconds queued beside a pickup or dropoff another robot was at (null before executions counted it). */
  dock_queue_s: z.number().nullable(),
  /** A shift point's figures (null for a batch point): see `shiftStatsSchema`. */
  shift: experimentShiftStatsSchema.nullable(),
  /** The robot model that ran (`stats.robot_model`; null in solves stored before it was reported). */
  robot_model: z.string().nullable(),
  /** Mean cycle time in seconds (`stats.mean_cycle_s`): a day's deliveries from t = 0, a shift's orders from release. */
  mean_cycle_s: z.number().nullable(),
  /** Where the robots' time went (`stats.time_split`). */
  time_split: timeSplitSchema.nullable(),
});
export type ExperimentPointStats = z.infer<typeof experimentPointStatsSchema>;

export const experimentPointSchema = z.object({
  solve_id: recordIdSchema,
  algorithm: algorithmNameSchema,
  /** The fleet size the solve used (null: the whole fleet of the environment). */
  robot_count: z.number().int().positive().nullable(),
  /** Chargers per station the solve used (null: each station's own, one per drawn robot by default). */
  chargers: z.number().int().positive().nullable(),
  /** Orders per hour of the point's shift (null: a batch point). */
  orders_per_hour: z.number().positive().nullable(),
  /** Every setting the point's solve ran with: the experiment's parameters plus the point's own. */
  parameters: solveParametersSchema,
  status: solveStatusSchema,
  /** Null until the solve completed. */
  stats: experimentPointStatsSchema.nullable(),
  /** The solve's error text when it failed. */
  error: z.string().nullable(),
});
export type ExperimentPoint = z.infer<typeof experimentPointSchema>;

/** Whether a point's solve has yet to finish (pending or running): answers read before then may move. */
export function pointUnfinished(point: Pick<ExperimentPoint, 'status'>): boolean {
  return point.status === 'pending' || point.status === 'running';
}

export const experimentRecordSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  description: z.string().nullable(),
  kind: experimentKindSchema,
  status: experimentStatusSchema,
  environment_id: recordIdSchema,
  ...environmentVersionFieldsSchema.shape,
  scenario_id: recordIdSchema,
  task_id: recordIdSchema,
  algorithms: z.array(algorithmNameSchema),
  robot_counts: z.array(z.number().int().positive()),
  charger_counts: z.array(z.number().int().positive()),
  /** A rate sweep's orders per hour, one per point (empty for other kinds). */
  rates: z.array(z.number().positive()),
  /** A robot-model comparison's models, in the order given (empty for other kinds). */
  robot_models: z.array(robotModelSchema),
  /** A robot-model comparison's target makespan in seconds (null: none, or another kind). */
  target_makespan_s: z.number().nullable(),
  /** A robot-model comparison's target throughput in deliveries per hour, for shifts (null: none, or another kind). */
  target_throughput_per_h: z.number().nullable(),
  parameters: experimentParametersSchema,
  knee_tolerance: z.number(),
  /** The P95 cycle-time target of a shift experiment in seconds (null: not a shift experiment). */
  cycle_p95_target_s: z.number().nullable(),
  /** `completed` and `failed` points of `total`; the experiment is done when they add up to it. */
  progress: z.object({ completed: z.number().int(), failed: z.number().int(), total: z.number().int() }),
  points: z.array(experimentPointSchema),
  cancelled_at: z.iso.datetime().nullable(),
  ...timestampsSchema.shape,
});
export type ExperimentRecord = z.infer<typeof experimentRecordSchema>;
