import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, multiLineTextSchema, singleLineTextSchema } from '@fleetlab/warehouse';
import { notFound } from '../http/api-error.ts';
import { requireUser, userOf } from '../http/authentication.ts';
import { perAccountLimit } from '../http/call-limits.ts';
import { DEMAND_PROFILES, generatorHeaderValue } from '../services/task-generation/index.ts';
import { bearerSecurity, type RouteDependencies } from './route-schemas.ts';

export const MAX_GENERATED_TASKS = 1000;
export const DEFAULT_GENERATED_TASKS = 5;

const wholeNumber = (rule: string) => {
  const error = `must be ${rule}`;
  return z.coerce.number<unknown>({ error }).int({ error });
};
const SCENARIO_RULE = 'the id of one of your scenarios (a positive whole number)';
const NUM_TASKS_RULE = `a whole number from 1 to ${MAX_GENERATED_TASKS}`;
const SEED_RULE = 'a whole number from 0 to 4294967295';

export const generateTasksQuerySchema = z.object({
  scenario_id: wholeNumber(SCENARIO_RULE).positive({ error: `must be ${SCENARIO_RULE}` }),
  num_tasks: wholeNumber(NUM_TASKS_RULE)
    .min(1, { error: `must be ${NUM_TASKS_RULE}` })
    .max(MAX_GENERATED_TASKS, { error: `must be ${NUM_TASKS_RULE}` })
    .default(DEFAULT_GENERATED_TASKS),
  task_type: z
    .literal('pickup_delivery', { error: 'must be pickup_delivery: only pickup-and-delivery tasks are generated' })
    .default('pickup_delivery'),
  name: z
    .string({ error: 'must be text' })
    .trim()
    .max(200, { error: 'must be at most 200 characters' })
    .pipe(singleLineTextSchema(200))
    .optional(),
  description: z
    .string({ error: 'must be text' })
    .max(5000, { error: 'must be at most 5000 characters' })
    .pipe(multiLineTextSchema(5000))
    .optional(),
  // Built-in generator only: choose the demand profile or the seed explicitly.
  profile: z.enum(DEMAND_PROFILES, { error: `must be one of ${DEMAND_PROFILES.join(', ')}` }).optional(),
  seed: wholeNumber(SEED_RULE)
    .min(0, { error: `must be ${SEED_RULE}` })
    .max(0xffffffff, { error: `must be ${SEED_RULE}` })
    .optional(),
});

export const generatorInUseSchema = z.object({ kind: z.enum(['builtin', 'llm']), model: z.string().nullable() });

const pointSchema = z.tuple([z.number(), z.number()]);
export const taskPreviewSchema = z.object({
  name: z.string(),
  description: z.string(),
  task_type: z.literal('pickup_delivery'),
  scenario_id: z.number().int(),
  details: z.object({
    tasks: z.array(z.tuple([z.string(), z.string()])),
    start_point: pointSchema,
    end_point: pointSchema,
    priority: z.string(),
    additional_details: z.record(z.string(), z.unknown()),
  }),
});

/**
 * POST /tasks/generate: a preview of generated tasks, stored nowhere (POST /tasks/batch
 * saves them). The body is the list of tasks, as spec §7 has it; which generator made
 * them is in each task's details.additional_details.generator and in X-Task-Generator.
 */
export const taskGenerationRoutes: FastifyPluginAsyncZod<RouteDependencies> = async (app, { services, callLimits }) => {
  requireUser(app, services.auth);

  app.get(
    '/tasks/generator',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Which generator POST /tasks/generate runs',
        description:
          '`builtin` (the seeded built-in generator; set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL to use a language model) ' +
          'or `llm` with the configured `model`.',
        security: bearerSecurity,
        response: { 200: generatorInUseSchema, 401: errorBodySchema },
      },
    },
    async () => services.taskGeneration.generatorInUse(),
  );

  app.post(
    '/tasks/generate',
    {
      config: perAccountLimit(callLimits.generateTasks),
      schema: {
        tags: ['tasks'],
        summary: 'Preview generated pickup-and-delivery tasks (stores nothing)',
        description:
          'Returns a list holding one unsaved task whose details.tasks has num_tasks [pickup_id, dropoff_id] pairs ' +
          "drawn from the scenario's environment. The generator (built-in, or the configured language model) is named " +
          'in details.additional_details.generator and in the X-Task-Generator header. Save with POST /tasks/batch. ' +
          'A language model that fails (invalid answer twice, timeout, error status) answers 502; there is no fallback.',
        security: bearerSecurity,
        querystring: generateTasksQuerySchema,
        response: {
          200: z.array(taskPreviewSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const generated = await services.taskGeneration.preview(userOf(request).id, {
        scenarioId: query.scenario_id,
        numTasks: query.num_tasks,
        name: query.name,
        description: query.description,
        profile: query.profile,
        seed: query.seed,
      });
      if (!generated) throw notFound('Scenario');
      reply.header('X-Task-Generator', generatorHeaderValue(generated.generator));
      return [generated.preview];
    },
  );
};
