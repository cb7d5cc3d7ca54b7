import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helpers';
import type { Db } from './client';
import { fastQueryOf } from './fast-query';

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

describe('fast query', () => {
  it('keeps a statement usable when its first run fails on the values', async () => {
    // A SQL text of its own, so this is certainly the statement's first run in this process.
    const text = `select $1::int + 1 as n /* ${Date.now()} */`;
    const fast = fastQueryOf(db);
    await expect(fast.rows(text, ['not a number'])).rejects.toThrow(/invalid input syntax/);
    expect(await fast.rows(text, [41])).toEqual([['42']]);
    expect(await fast.rows(text, [1])).toEqual([['2']]);
  });

  it('reports a statement that does not parse, every time', async () => {
    const text = `select from_nowhere( /* ${Date.now()} */`;
    const fast = fastQueryOf(db);
    await expect(fast.rows(text, [])).rejects.toThrow(/syntax error/);
    await expect(fast.rows(text, [])).rejects.toThrow(/syntax error/);
  });

  it("never runs inside another caller's transaction: it waits for it, and sees only what was committed", async () => {
    const table = `fast_query_probe_${Date.now()}`;
    await db.execute(sql.raw(`create table ${table} (n int)`));
    const fast = fastQueryOf(db);
    let read: Promise<(string | null)[][]> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`insert into ${table} values (1)`));
        read = fast.rows(`select count(*) from ${table}`, []);
        // Time for the read to run now, if anything let it into this transaction.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await read).toEqual([['0']]);
    await db.execute(sql.raw(`drop table ${table}`));
  });
});
