import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/notification-schema';

export type NotificationAction = NonNullable<typeof notifications.$inferSelect.action>;

/** How many notifications the bell lists: the newest ones; older ones are still counted while unread. */
export const BELL_LIST_LIMIT = 30;

export interface NotificationView {
  id: number;
  title: string;
  body: string;
  created_at: string;
  read: boolean;
  /** Whether "Done" and "Snooze 10 min" are offered: a reminder occurrence not yet acted on. */
  actionable: boolean;
}

export function presentNotification(row: typeof notifications.$inferSelect): NotificationView {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
    actionable: row.action !== null && row.actedAt === null,
  };
}

/** Adds one to the bell; a second delivery of the same occurrence (a retry, a restarted job) adds nothing. */
export async function addNotification(
  db: Db,
  values: { userId: number; key: string; title: string; body: string; action: NotificationAction | null },
): Promise<void> {
  await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] });
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function listNotifications(db: Db, userId: number): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(BELL_LIST_LIMIT);
  return rows.map(presentNotification);
}

/** Marks the given notifications of the user read (all of them without ids). */
export async function markRead(db: Db, userId: number, ids?: number[]): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ...(ids ? [inArray(notifications.id, ids)] : []),
      ),
    );
}

export async function findNotification(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Done or Snooze was pressed for an occurrence (in a mail, a push or the bell): every bell entry of it, the
 * snoozed ones included, is read and no longer offers the actions.
 */
export async function markOccurrenceActed(
  db: Db,
  action: Pick<NotificationAction, 'kind' | 'id' | 'at'>,
): Promise<void> {
  const now = new Date();
  await db
    .update(notifications)
    .set({ actedAt: now, readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        isNull(notifications.actedAt),
        sql`${notifications.action}->>'kind' = ${action.kind}`,
        sql`(${notifications.action}->>'id')::bigint = ${action.id}`,
        sql`(${notifications.action}->>'at')::bigint = ${action.at}`,
      ),
    );
}
