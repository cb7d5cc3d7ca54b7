import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Admin and security events, kept: role changes, suspensions, deletions, program reviews, refunds, AI provider
 * changes, sign-ins from new devices. Append-only: no route updates or deletes a row, and a trigger (migration
 * `audit_log`) refuses UPDATE and DELETE in the database itself. No foreign keys, so an entry outlives the accounts
 * it names; `detail` carries the names and e-mails it needs to be read then.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull().defaultNow(),
    /** Who did it: an admin, or the user themself (a sign-in); null for the system. */
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_action_idx').on(t.action, t.id), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);
