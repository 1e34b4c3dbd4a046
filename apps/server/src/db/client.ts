import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { PgliteThreadClient } from './pglite-thread-client.ts';
import * as schema from './schema.ts';

/** The one database type the repositories use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Closes the connections and, for the embedded database, releases the data-dir lock. */
  close(): Promise<void>;
  /**
   * Only when this process is the database's one writer (the embedded database, behind its
   * data-dir lock): how many writes have finished. While it reads the same, no row has changed.
   */
  writeGeneration?: () => number;
}

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Sub-folder of DATA_DIR holding PGlite's files, so the lock file sits beside them. */
export const PGLITE_SUBDIR = 'pglite';
/** Serialises migrations when several API processes start against one PostgreSQL. */
const MIGRATION_ADVISORY_LOCK = 0x466c6565; // "Flee"

export interface OpenDatabaseOptions {
  /** Keep the embedded database in memory (tests); ignored when a DATABASE_URL is set. */
  inMemory?: boolean;
}

/**
 * Opens PostgreSQL when `databaseUrl` is set, otherwise the embedded PGlite under
 * `dataDir`, and applies the pending migrations before returning.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(options.inMemory ? null : config.dataDir);
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error(`[fleetlab] PostgreSQL connection error: ${error.message}`));
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_ADVISORY_LOCK]);
      try {
        await migrateNodePostgres(drizzleNodePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_ADVISORY_LOCK]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzleNodePostgres(pool, { schema }),
    kind: 'postgres',
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const lock = dataDir === null ? null : acquireDataDirLock(dataDir);
  let client: PgliteThreadClient;
  try {
    client = await PgliteThreadClient.start(
      dataDir === null ? null : path.join(dataDir, PGLITE_SUBDIR),
      MIGRATIONS_FOLDER,
    );
  } catch (error) {
    lock?.release();
    throw error;
  }
  const openClient = client;
  let closed = false;
  return {
    // drizzle's PGlite driver calls only `query` and `transaction`, which the thread's client has.
    db: drizzlePglite(openClient as unknown as PGlite, { schema }),
    kind: 'pglite',
    writeGeneration: () => openClient.writes,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await openClient.close();
      } finally {
        lock?.release();
      }
    },
  };
}
