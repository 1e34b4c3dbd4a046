import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const WORKER_ENTRY = fileURLToPath(new URL('../../src/worker.ts', import.meta.url));

/** Deletes every Redis key under `prefix:` (the test's own queue), leaving other keys alone. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A `npm run worker` process, started as one Node process (so a signal reaches the worker itself). */
export class WorkerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  private output = '';
  private readonly listeners = new Set<() => void>();

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
      for (const listener of this.listeners) listener();
    };
    this.child.stdout!.on('data', collect);
    this.child.stderr!.on('data', collect);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  get log(): string {
    return this.output;
  }

  /** Resolves when the output matches `pattern`; rejects after `timeoutMs` with the output so far. */
  waitForOutput(pattern: RegExp, timeoutMs = 20_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!pattern.test(this.output)) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`Timed out waiting for ${pattern} in the worker output:\n${this.output}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}
