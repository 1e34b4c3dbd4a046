import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import type { CallLimits } from '../../src/http/call-limits.ts';
import type { SolveQueue } from '../../src/jobs/solve-queue.ts';
import { createSmtpMailer, type Mailer } from '../../src/services/mail.ts';
import type { ScryptParameters } from '../../src/services/password-hashing.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.ts';
import { TestClock } from './test-clock.ts';

/** Cheap hashing for tests that are not about hashing (the hashing tests use production cost). */
export const FAST_SCRYPT: ScryptParameters = { logN: 10, r: 8, p: 1 };

export const WEB_INDEX_HTML =
  '<!doctype html><html><head><title>Fleetlab</title></head><body><div id="root"></div></body></html>';

export const WEB_ASSET_NAME = 'index-3f2a9c.js';
export const WEB_ASSET_SOURCE = 'document.title = "Fleetlab";\n';

/** A stand-in for the built web app: an index.html and one hashed asset. */
export function createWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fleetlab-web-'));
  writeFileSync(path.join(dir, 'index.html'), WEB_INDEX_HTML);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', WEB_ASSET_NAME), WEB_ASSET_SOURCE);
  return dir;
}

export interface SignedInUser {
  id: number;
  email: string;
  username: string;
  password: string;
  token: string;
  headers: { authorization: string };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  clock: TestClock;
  mail: MailCatcher;
  database: TestDatabase;
  /** Registers, verifies (with the code from the mail) and logs in a new user. */
  signUp(label?: string): Promise<SignedInUser>;
  /** Registers a new user and returns its credentials, unverified. */
  register(label?: string): Promise<{ email: string; username: string; password: string; id: number }>;
  dispose(): Promise<void>;
}

let userCounter = 0;

export async function startTestApp(
  kind: DatabaseKind,
  options: { env?: Record<string, string>; scryptParameters?: ScryptParameters; callLimits?: CallLimits } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const mail = await startMailCatcher();
  const webDistDir = createWebDist();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SMTP_URL: mail.smtpUrl,
    WEB_DIST_DIR: webDistDir,
    ...options.env,
  });
  const clock = new TestClock();
  const mailer = createSmtpMailer(mail.smtpUrl, config.mailFrom);
  const app = await buildApp({
    config,
    db: database.handle.db,
    mailer,
    clock: clock.now,
    scryptParameters: options.scryptParameters ?? FAST_SCRYPT,
    callLimits: options.callLimits,
    writeGeneration: database.handle.writeGeneration,
  });
  await app.ready();

  async function register(label = 'user') {
    userCounter += 1;
    const suffix = `${label}${userCounter}${process.pid}`;
    const credentials = { email: `${suffix}@example.com`, username: suffix, password: 'correct horse battery' };
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: credentials });
    if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
    return { ...credentials, id: response.json().id as number };
  }

  async function signUp(label = 'user'): Promise<SignedInUser> {
    const user = await register(label);
    await expectStatus(
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-email',
        payload: { email: user.email, code: mail.latestCodeFor(user.email) },
      }),
      200,
    );
    const login = await expectStatus(
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: user.email, password: user.password },
      }),
      200,
    );
    const token = login.json().access_token as string;
    return { ...user, token, headers: { authorization: `Bearer ${token}` } };
  }

  return {
    app,
    db: database.handle.db,
    config,
    clock,
    mail,
    database,
    signUp,
    register,
    async dispose() {
      await app.close();
      await mailer.close();
      await mail.close();
      await database.dispose();
      rmSync(webDistDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app with `solveQueue` wired as main.ts does, on `database`, and one signed-in user
 * (`<label><now>`): for tests whose solves must really run. Verification codes are captured
 * instead of mailed, so no mail catcher is needed.
 */
export async function startAppWithQueue(
  database: TestDatabase,
  solveQueue: SolveQueue,
  label: string,
  options: { env?: Record<string, string> } = {},
): Promise<{ app: FastifyInstance; headers: { authorization: string } }> {
  const codes = new Map<string, string>();
  const mailer: Mailer = {
    async sendVerificationCode(email, code) {
      codes.set(email, code);
    },
    async close() {},
  };
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: createWebDist(), ...options.env });
  const app = await buildApp({
    config,
    db: database.handle.db,
    mailer,
    scryptParameters: FAST_SCRYPT,
    solveQueue,
    writeGeneration: database.handle.writeGeneration,
  });
  const email = `${label}${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
  await expectStatus(post('/auth/register', { email, username: `${label}${Date.now()}`, password }), 201);
  await expectStatus(post('/auth/verify-email', { email, code: codes.get(email) }), 200);
  const token = (await expectStatus(post('/auth/login', { username: email, password }), 200)).json()
    .access_token as string;
  return { app, headers: { authorization: `Bearer ${token}` } };
}

export async function expectStatus(
  pending: Promise<LightMyRequestResponse>,
  status: number,
): Promise<LightMyRequestResponse> {
  const response = await pending;
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return response;
}
