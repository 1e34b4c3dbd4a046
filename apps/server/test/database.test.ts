import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../src/db/data-dir-lock.ts';
import { users } from '../src/db/schema.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from './support/test-database.ts';

const EXPECTED_TABLES = [
  'auth_tokens',
  'email_verification_codes',
  'environments',
  'login_failures',
  'scenarios',
  'solves',
  'tasks',
  'users',
];

const journalEntries = () =>
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')).entries as { tag: string }[];

/** Both drivers answer raw queries with `{ rows }`; the shared Database type leaves it unknown. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

const createdDataDirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fleetlab-data-'));
  createdDataDirs.push(dir);
  return dir;
};

/** The pid of a process that has certainly exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

describe.each(databaseKinds)('migrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('applies every versioned migration at open and creates every foundation table', async () => {
    const { db } = database.handle;
    const applied = await db.execute(sql`select hash from drizzle.__drizzle_migrations`);
    expect(rowsOf(applied)).toHaveLength(journalEntries().length);
    const tables = await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rowsOf<{ table_name: string }>(tables).map((row) => row.table_name)).toEqual(
      expect.arrayContaining(EXPECTED_TABLES),
    );
  });

  it('refuses an orphan row: a scenario must reference an existing environment', async () => {
    const { db } = database.handle;
    await expect(
      db.execute(sql`insert into scenarios (user_id, environment_id, name, parameters) values (1, 424242, 'x', '{}')`),
    ).rejects.toThrow();
  });
});

describe('the embedded data directory', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    for (const dir of createdDataDirs) rmSync(dir, { recursive: true, force: true });
  });

  // One directory for the whole story: creating an embedded database on disk costs seconds.
  it('locks the directory while open, refuses a second open, releases on close, and keeps the data', async () => {
    const dataDir = tempDataDir();
    const lockPath = path.join(dataDir, LOCK_FILE_NAME);
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    expect(readFileSync(lockPath, 'utf8')).toBe(`${process.pid}\n`);
    await first.db.insert(users).values({ email: 'kept@example.com', username: 'kept', password_hash: 'x' });

    const second = openDatabase({ databaseUrl: undefined, dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(
      `The data directory ${dataDir} is already in use by another Fleetlab process (pid ${process.pid}).`,
    );

    await first.close();
    expect(existsSync(lockPath)).toBe(false);

    const reopened = await openDatabase({ databaseUrl: undefined, dataDir });
    handles.push(reopened);
    expect((await reopened.db.select().from(users)).map((user) => user.email)).toEqual(['kept@example.com']);
    const applied = await reopened.db.execute(sql`select hash from drizzle.__drizzle_migrations`);
    expect(rowsOf(applied)).toHaveLength(journalEntries().length);
  });

  it('takes over a lock left by a process that died', async () => {
    const dataDir = tempDataDir();
    const lockPath = path.join(dataDir, LOCK_FILE_NAME);
    writeFileSync(lockPath, `${await deadPid()}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses a lock held by a live process', () => {
    const dataDir = tempDataDir();
    // pid 1 (init) is always alive.
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), '1\n');
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe('1\n');
  });
});
