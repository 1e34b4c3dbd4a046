import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createJsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { DEFAULT_CALL_LIMITS, installCallLimits, type CallLimits } from './http/call-limits.ts';
import { badRequest } from './http/api-error.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { findUnstorableJson } from './http/json-body-guard.ts';
import { installRequestAdmission } from './http/request-admission.ts';
import type { SolveQueue } from './jobs/solve-queue.ts';
import { serveWebApp } from './http/web-app.ts';
import { authRoutes } from './routes/auth.ts';
import { environmentRoutes } from './routes/environments.ts';
import { experimentRoutes } from './routes/experiments.ts';
import { scenarioRoutes } from './routes/scenarios.ts';
import { solveRoutes } from './routes/solves.ts';
import { taskGenerationRoutes } from './routes/task-generation.ts';
import { taskRoutes } from './routes/tasks.ts';
import { createServices } from './services/index.ts';
import type { Mailer } from './services/mail.ts';
import { createTaskGenerator } from './services/task-generation/index.ts';
import type { ScryptParameters } from './services/password-hashing.ts';

export const API_PREFIX = '/api/v1';
export const DOCS_PREFIX = '/api/docs';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  config: Config;
  db: Database;
  mailer: Mailer;
  clock?: Clock;
  /**
   * Password hashing cost. Production cost unless given; tests that are not about hashing
   * lower it to keep the suite fast.
   */
  scryptParameters?: ScryptParameters;
  /** Runs the stored solves; without one, solves stay pending (tests that are not about solving). */
  solveQueue?: SolveQueue;
  /** Per-account limits of the expensive calls (tests lower them). */
  callLimits?: CallLimits;
  /** The database's count of finished writes, when this process is its only writer (`DatabaseHandle`). */
  writeGeneration?: () => number;
}

/** Builds the HTTP application: the API under /api/v1, its docs under /api/docs, the web app elsewhere. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, mailer } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Returned records are built from typed rows; plain JSON keeps large environments fast.
    // The record schemas still document every response and the tests check them.
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.decorateRequest('currentUser', null);
  installErrorHandler(app);

  // Many fetch wrappers send `Content-Type: application/json` on every call, DELETE included;
  // an empty body then means "no body", not malformed JSON.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return defaultJsonParser(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      const unstorable = findUnstorableJson(parsed);
      return unstorable ? done(badRequest(unstorable), undefined) : done(null, parsed);
    });
  });

  // OAuth2 password-form clients post the login as a form; parse it like JSON bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Plans and environments of large fleets weigh megabytes of repetitive JSON: compress them.
  // Brotli at quality 4 compresses about as well as gzip at a fraction of brotli's default cost.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the chart library set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
  });

  const allowedOrigins = new Set(config.corsOrigins.map((origin) => new URL(origin).origin));
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Fleetlab API',
        version: '1.0.0',
        description:
          'Design warehouses, store scenarios and tasks, and run solves. Every error answers `{"detail": "..."}`. ' +
          'Protected calls need `Authorization: Bearer <access_token>` from POST /api/v1/auth/login.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { validatorUrl: null } });

  const services = createServices({
    db,
    mailer,
    clock,
    tokenTtlHours: config.tokenTtlHours,
    scryptParameters: options.scryptParameters,
    solveQueue: options.solveQueue,
    taskGenerator: createTaskGenerator(config.llm),
    writeGeneration: options.writeGeneration,
  });
  // Counts shared by every API process when there is a Redis; each process's own otherwise.
  const limitsRedis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  limitsRedis?.on('error', () => undefined); // unreachable Redis: calls go uncounted (see installCallLimits)
  app.addHook('onClose', async () => limitsRedis?.disconnect());
  await installCallLimits(app, limitsRedis);
  const callLimits = options.callLimits ?? DEFAULT_CALL_LIMITS;

  const resourceRoutes = [
    authRoutes,
    environmentRoutes,
    scenarioRoutes,
    taskRoutes,
    taskGenerationRoutes,
    solveRoutes,
    experimentRoutes,
  ];
  await app.register(
    // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits a plugin that returns a promise
    async (api) => {
      installRequestAdmission(api, config.requestAdmission);
      // A list kept before a write of its owner is not answered after it, even when the write
      // left the rows' version alike (see ListAnswers).
      api.addHook('onSend', async (request, _reply, payload) => {
        if (request.method !== 'GET' && request.method !== 'HEAD' && request.currentUser)
          services.lists.noteWrite(request.currentUser.id);
        return payload;
      });
      for (const routes of resourceRoutes) await api.register(routes, { services, callLimits });
    },
    { prefix: API_PREFIX },
  );

  await serveWebApp(app, config.webDistDir);
  return app;
}
