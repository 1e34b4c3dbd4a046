import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solves } from '../src/db/schema.ts';
import { createChain } from './support/resources.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

const PLAN = {
  R1_1: [{ task: ['P1', 'D1'], path: ['R1_1', 'P1', 'D1'], total_distance: 12.5, completion_time: 12.5 }],
};

describe.each(databaseKinds)('GET /solves/{id} of a finished solve on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let stranger: SignedInUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await t.signUp('etag');
    stranger = await t.signUp('stranger');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** A solve of the owner, finished as a worker would leave it (written straight to its row). */
  async function finishedSolve(plan: unknown = PLAN): Promise<number> {
    const { solveId } = await createChain(t.app, owner, 'ETag');
    t.clock.advance(1000);
    await t.db
      .update(solves)
      .set({ status: 'completed', results: sql`${JSON.stringify(plan)}::json`, updated_at: t.clock.now() })
      .where(eq(solves.id, solveId));
    return solveId;
  }
  const get = (solveId: number, headers: Record<string, string> = {}, user = owner) =>
    t.app.inject({ method: 'GET', url: `/api/v1/solves/${solveId}`, headers: { ...user.headers, ...headers } });

  it('sends a strong ETag per coding, and answers 304 with an empty body to If-None-Match', async () => {
    const solveId = await finishedSolve();
    const plain = await get(solveId);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.json()).toMatchObject({ id: solveId, status: 'completed', results: PLAN });

    const compressed = await get(solveId, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}-br"`);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    const gzipped = await get(solveId, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}-gzip"`);

    for (const tag of [
      plain.headers.etag!,
      compressed.headers.etag!,
      `W/${compressed.headers.etag}`,
      `"other", ${plain.headers.etag}`,
    ]) {
      const repeat = await get(solveId, { 'if-none-match': tag, 'accept-encoding': 'br' });
      expect(repeat.statusCode).toBe(304);
      expect(repeat.rawPayload.length).toBe(0);
      expect(repeat.headers.etag).toBe(compressed.headers.etag);
    }
    expect((await get(solveId, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('never answers another user, even with the right ETag', async () => {
    const solveId = await finishedSolve();
    const { etag } = (await get(solveId)).headers;
    const foreign = await get(solveId, { 'if-none-match': etag as string }, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers.etag).toBeUndefined();
  });

  it('never serves a deleted solve or the old body of a changed one', async () => {
    const solveId = await finishedSolve();
    const first = await get(solveId);
    // Written again (as a run of the solve would): a new version, a new body and tag.
    const replanned = { R1_1: [{ ...PLAN.R1_1[0], completion_time: 99 }] };
    t.clock.advance(1000);
    await t.db
      .update(solves)
      .set({ results: sql`${JSON.stringify(replanned)}::json`, updated_at: t.clock.now() })
      .where(eq(solves.id, solveId));
    const changed = await get(solveId, { 'if-none-match': first.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().results).toEqual(replanned);
    expect(changed.headers.etag).not.toBe(first.headers.etag);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/solves/${solveId}`, headers: owner.headers });
    expect(deleted.statusCode).toBe(204);
    expect((await get(solveId, { 'if-none-match': changed.headers.etag as string })).statusCode).toBe(404);
  });

  it('sends a pending solve without a tag and marks it not to be stored', async () => {
    const { solveId } = await createChain(t.app, owner, 'Pending');
    const pending = await get(solveId);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().status).toBe('pending');
    expect(pending.headers.etag).toBeUndefined();
    expect(pending.headers['cache-control']).toBe('no-store');
  });
});
