import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CALL_LIMITS } from '../src/http/call-limits.ts';
import { installErrorHandler } from '../src/http/error-handler.ts';
import { installRequestAdmission, RequestAdmission, SERVER_BUSY_DETAIL } from '../src/http/request-admission.ts';
import { createChain } from './support/resources.ts';
import { solveBody } from './support/fixtures.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

describe('RequestAdmission', () => {
  it('admits up to the active limit, queues in arrival order up to the queue limit, refuses the rest', async () => {
    const admission = new RequestAdmission({ active: 2, queued: 2, maxWaitMs: 10_000 });
    const admitted: string[] = [];
    const enter = (name: string) =>
      admission.enter().then((ok) => (ok ? admitted.push(name) : admitted.push(`${name} refused`)));
    const all = ['a', 'b', 'c', 'd', 'e'].map(enter);
    await new Promise((resolve) => setImmediate(resolve));
    expect(admitted).toEqual(['a', 'b', 'e refused']);
    expect(admission.load).toEqual({ active: 2, queued: 2 });
    admission.leave();
    await new Promise((resolve) => setImmediate(resolve));
    expect(admitted).toEqual(['a', 'b', 'e refused', 'c']);
    admission.leave();
    admission.leave();
    admission.leave();
    await Promise.all(all);
    expect(admitted).toEqual(['a', 'b', 'e refused', 'c', 'd']);
    expect(admission.load).toEqual({ active: 0, queued: 0 });
  });

  it('refuses at once a request that has already waited longer than allowed before its turn', async () => {
    const admission = new RequestAdmission({ active: 4, queued: 4, maxWaitMs: 100 });
    expect(await admission.enter(101)).toBe(false);
    expect(await admission.enter(99)).toBe(true);
    expect(admission.load).toEqual({ active: 1, queued: 0 });
  });

  it('refuses a request that waited longer than allowed, and forgets it', async () => {
    const admission = new RequestAdmission({ active: 1, queued: 5, maxWaitMs: 30 });
    expect(await admission.enter()).toBe(true);
    const startedMs = Date.now();
    expect(await admission.enter()).toBe(false);
    expect(Date.now() - startedMs).toBeGreaterThanOrEqual(25);
    expect(admission.load).toEqual({ active: 1, queued: 0 });
    admission.leave();
    expect(await admission.enter()).toBe(true);
  });
});

describe('admission lanes', () => {
  it('a request waits its turn as long as the line allows, however long the one before it takes', async () => {
    const admission = new RequestAdmission({ active: 1, queued: 1, maxWaitMs: 60_000 });
    expect(await admission.enter()).toBe(true);
    const waiting = admission.enter();
    // The place is held far longer than the old 150 ms limit; the one in line is still admitted.
    await new Promise((resolve) => setTimeout(resolve, 400));
    admission.leave();
    expect(await waiting).toBe(true);
  });

  it('a request whose client hangs up while it waits leaves the line, and the next in line gets the place', async () => {
    const admission = new RequestAdmission({ active: 1, queued: 2, maxWaitMs: 60_000 });
    expect(await admission.enter()).toBe(true);
    const hangUp = new AbortController();
    const gone = admission.enter(0, hangUp.signal);
    const next = admission.enter();
    expect(admission.load).toEqual({ active: 1, queued: 2 });
    hangUp.abort();
    expect(await gone).toBe(false);
    expect(admission.load).toEqual({ active: 1, queued: 1 });
    admission.leave();
    expect(await next).toBe(true);
    expect(admission.load).toEqual({ active: 1, queued: 0 });
  });

  it('reads never wait behind writes: with the writes lane full, a write is refused and a read is answered', async () => {
    const app = Fastify();
    installErrorHandler(app);
    installRequestAdmission(app, {
      reads: { active: 1, queued: 0, maxWaitMs: 60_000 },
      writes: { active: 1, queued: 0, maxWaitMs: 60_000 },
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const writing = new Promise<void>((resolve) => {
      started = resolve;
    });
    app.post('/slow-write', async () => {
      started();
      await held;
      return { written: true };
    });
    app.post('/other-write', async () => ({ written: true }));
    app.get('/me', async () => ({ username: 'planner' }));
    await app.ready();
    try {
      const slow = app.inject({ method: 'POST', url: '/slow-write' });
      await writing;
      const refused = await app.inject({ method: 'POST', url: '/other-write' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ detail: SERVER_BUSY_DETAIL });
      const read = await app.inject({ method: 'GET', url: '/me' });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ username: 'planner' });
      release();
      expect((await slow).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/other-write' })).statusCode).toBe(200);
    } finally {
      release();
      await app.close();
    }
  });
});

describe.each(databaseKinds)('overload on %s', (kind) => {
  describe('more requests at once than the process takes on', () => {
    let t: TestApp;
    let user: SignedInUser;
    beforeAll(async () => {
      // Two at once, two waiting, none starting after 100 ms in line: a burst of 400 overflows both
      // bounds (PostgreSQL serves requests side by side; PGlite one after another, so there the
      // wait is what grows).
      t = await startTestApp(kind, {
        env: { API_MAX_ACTIVE_REQUESTS: '2', API_MAX_QUEUED_REQUESTS: '2', API_MAX_QUEUE_WAIT_MS: '100' },
      });
      user = await t.signUp('crowd');
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it('answers the excess at once with 503 and Retry-After, then 200 once the load drops', async () => {
      const answers = await Promise.all(
        Array.from({ length: 400 }, () =>
          t.app.inject({ method: 'GET', url: '/api/v1/environments', headers: user.headers }),
        ),
      );
      const served = answers.filter((answer) => answer.statusCode === 200);
      const refused = answers.filter((answer) => answer.statusCode === 503);
      expect(served.length + refused.length).toBe(400);
      expect(served.length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const answer of refused) {
        expect(answer.headers['retry-after']).toBe('1');
        expect(answer.json()).toEqual({ detail: SERVER_BUSY_DETAIL });
      }
      const later = await t.app.inject({ method: 'GET', url: '/api/v1/environments', headers: user.headers });
      expect(later.statusCode).toBe(200);
    });
  });

  describe('per-account limits of expensive calls', () => {
    let t: TestApp;
    let planner: SignedInUser;
    let colleague: SignedInUser;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        callLimits: { ...DEFAULT_CALL_LIMITS, createSolve: { max: 2, perMs: 1500, counted: 'solves created' } },
      });
      planner = await t.signUp('limited');
      colleague = await t.signUp('unlimited');
    });
    afterAll(async () => {
      await t?.dispose();
    });
    it('answers 429 with Retry-After past the limit, stores nothing, counts each account alone, and lets the call through again later', async () => {
      const chain = await createChain(t.app, planner, 'Limited'); // its solve is the first of two
      const body = solveBody(chain);
      const post = (user: SignedInUser) =>
        t.app.inject({ method: 'POST', url: '/api/v1/solves', headers: user.headers, payload: body });
      expect((await post(planner)).statusCode).toBe(201);
      const refused = await post(planner);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.json().detail).toMatch(
        /^Too many solves created: at most 2 in 1.5 s for one account; please try again in [12] s\.$/,
      );
      const listed = await t.app.inject({ method: 'GET', url: '/api/v1/solves', headers: planner.headers });
      expect(listed.json()).toHaveLength(2);

      const otherChain = await createChain(t.app, colleague, 'Colleague');
      expect(otherChain.solveId).toBeGreaterThan(0);

      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect((await post(planner)).statusCode).toBe(201);
    });
  });
});
