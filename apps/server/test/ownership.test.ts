import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioBody, singleAisleEnvironment, solveBody, taskBody } from './support/fixtures.ts';
import { createChain, type OwnedChain } from './support/resources.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

type Method = 'GET' | 'POST' | 'DELETE';
interface Attempt {
  method: Method;
  url: (a: OwnedChain, b: OwnedChain) => string;
  body?: (a: OwnedChain, b: OwnedChain) => unknown;
  status: number;
  /** Expected body: a detail for refusals, or a list that must not show the other user's records. */
  expected: { detail: string } | 'empty list';
}

/**
 * Every route, called by user B on user A's records (or with A's records in the body).
 * B's own records (`b`) fill the other references, so only the foreign one is at fault.
 */
const matrix: [string, Attempt][] = [
  [
    'GET /environments/{id}',
    {
      method: 'GET',
      url: (a) => `/environments/${a.environmentId}`,
      status: 404,
      expected: { detail: 'Environment not found' },
    },
  ],
  [
    'DELETE /environments/{id}',
    {
      method: 'DELETE',
      url: (a) => `/environments/${a.environmentId}`,
      status: 404,
      expected: { detail: 'Environment not found' },
    },
  ],
  [
    'GET /scenarios/{id}',
    {
      method: 'GET',
      url: (a) => `/scenarios/${a.scenarioId}`,
      status: 404,
      expected: { detail: 'Scenario not found' },
    },
  ],
  [
    'DELETE /scenarios/{id}',
    {
      method: 'DELETE',
      url: (a) => `/scenarios/${a.scenarioId}`,
      status: 404,
      expected: { detail: 'Scenario not found' },
    },
  ],
  [
    'GET /scenarios?environment_id',
    { method: 'GET', url: (a) => `/scenarios?environment_id=${a.environmentId}`, status: 200, expected: 'empty list' },
  ],
  [
    'POST /scenarios on a foreign environment',
    {
      method: 'POST',
      url: () => '/scenarios',
      body: (a) => scenarioBody(a.environmentId, 'Hijack'),
      status: 404,
      expected: { detail: 'Environment not found' },
    },
  ],
  [
    'GET /tasks/{id}',
    { method: 'GET', url: (a) => `/tasks/${a.taskId}`, status: 404, expected: { detail: 'Task not found' } },
  ],
  [
    'DELETE /tasks/{id}',
    { method: 'DELETE', url: (a) => `/tasks/${a.taskId}`, status: 404, expected: { detail: 'Task not found' } },
  ],
  [
    'GET /tasks?scenario_id',
    { method: 'GET', url: (a) => `/tasks?scenario_id=${a.scenarioId}`, status: 200, expected: 'empty list' },
  ],
  [
    'POST /tasks/batch into a foreign scenario',
    {
      method: 'POST',
      url: () => '/tasks/batch',
      body: (a, b) => [taskBody(b.scenarioId, 'Mine'), taskBody(a.scenarioId, 'Planted')],
      status: 404,
      expected: { detail: 'Scenario not found' },
    },
  ],
  [
    'GET /solves/{id}',
    { method: 'GET', url: (a) => `/solves/${a.solveId}`, status: 404, expected: { detail: 'Solve not found' } },
  ],
  [
    'DELETE /solves/{id}',
    { method: 'DELETE', url: (a) => `/solves/${a.solveId}`, status: 404, expected: { detail: 'Solve not found' } },
  ],
  [
    'GET /solves?environment_id',
    { method: 'GET', url: (a) => `/solves?environment_id=${a.environmentId}`, status: 200, expected: 'empty list' },
  ],
  [
    'GET /solves?scenario_id',
    { method: 'GET', url: (a) => `/solves?scenario_id=${a.scenarioId}`, status: 200, expected: 'empty list' },
  ],
  [
    'POST /solves on a foreign environment',
    {
      method: 'POST',
      url: () => '/solves',
      body: (a, b) => solveBody({ ...b, environmentId: a.environmentId }),
      status: 404,
      expected: { detail: 'Environment not found' },
    },
  ],
  [
    'POST /solves on a foreign scenario',
    {
      method: 'POST',
      url: () => '/solves',
      body: (a, b) => solveBody({ ...b, scenarioId: a.scenarioId }),
      status: 404,
      expected: { detail: 'Scenario not found' },
    },
  ],
  [
    'POST /solves on a foreign task',
    {
      method: 'POST',
      url: () => '/solves',
      body: (a, b) => solveBody({ ...b, taskId: a.taskId }),
      status: 404,
      expected: { detail: 'Task not found' },
    },
  ],
];

describe.each(databaseKinds)('ownership on %s', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let aliceChain: OwnedChain;
  let bobChain: OwnedChain;
  let aliceView: Record<string, unknown>;

  const as = (user: SignedInUser, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, payload: payload as object | undefined });

  /** Everything a user can see, to prove the other user's attempts changed nothing. */
  const everythingSeenBy = async (user: SignedInUser) => {
    const view: Record<string, unknown> = {};
    for (const url of ['/environments', '/scenarios', '/tasks', '/solves'])
      view[url] = (await as(user, 'GET', url)).json();
    return view;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.signUp('alice');
    bob = await t.signUp('bob');
    aliceChain = await createChain(t.app, alice, 'Alice');
    bobChain = await createChain(t.app, bob, 'Bob');
    aliceView = await everythingSeenBy(alice);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it.each(matrix)("bob's %s on alice's records is refused", async (_route, attempt) => {
    const response = await as(
      bob,
      attempt.method,
      attempt.url(aliceChain, bobChain),
      attempt.body?.(aliceChain, bobChain),
    );
    expect(response.statusCode).toBe(attempt.status);
    if (attempt.expected === 'empty list') expect(response.json()).toEqual([]);
    else expect(response.json()).toEqual(attempt.expected);
  });

  it('answers GET /auth/me with the token owner’s own account', async () => {
    expect((await as(alice, 'GET', '/auth/me')).json()).toEqual({
      id: alice.id,
      username: alice.username,
      email: alice.email,
    });
    expect((await as(bob, 'GET', '/auth/me')).json()).toEqual({ id: bob.id, username: bob.username, email: bob.email });
  });

  it('leaves alice’s records exactly as they were after all of bob’s attempts', async () => {
    expect(await everythingSeenBy(alice)).toEqual(aliceView);
  });

  it('shows each user only their own records in every list', async () => {
    for (const [url, ownIdOf] of [
      ['/environments', (chain: OwnedChain) => chain.environmentId],
      ['/scenarios', (chain: OwnedChain) => chain.scenarioId],
      ['/tasks', (chain: OwnedChain) => chain.taskId],
      ['/solves', (chain: OwnedChain) => chain.solveId],
    ] as const) {
      const bobIds = (await as(bob, 'GET', url)).json().map((record: { id: number }) => record.id);
      expect(bobIds).toContain(ownIdOf(bobChain));
      expect(bobIds).not.toContain(ownIdOf(aliceChain));
    }
  });

  it('gives records to their creator whatever owner, id or status the body claims', async () => {
    const forged = await as(bob, 'POST', '/environments', {
      ...singleAisleEnvironment('Forged owner'),
      id: aliceChain.environmentId,
      user_id: alice.id,
      owner: alice.id,
    });
    expect(forged.statusCode).toBe(201);
    expect(forged.json().id).not.toBe(aliceChain.environmentId);
    expect((await as(bob, 'GET', `/environments/${forged.json().id}`)).statusCode).toBe(200);
    expect((await as(alice, 'GET', `/environments/${forged.json().id}`)).statusCode).toBe(404);
    const forgedSolve = await as(bob, 'POST', '/solves', {
      ...solveBody(bobChain),
      user_id: alice.id,
      status: 'completed',
    });
    expect(forgedSolve.json().status).toBe('pending');
    expect((await as(alice, 'GET', `/solves/${forgedSolve.json().id}`)).statusCode).toBe(404);
  });

  it('answers 401 on every protected route without a token', async () => {
    const routes: [Method, string][] = [
      ['GET', '/auth/me'],
      ['GET', '/environments'],
      ['GET', `/environments/${aliceChain.environmentId}`],
      ['POST', '/environments'],
      ['DELETE', `/environments/${aliceChain.environmentId}`],
      ['GET', '/scenarios'],
      ['GET', `/scenarios/${aliceChain.scenarioId}`],
      ['POST', '/scenarios'],
      ['DELETE', `/scenarios/${aliceChain.scenarioId}`],
      ['GET', '/tasks'],
      ['GET', `/tasks/${aliceChain.taskId}`],
      ['POST', '/tasks/batch'],
      ['DELETE', `/tasks/${aliceChain.taskId}`],
      ['GET', '/solves'],
      ['GET', `/solves/${aliceChain.solveId}`],
      ['POST', '/solves'],
      ['DELETE', `/solves/${aliceChain.solveId}`],
    ];
    for (const [method, url] of routes) {
      const response = await t.app.inject({
        method,
        url: `/api/v1${url}`,
        payload: method === 'POST' ? {} : undefined,
      });
      expect([method, url, response.statusCode, response.json()]).toEqual([
        method,
        url,
        401,
        { detail: 'Not authenticated' },
      ]);
    }
    expect(await everythingSeenBy(alice)).toEqual(aliceView);
  });
});
