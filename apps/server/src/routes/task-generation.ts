import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@fleetlab/warehouse';
import {
  buildTaskPreview,
  DEMAND_PROFILES,
  describeMissingTaskPoints,
  generatorHeaderValue,
  isTaskGenerationError,
  type GenerationEnvironment,
  type GenerationScenario,
  type TaskGenerationRequest,
  type TaskGenerator,
} from '../services/task-generation/index.ts';

export const MAX_GENERATED_TASKS = 1000;
export const DEFAULT_GENERATED_TASKS = 5;

export interface TaskGenerationRouteOptions {
  generator: TaskGenerator;
  /** The scenario with its environment, or null when it does not exist or belongs to someone else. */
  findScenarioWithEnvironment(
    userId: number,
    scenarioId: number,
  ): Promise<{ scenario: GenerationScenario; environment: GenerationEnvironment } | null>;
  /** The signed-in user; throws (401) when there is none. */
  getUserId(request: FastifyRequest): number | Promise<number>;
  /**
   * Installs the host's authentication on this plugin's routes, e.g.
   * `(scope) => requireUser(scope, services.auth)`; runs before the query is read.
   */
  authenticate?: (scope: FastifyInstance) => void;
}

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
  name: z.string({ error: 'must be text' }).trim().max(200, { error: 'must be at most 200 characters' }).optional(),
  description: z.string({ error: 'must be text' }).max(5000, { error: 'must be at most 5000 characters' }).optional(),
  // Built-in generator only: choose the demand profile or the seed explicitly.
  profile: z.enum(DEMAND_PROFILES, { error: `must be one of ${DEMAND_PROFILES.join(', ')}` }).optional(),
  seed: wholeNumber(SEED_RULE)
    .min(0, { error: `must be ${SEED_RULE}` })
    .max(0xffffffff, { error: `must be ${SEED_RULE}` })
    .optional(),
});

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

/** `querystring.num_tasks: must be ...`, the same form the app's error handler gives. */
function validationDetail(error: {
  message: string;
  validation?: ReadonlyArray<{ instancePath?: string; message?: string }>;
}): string {
  const problems = (error.validation ?? []).map((issue) => {
    const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    return `querystring${field ? `.${field}` : ''}: ${issue.message ?? 'Invalid value'}`;
  });
  return [...new Set(problems)].join('; ') || error.message;
}

/**
 * POST /tasks/generate: a preview of generated tasks, stored nowhere (POST /tasks/batch
 * saves them). The body is the list of tasks, as spec §7 has it; which generator made
 * them is in each task's details.additional_details.generator and in X-Task-Generator.
 * The plugin answers its own errors as `{ detail }`, so it behaves the same in any host.
 */
export const taskGenerationRoutes: FastifyPluginAsyncZod<TaskGenerationRouteOptions> = async (app, options) => {
  options.authenticate?.(app);
  // Scoped to this plugin (it is not wrapped in fastify-plugin).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The spec's client posts with an empty body; an empty JSON body must not be a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('body: Request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  app.post(
    '/tasks/generate',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Preview generated pickup-and-delivery tasks (stores nothing)',
        description:
          'Returns a list holding one unsaved task whose details.tasks has num_tasks [pickup_id, dropoff_id] pairs ' +
          "drawn from the scenario's environment. The generator (built-in, or the configured language model) is named " +
          'in details.additional_details.generator and in the X-Task-Generator header. Save with POST /tasks/batch. ' +
          'A language model that fails (invalid answer twice, timeout, error status) answers 502; there is no fallback.',
        security: [{ bearerAuth: [] }],
        querystring: generateTasksQuerySchema,
        response: {
          200: z.array(taskPreviewSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          502: errorBodySchema,
        },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const userId = await options.getUserId(request);
      if (request.validationError) {
        return reply.code(400).send({ detail: validationDetail(request.validationError) });
      }
      const query = request.query;
      const found = await options.findScenarioWithEnvironment(userId, query.scenario_id);
      if (!found) return reply.code(404).send({ detail: 'Scenario not found' });

      const missing = describeMissingTaskPoints(found.environment);
      if (missing) return reply.code(400).send({ detail: missing });

      const generationRequest: TaskGenerationRequest = {
        scenario: found.scenario,
        environment: found.environment,
        numTasks: query.num_tasks,
        name: query.name || undefined,
        description: query.description || undefined,
        profile: query.profile,
        seed: query.seed,
      };
      try {
        const generated = await options.generator.generate(generationRequest);
        reply.header('X-Task-Generator', generatorHeaderValue(generated.generator));
        return reply.code(200).send([buildTaskPreview(generationRequest, generated)]);
      } catch (error) {
        if (isTaskGenerationError(error)) {
          request.log.warn({ err: error.cause ?? error }, error.message);
          return reply.code(502).send({ detail: error.message });
        }
        throw error;
      }
    },
  );
};
