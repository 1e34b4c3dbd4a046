import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  environmentCreateSchema,
  environmentRecordSchema,
  environmentSummarySchema,
  errorBodySchema,
  recordReferenceSchema,
} from '@fleetlab/warehouse';
import { notFound } from '../http/api-error.ts';
import { sendList } from '../http/finished-body-reply.ts';
import { requireUser, userOf } from '../http/authentication.ts';
import { perAccountLimit } from '../http/call-limits.ts';
import {
  bearerSecurity,
  idParamsSchema,
  notModifiedSchema,
  protectedErrorResponses,
  type RouteDependencies,
} from './route-schemas.ts';

/**
 * The largest layout the spec allows, sent with the full graph of spec §5 (every visible pair,
 * as the spec's own client sends it): a 50 x 50 floor with a station of 10 robots on every usable
 * cell of the top row (48 stations, 480 robots; 464,306 edges) is 19.5 MB of JSON. The robots'
 * pairs make most of it, so this is the bound for any floor with that fleet; the graph is stored
 * pruned (about 2 MB).
 */
export const ENVIRONMENT_BODY_LIMIT = 24 * 1024 * 1024;

export const environmentRoutes: FastifyPluginAsyncZod<RouteDependencies> = async (app, { services, callLimits }) => {
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
        response: { 200: z.array(environmentSummarySchema), 304: notModifiedSchema, ...protectedErrorResponses },
      },
    },
    async (request, reply) =>
      sendList(request, reply, services.lists, environments, (userId) => environments.list(userId)),
  );

  app.get(
    '/environments/:id',
    {
      schema: {
        tags: ['environments'],
        summary: 'One environment with its dimensions, elements, navigation graph and problems',
        description:
          '`problems` lists the layout rules the stored environment breaks (`errors`: its solves fail naming them) ' +
          'and findings that leave it usable (`warnings`), each with the element, the rule and a sentence.',
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

  app.get(
    '/environments/:id/versions/:version',
    {
      schema: {
        tags: ['environments'],
        summary: 'One environment as it was at one version',
        description:
          'The layout (dimensions, elements, graph) the environment had at `version`, with its name and description ' +
          'as they are now, `updated_at` when that layout was saved and `latest_version` the newest. The solves, ' +
          'scenarios and experiments made on it name it in `environment_version`. 404 for a version it never had.',
        security: bearerSecurity,
        params: idParamsSchema.extend({ version: recordReferenceSchema }),
        response: { 200: environmentRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request) => {
      const { id, version } = request.params;
      const environment = await environments.getVersion(userOf(request).id, id, version);
      if (!environment) throw notFound('Environment version');
      return environment;
    },
  );

  app.post(
    '/environments',
    {
      config: perAccountLimit(callLimits.createEnvironment),
      bodyLimit: ENVIRONMENT_BODY_LIMIT,
      schema: {
        tags: ['environments'],
        summary: 'Create an environment',
        description:
          'Stores the layout drawn in the grid editor. The layout must keep the editor’s rules (spec §5): every ' +
          'element inside the grid, no overlapping shelves, nothing on a shelf cell, dropoffs and stations on cell ' +
          'centres, pickups on the side of a shelf that exists, robots parked on a station that exists, unique ids; ' +
          'each broken rule answers 400 naming the element, e.g. `body.elements.shelves.1: Shelf S2 overlaps shelf S1`. ' +
          'The graph’s nodes must be the layout’s and its edges must fit it (400 naming the first bad node or edge). ' +
          'The graph is stored pruned: edges implied by two shorter ones are dropped, every shortest distance stays. ' +
          'Bodies may be up to 24 MiB (the full graph of the largest layout; 413 beyond).',
        security: bearerSecurity,
        body: environmentCreateSchema,
        response: { 201: environmentRecordSchema, ...protectedErrorResponses, 413: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await environments.create(userOf(request).id, request.body)),
  );

  app.put(
    '/environments/:id',
    {
      config: perAccountLimit(callLimits.createEnvironment),
      bodyLimit: ENVIRONMENT_BODY_LIMIT,
      schema: {
        tags: ['environments'],
        summary: 'Save an edited layout as the next version',
        description:
          'Takes the body of POST /environments and checks it the same way (the same 400s). The environment keeps ' +
          'its id and gets `version` one higher; its earlier layouts stay readable at ' +
          '/environments/{id}/versions/{version}, and the solves, scenarios and experiments made on them keep them ' +
          '(their `environment_version`; `environment_latest_version` says a newer one exists). New solves, ' +
          'scenarios and experiments use the newest version.',
        security: bearerSecurity,
        params: idParamsSchema,
        body: environmentCreateSchema,
        response: { 200: environmentRecordSchema, ...protectedErrorResponses, 413: errorBodySchema },
      },
    },
    async (request) => {
      const environment = await environments.update(userOf(request).id, request.params.id, request.body);
      if (!environment) throw notFound('Environment');
      return environment;
    },
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
