import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config.ts';
import type { Mailer } from '../src/services/mail.ts';

/** One API call of a bench: over HTTP or through `app.inject`, failing loudly on 4xx/5xx. */
export type BenchApiCall = <T = any>(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  token?: string,
) => Promise<T>;

export interface BenchWorkspace {
  /** The server configuration: on-disk PGlite under a fresh temp folder, silent logs. */
  readonly config: Config;
  /** Keeps each verification code instead of sending it, so the bench can sign up. */
  readonly mailer: Mailer;
  /** Registers `label<now>`, verifies it with the captured code and logs in; returns the access token. */
  signUp(call: BenchApiCall, label: string): Promise<string>;
  /** Removes the temp folders. */
  dispose(): void;
}

/** A BenchApiCall over HTTP to `base` (e.g. `http://127.0.0.1:PORT/api/v1`). */
export function httpApiCall(base: string): BenchApiCall {
  return async (method, url, body, token) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/**
 * The throw-away surroundings every server bench needs: a data folder, a one-file web build
 * (the app refuses to start without one) and a mailer that captures codes.
 */
export function createBenchWorkspace(name: string, env: Record<string, string> = {}): BenchWorkspace {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `fleetlab-${name}-`));
  const webDir = mkdtempSync(path.join(os.tmpdir(), `fleetlab-${name}-web-`));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Fleetlab</title>');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: webDir, ...env });
  const codes = new Map<string, string>();
  const mailer: Mailer = {
    async sendVerificationCode(email, code) {
      codes.set(email, code);
    },
    async close() {},
  };
  return {
    config,
    mailer,
    async signUp(call, label) {
      const email = `${label}${Date.now()}@example.com`;
      const password = 'bench password 123';
      await call('POST', '/auth/register', { email, username: `${label}${Date.now()}`, password });
      await call('POST', '/auth/verify-email', { email, code: codes.get(email) });
      const { access_token: token } = await call<{ access_token: string }>('POST', '/auth/login', {
        username: email,
        password,
      });
      return token;
    },
    dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}
