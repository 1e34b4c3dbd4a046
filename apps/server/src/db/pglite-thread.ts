import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
  type PgliteThreadData,
  type PgliteThreadReply,
  type PgliteThreadRequest,
  type ThreadQueryOptions,
  toThreadError,
} from './pglite-thread-protocol.ts';

/**
 * The embedded database's own thread: PGlite runs its queries (WebAssembly) synchronously on the
 * thread that calls it, so here they no longer hold up the API's event loop. It opens the
 * database, applies the migrations, then runs what the API's thread sends (`PgliteThreadClient`).
 */
if (!parentPort) throw new Error('pglite-thread.ts runs as a worker thread');
const port = parentPort;
const { pgliteDir, migrationsFolder } = workerData as PgliteThreadData;

function send(reply: PgliteThreadReply): void {
  port.postMessage(reply);
}

/** Thrown inside PGlite's transaction callback so that PGlite rolls the transaction back. */
const ROLLBACK_REQUESTED = new Error('rollback requested by the API thread');

interface OpenTransaction {
  tx?: Transaction;
  end: (commit: boolean) => void;
  done: Promise<void>;
}

const identity = (value: string) => value;

function parserOptions(options: ThreadQueryOptions) {
  return {
    rowMode: options.rowMode,
    parsers: Object.fromEntries(options.textTypes.map((type) => [type, identity])),
  };
}

async function serve(db: PGlite): Promise<void> {
  const transactions = new Map<number, OpenTransaction>();

  function openTransaction(id: number): void {
    let end!: (commit: boolean) => void;
    const ending = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    const entry: OpenTransaction = { end, done: Promise.resolve() };
    entry.done = db.transaction(async (tx) => {
      entry.tx = tx;
      transactions.set(id, entry);
      send({ id, ok: true, value: null });
      if (!(await ending)) throw ROLLBACK_REQUESTED;
    });
    // A transaction that never opened answers its begin; one that did answers its end.
    entry.done.catch((error: unknown) => {
      if (!entry.tx) send({ id, ok: false, error: toThreadError(error) });
    });
  }

  async function handle(request: PgliteThreadRequest): Promise<unknown> {
    switch (request.kind) {
      case 'query': {
        const target = request.transaction === null ? db : transactions.get(request.transaction)?.tx;
        if (!target) throw new Error(`Transaction ${request.transaction} is not open`);
        const result = await target.query(request.sql, request.params, parserOptions(request.options));
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'end': {
        const entry = transactions.get(request.transaction);
        if (!entry) throw new Error(`Transaction ${request.transaction} is not open`);
        transactions.delete(request.transaction);
        entry.end(request.commit);
        try {
          await entry.done;
        } catch (error) {
          if (error !== ROLLBACK_REQUESTED) throw error;
        }
        return null;
      }
      case 'close':
        await db.close();
        return null;
      case 'begin':
        throw new Error('begin is answered by openTransaction');
    }
  }

  port.on('message', (request: PgliteThreadRequest) => {
    if (request.kind === 'begin') {
      openTransaction(request.id);
      return;
    }
    handle(request).then(
      (value) => {
        send({ id: request.id, ok: true, value });
        if (request.kind === 'close') port.close();
      },
      (error: unknown) => send({ id: request.id, ok: false, error: toThreadError(error) }),
    );
  });
}

let db: PGlite | null = null;
try {
  db = pgliteDir === null ? new PGlite() : new PGlite(pgliteDir);
  await db.waitReady;
  await migrate(drizzle(db), { migrationsFolder });
  await serve(db);
  send({ kind: 'ready' });
} catch (error) {
  await db?.close().catch(() => undefined);
  send({ kind: 'failed', error: toThreadError(error) });
  port.close();
}
