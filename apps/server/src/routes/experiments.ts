import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_CYCLE_P95_TARGET_S,
  experimentCreateSchema,
  experimentPointsAddSchema,
  experimentRecordSchema,
  MAX_SWEEP_POINTS,
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

export const experimentRoutes: FastifyPluginAsyncZod<RouteDependencies> = async (app, { services, callLimits }) => {
  requireUser(app, services.auth);
  const experiments = services.experiments;

  app.get(
    '/experiments',
    {
      schema: {
        tags: ['experiments'],
        summary: "The caller's experiments, newest first, with their points",
        security: bearerSecurity,
        response: { 200: z.array(experimentRecordSchema), 304: notModifiedSchema, ...protectedErrorResponses },
      },
    },
    async (request, reply) =>
      sendList(request, reply, services.lists, experiments, (userId) => experiments.list(userId)),
  );

  app.get(
    '/experiments/:id',
    {
      schema: {
        tags: ['experiments'],
        summary: 'One experiment with its points, their solve status and figures, and its progress',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: experimentRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request) => {
      const experiment = await experiments.get(userOf(request).id, request.params.id);
      if (!experiment) throw notFound('Experiment');
      return experiment;
    },
  );

  app.post(
    '/experiments',
    {
      config: perAccountLimit(callLimits.createExperiment),
      schema: {
        tags: ['experiments'],
        summary:
          'Create a fleet sweep, an algorithm comparison, a charger sweep, a rate sweep or a robot-model comparison: one solve per point',
        description:
          'A fleet_sweep takes `algorithm` and 1-30 distinct `robot_counts` (1 to the most the floor can park: robots beyond the drawn ones park beside their stations); ' +
          'an algorithm_comparison takes 2-7 distinct `algorithms` and runs on the scenario’s robot_count; ' +
          'a charger_sweep takes `algorithm` and 1-10 distinct `charger_counts` (chargers per station) and runs on the ' +
          'scenario’s robot_count; a rate_sweep takes `algorithm`, 1-30 distinct `rates` (orders per hour) and ' +
          '`parameters.shift` without a profile, runs on the scenario’s robot_count, and gives each point its rate as ' +
          '`parameters.shift.orders_per_hour` (so the body may leave it out); a robot_model_comparison takes `algorithm` and 2-6 ' +
          '`robot_models` (preset names or custom figures, distinct names; `parameters.robot_model` stays unset), optionally ' +
          '`robot_counts` (each model runs at each count, 30 points at most; else on the scenario’s robot_count) and a target, ' +
          '`target_makespan_s` (a day) or `target_throughput_per_h` (a shift), for "the fewest robots each model needs". ' +
          'With `parameters.shift` every point runs a shift, and ' +
          `\`cycle_p95_target_s\` (default ${DEFAULT_CYCLE_P95_TARGET_S} s) is the P95 cycle time its answers hold the points to. ` +
          '`parameters` are solve parameters as for POST /solves (defaults of spec §9). Every point is an ' +
          'ordinary solve, queued like POST /solves. The scenario and task must be the caller’s (404) and the ' +
          'task must belong to the scenario (400).',
        security: bearerSecurity,
        body: experimentCreateSchema,
        response: { 201: experimentRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await experiments.create(userOf(request).id, request.body)),
  );

  app.post(
    '/experiments/:id/points',
    {
      config: perAccountLimit(callLimits.createExperiment),
      schema: {
        tags: ['experiments'],
        summary: 'Continue a sweep with more points: one more solve per new value',
        description:
          'Test more when the answer is the largest value tested: a fleet_sweep takes new `robot_counts` (held to the ' +
          'most the floor can park), a charger_sweep new `charger_counts`, a rate_sweep new `rates`. Each value must ' +
          `be new to the sweep, ${MAX_SWEEP_POINTS} points at most in all; the new points run with the sweep's ` +
          'algorithm, settings and fleet, and are appended to its points. 400 for an algorithm_comparison or a ' +
          'cancelled experiment.',
        security: bearerSecurity,
        params: idParamsSchema,
        body: experimentPointsAddSchema,
        response: { 200: experimentRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request) => {
      const experiment = await experiments.addPoints(userOf(request).id, request.params.id, request.body);
      if (!experiment) throw notFound('Experiment');
      return experiment;
    },
  );

  app.post(
    '/experiments/:id/cancel',
    {
      schema: {
        tags: ['experiments'],
        summary: 'Cancel the unfinished points',
        description:
          "Pending and running solves of the experiment become failed with the error 'Cancelled by the user'; their queued jobs are withdrawn and running solvers stop before the answer.",
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: experimentRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request) => {
      const experiment = await experiments.cancel(userOf(request).id, request.params.id);
      if (!experiment) throw notFound('Experiment');
      return experiment;
    },
  );

  app.delete(
    '/experiments/:id',
    {
      schema: {
        tags: ['experiments'],
        summary: 'Delete an experiment and its solves',
        description: 'Running solves of the experiment are cancelled first. Answers 204.',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 204: z.undefined().describe('Deleted'), ...protectedErrorResponses },
      },
    },
    async (request, reply) => {
      const deleted = await experiments.delete(userOf(request).id, request.params.id);
      if (!deleted) throw notFound('Experiment');
      return reply.code(204).send();
    },
  );
};
