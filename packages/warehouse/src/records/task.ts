import { z } from 'zod';
import { pointSchema } from './geometry.ts';
import {
  optionalDescriptionSchema,
  singleLineTextSchema,
  recordIdSchema,
  recordNameSchema,
  recordReferenceSchema,
  timestampsSchema,
} from './common.ts';

export const taskTypeValues = ['pickup', 'delivery', 'pickup_delivery'] as const;
export const taskTypeSchema = z.enum(taskTypeValues);
export type TaskTypeValue = z.infer<typeof taskTypeSchema>;

/** One delivery: a pickup point id and a dropoff id, e.g. `["P7", "D1"]`. */
const pointId = singleLineTextSchema(64).pipe(z.string().min(1));
export const pickupDropoffPairSchema = z.tuple([pointId, pointId]);
export type PickupDropoffPairRecord = z.infer<typeof pickupDropoffPairSchema>;

/** The largest day a planner can load: 20,000 orders on the spec's largest floor. */
export const MAX_PAIRS_PER_TASK = 20_000;

export const taskDetailsSchema = z
  .object({
    start_point: pointSchema.optional(),
    end_point: pointSchema.optional(),
    priority: z.union([z.number().finite(), singleLineTextSchema(32)]).optional(),
    tasks: z
      .array(pickupDropoffPairSchema)
      .max(MAX_PAIRS_PER_TASK, `A task holds at most ${MAX_PAIRS_PER_TASK} pairs`)
      .optional(),
    /**
     * When each pair is released in a shift, in seconds from its start (a CSV import's
     * `release_s` column): one per pair of `tasks`. Absent: a shift draws its orders from the
     * pairs at its own rate, and a day's solve knows them all at t = 0.
     */
    release_s: z.array(z.number().finite().min(0, 'release_s cannot be negative')).max(MAX_PAIRS_PER_TASK).optional(),
    additional_details: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((details, context) => {
    if (details.release_s !== undefined && details.release_s.length !== (details.tasks?.length ?? 0)) {
      context.addIssue({
        code: 'custom',
        path: ['release_s'],
        message: `release_s needs one time per pair: ${details.tasks?.length ?? 0} pairs, ${details.release_s.length} times`,
      });
    }
  });
export type TaskDetailsRecord = z.infer<typeof taskDetailsSchema>;

/** One task of the body of POST /tasks/batch (a generated task plus its scenario). */
export const taskCreateSchema = z.object({
  name: recordNameSchema,
  description: optionalDescriptionSchema,
  task_type: taskTypeSchema.default('pickup_delivery'),
  scenario_id: recordReferenceSchema,
  details: taskDetailsSchema.default({}),
});
export type TaskCreate = z.input<typeof taskCreateSchema>;

/** Body of POST /tasks/batch: stored all together or not at all. */
export const MAX_TASKS_PER_BATCH = 1000;
export const taskBatchCreateSchema = z.array(taskCreateSchema).min(1).max(MAX_TASKS_PER_BATCH);

export const taskRecordSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  description: z.string().nullable(),
  task_type: taskTypeSchema,
  scenario_id: recordIdSchema,
  status: z.string(),
  details: taskDetailsSchema,
  ...timestampsSchema.shape,
});
export type TaskRecord = z.infer<typeof taskRecordSchema>;
