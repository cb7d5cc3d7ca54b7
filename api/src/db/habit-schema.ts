import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Checkpoint } from '../modules/habits/strength';
import { boards, users } from './core-schema';
import { habitTable } from './model-tables';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Check-ins of a habit (domain.md habit_entry); deleting the habit or its board deletes them. */
export const habitEntries = pgTable(
  'habit_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    habitId: bigint('habit_id', { mode: 'number' })
      .notNull()
      .references(() => habitTable.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    value: jsonb('value').$type<'yes' | 'skip' | number>().notNull(),
    note: text('note'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('habit_entry_day_idx').on(t.habitId, t.date),
    index('habit_entry_owner_idx').on(t.userId, t.boardId, t.habitId, t.date),
  ],
);

/**
 * Each habit's check-ins of a year as one text (`date TAB value` lines, by date), kept by triggers on habit_entry
 * (migration 0010). Stats read a handful of these per habit instead of thousands of rows: on PGlite every row
 * read costs a copy and a decode in JS, and 5 years of daily check-ins are 1,826 rows per habit.
 */
export const habitEntryYears = pgTable(
  'habit_entry_year',
  {
    habitId: bigint('habit_id', { mode: 'number' })
      .notNull()
      .references(() => habitTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: text('year').notNull(),
    lines: text('lines').notNull(),
  },
  (t) => [primaryKey({ columns: [t.habitId, t.year] }), index('habit_entry_year_owner_idx').on(t.userId, t.habitId)],
);

/**
 * Each habit's stats as of a recent day (strength.ts `Checkpoint`), so a page replays only the weeks after it
 * (migration 0020). Triggers on habit_entry add one to `version` at every change and clear `valid` when a
 * changed day is before the checkpoint's; a reader saves a new checkpoint only if `version` is still the one it
 * read, so a check-in written meanwhile is never lost. `rule` is the habit's schedule and pauses the state
 * was computed with: another rule means computing again.
 */
export const habitCheckpoints = pgTable('habit_checkpoint', {
  habitId: bigint('habit_id', { mode: 'number' })
    .primaryKey()
    .references(() => habitTable.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  valid: boolean('valid').notNull().default(false),
  rule: text('rule'),
  state: jsonb('state').$type<Checkpoint>(),
});
