import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './api-error.ts';

/** How often one account may make one expensive call. */
export interface CallLimit {
  max: number;
  perMs: number;
  /** What is counted, for the 429's detail: `solves created`. */
  counted: string;
}

/** The calls that start work far beyond their own request: a solve, an experiment's solves, a model call, a large graph. */
export interface CallLimits {
  createSolve: CallLimit;
  createExperiment: CallLimit;
  generateTasks: CallLimit;
  createEnvironment: CallLimit;
}

const MINUTE_MS = 60_000;

/**
 * Per account, generous for a planner at the screen (the form starts one solve a click; a sweep
 * is one experiment), and a ceiling for a script in a loop: each solve takes a thread for up to
 * its time limit, an experiment up to 30 of them, a generation a model call, an environment with
 * a full graph a second of parsing.
 */
export const DEFAULT_CALL_LIMITS: CallLimits = {
  createSolve: { max: 60, perMs: MINUTE_MS, counted: 'solves created' },
  createExperiment: { max: 20, perMs: MINUTE_MS, counted: 'experiments created' },
  generateTasks: { max: 30, perMs: MINUTE_MS, counted: 'task generations' },
  createEnvironment: { max: 30, perMs: MINUTE_MS, counted: 'environments saved' },
};

/**
 * Counts calls per account (routes opt in with `perAccountLimit`), after authentication (the
 * preHandler hook, so the account is known and a refused body was never worth counting). With
 * `redis` every API process shares the counts; if Redis fails, calls go through uncounted
 * rather than fail.
 */
export async function installCallLimits(app: FastifyInstance, redis: Redis | null): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: (request) => (request.currentUser ? `account-${request.currentUser.id}` : `address-${request.ip}`),
    ...(redis ? { redis, nameSpace: 'fleetlab-call-limit-', skipOnError: true } : {}),
  });
}

/** A route's `config` entry for `limit`: 429 with Retry-After and a detail naming the limit. */
export function perAccountLimit(limit: CallLimit): { rateLimit: RateLimitOptions } {
  const window = limit.perMs === MINUTE_MS ? 'a minute' : `${limit.perMs / 1000} s`;
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.perMs,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return tooManyRequests(
          `Too many ${limit.counted}: at most ${limit.max} in ${window} for one account; please try again in ${seconds} s.`,
          seconds,
        );
      },
    },
  };
}
