import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core-schema';

/**
 * The answers of writes sent with an `Idempotency-Key` (plugins/idempotency.ts): a write sent again with the same
 * key (an offline change replayed, a retry after a lost answer) gets the first answer back instead of running
 * twice. A row without a status is a write still running. Kept a day (`IDEMPOTENCY_KEEP_MS`).
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: the same key sent with another write is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);
