/** A word in about 1 note of 100, so a search returns a page or two. */
export const SEARCH_WORD = 'needle';
/** A word in about 60 notes of any board: the same answer from 1,000 and 100,000 notes, so the board's size is what differs. */
export const FIXED_MATCHES_WORD = 'compass';

/**
 * The SQL that inserts `count` notes on one board in one statement (the API would take minutes for 100,000), at
 * distinct whole-millisecond times as the API writes them; the search column, indexes and term table are filled by
 * the database as for any insert (`analyze note` after it). Used by the search index's test and the bench (bench/src/api/notes.ts).
 */
export function seedNotesSql(userId: number, boardId: number, count: number): string {
  const [user, board, n] = [userId, boardId, count].map((value) => Math.trunc(Number(value)));
  return `insert into note (user_id, board_id, created_at, updated_at, position, sort_at, data)
    select ${user}, ${board}, t, t, 0, t,
      jsonb_build_object(
        'title', 'Note ' || g,
        'body', '<p>Thoughts on ' || (array['sleep','work','family','running','books','garden'])[1 + g % 6]
          || ' and ' || (array['mornings','plans','habits','travel','music'])[1 + g % 5]
          || case when g % 100 = 0 then ' ${SEARCH_WORD}' else '' end
          || case when g % greatest(1, ${n} / 60) = 0 then ' ${FIXED_MATCHES_WORD}' else '' end || '</p>',
        'pinned', g % 50 = 0
      )
    from generate_series(1, ${n}) as g,
      lateral (select date_trunc('milliseconds', now()) - make_interval(secs => g * 37) as t) as times`;
}
