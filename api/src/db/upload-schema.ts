import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core-schema';

/**
 * One row per uploaded image: who uploaded it and where its bytes are in the blob store. The id is the
 * unguessable public name (128 random bits, base64url) that appears in `/api/uploads/{id}`.
 */
export const uploads = pgTable(
  'upload',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('upload_user_idx').on(t.userId, t.createdAt)],
);
