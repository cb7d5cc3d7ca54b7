import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations } from '../../db/invitation-schema';
import { users } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { hashToken, newToken } from '../../plugins/auth';

/** The invitations module's reads and writes; its routes validate, call these, queue the mail and shape answers. */

export const HOUR_MS = 60 * 60 * 1000;
/** The sender's list shows this many, newest first. */
export const LIST_LIMIT = 200;

export interface InvitationView {
  id: number;
  email: string;
  program_guid: string | null;
  sent_at: string;
  accepted_at: string | null;
}

type InvitationRow = typeof invitations.$inferSelect;

/** What the sender sees of an invitation: never the token or its hash. */
export function present(row: InvitationRow): InvitationView {
  return {
    id: row.id,
    email: row.email,
    program_guid: row.programGuid,
    sent_at: row.sentAt.toISOString(),
    accepted_at: row.acceptedAt ? row.acceptedAt.toISOString() : null,
  };
}

/**
 * Seconds until the sender may invite again, or 0. Withdrawn invitations still count: the limit is on
 * e-mails sent. Counted in the database so every API instance sees the same number.
 */
export async function invitationRetryAfter(
  db: Db,
  inviterId: number,
  perHour: number,
  now = Date.now(),
): Promise<number> {
  const recent = await db
    .select({ sentAt: invitations.sentAt })
    .from(invitations)
    .where(and(eq(invitations.inviterId, inviterId), gt(invitations.sentAt, new Date(now - HOUR_MS))))
    .orderBy(desc(invitations.sentAt))
    .limit(perHour);
  if (recent.length < perHour) return 0;
  // The oldest of the last `perHour` leaves the window first.
  const oldest = recent[recent.length - 1].sentAt.getTime();
  return Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 1000));
}

export async function listInvitations(db: Db, inviterId: number): Promise<InvitationView[]> {
  const rows = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.inviterId, inviterId), isNull(invitations.withdrawnAt)))
    .orderBy(desc(invitations.sentAt), desc(invitations.id))
    .limit(LIST_LIMIT);
  return rows.map(present);
}

/** Stores a new invitation; answers it, its link's token (only its hash is stored) and the inviter's name. */
export async function createInvitation(db: Db, inviterId: number, email: string, programGuid: string | null) {
  const token = newToken();
  const [row] = await db
    .insert(invitations)
    .values({ inviterId, email, programGuid, tokenHash: hashToken(token) })
    .returning();
  const [inviter] = await db.select({ name: users.name }).from(users).where(eq(users.id, inviterId));
  return { row, token, inviterName: inviter.name };
}

const alreadyAccepted = () => invalid({ id: ['has already been accepted and cannot be withdrawn'] });

/** Withdraws a pending invitation of the inviter: unknown, withdrawn or not theirs is 404; accepted is 422. */
export async function withdrawInvitation(db: Db, inviterId: number, id: number): Promise<void> {
  const [row] = await db
    .select({ acceptedAt: invitations.acceptedAt })
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.inviterId, inviterId), isNull(invitations.withdrawnAt)))
    .limit(1);
  if (!row) throw notFound('No such invitation.');
  if (row.acceptedAt) throw alreadyAccepted();
  const withdrawn = await db
    .update(invitations)
    .set({ withdrawnAt: new Date() })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.inviterId, inviterId),
        isNull(invitations.withdrawnAt),
        isNull(invitations.acceptedAt),
      ),
    )
    .returning({ id: invitations.id });
  // Accepted between the read and the write.
  if (withdrawn.length === 0) throw alreadyAccepted();
}

/** A pending invitation the link's token still marks, or undefined (unknown, withdrawn or already accepted). */
export async function findPendingInvitation(db: Db, token: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt)),
    )
    .orderBy(asc(invitations.id))
    .limit(1);
  return row;
}

/** Marks it accepted once; a withdrawn or already accepted invitation is left as it is. */
export async function acceptInvitation(db: Db, id: number): Promise<boolean> {
  const accepted = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt)))
    .returning({ id: invitations.id });
  return accepted.length > 0;
}
