import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { isUniqueViolation } from '../src/db/errors.ts';
import type { PgliteThreadClient } from '../src/db/pglite-thread-client.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';

/**
 * The embedded PGlite runs on a thread of its own (`src/db/pglite-thread.ts`); the API's thread
 * reaches it through `PgliteThreadClient`. These are the guarantees PGlite gave in the API's own
 * thread, now across threads: transactions, errors, the caller's parsers, durability on close.
 */
describe('the embedded database on its own thread', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.handle.db.execute(sql`create table items (id integer primary key, name text not null)`);
  });
  afterAll(async () => database?.dispose());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  it('runs a statement from outside only after an open transaction has committed, and shows it the rows', async () => {
    const { db } = database.handle;
    const order: string[] = [];
    let outside: Promise<Record<string, unknown>[]> | null = null;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (1, 'first')`);
      outside = rows(sql`select name from items where id = 1`).then((found) => {
        order.push('outside read');
        return found;
      });
      await tx.execute(sql`insert into items values (2, 'second')`);
      order.push('transaction body done');
    });
    expect(await outside).toEqual([{ name: 'first' }]);
    expect(order).toEqual(['transaction body done', 'outside read']);
  });

  it('rolls back a transaction whose work throws, and hands the caller its own error', async () => {
    const { db } = database.handle;
    const failure = new Error('the work failed');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items values (3, 'third')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await rows(sql`select id from items order by id`)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('keeps a nested transaction (savepoint) and its rollback', async () => {
    const { db } = database.handle;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (4, 'kept')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into items values (5, 'undone')`);
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
    });
    expect(await rows(sql`select id from items where id >= 4 order by id`)).toEqual([{ id: 4 }]);
  });

  it('passes PostgreSQL’s error fields across: a unique violation is one (SQLSTATE 23505)', async () => {
    const error = await database.handle.db
      .execute(sql`insert into items values (1, 'again')`)
      .catch((caught) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('applies the caller’s parsers to the columns of their types', async () => {
    const client = (database.handle.db as unknown as { $client: PgliteThreadClient }).$client;
    const result = await client.query<unknown[]>(
      "select '2026-01-02 03:04:05'::timestamp as at, null::timestamp as never, 7 as n",
      [],
      { rowMode: 'array', parsers: { 1114: (value: string) => `parsed ${value}` } },
    );
    expect(result.rows).toEqual([['parsed 2026-01-02 03:04:05', null, 7]]);
  });

  it('leaves the API thread free while a query runs', async () => {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const [{ total }] = await rows(sql`select sum(x)::text as total from generate_series(1, 2000000) as x`);
    ticking = false;
    expect(total).toBe('2000001000000');
    expect(turns).toBeGreaterThan(0);
  });
});

describe('the embedded database on disk', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fleetlab-pglite-thread-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every write that finished before close, and refuses queries after it', async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    await first.db.execute(sql`create table kept (n integer)`);
    const writes = Array.from({ length: 50 }, (_, n) => first.db.execute(sql`insert into kept values (${n})`));
    await Promise.all(writes);
    await first.close();
    const afterClose = await first.db.execute(sql`select 1`).catch((caught: Error) => caught);
    expect((afterClose as Error).cause).toMatchObject({ message: 'The embedded database is closed' });

    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const result = (await second.db.execute(sql`select count(*)::int as n from kept`)) as unknown as {
        rows: { n: number }[];
      };
      expect(result.rows).toEqual([{ n: 50 }]);
    } finally {
      await second.close();
    }
  });
});
