import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalDescriptionSchema, recordNameSchema, scenarioRecordSchema } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { badRequest, notFound } from '../http/api-error.ts';
import { requireUser, userOf } from '../http/authentication.ts';
import { ExperimentsRepository } from '../repositories/experiments-repository.ts';
import type { Services } from '../services/index.ts';
import { bearerSecurity, idParamsSchema, protectedErrorResponses } from './route-schemas.ts';

/** Body of PATCH /scenarios/{id}: the fields given are replaced; `parameters` as a whole. */
export const scenarioUpdateSchema = z.object({
  name: recordNameSchema.optional(),
  description: optionalDescriptionSchema.optional(),
  parameters: z
    .object({
      order_volume: z.number().int().min(1).max(1_000_000).optional(),
      robot_count: z.number().int().min(1).max(10_000).optional(),
    })
    .optional(),
});

/** Scenario edits made on the scenario page: name, description and the parameters solves use. */
export const scenarioParameterRoutes: FastifyPluginAsyncZod<{ services: Services; db: Database }> = async (
  app,
  { services, db },
) => {
  requireUser(app, services.auth);
  const repository = new ExperimentsRepository(db);

  app.patch(
    '/scenarios/:id',
    {
      schema: {
        tags: ['scenarios'],
        summary: 'Edit a scenario’s name, description or parameters',
        description:
          '`parameters` replaces the stored object: `robot_count` (1 to the robots of the environment; absent = ' +
          'all robots) is the fleet solves of the scenario use, `order_volume` the default number of pairs to generate.',
        security: bearerSecurity,
        params: idParamsSchema,
        body: scenarioUpdateSchema,
        response: { 200: scenarioRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const scenario = await repository.scenarioWithFleet(userId, request.params.id);
      if (!scenario) throw notFound('Scenario');
      const robotCount = request.body.parameters?.robot_count;
      if (robotCount !== undefined && robotCount > scenario.robotsInEnvironment) {
        throw badRequest(
          `body.parameters.robot_count: ${robotCount} robots asked, but the environment has ${scenario.robotsInEnvironment}`,
        );
      }
      await repository.updateScenario(userId, scenario.id, request.body, services.clock());
      const updated = await services.scenarios.get(userId, scenario.id);
      if (!updated) throw notFound('Scenario');
      return updated;
    },
  );
};
