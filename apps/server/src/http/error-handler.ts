import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from './api-error.ts';

const MIB = 1024 * 1024;

/** `body.name: Required`: the request part, the field path, and what is wrong with it. */
function describeValidationIssue(context: string, instancePath: string, message: string): string {
  const fieldPath = instancePath.split('/').filter(Boolean).join('.');
  const field = fieldPath ? `${context}.${fieldPath}` : context;
  // A missing field, or a missing body (which arrives as null), is simply "Required".
  const missing = /received undefined$/.test(message) || (!fieldPath && /received null$/.test(message));
  const readable = missing ? 'Required' : message;
  return `${field}: ${readable}`;
}

/**
 * The one error handler: every failure leaves as `{"detail": "..."}`. Validation problems name
 * the field; 5xx answers never reveal internals (the log keeps them).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      // A 503 with Retry-After is the server shedding load on purpose, not a fault to log as one.
      if (error.statusCode >= 500 && error.retryAfterSeconds === undefined)
        request.log.error({ err: error.cause ?? error }, error.detail);
      return reply.code(error.statusCode).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      // One problem per field: the first rule a field breaks is the one worth reading.
      const firstIssuePerField = new Map<string, string>();
      for (const issue of error.validation) {
        if (firstIssuePerField.has(issue.instancePath)) continue;
        firstIssuePerField.set(
          issue.instancePath,
          describeValidationIssue(context, issue.instancePath, issue.message ?? 'Invalid value'),
        );
      }
      const detail = [...firstIssuePerField.values()].join('; ');
      return reply.code(400).send({ detail });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? MIB;
        return reply.code(413).send({ detail: `Request body is too large (limit ${Math.round(limit / MIB)} MiB)` });
      }
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: 'body: Request body is not valid JSON' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ detail: 'Unsupported content type; send application/json' });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(statusCode >= 500 && statusCode < 600 ? statusCode : 500)
      .send({ detail: 'Internal server error' });
  });
}
