import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BodyEncoding, FinishedBody } from '../services/kept-bodies.ts';
import type { ListAnswers } from '../services/list-answers.ts';
import { userOf } from './authentication.ts';

const codings = new Negotiator<BodyEncoding>({ supportedValues: ['br', 'gzip', 'identity'], cache: new Map() });

/**
 * The strong ETag of one coding of a body: codings differ in bytes, so each has its own tag
 * (`"<sha256>"`, `"<sha256>-br"`, `"<sha256>-gzip"`); If-None-Match compares weakly, so any of
 * them revalidates the same content.
 */
export function entityTag(body: Pick<FinishedBody, 'hash'>, encoding: BodyEncoding): string {
  return encoding === 'identity' ? `"${body.hash}"` : `"${body.hash}-${encoding}"`;
}

/** Does an If-None-Match header name this content (in any coding, strong or weak, or `*`)? */
export function matchesIfNoneMatch(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const tag = part.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const opaque = tag.replace(/^"(.*)"$/, '$1');
    return opaque === hash || opaque === `${hash}-br` || opaque === `${hash}-gzip`;
  });
}

/**
 * Answers with an immutable body: 304 with no body when If-None-Match names it, else the body in
 * the best coding the client accepts, with its strong ETag. `Cache-Control: private, no-cache`
 * lets the browser keep it and revalidate on every read (a reload transfers only the 304), and
 * keeps it out of shared caches: an answer is one user's.
 */
export async function sendFinishedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: FinishedBody,
  encode: (encoding: BodyEncoding) => Promise<Buffer>,
): Promise<FastifyReply> {
  const encoding = codings.negotiate(request.headers['accept-encoding'] ?? 'identity') ?? 'identity';
  reply
    .header('ETag', entityTag(body, encoding))
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Accept-Encoding, Authorization');
  if (matchesIfNoneMatch(request.headers['if-none-match'], body.hash)) return reply.code(304).send();
  const payload = await encode(encoding);
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(payload);
}

/**
 * Answers a GET list of the caller from the body kept for the current version of its rows
 * (`ListAnswers`; `rows` is the service whose rows the list shows), built by `build` when that
 * version has none yet; 304 when If-None-Match names it.
 */
export async function sendList(
  request: FastifyRequest,
  reply: FastifyReply,
  lists: ListAnswers,
  rows: { listVersion(userId: number): Promise<string> },
  build: (userId: number) => Promise<unknown>,
): Promise<FastifyReply> {
  const userId = userOf(request).id;
  const answer = await lists.answer(
    userId,
    request.url,
    () => rows.listVersion(userId),
    () => build(userId),
  );
  return sendFinishedBody(request, reply, answer.body, answer.encode);
}
