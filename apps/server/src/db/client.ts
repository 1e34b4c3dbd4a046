import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';

/** The one database type the repositories use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Closes the connections and, for the embedded database, releases the data-dir lock. */
  close(): Promise<void>;
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
  let client: PGlite | null = null;
  try {
    client = dataDir === null ? new PGlite() : new PGlite(path.join(dataDir, PGLITE_SUBDIR));
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const openClient = client;
    let closed = false;
    return {
      db,
      kind: 'pglite',
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
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}
