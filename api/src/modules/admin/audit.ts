import { and, desc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

/** Every kind of entry, with the words the admin area shows for it. */
export const auditActions = {
  'user.role': 'Role changed',
  'user.suspend': 'Account suspended',
  'user.resume': 'Account restored',
  'user.password_reset': 'Password reset sent',
  'user.delete': 'Account deleted',
  'program.review': 'Program reviewed',
  'refund.decision': 'Refund decided',
  'ai_provider.change': 'AI provider changed',
  'author.verify': 'Author verified or unverified',
  'author.page': 'Author page edited',
  'sign_in.new_device': 'Sign-in from a new device',
} as const;
export type AuditAction = keyof typeof auditActions;

export interface AuditEvent {
  actorId: number | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
}

/** Appends one entry. The table refuses updates and deletes, so what is written here stays as written. */
export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    actorId: event.actorId,
    action: event.action,
    targetType: event.targetType ?? null,
    targetId: event.targetId === undefined ? null : String(event.targetId),
    detail: event.detail ?? {},
  });
}

/** Newest first, `limit` entries before the `cursor` id; filtered by action and by words anywhere in the detail. */
export async function auditEntries(
  db: Db,
  query: { limit: number; cursor?: number; action?: AuditAction; q?: string },
) {
  const words = query.q?.trim();
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorEmail: users.email,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        query.cursor ? lt(auditLog.id, query.cursor) : undefined,
        query.action ? eq(auditLog.action, query.action) : undefined,
        words
          ? or(
              ilike(sql`${auditLog.detail}::text`, `%${escapeLike(words)}%`),
              ilike(users.email, `%${escapeLike(words)}%`),
              eq(auditLog.targetId, words),
              eq(sql`${auditLog.actorId}::text`, words),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor_id: row.actorId,
      actor_email: row.actorEmail,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      detail: row.detail,
    })),
    next_cursor: rows.length > query.limit ? page[page.length - 1].id : null,
  };
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
