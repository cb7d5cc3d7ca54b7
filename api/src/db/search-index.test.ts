import { modelNames } from '@lifeboard/shared/models';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_WORD, seedNotesSql } from '../../test/seed-notes';
import { testDatabase } from '../../test/helpers';
import type { Db } from './client';

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

describe('the search indexes (migration 0008)', () => {
  it('write straight into every GIN index: no pending list (fastupdate off)', async () => {
    const rows = rowsOf(
      await db.execute(sql`
      select c.relname as name, array_to_string(c.reloptions, ',') as options
      from pg_class c join pg_am am on am.oid = c.relam
      where c.relkind = 'i' and am.amname = 'gin' and c.relname like '%owner_search_idx'`),
    );
    expect(rows.map((row) => row.name).sort()).toEqual(modelNames.map((name) => `${name}_owner_search_idx`).sort());
    for (const row of rows) expect(row.options, String(row.name)).toContain('fastupdate=false');
  });

  it('answer a rare word on a board of thousands through the index, not by walking the whole board', async () => {
    const [user] = rowsOf(
      await db.execute(sql`
      insert into users (email, name, password_hash) values (${`plan-${process.pid}-${Date.now()}@test.lifeboard.local`}, 'Plan', 'x') returning id`),
    );
    const [board] = rowsOf(
      await db.execute(sql`insert into boards (user_id, name) values (${user.id}, 'Plan') returning id`),
    );
    // 3,000 notes, 30 of them with the word: a walk in date order would read all 3,000 to fill a page of 50.
    await db.execute(sql.raw(seedNotesSql(Number(user.id), Number(board.id), 3_000)));
    await db.execute(sql`analyze note`);
    const plan = rowsOf(
      await db.execute(sql`explain select id from note
      where user_id = ${Number(user.id)} and board_id = ${Number(board.id)} and search @@ websearch_to_tsquery('simple', ${SEARCH_WORD})
      order by sort_at desc, id desc limit 51`),
    )
      .map((row) => String(Object.values(row)[0]))
      .join('\n');
    expect(plan).toContain('note_owner_search_idx');
    const [found] = rowsOf(
      await db.execute(sql`select count(*)::int as n from note
      where user_id = ${Number(user.id)} and board_id = ${Number(board.id)} and search @@ websearch_to_tsquery('simple', ${SEARCH_WORD})`),
    );
    expect(found.n).toBe(30);
  });
});
