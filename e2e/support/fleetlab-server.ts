import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningFleetlab {
  url: string;
  /** The server's stdout and stderr, where the embedded mode prints verification codes. */
  logFile: string;
  stop(): Promise<void>;
}

async function waitForServer(url: string, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Fleetlab server did not answer at ${url} within ${deadlineMs} ms`);
}

export function buildWebApp(): void {
  const build = spawnSync('npm', ['run', 'build', '-w', '@fleetlab/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');
}

/** Starts one embedded-mode server (PGlite in a fresh temporary folder) on `port`. */
export async function startFleetlab(port: number): Promise<RunningFleetlab> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fleetlab-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'data'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  await waitForServer(`${url}/api/v1/auth/me`, 60_000);
  return {
    url,
    logFile,
    async stop() {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where journeys save their screenshots of the main screens (kept as test artifacts). */
export function screenshotPath(name: string): string {
  return path.join(repoRoot, 'e2e', 'artifacts', 'screens', `${name}.png`);
}
