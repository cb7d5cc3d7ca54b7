import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core-schema';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The in-app bell: one row per reminder occurrence (or snooze of it) delivered to the bell. `key` is the
 * occurrence's key, so a delivery job that runs again after a crash or a retry adds no second row.
 */
export const notifications = pgTable(
  'notification',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** What "Done" and "Snooze" act on: `{ kind: 'r' | 'h', id, at, snoozes }` (see reminders/action-links.ts). */
    action: jsonb('action').$type<{ kind: 'r' | 'h'; id: number; at: number; snoozes: number }>(),
    createdAt: instant('created_at').notNull().defaultNow(),
    readAt: instant('read_at'),
    /** When Done or Snooze was pressed on it (from any channel), so the bell stops offering them. */
    actedAt: instant('acted_at'),
  },
  (t) => [
    uniqueIndex('notification_key_idx').on(t.userId, t.key),
    index('notification_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A browser's Web Push subscription: one per device that turned push on. */
export const pushSubscriptions = pgTable(
  'push_subscription',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome on Linux" and the like, from the browser that subscribed. */
    name: text('name').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastSentAt: instant('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_subscription_endpoint_idx').on(t.endpoint),
    index('push_subscription_user_idx').on(t.userId),
  ],
);
