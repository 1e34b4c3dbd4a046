import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type {
  PgliteThreadData,
  PgliteThreadReply,
  PgliteThreadRequest,
  ThreadError,
  ThreadQueryOptions,
} from './pglite-thread-protocol.ts';

const THREAD_ENTRY = new URL('./pglite-thread.mjs', import.meta.url);

/** A statement that only reads: drizzle's selects (and version reads) begin with `select`. */
const READ_ONLY_STATEMENT = /^\s*select\b/i;

type RequestBody = PgliteThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The part of a PGlite transaction drizzle's PGlite driver uses. */
export interface ThreadTransaction {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

function toError(error: ThreadError): Error {
  return Object.assign(new Error(error.message), error.fields, { name: error.name });
}

/**
 * The embedded PGlite, run on a thread of its own (`pglite-thread.ts`), with the part of PGlite's
 * interface that drizzle's PGlite driver calls: `query` and `transaction`. A query waits its turn
 * on that thread as it would in PGlite (one at a time, none while a transaction is open but the
 * transaction's own), so transactions keep their meaning; only the API's event loop no longer
 * stops while one runs.
 *
 * It counts its finished writes (any statement but a select, any transaction), counted when the
 * answer arrives: a count read before a read query is sent never belongs to rows older than it
 * (`writeGeneration` of the database handle).
 */
export class PgliteThreadClient {
  writes = 0;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;
  private closing = false;
  private readonly exited: Promise<void>;

  private constructor(private readonly worker: Worker) {
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (reply: PgliteThreadReply) => {
      if (!('id' in reply)) return;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.settled(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(toError(reply.error));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
    // The thread keeps the process alive only while something waits for it.
    worker.unref();
  }

  /** Starts the thread, opens the database (null: in memory) and applies the migrations. */
  static async start(pgliteDir: string | null, migrationsFolder: string): Promise<PgliteThreadClient> {
    const data: PgliteThreadData = { pgliteDir, migrationsFolder };
    const worker = new Worker(THREAD_ENTRY, { workerData: data });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: PgliteThreadReply) => {
        if (!('kind' in reply)) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (reply.kind === 'ready') resolve();
        else reject(toError(reply.error));
      };
      const onExit = (code: number) =>
        reject(new Error(`The embedded database's thread stopped while opening (exit code ${code})`));
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', onExit);
    });
    return new PgliteThreadClient(worker);
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn<T>(null, sql, params, options);
  }

  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    await this.request({ kind: 'begin' }, id);
    let ended = false;
    const tx: ThreadTransaction = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
        if (ended) return Promise.reject(new Error('The transaction has ended'));
        return this.queryIn<R>(id, sql, params, options);
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      ended = true;
      await this.end(id, false).catch(() => undefined);
      throw error;
    }
    ended = true;
    await this.end(id, true);
    return result;
  }

  /** Closes the database (its files are complete on disk after) and stops the thread. */
  async close(): Promise<void> {
    // Held until the thread has gone: the files are complete only then, and the caller
    // releases the data-dir lock after this returns.
    this.closing = true;
    this.worker.ref();
    if (!this.failure) await this.request({ kind: 'close' });
    this.failure ??= new Error('The embedded database is closed');
    await this.exited;
  }

  private async end(transaction: number, commit: boolean): Promise<void> {
    try {
      await this.request({ kind: 'end', transaction, commit });
    } finally {
      this.writes += 1;
    }
  }

  private async queryIn<T>(
    transaction: number | null,
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const parsers = options?.parsers ?? {};
    const threadOptions: ThreadQueryOptions = {
      rowMode: options?.rowMode,
      textTypes: Object.keys(parsers).map(Number),
    };
    let result: Results<T>;
    try {
      result = (await this.request({ kind: 'query', transaction, sql, params, options: threadOptions })) as Results<T>;
    } finally {
      if (!READ_ONLY_STATEMENT.test(sql)) this.writes += 1;
    }
    applyParsers(result, parsers, options?.rowMode ?? 'object');
    return result;
  }

  private request(body: RequestBody, id = this.nextId++): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...body, id } as PgliteThreadRequest);
    });
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0 && !this.closing) this.worker.unref();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const [id, waiting] of this.pending) {
      this.settled(id);
      waiting.reject(error);
    }
  }
}

/** Runs the caller's parsers on the columns the thread sent back as text (see `ThreadQueryOptions`). */
function applyParsers<T>(
  result: Results<T>,
  parsers: NonNullable<QueryOptions['parsers']>,
  rowMode: 'array' | 'object',
): void {
  result.fields.forEach((field, column) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    for (const row of result.rows as unknown as Record<string | number, unknown>[]) {
      const key = rowMode === 'array' ? column : field.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string);
    }
  });
}
