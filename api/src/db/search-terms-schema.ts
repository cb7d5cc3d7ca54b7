import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The words of each record of a newest-first model, one row per distinct word, kept by a trigger on the
 * model's table (migration 0009, `search_terms_sync`). Its key walks one board's records with a word in the
 * model's own order, so a search page reads about as many rows as it shows however large the board is
 * (models/search-terms.ts): the GIN index has to gather every match of the word and sort them.
 * No foreign keys: a record's rows go with it through the trigger, also when a board or a user is deleted.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    userId: integer('user_id').notNull(),
    boardId: integer('board_id').notNull(),
    model: text('model').notNull(),
    lexeme: text('lexeme').notNull(),
    sortAt: timestamp('sort_at', { withTimezone: true, mode: 'date' }).notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'search_terms_pkey', columns: [t.userId, t.boardId, t.model, t.lexeme, t.sortAt, t.recordId] }),
  ],
);
