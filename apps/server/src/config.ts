import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { AdmissionLanes } from './http/request-admission.ts';

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
  API_MAX_QUEUE_WAIT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(60_000).default(5000)),
  API_MAX_ACTIVE_WRITES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).optional()),
  API_MAX_QUEUED_WRITES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100_000).optional()),
});

/**
 * Requests one API process works on at once, and how many more may wait, per lane. On
 * PostgreSQL the two lanes' places together are the pool's 10 connections, so a request waits in
 * this bounded, timed line rather than unseen in the pool's; PGlite runs one query at a time on
 * its own thread, and the places let a request's other work go on while another's query runs.
 * The lines are long: a request waits
 * its turn for up to API_MAX_QUEUE_WAIT_MS (seconds) and is refused at the door only when the
 * line holds more than that wait can serve (reads: 1,000, against the 1,264-8,156 page reads a
 * second measured flat out during a 200-robot solve on 2 busy cores; see the README).
 */
const DEFAULT_ADMISSION = { reads: { active: 8, queued: 1000 }, writes: { active: 2, queued: 100 } };

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
  /** The bound on the API requests this process takes on, per lane (503 beyond it). */
  requestAdmission: AdmissionLanes;
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
    requestAdmission: admissionLanes(values),
  };
}

function admissionLanes(values: z.infer<typeof environmentSchema>): AdmissionLanes {
  const defaults = DEFAULT_ADMISSION;
  return {
    reads: {
      active: values.API_MAX_ACTIVE_REQUESTS ?? defaults.reads.active,
      queued: values.API_MAX_QUEUED_REQUESTS ?? defaults.reads.queued,
      maxWaitMs: values.API_MAX_QUEUE_WAIT_MS,
    },
    writes: {
      active: values.API_MAX_ACTIVE_WRITES ?? defaults.writes.active,
      queued: values.API_MAX_QUEUED_WRITES ?? defaults.writes.queued,
      maxWaitMs: values.API_MAX_QUEUE_WAIT_MS,
    },
  };
}
