import { z } from 'zod';
import {
  optionalDescriptionSchema,
  recordIdSchema,
  recordNameSchema,
  recordReferenceSchema,
  timestampsSchema,
} from './common.ts';
import { environmentReferenceSchema } from './environment.ts';
import { executionSchema } from './execution.ts';
import { taskRecordSchema } from './task.ts';

/** Algorithm ids of spec §7; the id and the name are interchangeable on input. */
export const ALGORITHM_IDS = {
  greedy_distance: 1,
  hungarian: 2,
  kmeans: 3,
  auction: 4,
  genetic: 5,
  makespan: 6,
  marginal_benefit: 7,
} as const;
export type AlgorithmName = keyof typeof ALGORITHM_IDS;
export const algorithmNameValues = Object.keys(ALGORITHM_IDS) as [AlgorithmName, ...AlgorithmName[]];
export const algorithmNameSchema = z.enum(algorithmNameValues);
export const algorithmIdSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z
    .number()
    .int()
    .min(1, 'Unknown algorithm id: expected 1 to 7')
    .max(7, 'Unknown algorithm id: expected 1 to 7'),
);

export function algorithmNameOf(algorithmId: number): AlgorithmName {
  const entry = Object.entries(ALGORITHM_IDS).find(([, id]) => id === algorithmId);
  if (!entry) throw new RangeError(`Unknown algorithm id ${algorithmId}`);
  return entry[0] as AlgorithmName;
}

export const objectiveNameValues = [
  'completion_time',
  'energy_usage',
  'distance_traveled',
  'balanced_workload',
  'cost_efficiency',
] as const;
export type ObjectiveKey = (typeof objectiveNameValues)[number];

/** Percent weights of the enabled objectives (the form sends only enabled ones). */
export const objectiveWeightsSchema = z
  .partialRecord(z.enum(objectiveNameValues), z.number().min(0).max(100))
  .refine((weights) => Object.values(weights).some((weight) => (weight ?? 0) > 0), {
    message: 'At least one objective needs a weight above 0',
  });
export type ObjectiveWeightsRecord = z.infer<typeof objectiveWeightsSchema>;

/** Spec §9 defaults of a solve's parameters. */
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
 * Ranges of the execution parameters (the spec's own fields keep their spec §5 ranges below).
 * Absent, `chargers` is one per robot of the station (no queue) and `handling_time_s` is 0.
 */
export const SOLVE_PARAMETER_RANGES = {
  chargers: { min: 1, max: 10 },
  handling_time_s: { min: 0, max: 600 },
} as const;

/**
 * Solve parameters as submitted: every field optional, filled with the spec §9 defaults,
 * ranges of spec §5 (max_distance must be positive: a zero range leaves no battery to move on).
 */
export const solveParametersInputSchema = z.object({
  time_limit: z.number().min(1).max(3600).default(SOLVE_PARAMETER_DEFAULTS.time_limit),
  algorithm_type: algorithmNameSchema.optional(),
  battery_capacity: z.number().positive().max(1000).default(SOLVE_PARAMETER_DEFAULTS.battery_capacity),
  max_distance: z.number().positive().max(10_000).default(SOLVE_PARAMETER_DEFAULTS.max_distance),
  robot_speed: z.number().min(0.1).max(5).default(SOLVE_PARAMETER_DEFAULTS.robot_speed),
  recharge_time: z.number().min(3).max(120).default(SOLVE_PARAMETER_DEFAULTS.recharge_time),
  objective_weights: objectiveWeightsSchema.default({ ...SOLVE_PARAMETER_DEFAULTS.objective_weights }),
  balance_factor: z.number().min(0).max(100).default(SOLVE_PARAMETER_DEFAULTS.balance_factor),
  /** Charging points per station (absent: one per robot of the station, so no robot ever queues). */
  chargers: z.number().int('chargers must be a whole number').min(1, 'chargers must be at least 1').max(SOLVE_PARAMETER_RANGES.chargers.max).optional(),
  /** Seconds a robot spends at a pickup and at a dropoff (absent: 0). */
  handling_time_s: z.number().min(0).max(SOLVE_PARAMETER_RANGES.handling_time_s.max).optional(),
  /**
   * The fleet this solve uses (round-robin over the stations, see `fleetForScenario`); absent:
   * the scenario's robot_count, or the whole fleet. Experiments set it per point of a sweep.
   */
  robot_count: z.number().int().positive().max(10_000).optional(),
});

/** Stored parameters: complete, with the algorithm named. */
export const solveParametersSchema = solveParametersInputSchema.extend({
  algorithm_type: algorithmNameSchema,
});
export type SolveParametersRecord = z.infer<typeof solveParametersSchema>;

/**
 * Body of POST /solves. `algorithm_id` and `parameters.algorithm_type` may each be given;
 * when both are, they must name the same algorithm; when neither is, greedy_distance is used.
 */
export const solveCreateSchema = z
  .object({
    name: recordNameSchema,
    description: optionalDescriptionSchema,
    environment_id: recordReferenceSchema,
    scenario_id: recordReferenceSchema,
    task_id: recordReferenceSchema,
    algorithm_id: algorithmIdSchema.optional(),
    parameters: solveParametersInputSchema.default(solveParametersInputSchema.parse({})),
  })
  .superRefine((body, context) => {
    const named = body.parameters.algorithm_type;
    if (body.algorithm_id !== undefined && named !== undefined && ALGORITHM_IDS[named] !== body.algorithm_id) {
      context.addIssue({
        code: 'custom',
        path: ['parameters', 'algorithm_type'],
        message: `algorithm_type ${named} does not match algorithm_id ${body.algorithm_id}`,
      });
    }
  })
  .transform(({ algorithm_id, parameters, ...rest }) => {
    const algorithmId = algorithm_id ?? (parameters.algorithm_type ? ALGORITHM_IDS[parameters.algorithm_type] : 1);
    const solveParameters: SolveParametersRecord = { ...parameters, algorithm_type: algorithmNameOf(algorithmId) };
    return { ...rest, algorithm_id: algorithmId, parameters: solveParameters };
  });
export type SolveCreate = z.input<typeof solveCreateSchema>;
export type SolveCreateParsed = z.output<typeof solveCreateSchema>;

export const solveStatusValues = ['pending', 'running', 'completed', 'failed'] as const;
export const solveStatusSchema = z.enum(solveStatusValues);
export type SolveStatusValue = z.infer<typeof solveStatusSchema>;

export const solveRecordSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  description: z.string().nullable(),
  status: solveStatusSchema,
  environment_id: recordIdSchema,
  environment: environmentReferenceSchema,
  scenario_id: recordIdSchema,
  task_id: recordIdSchema,
  algorithm_id: z.number().int(),
  parameters: solveParametersSchema,
  celery_task_id: z.string().nullable(),
  /** Robot id -> steps (spec §3), nothing else; `{error}` when failed. Null until the solve ends. */
  results: z.record(z.string(), z.unknown()).nullable(),
  /** The figures of a completed solve (makespan, bound, gap, stop_reason, ...); null otherwise. */
  stats: z.record(z.string(), z.unknown()).nullable(),
  /** The plan run by all robots at once (GET /solves/{id} only; lists leave it out). */
  execution: executionSchema.nullable().optional(),
  /** Percent done and best makespan so far while running; null otherwise. */
  progress: z.record(z.string(), z.unknown()).nullable(),
  tasks: z.array(taskRecordSchema),
  ...timestampsSchema.shape,
});
export type SolveRecord = z.infer<typeof solveRecordSchema>;

/** A solve as GET /solves lists it: everything but the plan and its execution, which can weigh megabytes. */
export const solveSummarySchema = solveRecordSchema.omit({ results: true, execution: true });
export type SolveSummaryRecord = z.infer<typeof solveSummarySchema>;
