import { z } from 'zod';
import {
  optionalDescriptionSchema,
  recordIdSchema,
  recordNameSchema,
  recordReferenceSchema,
  timestampsSchema,
} from './common.ts';
import { environmentReferenceSchema, environmentVersionFieldsSchema } from './environment.ts';
import { ALGORITHM_IDS, algorithmIdSchema, algorithmNameOf, DEFAULT_ALGORITHM } from './algorithms.ts';
import { executionSchema } from './execution.ts';
import { failedResultsSchema, planResultsSchema, solveStatsSchema } from './plan.ts';
import { solveParametersInputSchema, solveParametersSchema, type SolveParametersRecord } from './solve-parameters.ts';
import { taskRecordSchema } from './task.ts';

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
    const algorithmId =
      algorithm_id ??
      (parameters.algorithm_type ? ALGORITHM_IDS[parameters.algorithm_type] : ALGORITHM_IDS[DEFAULT_ALGORITHM]);
    const solveParameters: SolveParametersRecord = { ...parameters, algorithm_type: algorithmNameOf(algorithmId) };
    return { ...rest, algorithm_id: algorithmId, parameters: solveParameters };
  });
export type SolveCreate = z.input<typeof solveCreateSchema>;
export type SolveCreateParsed = z.output<typeof solveCreateSchema>;

/** A solve's `results`: the plan, or the error of a failed solve. */
export const solveResultsSchema = z.union([planResultsSchema, failedResultsSchema]);
export type SolveResultsRecord = z.infer<typeof solveResultsSchema>;

export const solveStatusValues = ['pending', 'running', 'completed', 'failed'] as const;

/**
 * A solve's error (`results.error`, status `failed`) when the user stopped it before it ended:
 * POST /solves/{id}/cancel, or the cancel of the experiment it is a point of.
 */
export const CANCELLED_BY_USER_ERROR = 'Cancelled by the user';
export const solveStatusSchema = z.enum(solveStatusValues);
export type SolveStatusValue = z.infer<typeof solveStatusSchema>;

export const solveRecordSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  description: z.string().nullable(),
  status: solveStatusSchema,
  environment_id: recordIdSchema,
  environment: environmentReferenceSchema,
  ...environmentVersionFieldsSchema.shape,
  scenario_id: recordIdSchema,
  task_id: recordIdSchema,
  algorithm_id: z.number().int(),
  /** The experiment this solve is a point of (absent for a solve of its own): lists show points under their experiment. */
  experiment_id: recordIdSchema.optional(),
  parameters: solveParametersSchema,
  celery_task_id: z.string().nullable(),
  /** Robot id -> steps (spec §3), nothing else; `{error}` when failed. Null until the solve ends. */
  results: solveResultsSchema.nullable(),
  /** The figures of a completed solve (makespan, bound, gap, stop_reason, ...); null otherwise. */
  stats: solveStatsSchema.nullable(),
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
