import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counts every API process shares (plugins/shared-counters.ts): rate-limit windows, the sign-in failure window and
 * its growing delay. UNLOGGED (the migration says so; drizzle cannot): losing them in a database crash only resets
 * the limits, and they are written on every counted request, so they skip the write-ahead log.
 */
export const sharedCounters = pgTable(
  'shared_counter',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When the count began (a window's start) or was last raised (a delay's last failure). */
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** After this the row counts for nothing: the next count starts again at 1, and a sweep deletes it. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('shared_counter_expires_idx').on(t.expiresAt)],
);
