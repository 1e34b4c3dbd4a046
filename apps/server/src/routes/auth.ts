import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accessTokenSchema,
  errorBodySchema,
  loginBodySchema,
  registerBodySchema,
  resendVerificationBodySchema,
  userRecordSchema,
  verifyEmailBodySchema,
} from '@fleetlab/warehouse';
import type { RouteDependencies } from './route-schemas.ts';
import { requireUser, userOf } from '../http/authentication.ts';
import { toUserRecord } from '../services/auth-service.ts';

const messageSchema = z.object({ detail: z.string() });
const resendAnswerSchema = messageSchema.extend({
  code_sent: z.boolean(),
  retry_after_s: z.number().int().nonnegative(),
});

export const authRoutes: FastifyPluginAsyncZod<RouteDependencies> = async (app, { services }) => {
  const { auth } = services;

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        description:
          'Creates an unverified account and sends a 6-digit verification code by e-mail (valid 10 minutes). ' +
          'A duplicate e-mail or username answers 400.',
        body: registerBodySchema,
        response: { 201: userRecordSchema, 400: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.body)),
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify the e-mail address with the emailed code',
        description:
          'Codes are single use and expire after 10 minutes; 5 wrong attempts invalidate the code (request a new one).',
        body: verifyEmailBodySchema,
        response: { 200: messageSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.body);
      return { detail: 'Email verified successfully' };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification code',
        description:
          'Replaces the previous code. At most one code per 60 seconds: inside that cooldown the answer is 200 ' +
          'with a detail saying when a new code can be sent, and no mail goes out. At most 5 resends per hour ' +
          '(429 with Retry-After). `code_sent` says whether a code went out; `retry_after_s` is the number of seconds ' +
          'until the next code can be requested. ' +
          'Unknown e-mails get the same answer as a sent code, without any mail sent.',
        body: resendVerificationBodySchema,
        response: { 200: resendAnswerSchema, 400: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      const { sent, retryAfterS } = await auth.resendVerification(request.body.email);
      const detail = sent
        ? 'If the account exists and is not verified yet, a new code has been sent'
        : `A code was sent less than a minute ago. You can request a new one in ${retryAfterS} ${retryAfterS === 1 ? 'second' : 'seconds'}.`;
      return { detail, code_sent: sent, retry_after_s: retryAfterS };
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in and receive a bearer token',
        description:
          '`username` holds the e-mail (JSON or an OAuth2 password form). A wrong password and an unknown e-mail ' +
          'both answer 400 "Incorrect email or password"; an unverified account answers 403. Repeated failures are ' +
          'throttled per account (5 per 15 minutes) and per IP address (20 per 15 minutes) with 429 and Retry-After.',
        body: loginBodySchema,
        response: { 200: accessTokenSchema, 400: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  await app.register(async (protectedScope) => {
    requireUser(protectedScope, auth);
    protectedScope.withTypeProvider<ZodTypeProvider>().get(
      '/auth/me',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          security: [{ bearerAuth: [] }],
          response: { 200: userRecordSchema, 401: errorBodySchema },
        },
      },
      async (request) => toUserRecord(userOf(request)),
    );
  });
};
