import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { AdmissionLimits } from './http/request-admission.ts';

const serverSourceDir = path.dirname(fileURLToPath(import.meta.url));
/** The web app's build output, found from this file so it works from any working directory. */
const defaultWebDistDir = path.resolve(serverSourceDir, '../../web/dist');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp, example: string) =>
  z.preprocess(emptyAsUndefined, z.url({ protocol: protocols, error: `must be a URL like ${example}` }).optional());

const environmentSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/, 'postgres://user:password@host:5432/fleetlab'),
  REDIS_URL: optionalUrl(/^rediss?$/, 'redis://host:6379'),
  SMTP_URL: optionalUrl(/^smtps?$/, 'smtp://user:password@host:587'),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Fleetlab <no-reply@fleetlab.local>')),
  LLM_BASE_URL: optionalUrl(/^https?$/, 'http://localhost:11434/v1'),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  TOKEN_TTL_HOURS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(24),
  ),
  CORS_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter((origin) => origin.length > 0),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must list origins like http://localhost:5173' }))),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().default(defaultWebDistDir)),
  API_MAX_ACTIVE_REQUESTS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).optional()),
  API_MAX_QUEUED_REQUESTS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100_000).optional()),
  API_MAX_QUEUE_WAIT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(60_000).default(150)),
});

/**
 * Requests one API process works on at once, and how many more may wait, by database: PGlite
 * runs one query at a time on the API's own thread, so more at once only interleave; on
 * PostgreSQL one request per connection of the pool (node-postgres keeps 10), so a request
 * waits in this bounded, timed line rather than unseen in the pool's.
 */
const DEFAULT_ADMISSION = {
  pglite: { active: 8, queued: 24 },
  postgres: { active: 10, queued: 90 },
};

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the embedded database's folder. */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  llm: { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined };
  tokenTtlHours: number;
  corsOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Absolute path of the built web app. */
  webDistDir: string;
  /** The bound on the API requests this process takes on (503 beyond it). */
  requestAdmission: AdmissionLimits;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates every environment variable once. Relative paths are resolved against
 * `cwd`: by default the directory `npm start` was typed in (npm's INIT_CWD; npm runs a
 * workspace's script inside the workspace folder), else the process's working directory.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = env.INIT_CWD ?? process.cwd()): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(cwd, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    llm: { baseUrl: values.LLM_BASE_URL, apiKey: values.LLM_API_KEY, model: values.LLM_MODEL },
    tokenTtlHours: values.TOKEN_TTL_HOURS,
    corsOrigins: values.CORS_ORIGINS,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(cwd, values.WEB_DIST_DIR),
    requestAdmission: {
      active: values.API_MAX_ACTIVE_REQUESTS ?? DEFAULT_ADMISSION[values.DATABASE_URL ? 'postgres' : 'pglite'].active,
      queued: values.API_MAX_QUEUED_REQUESTS ?? DEFAULT_ADMISSION[values.DATABASE_URL ? 'postgres' : 'pglite'].queued,
      maxWaitMs: values.API_MAX_QUEUE_WAIT_MS,
    },
  };
}
