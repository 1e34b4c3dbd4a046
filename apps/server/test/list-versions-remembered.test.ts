import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListAnswers } from '../src/services/list-answers.ts';
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
