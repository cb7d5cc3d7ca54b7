import type { Db } from '../../db/client';
import { and, eq, isNull } from 'drizzle-orm';
import { passwordResets, users } from '../../db/schema';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/queue';
import { composeMail } from '../mail/compose';
import type { Mailer } from '../mail/mailer';
import { hashToken, newToken } from '../../plugins/auth';
import { findUserByEmail } from './service';

export const PASSWORD_RESET_JOB = 'password-reset';
export const RESET_TTL_MS = 60 * 60 * 1000;

/** `${APP_URL}/reset-password?email=…&token=…`: the page that takes the token and sets the new password. */
export function resetLink(appUrl: string, email: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/reset-password?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
}

/**
 * The reset mail is made in the job, not the request: the token exists only in the mail (its hash in the
 * database), never in the queue's table, and an unknown address costs the request nothing more than a known one.
 * A retry after an SMTP failure mails a fresh link, which voids the unsent one.
 */
export function definePasswordResetJob(queue: JobQueue, deps: { db: Db; env: Env; mailer: Mailer }): void {
  queue.define<{ email: string }>({
    name: PASSWORD_RESET_JOB,
    options: { retryLimit: 6, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, deleteAfterSeconds: 3600 },
    handler: async ({ email }, job) => {
      const user = await findUserByEmail(deps.db, email);
      if (!user) return;
      const token = newToken();
      // Only the latest link works (OWASP ASVS): issuing one voids the account's unused ones. The user's row is
      // locked so two requests at once cannot each leave a link.
      await deps.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
        await tx
          .insert(passwordResets)
          .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
      });
      await deps.mailer.send(
        composeMail({
          to: user.email,
          subject: 'Reset your Lifeboard password',
          greeting: `Hello ${user.name},`,
          lines: [
            'Someone (we hope you) asked to reset the password of your Lifeboard account. The link works once, within an hour.',
          ],
          action: { label: 'Choose a new password', url: resetLink(deps.env.APP_URL, user.email, token) },
          footer: [
            `Your reset code: ${token}`,
            'If you did not ask for this, ignore this message: your password stays as it is.',
          ],
        }),
      );
      await job.done();
    },
  });
}
