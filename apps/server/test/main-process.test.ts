import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../src/db/data-dir-lock.ts';
import { createWebDist } from './support/test-app.ts';

const mainPath = path.resolve(import.meta.dirname, '../src/main.ts');

interface RunningServer {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SMTP_URL: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          const match = out.match(pattern);
          if (match) {
            clearInterval(poll);
            resolve(match);
          } else if (child.exitCode !== null || Date.now() - started > timeoutMs) {
            clearInterval(poll);
            reject(new Error(`no ${pattern} in output; stdout: ${out}\nstderr: ${err}`));
          }
        }, 20);
      });
    },
  };
}

describe('the server process (npm start)', () => {
  const started: RunningServer[] = [];
  const folders: string[] = [];
  afterAll(() => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('prints its URL and the verification codes, refuses a second process on the same DATA_DIR, and stops gracefully on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fleetlab-main-'));
    const env = { DATA_DIR: dataDir, WEB_DIST_DIR: createWebDist() };
    folders.push(dataDir, env.WEB_DIST_DIR);
    const server = startServer(env);
    started.push(server);
    const [, port] = await server.waitFor(/Fleetlab is running at http:\/\/localhost:(\d+)/);
    const base = `http://127.0.0.1:${port}`;

    const registered = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'Console@Example.com', username: 'console', password: 'printed-code' }),
    });
    expect(registered.status).toBe(201);
    const [, code] = await server.waitFor(/^\[fleetlab\] verification code for console@example\.com: (\d{6})$/m);
    const verified = await fetch(`${base}/api/v1/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'console@example.com', code }),
    });
    expect(verified.status).toBe(200);
    // Request logs are JSON lines.
    const logLine = server
      .stdout()
      .split('\n')
      .find((line) => line.includes('"url":"/api/v1/auth/verify-email"'));
    expect(JSON.parse(logLine!)).toMatchObject({ msg: 'incoming request', req: { method: 'POST' } });
    const second = startServer(env);
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`The data directory ${dataDir} is already in use by another Fleetlab process`);
    // A login (production-cost scrypt) is in flight when SIGTERM arrives: it still completes.
    const login = fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'console@example.com', password: 'printed-code' }),
    });
    await server.waitFor(/"url":"\/api\/v1\/auth\/login"/);
    server.child.kill('SIGTERM');
    const response = await login;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { token_type: string }).token_type).toBe('bearer');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });
});
