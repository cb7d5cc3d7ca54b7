import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** Words the seeded notes draw from; `needle` is in about 1 note of 100, so a search returns a page or two. */
export const SEARCH_WORD = 'needle';
/**
 * A word in about 60 notes of any board, however large: a search for it returns the same page from a board of
 * 1,000 and of 100,000, so comparing the two measures what the board's size costs a search, where `needle`
 * (100× the matches on the big board) also measures the size of the answer.
 */
export const FIXED_MATCHES_WORD = 'compass';
const fixedMatches = 60;

/**
 * Inserts `count` notes on one board in one SQL statement (the API would take minutes for 100,000), with
 * distinct times so the newest-first order and keyset paging behave as with real data (whole milliseconds,
 * like every time the API writes). The generated
 * `search` column, the indexes and the term table (by its trigger) are filled by the database as for any insert.
 */
export async function seedNotes(db: Db, userId: number, boardId: number, count: number): Promise<void> {
  await db.execute(sql`
    insert into note (user_id, board_id, created_at, updated_at, position, sort_at, data)
    select ${userId}, ${boardId}, t, t, 0, t,
      jsonb_build_object(
        'title', 'Note ' || g,
        'body', '<p>Thoughts on ' || (array['sleep','work','family','running','books','garden'])[1 + g % 6]
          || ' and ' || (array['mornings','plans','habits','travel','music'])[1 + g % 5]
          || case when g % 100 = 0 then ' ${sql.raw(SEARCH_WORD)}' else '' end
          || case when g % greatest(1, ${count}::int / ${fixedMatches}) = 0 then ' ${sql.raw(FIXED_MATCHES_WORD)}' else '' end || '</p>',
        'pinned', g % 50 = 0
      )
    from generate_series(1, ${count}::int) as g,
      lateral (select date_trunc('milliseconds', now()) - make_interval(secs => g * 37) as t) as times
  `);
  await db.execute(sql`analyze note`);
}
