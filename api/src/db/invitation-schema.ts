import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core-schema';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An e-mailed invitation to Lifeboard, optionally straight into a published program (domain.md). The link's
 * token is kept only as its SHA-256 hash. A withdrawn invitation stays as a row (hidden from its sender's
 * list, its link no longer marks anything) so the hourly sending limit cannot be dodged by withdrawing.
 */
export const invitations = pgTable(
  'invitation',
  {
    id: serial('id').primaryKey(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    programGuid: text('program_guid'),
    tokenHash: text('token_hash').notNull(),
    sentAt: instant('sent_at').notNull().defaultNow(),
    acceptedAt: instant('accepted_at'),
    withdrawnAt: instant('withdrawn_at'),
  },
  (t) => [
    uniqueIndex('invitation_token_hash_idx').on(t.tokenHash),
    index('invitation_inviter_idx').on(t.inviterId, t.sentAt),
  ],
);
