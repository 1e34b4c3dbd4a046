import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { environmentCreateSchema, environmentRecordSchema, environmentSummarySchema, errorBodySchema } from '@fleetlab/warehouse';
import { notFound } from '../http/api-error.ts';
import { requireUser, userOf } from '../http/authentication.ts';
import type { Services } from '../services/index.ts';
import { bearerSecurity, idParamsSchema, protectedErrorResponses } from './route-schemas.ts';

/** A 50x50 layout with a dense navigation graph is a few MiB of JSON. */
export const ENVIRONMENT_BODY_LIMIT = 8 * 1024 * 1024;

export const environmentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  requireUser(app, services.auth);
  const environments = services.environments;

  app.get(
    '/environments',
    {
      schema: {
        tags: ['environments'],
        summary: "The caller's environments, newest first",
        description: 'Each environment without its navigation graph, which GET /environments/{id} returns.',
        security: bearerSecurity,
        response: { 200: z.array(environmentSummarySchema), ...protectedErrorResponses },
      },
    },
    async (request) => environments.list(userOf(request).id),
  );

  app.get(
    '/environments/:id',
    {
      schema: {
        tags: ['environments'],
        summary: 'One environment with its dimensions, elements and navigation graph',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: environmentRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request) => {
      const environment = await environments.get(userOf(request).id, request.params.id);
      if (!environment) throw notFound('Environment');
      return environment;
    },
  );

  app.post(
    '/environments',
    {
      bodyLimit: ENVIRONMENT_BODY_LIMIT,
      schema: {
        tags: ['environments'],
        summary: 'Create an environment',
        description:
          'Stores the layout drawn in the grid editor. The navigation graph is checked against the layout; ' +
          'a bad graph answers 400 naming the first bad edge. Bodies may be up to 8 MiB (413 beyond).',
        security: bearerSecurity,
        body: environmentCreateSchema,
        response: { 201: environmentRecordSchema, ...protectedErrorResponses, 413: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await environments.create(userOf(request).id, request.body)),
  );

  app.delete(
    '/environments/:id',
    {
      schema: {
        tags: ['environments'],
        summary: 'Delete an environment and everything built on it',
        description:
          'Cascades: the environment, its scenarios, their tasks and every solve on them are deleted together ' +
          'in one transaction (no orphan rows are left). Answers 204.',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 204: z.undefined().describe('Deleted'), ...protectedErrorResponses },
      },
    },
    async (request, reply) => {
      const deleted = await environments.delete(userOf(request).id, request.params.id);
      if (!deleted) throw notFound('Environment');
      return reply.code(204).send();
    },
  );
};
