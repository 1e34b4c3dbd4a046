import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleAisleEnvironment } from './support/fixtures.ts';
import { startTestApp, WEB_ASSET_NAME, WEB_ASSET_SOURCE, WEB_INDEX_HTML, type TestApp } from './support/test-app.ts';

describe('serving the web app, docs and headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { CORS_ORIGINS: 'http://localhost:5173, https://planner.example.com/' } });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('serves index.html at / and for client-side routes such as /solves/42', async () => {
    for (const url of ['/', '/solves/42', '/environments/grid-editor?x=1', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode, response.body]).toEqual([url, 200, WEB_INDEX_HTML]);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets as files with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/assets/${WEB_ASSET_NAME}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(WEB_ASSET_SOURCE);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses large API answers for clients that accept it, and leaves them plain for those that do not', async () => {
    const user = await t.signUp('compress');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: user.headers,
      payload: singleAisleEnvironment('Packed'),
    });
    const url = `/api/v1/environments/${created.json().id}`;
    const plain = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { ...user.headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const brotli = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...user.headers, 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers unknown /api paths with a JSON 404, for any method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/v1/nothing-here'],
      ['GET', '/api'],
      ['DELETE', '/api/v2/environments/1'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect([method, url, response.statusCode, response.json()]).toEqual([method, url, 404, { detail: 'Not found' }]);
    }
  });

  it('answers non-GET requests to app paths with a JSON 404 rather than the page', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found' });
  });

  it('sends security headers with a CSP that allows the app’s own scripts, data: images and blob: workers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp.split(';')).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self'",
        "img-src 'self' data: blob:",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "frame-ancestors 'none'",
      ]),
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('allows CORS only for the origins in CORS_ORIGINS', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/environments',
      headers: { origin: 'https://planner.example.com', 'access-control-request-method': 'POST' },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://planner.example.com');
    // Scenario parameters are edited with PATCH: a planner's own front end on another origin may send it.
    const patch = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/scenarios/1',
      headers: { origin: 'https://planner.example.com', 'access-control-request-method': 'PATCH' },
    });
    expect(patch.headers['access-control-allow-methods']?.split(',').map((method) => method.trim())).toContain('PATCH');
    const dev = await t.app.inject({
      method: 'GET',
      url: '/api/v1/environments',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(dev.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/api/v1/environments',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI document generated from the route schemas, and Swagger UI at /api/docs', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.openapi).toBe('3.0.3');
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/register',
        'POST /api/v1/auth/login',
        'GET /api/v1/auth/me',
        'POST /api/v1/auth/verify-email',
        'POST /api/v1/auth/resend-verification',
        'GET /api/v1/environments',
        'POST /api/v1/environments',
        'GET /api/v1/environments/{id}',
        'DELETE /api/v1/environments/{id}',
        'GET /api/v1/scenarios',
        'POST /api/v1/scenarios',
        'GET /api/v1/scenarios/{id}',
        'DELETE /api/v1/scenarios/{id}',
        'GET /api/v1/tasks',
        'GET /api/v1/tasks/{id}',
        'POST /api/v1/tasks/batch',
        'DELETE /api/v1/tasks/{id}',
        'GET /api/v1/solves',
        'POST /api/v1/solves',
        'GET /api/v1/solves/{id}',
        'DELETE /api/v1/solves/{id}',
      ]),
    );
    const environmentDelete = document.paths['/api/v1/environments/{id}'].delete;
    expect(environmentDelete.description).toMatch(
      /^Cascades: the environment, its scenarios, their tasks and every solve/,
    );
    const registerBody = document.paths['/api/v1/auth/register'].post.requestBody.content['application/json'].schema;
    expect(registerBody.required).toEqual(['email', 'username', 'password']);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
  });

  it('answers over a real listening socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const registered = await fetch(`${address}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'socket@example.com', username: 'socket', password: 'over-the-wire' }),
    });
    expect(registered.status).toBe(201);
    expect(await registered.json()).toEqual({
      id: expect.any(Number),
      username: 'socket',
      email: 'socket@example.com',
    });
    const page = await fetch(`${address}/tasks`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(WEB_INDEX_HTML);
    const missing = await fetch(`${address}/api/v1/solves/1`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('serving without a web build', () => {
  it('still serves the API, and answers other paths with a JSON 404', async () => {
    const t = await startTestApp('pglite', { env: { WEB_DIST_DIR: '/nonexistent/fleetlab-web-dist' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).json()).toEqual({ detail: 'Not found' });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    } finally {
      await t.dispose();
    }
  });
});

describe('failures inside the server', () => {
  it('answer 500 {"detail":"Internal server error"} without internals when the database is gone', async () => {
    const t = await startTestApp('pglite');
    const user = await t.signUp('doomed');
    await t.database.handle.close();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/environments', headers: user.headers });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error' });
    } finally {
      await t.dispose();
    }
  });
});
