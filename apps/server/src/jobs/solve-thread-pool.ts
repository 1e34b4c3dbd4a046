import { Worker } from 'node:worker_threads';
import type { SolveStatsRecord } from '@fleetlab/warehouse';
import {
  CONTROL_FLAG_COUNT,
  FINISH_EARLY_FLAG,
  type PlanText,
  type SolvePhase,
  type SolveThreadMessage,
  type SolveThreadRequest,
} from './solve-thread-protocol.ts';

const THREAD_ENTRY = new URL('./solve-thread.mjs', import.meta.url);

export type SolveThreadOutcome =
  | { kind: 'completed'; plan: PlanText; stats: SolveStatsRecord; stoppedEarly: boolean }
  | { kind: 'rejected'; message: string }
  | { kind: 'not-started' }
  /** Terminated from outside (cancellation or hand-back); nothing was produced. */
  | { kind: 'terminated' }
  | { kind: 'crashed'; error: Error };

export interface SolveThreadProgress {
  phase: SolvePhase;
  fraction: number;
  bestMakespanS: number | null;
}

export type SolveRequest = Omit<SolveThreadRequest, 'runId' | 'control'>;

export interface SolveThreadHandle {
  readonly outcome: Promise<SolveThreadOutcome>;
  /** Asks the solver to return its best plan now (time-limited algorithms stop searching). */
  finishEarly(): void;
  /** Stops the solve at once by ending its thread; `outcome` then resolves to `terminated`. */
  terminate(): Promise<void>;
}

interface PoolThread {
  worker: Worker;
  ready: Promise<void>;
  /** Set while a solve owns the thread; a thread that exits or fails reports to it. */
  onExit: ((error: Error | null) => void) | null;
}

/**
 * Worker threads that run solves, one solve per thread at a time. A thread is reused after a
 * solve ends normally (starting one costs most of a second: it loads TypeScript support and
 * the solver), and ended when a solve is cancelled, handed back or crashes, so every solve
 * starts from a clean thread state. Callers bound the concurrency; the pool keeps at most
 * `maxIdleThreads` threads waiting.
 */
export class SolveThreadPool {
  private readonly idle: PoolThread[] = [];
  private nextRunId = 1;
  private closed = false;

  constructor(private readonly maxIdleThreads: number) {}

  /** Starts threads ahead of need, so the first solves skip the start-up time. */
  warm(count: number): void {
    while (!this.closed && this.idle.length < Math.min(count, this.maxIdleThreads)) this.idle.push(this.spawn());
  }

  run(request: SolveRequest, onProgress: (progress: SolveThreadProgress) => void): SolveThreadHandle {
    if (this.closed) throw new Error('The solve thread pool is closed');
    const thread = this.idle.pop() ?? this.spawn();
    // A solving thread keeps the process alive; a waiting one must not.
    thread.worker.ref();
    const runId = this.nextRunId++;
    const control = new SharedArrayBuffer(CONTROL_FLAG_COUNT * Int32Array.BYTES_PER_ELEMENT);
    const flags = new Int32Array(control);
    let settled = false;
    let terminating = false;
    let onMessage: (message: SolveThreadMessage) => void = () => undefined;

    const outcome = new Promise<SolveThreadOutcome>((resolve) => {
      const settle = (value: SolveThreadOutcome, reusable: boolean) => {
        if (settled) return;
        settled = true;
        thread.worker.off('message', onMessage);
        thread.onExit = null;
        if (reusable) this.release(thread);
        else void this.discard(thread);
        resolve(value);
      };
      onMessage = (message) => {
        if (message.type === 'ready' || message.runId !== runId) return;
        switch (message.type) {
          case 'progress':
            onProgress({ phase: message.phase, fraction: message.fraction, bestMakespanS: message.bestMakespanS });
            return;
          case 'completed':
            return settle(
              { kind: 'completed', plan: message.plan, stats: message.stats, stoppedEarly: message.stoppedEarly },
              true,
            );
          case 'rejected':
            return settle({ kind: 'rejected', message: message.message }, true);
          case 'not-started':
            return settle({ kind: 'not-started' }, true);
          case 'crashed': {
            const error = new Error(message.message);
            error.stack = message.stack;
            // A solver bug may have left the thread in any state: do not reuse it.
            return settle({ kind: 'crashed', error }, false);
          }
        }
      };
      thread.worker.on('message', onMessage);
      thread.onExit = (error) => {
        if (terminating) settle({ kind: 'terminated' }, false);
        else
          settle({ kind: 'crashed', error: error ?? new Error('The solve thread stopped without an outcome') }, false);
      };
      thread.ready.then(
        () => {
          if (!settled) thread.worker.postMessage({ ...request, runId, control } satisfies SolveThreadRequest);
        },
        () => undefined, // reported through onExit
      );
    });

    return {
      outcome,
      finishEarly() {
        Atomics.store(flags, FINISH_EARLY_FLAG, 1);
      },
      terminate: async () => {
        if (settled) return;
        terminating = true;
        await thread.worker.terminate();
        await outcome;
      },
    };
  }

  /** Ends the waiting threads; threads still solving end with their solve's owner. */
  async close(): Promise<void> {
    this.closed = true;
    const waiting = this.idle.splice(0);
    await Promise.all(waiting.map((thread) => this.discard(thread)));
  }

  private spawn(): PoolThread {
    const worker = new Worker(THREAD_ENTRY);
    // The pool must not keep a finished process alive; an owned solve keeps its own promise.
    worker.unref();
    const thread: PoolThread = { worker, ready: Promise.resolve(), onExit: null };
    thread.ready = new Promise<void>((resolve, reject) => {
      const onReady = (message: SolveThreadMessage) => {
        if (message.type !== 'ready') return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
      worker.once('exit', (code) => reject(new Error(`The solve thread exited with code ${code} while starting`)));
    });
    thread.ready.catch(() => undefined);
    worker.on('error', (error) => thread.onExit?.(error));
    worker.on('exit', (code) => {
      const index = this.idle.indexOf(thread);
      if (index >= 0) this.idle.splice(index, 1);
      thread.onExit?.(code === 0 ? null : new Error(`The solve thread exited with code ${code}`));
    });
    return thread;
  }

  private release(thread: PoolThread): void {
    if (this.closed || this.idle.length >= this.maxIdleThreads) void this.discard(thread);
    else {
      thread.worker.unref();
      this.idle.push(thread);
    }
  }

  private async discard(thread: PoolThread): Promise<void> {
    await thread.worker.terminate();
  }
}
