import { constants as zlibConstants } from 'node:zlib';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALGORITHMS,
  CANCELLED_BY_USER_ERROR,
  DEFAULT_ALGORITHM,
  errorBodySchema,
  recordReferenceSchema,
  SOLVE_PARAMETER_DEFAULTS,
  solveCreateSchema,
  solveRecordSchema,
  type SolveRecord,
  solveSummarySchema,
} from '@fleetlab/warehouse';
import { notFound } from '../http/api-error.ts';
import { requireUser, userOf } from '../http/authentication.ts';
import { perAccountLimit } from '../http/call-limits.ts';
import { sendFinishedBody, sendList } from '../http/finished-body-reply.ts';
import {
  bearerSecurity,
  idParamsSchema,
  notModifiedSchema,
  protectedErrorResponses,
  type RouteDependencies,
} from './route-schemas.ts';

const defaultsText = Object.entries(SOLVE_PARAMETER_DEFAULTS)
  .map(([name, value]) => `${name} ${typeof value === 'object' ? JSON.stringify(value) : value}`)
  .join(', ');

export const solveRoutes: FastifyPluginAsyncZod<RouteDependencies> = async (app, { services, callLimits }) => {
  requireUser(app, services.auth);
  const solves = services.solves;

  app.get(
    '/solves',
    {
      schema: {
        tags: ['solves'],
        summary: "The caller's solves, newest first, optionally of one environment and/or scenario",
        description:
          'Each solve without `results` and `execution` (GET /solves/{id} has them): plans of large fleets weigh megabytes.',
        security: bearerSecurity,
        querystring: z.object({
          environment_id: recordReferenceSchema.optional(),
          scenario_id: recordReferenceSchema.optional(),
        }),
        response: { 200: z.array(solveSummarySchema), 304: notModifiedSchema, ...protectedErrorResponses },
      },
    },
    async (request, reply) =>
      sendList(request, reply, services.lists, solves, (userId) =>
        solves.list(userId, { environmentId: request.query.environment_id, scenarioId: request.query.scenario_id }),
      ),
  );

  app.get(
    '/solves/:id',
    {
      // A large day's record is 15 MB of JSON: brotli at quality 2 compresses it about 2.5x faster
      // than the app's quality 4, to a body 5% larger.
      compress: { brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } } },
      schema: {
        tags: ['solves'],
        summary: 'One solve with its status, parameters, results, stats and task',
        description:
          '`results` maps each robot id to its ordered steps and holds nothing else (a failed solve: `{error}`). ' +
          'A step: `task` ([pickup, dropoff] or "recharge"), `path` (node ids), `total_distance` (metres since the ' +
          'robot’s last charge: it grows through a charge’s deliveries, a recharge step includes the leg to the ' +
          'station, the next step counts again from the station, so the final battery is ' +
          'battery_capacity * (1 - total_distance / max_distance) of the last step), `odometer_m` (metres since ' +
          't = 0, never reset: Total Distance sums the last odometer_m of each robot), `completion_time` (s), ' +
          '`battery_remaining`, `battery_capacity`, `max_distance`, and `recharge_time` (min) on recharges. ' +
          '`stats` (top level, null until completed) holds the figures: makespan_s, total_distance_m, recharges, ' +
          'deliveries, lower_bound_s, gap, runtime_ms, seed, stop_reason and the objective values. ' +
          'A finished (completed or failed) solve never changes: its answer carries a strong ETag and ' +
          '`Cache-Control: private, no-cache`, and `If-None-Match` with that tag answers 304 with no body. ' +
          'A pending or running solve answers `Cache-Control: no-store`.',
        security: bearerSecurity,
        params: idParamsSchema,
        response: {
          200: solveRecordSchema,
          304: notModifiedSchema,
          ...protectedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const answer = await solves.getAnswer(userOf(request).id, request.params.id);
      if (answer === null) throw notFound('Solve');
      if (answer.finished) {
        const { finished } = answer;
        return sendFinishedBody(request, reply, finished, (encoding) =>
          solves.encodeFinished(request.params.id, finished, encoding),
        );
      }
      // Already JSON (the schema above describes it): Fastify sends a string as it is, so the
      // plan's megabytes go out as the database holds them. Polled while it runs: never kept.
      return reply
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(answer.json as unknown as SolveRecord);
    },
  );

  app.post(
    '/solves',
    {
      config: perAccountLimit(callLimits.createSolve),
      schema: {
        tags: ['solves'],
        summary: 'Create a solve (stored as pending)',
        description:
          `Missing parameters take the defaults (${defaultsText}); ` +
          `algorithm_id ${ALGORITHMS[0].id}-${ALGORITHMS[ALGORITHMS.length - 1].id} or parameters.algorithm_type name the algorithm (${DEFAULT_ALGORITHM} by default). ` +
          'With `parameters.shift` ({ hours, orders_per_hour or an hourly profile, seed, dispatch, reoptimise_every_s }) the ' +
          'solve runs a shift instead of planning a day: orders released over it (the task’s `details.release_s` when it ' +
          'has them, else a seeded stream drawn from its pairs), handed to the fleet as they come; `stats.shift` holds its ' +
          'figures and `execution.orders` its orders. ' +
          'The environment, scenario and task must be the caller’s (404), the task must belong to the scenario ' +
          'and the scenario to the environment (400).',
        security: bearerSecurity,
        body: solveCreateSchema,
        response: { 201: solveRecordSchema, ...protectedErrorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await solves.create(userOf(request).id, request.body)),
  );

  app.post(
    '/solves/:id/cancel',
    {
      schema: {
        tags: ['solves'],
        summary: 'Cancel a pending or running solve',
        description:
          `The solve becomes failed with the error '${CANCELLED_BY_USER_ERROR}' (results.error); its queued job is withdrawn ` +
          'and a running solver stops before the answer, which is the solve record. A solve that has already ended ' +
          'answers 409 and is left as it is. DELETE /solves/{id} removes a solve instead.',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: solveRecordSchema, ...protectedErrorResponses, 409: errorBodySchema },
      },
    },
    async (request) => {
      const solve = await solves.cancel(userOf(request).id, request.params.id);
      if (!solve) throw notFound('Solve');
      return solve;
    },
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
