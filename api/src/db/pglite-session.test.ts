import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helpers';
import type { Db } from './client';

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

/** A statement of its own (its text and name used by no other test), so its first run in this process is the test's. */
function fresh(): string {
  return `t${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
}

describe('named prepared queries', () => {
  it('keeps a statement usable when its first run fails on the values', async () => {
    const tag = fresh();
    const plusOne = db
      .select({ n: sql<number>`${sql.placeholder('n')}::int + 1`.mapWith(Number) })
      .from(sql.raw(`(select 1) one_${tag}`))
      .prepare(`lb_test_${tag}`);
    await expect(plusOne.execute({ n: 'not a number' })).rejects.toThrow();
    await expect(plusOne.execute({ n: 'not a number' })).rejects.toSatisfy((error) =>
      /invalid input syntax/.test(String((error as Error).cause)),
    );
    expect(await plusOne.execute({ n: 41 })).toEqual([{ n: 42 }]);
    expect(await plusOne.execute({ n: 1 })).toEqual([{ n: 2 }]);
  });

  it('reports a statement that does not parse, every time', async () => {
    const broken = db
      .select({ n: sql<number>`from_nowhere(` })
      .from(sql.raw(`(select 1) one_${fresh()}`))
      .prepare(`lb_test_${fresh()}`);
    for (let i = 0; i < 2; i += 1)
      await expect(broken.execute()).rejects.toSatisfy((error) => /syntax error/.test(String((error as Error).cause)));
  });

  it('answers rows as the driver does: columns decoded by type, objects by name', async () => {
    const tag = fresh();
    const typed = db
      .select({
        yes: sql<boolean>`true`,
        count: sql<number>`${sql.placeholder('n')}::int4`,
        at: sql<string>`'2026-01-02T03:04:05Z'::timestamptz`,
        doc: sql<unknown>`${sql.placeholder('doc')}::jsonb`,
        none: sql<null>`null::text`,
      })
      .from(sql.raw(`(select 1) one_${tag}`));
    const unnamed = await typed.execute({ n: 7, doc: JSON.stringify({ a: [1] }) });
    const named = await typed.prepare(`lb_test_${tag}`).execute({ n: 7, doc: JSON.stringify({ a: [1] }) });
    expect(named).toEqual(unnamed);
    expect(named).toEqual([{ yes: true, count: 7, at: '2026-01-02 03:04:05+00', doc: { a: [1] }, none: null }]);
  });

  it("never runs inside another caller's transaction: it waits for it, and sees only what was committed", async () => {
    const table = `named_probe_${fresh()}`;
    await db.execute(sql.raw(`create table ${table} (n int)`));
    const count = db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(sql.raw(table))
      .prepare(`lb_test_${table}`);
    let read: Promise<{ n: number }[]> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`insert into ${table} values (1)`));
        read = count.execute();
        // Time for the read to run now, if anything let it into this transaction.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await read).toEqual([{ n: 0 }]);
    await db.execute(sql.raw(`drop table ${table}`));
  });

  it("prepared inside a transaction, runs in it (the driver's own path there), without waiting for it to end", async () => {
    const table = `named_in_tx_${fresh()}`;
    await db.execute(sql.raw(`create table ${table} (n int)`));
    const seen = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`insert into ${table} values (1)`));
      return tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(sql.raw(table))
        .prepare(`lb_test_${table}`)
        .execute();
    });
    expect(seen).toEqual([{ n: 1 }]);
    await db.execute(sql.raw(`drop table ${table}`));
  });
});
