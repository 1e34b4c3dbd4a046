import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningFleetlab {
  url: string;
  /** The server's stdout and stderr, where the embedded mode prints verification codes. */
  logFile: string;
  stop(): Promise<void>;
  /**
   * Stops the process with `signal` (SIGKILL: a crash, nothing is finished or handed back) and
   * starts it again on the same port and data folder, as an operator's restart would.
   */
  restart(signal: NodeJS.Signals): Promise<void>;
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

/** A free TCP port on the loopback interface, for a journey that runs a server of its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts one embedded-mode server (PGlite in a fresh temporary folder) on `port`. */
export async function startFleetlab(port: number): Promise<RunningFleetlab> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fleetlab-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile, { flags: 'a' });
  const url = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const process = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...globalThis.process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'data'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    process.stdout.pipe(log, { end: false });
    process.stderr.pipe(log, { end: false });
    await waitForServer(`${url}/api/v1/auth/me`, 60_000);
    return process;
  };
  const halt = async (process: ChildProcess, signal: NodeJS.Signals) => {
    // A server that has already exited has nothing left to stop (its group is gone: ESRCH).
    if (process.exitCode !== null || process.signalCode !== null) return;
    const exited = new Promise((resolve) => process.once('exit', resolve));
    if (process.pid) globalThis.process.kill(-process.pid, signal);
    await exited;
    // The group's leader (npx) exits first; the server under it may still be dying, holding the
    // data folder's lock. An operator restarts once it is gone, and so does this.
    if (process.pid) await groupGone(process.pid);
  };
  let server = await launch();
  return {
    url,
    logFile,
    async stop() {
      await halt(server, 'SIGTERM');
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async restart(signal) {
      await halt(server, signal);
      server = await launch();
    },
  };
}

/** Resolves once no process of the group is left (signal 0 answers ESRCH). */
async function groupGone(groupId: number): Promise<void> {
  for (;;) {
    try {
      globalThis.process.kill(-groupId, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Where journeys save their screenshots of the main screens (kept as test artifacts). */
export function screenshotPath(name: string): string {
  return path.join(repoRoot, 'e2e', 'artifacts', 'screens', `${name}.png`);
}
