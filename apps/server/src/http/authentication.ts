import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import type { AuthService } from '../services/auth-service.ts';
import { ApiError } from './api-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every route behind `requireUser`. */
    currentUser: UserRow | null;
  }
}

export const NOT_AUTHENTICATED = 'Not authenticated';

function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Makes every route of `scope` answer 401 unless the request carries a valid bearer token.
 * Runs on request, before the body is read, so an anonymous caller learns nothing else.
 */
export function requireUser(scope: FastifyInstance, auth: AuthService): void {
  scope.addHook('onRequest', async (request, reply) => {
    const token = bearerTokenOf(request);
    const user = token ? await auth.authenticate(token) : null;
    if (!user) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, NOT_AUTHENTICATED);
    }
    request.currentUser = user;
  });
}

/** The signed-in user of a route behind `requireUser`. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new ApiError(401, NOT_AUTHENTICATED);
  return request.currentUser;
}
