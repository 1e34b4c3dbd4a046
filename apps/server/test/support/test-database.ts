import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server to test against. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connections and drops the per-file database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database: PGlite in memory, or a scratch PostgreSQL database on the
 * TEST_DATABASE_URL server, dropped afterwards, so concurrent runs never share state.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
    return { handle, dispose: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createScratchPostgres(serverUrl);
}

/** A migrated PostgreSQL database of its own, with its URL for child processes (workers, benches). */
export interface ScratchPostgres extends TestDatabase {
  url: string;
}

/**
 * Creates `<namePrefix>_<random>` on the server at `serverUrl` and migrates it; `dispose`
 * drops it again, with force, so a test never leaves a database behind.
 */
export async function createScratchPostgres(serverUrl: string, namePrefix = 'fleetlab_test'): Promise<ScratchPostgres> {
  const databaseName = `${namePrefix}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${databaseName}`));
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const handle = await openDatabase({ databaseUrl: databaseUrl.toString(), dataDir: '' });
  return {
    url: databaseUrl.toString(),
    handle,
    async dispose() {
      await handle.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${databaseName} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
