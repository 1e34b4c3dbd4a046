import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordReferenceSchema, taskBatchCreateSchema, taskRecordSchema } from '@fleetlab/warehouse';
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

export const TASK_BATCH_BODY_LIMIT = 8 * 1024 * 1024;

export const taskRoutes: FastifyPluginAsyncZod<RouteDependencies> = async (app, { services }) => {
  requireUser(app, services.auth);
  const tasks = services.tasks;

  app.get(
    '/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: "The caller's tasks, newest first, optionally of one scenario",
        security: bearerSecurity,
        querystring: z.object({ scenario_id: recordReferenceSchema.optional() }),
        response: { 200: z.array(taskRecordSchema), 304: notModifiedSchema, ...protectedErrorResponses },
      },
    },
    async (request, reply) =>
      sendList(request, reply, services.lists, tasks, (userId) =>
        tasks.list(userId, { scenarioId: request.query.scenario_id }),
      ),
  );

  app.get(
    '/tasks/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'One task',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: taskRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request) => {
      const task = await tasks.get(userOf(request).id, request.params.id);
      if (!task) throw notFound('Task');
      return task;
    },
  );

  app.post(
    '/tasks/batch',
    {
      // A day of 20,000 pairs is about 0.5 MiB of JSON; room for a few such tasks in one batch.
      bodyLimit: TASK_BATCH_BODY_LIMIT,
      schema: {
        tags: ['tasks'],
        summary: 'Store a list of tasks, all or nothing',
        description:
          'The whole list is stored in one transaction: one bad task stores none. Every task’s scenario must be ' +
          'one of the caller’s (404 otherwise) and every [pickup, dropoff] pair must name points of that ' +
          'scenario’s environment (400 otherwise). New tasks are `pending`.',
        security: bearerSecurity,
        body: taskBatchCreateSchema,
        response: { 201: z.array(taskRecordSchema), ...protectedErrorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await tasks.createBatch(userOf(request).id, request.body)),
  );

  app.delete(
    '/tasks/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Delete a task and the solves made of it',
        description: 'Cascades: the task and every solve of it are deleted together in one transaction. Answers 204.',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 204: z.undefined().describe('Deleted'), ...protectedErrorResponses },
      },
    },
    async (request, reply) => {
      const deleted = await tasks.delete(userOf(request).id, request.params.id);
      if (!deleted) throw notFound('Task');
      return reply.code(204).send();
    },
  );
};
