import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recordReferenceSchema,
  scenarioCreateSchema,
  scenarioRecordSchema,
  scenarioUpdateSchema,
} from '@fleetlab/warehouse';
import { notFound } from '../http/api-error.ts';
import { sendList } from '../http/finished-body-reply.ts';
import { requireUser, userOf } from '../http/authentication.ts';
import {
  bearerSecurity,
  idParamsSchema,
  notModifiedSchema,
  protectedErrorResponses,
  type RouteDependencies,
} from './route-schemas.ts';

export const scenarioRoutes: FastifyPluginAsyncZod<RouteDependencies> = async (app, { services }) => {
  requireUser(app, services.auth);
  const scenarios = services.scenarios;

  app.get(
    '/scenarios',
    {
      schema: {
        tags: ['scenarios'],
        summary: "The caller's scenarios, newest first, optionally of one environment",
        security: bearerSecurity,
        querystring: z.object({ environment_id: recordReferenceSchema.optional() }),
        response: { 200: z.array(scenarioRecordSchema), 304: notModifiedSchema, ...protectedErrorResponses },
      },
    },
    async (request, reply) =>
      sendList(request, reply, services.lists, scenarios, (userId) =>
        scenarios.list(userId, { environmentId: request.query.environment_id }),
      ),
  );

  app.get(
    '/scenarios/:id',
    {
      schema: {
        tags: ['scenarios'],
        summary: 'One scenario',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: scenarioRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request) => {
      const scenario = await scenarios.get(userOf(request).id, request.params.id);
      if (!scenario) throw notFound('Scenario');
      return scenario;
    },
  );

  app.post(
    '/scenarios',
    {
      schema: {
        tags: ['scenarios'],
        summary: 'Create a scenario on one of the caller’s environments',
        description: 'An environment_id that is not one of the caller’s environments answers 404.',
        security: bearerSecurity,
        body: scenarioCreateSchema,
        response: { 201: scenarioRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await scenarios.create(userOf(request).id, request.body)),
  );

  app.patch(
    '/scenarios/:id',
    {
      schema: {
        tags: ['scenarios'],
        summary: 'Edit a scenario’s name, description or parameters',
        description:
          '`parameters` replaces the stored object: `robot_count` (1 to the most the floor can park, beyond the drawn robots; absent = ' +
          'the drawn robots) is the fleet solves of the scenario use, `order_volume` the default number of pairs to generate.',
        security: bearerSecurity,
        params: idParamsSchema,
        body: scenarioUpdateSchema,
        response: { 200: scenarioRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request) => {
      const scenario = await scenarios.update(userOf(request).id, request.params.id, request.body);
      if (!scenario) throw notFound('Scenario');
      return scenario;
    },
  );

  app.delete(
    '/scenarios/:id',
    {
      schema: {
        tags: ['scenarios'],
        summary: 'Delete a scenario and everything built on it',
        description:
          'Cascades: the scenario, its tasks and every solve on it are deleted together in one transaction. Answers 204.',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 204: z.undefined().describe('Deleted'), ...protectedErrorResponses },
      },
    },
    async (request, reply) => {
      const deleted = await scenarios.delete(userOf(request).id, request.params.id);
      if (!deleted) throw notFound('Scenario');
      return reply.code(204).send();
    },
  );
};
