import { z } from 'zod';
import {
  optionalDescriptionSchema,
  recordIdSchema,
  recordNameSchema,
  recordReferenceSchema,
  timestampsSchema,
} from './common.ts';
import { environmentReferenceSchema, environmentVersionFieldsSchema } from './environment.ts';

/** A scenario's parameters; stored ones may be 0, an edit asks for at least 1. */
const scenarioParametersAtLeast = (minimum: 0 | 1) =>
  z.object({
    order_volume: z.number().int().min(minimum).max(1_000_000).optional(),
    robot_count: z.number().int().min(minimum).max(10_000).optional(),
  });

export const scenarioParametersSchema = scenarioParametersAtLeast(0);
export type ScenarioParametersRecord = z.infer<typeof scenarioParametersSchema>;

/**
 * Body of POST /scenarios. The form sends `parameters` empty (spec §5): the drawn fleet. A fleet
 * asked for is at least 1 robot (a scenario of none could never be solved).
 */
export const scenarioCreateSchema = z.object({
  name: recordNameSchema,
  description: optionalDescriptionSchema,
  environment_id: recordReferenceSchema,
  parameters: scenarioParametersSchema
    .extend({ robot_count: scenarioParametersAtLeast(1).shape.robot_count })
    .nullish()
    .transform((value) => value ?? {}),
});
export type ScenarioCreate = z.input<typeof scenarioCreateSchema>;

/**
 * Body of PATCH /scenarios/{id}: the given fields replace the stored ones (`parameters` as a
 * whole). Order volume and fleet size are at least 1 here; the fleet is also held to the
 * most the environment's floor can take (`robotCountProblem`).
 */
export const scenarioUpdateSchema = z.object({
  name: recordNameSchema.optional(),
  description: optionalDescriptionSchema.optional(),
  parameters: scenarioParametersAtLeast(1).optional(),
});
export type ScenarioUpdate = z.input<typeof scenarioUpdateSchema>;
export type ScenarioUpdateParsed = z.output<typeof scenarioUpdateSchema>;

export const scenarioRecordSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  description: z.string().nullable(),
  environment_id: recordIdSchema,
  environment: environmentReferenceSchema,
  ...environmentVersionFieldsSchema.shape,
  parameters: scenarioParametersSchema,
  ...timestampsSchema.shape,
});
export type ScenarioRecord = z.infer<typeof scenarioRecordSchema>;
