import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solves } from '../src/db/schema.ts';
import { createChain } from './support/resources.ts';
import { databaseKinds } from './support/test-database.ts';
import { singleAisleEnvironment } from './support/fixtures.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

describe.each(databaseKinds)('GET lists kept per version of their rows on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let colleague: SignedInUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await t.signUp('lists');
    colleague = await t.signUp('colleague');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const get = (url: string, headers: Record<string, string> = {}, user = owner) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...user.headers, ...headers } });

  it('answers a list with a strong ETag and 304 to If-None-Match, in the coding asked for', async () => {
    await createChain(t.app, owner, 'Tagged');
    for (const url of ['/environments', '/scenarios', '/tasks', '/solves', '/experiments']) {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(plain.headers['cache-control']).toBe('private, no-cache');
      const again = await get(url, { 'if-none-match': plain.headers.etag as string });
      expect({ url, status: again.statusCode, body: again.body }).toEqual({ url, status: 304, body: '' });
      const compressed = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('answers the new list after every write: a new environment, a renamed scenario, a deleted task', async () => {
    const chain = await createChain(t.app, owner, 'Changing');
    const before = await get('/environments');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: owner.headers,
      payload: singleAisleEnvironment('Added later'),
    });
    expect(created.statusCode).toBe(201);
    const after = await get('/environments', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json()[0]).toMatchObject({ id: created.json().id, name: 'Added later' });

    const scenariosBefore = await get('/scenarios');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/scenarios/${chain.scenarioId}`,
      headers: owner.headers,
      payload: { name: 'Renamed at once' },
    });
    expect(renamed.statusCode).toBe(200);
    const scenariosAfter = await get('/scenarios', { 'if-none-match': scenariosBefore.headers.etag as string });
    expect(scenariosAfter.statusCode).toBe(200);
    expect(scenariosAfter.json().find((s: { id: number }) => s.id === chain.scenarioId).name).toBe('Renamed at once');

    const tasksBefore = (await get('/tasks')).json().length;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tasks/${chain.taskId}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get('/tasks')).json()).toHaveLength(tasksBefore - 1);
  });

  it('answers a solve list that shows a running solve’s new progress, written without a request', async () => {
    const { solveId } = await createChain(t.app, owner, 'Running');
    // As a solve thread leaves it: running with a progress, then a later progress (no update time).
    await t.db
      .update(solves)
      .set({ status: 'running', progress: { fraction: 0.1 }, updated_at: t.clock.now() })
      .where(eq(solves.id, solveId));
    const first = await get('/solves');
    expect(first.json().find((s: { id: number }) => s.id === solveId).progress).toEqual({ fraction: 0.1 });
    await t.db
      .update(solves)
      .set({ progress: { fraction: 0.6 } })
      .where(eq(solves.id, solveId));
    const second = await get('/solves', { 'if-none-match': first.headers.etag as string });
    expect(second.statusCode).toBe(200);
    expect(second.json().find((s: { id: number }) => s.id === solveId).progress).toEqual({ fraction: 0.6 });
  });

  it('keeps each user’s list to that user: a colleague never gets the owner’s list or its 304', async () => {
    const mine = await get('/environments');
    const theirs = await get('/environments', { 'if-none-match': mine.headers.etag as string }, colleague);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
  });
});
