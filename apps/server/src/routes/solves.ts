import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordReferenceSchema, solveCreateSchema, solveRecordSchema } from '@fleetlab/warehouse';
import { notFound } from '../http/api-error.ts';
import { requireUser, userOf } from '../http/authentication.ts';
import type { Services } from '../services/index.ts';
import { bearerSecurity, idParamsSchema, protectedErrorResponses } from './route-schemas.ts';

export const solveRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  requireUser(app, services.auth);
  const solves = services.solves;

  app.get(
    '/solves',
    {
      schema: {
        tags: ['solves'],
        summary: "The caller's solves, newest first, optionally of one environment and/or scenario",
        security: bearerSecurity,
        querystring: z.object({
          environment_id: recordReferenceSchema.optional(),
          scenario_id: recordReferenceSchema.optional(),
        }),
        response: { 200: z.array(solveRecordSchema), ...protectedErrorResponses },
      },
    },
    async (request) =>
      solves.list(userOf(request).id, {
        environmentId: request.query.environment_id,
        scenarioId: request.query.scenario_id,
      }),
  );

  app.get(
    '/solves/:id',
    {
      schema: {
        tags: ['solves'],
        summary: 'One solve with its status, parameters, results and task',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: solveRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request) => {
      const solve = await solves.get(userOf(request).id, request.params.id);
      if (!solve) throw notFound('Solve');
      return solve;
    },
  );

  app.post(
    '/solves',
    {
      schema: {
        tags: ['solves'],
        summary: 'Create a solve (stored as pending)',
        description:
          'Missing parameters take the defaults (time_limit 300, battery_capacity 100, max_distance 1000, ' +
          'robot_speed 1, recharge_time 3, balance_factor 50, objective_weights {completion_time: 100}); ' +
          'algorithm_id 1-7 or parameters.algorithm_type name the algorithm (greedy_distance by default). ' +
          'The environment, scenario and task must be the caller’s (404), the task must belong to the scenario ' +
          'and the scenario to the environment (400).',
        security: bearerSecurity,
        body: solveCreateSchema,
        response: { 201: solveRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await solves.create(userOf(request).id, request.body)),
  );

  app.delete(
    '/solves/:id',
    {
      schema: {
        tags: ['solves'],
        summary: 'Delete a solve',
        description: 'Answers 204.',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 204: z.undefined().describe('Deleted'), ...protectedErrorResponses },
      },
    },
    async (request, reply) => {
      const deleted = await solves.delete(userOf(request).id, request.params.id);
      if (!deleted) throw notFound('Solve');
      return reply.code(204).send();
    },
  );
};
