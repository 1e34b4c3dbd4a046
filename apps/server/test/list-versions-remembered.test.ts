import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListAnswers } from '../src/services/list-answers.ts';
import { RememberedReads } from '../src/services/remembered-reads.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';

/**
 * The embedded database counts its finished writes, and a list's rows' version read at one count
 * is not read again until a write finishes: the real PGlite, statements through drizzle.
 */
describe('list versions remembered between writes on the embedded database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.handle.db.execute(sql`create table counted (x integer)`);
  });
  afterAll(async () => database?.dispose());

  const generation = () => {
    const read = database.handle.writeGeneration;
    if (!read) throw new Error('the embedded database counts no writes');
    return read();
  };

  it('counts a statement that writes and a transaction, not a select', async () => {
    const { db } = database.handle;
    const before = generation();
    await db.execute(sql`select count(*) from counted`);
    expect(generation()).toBe(before);
    await db.execute(sql`insert into counted values (1)`);
    expect(generation()).toBe(before + 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update counted set x = 2`);
    });
    expect(generation()).toBeGreaterThan(before + 1);
  });

  it('reads a list’s version once per write count and answers the list built for it', async () => {
    const { db } = database.handle;
    const lists = new ListAnswers(database.handle.writeGeneration);
    let versionReads = 0;
    const readVersion = async () => {
      versionReads += 1;
      const result = (await db.execute(sql`select sum(x)::text as total from counted`)) as {
        rows: { total: string }[];
      };
      return result.rows[0].total;
    };
    const build = async () => ((await db.execute(sql`select x from counted order by x`)) as { rows: unknown[] }).rows;
    const first = await lists.answer(1, '/api/v1/things', readVersion, build);
    const again = await lists.answer(1, '/api/v1/things', readVersion, build);
    expect(versionReads).toBe(1);
    expect(again.body.hash).toBe(first.body.hash);

    await db.execute(sql`insert into counted values (5)`);
    const changed = await lists.answer(1, '/api/v1/things', readVersion, build);
    expect(versionReads).toBe(2);
    expect(changed.body.hash).not.toBe(first.body.hash);
    expect(JSON.parse((await changed.encode('identity')).toString())).toEqual([{ x: 2 }, { x: 5 }]);

    // Another user's list (or another URL) has a version of its own.
    await lists.answer(2, '/api/v1/things', readVersion, build);
    expect(versionReads).toBe(3);
  });

  it('shares one read among callers at the same write count, also while it is under way, and forgets a failed one', async () => {
    const { db } = database.handle;
    const versions = new RememberedReads<string>(database.handle.writeGeneration);
    let reads = 0;
    const readVersion = async () => {
      reads += 1;
      const result = (await db.execute(sql`select count(*)::text as n from counted`)) as { rows: { n: string }[] };
      return result.rows[0].n;
    };
    const crowd = await Promise.all(Array.from({ length: 20 }, () => versions.read('list', readVersion)));
    expect(reads).toBe(1);
    expect(new Set(crowd).size).toBe(1);

    await db.execute(sql`insert into counted values (6)`);
    const failure = new Error('the read failed');
    await expect(versions.read('list', async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(await versions.read('list', readVersion)).toBe(String(Number(crowd[0]) + 1));
    expect(reads).toBe(2);
  });

  it('without a write count, gives no caller a read that began before it came, and shares the next among those who wait', async () => {
    const versions = new RememberedReads<string>();
    let rows = 'v1';
    const pending: Array<() => void> = [];
    let reads = 0;
    // A read takes the rows as they are when it starts and answers when the test lets it.
    const readNow = () => {
      reads += 1;
      const seen = rows;
      return new Promise<string>((resolve) => pending.push(() => resolve(seen)));
    };
    const first = versions.read('solve 1', readNow);
    rows = 'v2'; // a write commits while the first read is under way
    const later = Array.from({ length: 5 }, () => versions.read('solve 1', readNow));
    const otherKey = versions.read('solve 2', readNow);
    expect(reads).toBe(2); // the first read of each key; the later callers wait for the next
    pending.shift()?.(); // the first read of solve 1 ends: the next starts, for all five
    expect(await first).toBe('v1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(3);
    pending.shift()?.(); // solve 2
    pending.shift()?.(); // the shared next read of solve 1
    expect(await Promise.all(later)).toEqual(['v2', 'v2', 'v2', 'v2', 'v2']);
    expect(await otherKey).toBe('v2');
    // Nothing is remembered: a caller after the crowd reads again.
    const after = versions.read('solve 1', readNow);
    expect(reads).toBe(4);
    pending.shift()?.();
    expect(await after).toBe('v2');
  });

  it('reads the version every time when the database has other writers (no write count)', async () => {
    const lists = new ListAnswers();
    let versionReads = 0;
    const readVersion = async () => {
      versionReads += 1;
      return 'same';
    };
    await lists.answer(1, '/api/v1/things', readVersion, async () => []);
    await lists.answer(1, '/api/v1/things', readVersion, async () => []);
    expect(versionReads).toBe(2);
  });
});
