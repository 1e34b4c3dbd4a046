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

  it('moves a stored solve to the result format of this version: stats out of results, total_distance since the last charge', async () => {
    const { db } = database.handle;
    const legacyResults = {
      R1_1: [
        { task: ['P1', 'D1'], path: ['R1_1', 'P1', 'D1'], total_distance: 10, completion_time: 10 },
        { task: 'recharge', path: ['D1', 'R1'], total_distance: 20, completion_time: 200 },
        { task: ['P1', 'D1'], path: ['R1', 'P1', 'D1'], total_distance: 30, completion_time: 210 },
        { task: ['P2', 'D1'], path: ['D1', 'P2', 'D1'], total_distance: 34.5, completion_time: 214.5 },
      ],
      R2_1: [],
      stats: { makespan_s: 214.5, recharges: 1 },
    };
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`
        with u as (insert into users (email, username, password_hash) values ('legacy@example.com', 'legacy', 'x') returning id),
        e as (insert into environments (user_id, name, dimensions, elements, graph) select id, 'e', '{}', '{}', '{}' from u returning id, user_id),
        sc as (insert into scenarios (user_id, environment_id, name, parameters) select user_id, id, 's', '{}' from e returning id, user_id, environment_id),
        t as (insert into tasks (user_id, scenario_id, name, task_type, details) select user_id, id, 't', 'manual', '{}' from sc returning id, user_id, scenario_id),
        inserted as (
          insert into solves (user_id, environment_id, scenario_id, task_id, name, status, algorithm_id, parameters, results)
          select t.user_id, sc.environment_id, sc.id, t.id, name, status, 1, '{}', results::jsonb
          from t, sc, (values ('old', 'completed', ${JSON.stringify(legacyResults)}), ('broken', 'failed', '{"error":"Delivery P9 -> D1 cannot be done"}'))
            as v(name, status, results)
          returning id
        )
        select id from inserted order by id`),
    );
    await db.execute(
      sql`update solves set stats = null where id in (${sql.join(
        ids.map((row) => sql`${row.id}`),
        sql`, `,
      )})`,
    );
    // The rows stand for a database of version 0001, whose plans were jsonb: 0002 moves them on, then 0004 makes them json.
    const statementsOf = (file: string) =>
      readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8').split('--> statement-breakpoint');
    const migrateFromVersion1 = async () => {
      await db.execute(sql`alter table solves alter column results type jsonb`);
      for (const statement of statementsOf('0002_solve_stats.sql').filter((text) => !/ADD COLUMN/.test(text)))
        await db.execute(sql.raw(statement));
      for (const statement of statementsOf('0004_solve_plans_as_json.sql')) await db.execute(sql.raw(statement));
    };
    await migrateFromVersion1();

    const rows = rowsOf<{ name: string; results: Record<string, unknown>; stats: unknown }>(
      await db.execute(
        sql`select name, results, stats from solves where id in (${sql.join(
          ids.map((row) => sql`${row.id}`),
          sql`, `,
        )}) order by id`,
      ),
    );
    const [migrated, failed] = rows;
    expect(migrated.stats).toEqual({ makespan_s: 214.5, recharges: 1 });
    expect(Object.keys(migrated.results).sort()).toEqual(['R1_1', 'R2_1']);
    const steps = migrated.results.R1_1 as { total_distance: number; odometer_m: number }[];
    expect(steps.map((step) => [step.total_distance, step.odometer_m])).toEqual([
      [10, 10],
      [20, 20],
      [10, 30],
      [14.5, 34.5],
    ]);
    expect(migrated.results.R2_1).toEqual([]);
    expect(failed).toEqual({ name: 'broken', results: { error: 'Delivery P9 -> D1 cannot be done' }, stats: null });

    // Running it again changes nothing: steps that carry odometer_m are already in the new format.
    await migrateFromVersion1();
    const again = rowsOf<{ results: Record<string, unknown> }>(
      await db.execute(sql`select results from solves where id = ${ids[0].id}`),
    );
    expect(again[0].results).toEqual(migrated.results);
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
