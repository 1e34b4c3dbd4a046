/**
 * Messages between the API's thread and the thread that runs the embedded PGlite
 * (`pglite-thread.ts`). Every request carries an id; the database thread answers each one once,
 * with the same id, in the order it finishes them.
 */

/** What the database thread needs to open the database: PGlite's folder (null: in memory) and the migrations. */
export interface PgliteThreadData {
  pgliteDir: string | null;
  migrationsFolder: string;
}

/**
 * A query's options as they cross threads. PGlite's parsers are functions, which cannot be sent:
 * the columns of the types named in `textTypes` come back as PGlite's text, and the API's thread
 * applies the caller's parsers to them.
 */
export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  textTypes: number[];
}

export type PgliteThreadRequest =
  | {
      id: number;
      kind: 'query';
      transaction: number | null;
      sql: string;
      params: unknown[];
      options: ThreadQueryOptions;
    }
  /** Opens a transaction; its id is this request's id. Other statements wait until it ends, as in PGlite. */
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; transaction: number; commit: boolean }
  | { id: number; kind: 'close' };

/** A database error as plain data: its message and PostgreSQL's fields (code, detail, constraint...). */
export interface ThreadError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

export type PgliteThreadReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: ThreadError }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ThreadError };

/** Copies an error's message and its primitive fields; anything else (functions, the query's options) stays behind. */
export function toThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}
