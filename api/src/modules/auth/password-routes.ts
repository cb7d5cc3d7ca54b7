import { email, password } from '@lifeboard/shared/models/user';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordResets, tokens, users } from '../../db/schema';
import { invalid } from '../../errors';
import { hashToken } from '../../plugins/auth';
import { authOf } from '../../types';
import { hashPassword, requireStrongPassword, verifyPassword } from './password';
import { succeeded } from '../users/responses';
import { findUserByEmail } from './service';
import { PASSWORD_RESET_JOB } from './password-reset-job';

const BAD_RESET = 'This password reset link is invalid or has expired.';

export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/password/email',
    {
      schema: {
        tags: ['account'],
        summary: 'Send a reset link; always { success: true }',
        body: z.object({ email }).strict(),
        response: { 200: succeeded },
      },
      config: { rateLimit: { max: app.limits.passwordEmailPerIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      // Known or not, the request only queues a job, so it answers the same and in the same time either way.
      await app.queue.send(PASSWORD_RESET_JOB, { email: request.body.email });
      return { success: true as const };
    },
  );

  api.post(
    '/api/password/reset',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a single-use reset token',
        body: z.object({ email, token: z.string().min(1).max(200), password }).strict(),
        response: { 200: succeeded },
      },
      config: { rateLimit: { max: app.limits.loginPerIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { email: address, token, password: newPassword } = request.body;
      // Judged before the account is looked up, so the answer tells nothing about whether it exists.
      requireStrongPassword(newPassword, [address]);
      const user = await findUserByEmail(app.db, address);
      if (!user) throw invalid({ token: [BAD_RESET] }, BAD_RESET);
      const passwordHash = await hashPassword(newPassword);
      const used = await app.db.transaction(async (tx) => {
        const claimed = await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(token)),
              eq(passwordResets.userId, user.id),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, new Date()),
            ),
          )
          .returning({ id: passwordResets.id });
        if (claimed.length === 0) return false;
        // Every other outstanding link of the account dies with this reset.
        await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        // Whoever knew the old password is signed out everywhere.
        await tx
          .update(tokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(tokens.userId, user.id), isNull(tokens.revokedAt)));
        return true;
      });
      if (!used) throw invalid({ token: [BAD_RESET] }, BAD_RESET);
      app.forgetTokens();
      return { success: true as const };
    },
  );

  api.post(
    '/api/password/change',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password; other devices are signed out',
        body: z.object({ current_password: z.string().min(1).max(200), password }).strict(),
        response: { 200: succeeded },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const auth = authOf(request);
      const [user] = await app.db.select().from(users).where(eq(users.id, auth.userId));
      if (!(await verifyPassword(user.passwordHash, request.body.current_password))) {
        throw invalid({ current_password: ['is not your current password'] });
      }
      requireStrongPassword(request.body.password, [user.name, user.email]);
      await app.db
        .update(users)
        .set({ passwordHash: await hashPassword(request.body.password) })
        .where(eq(users.id, auth.userId));
      await app.db
        .update(tokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(tokens.userId, auth.userId), isNull(tokens.revokedAt), ne(tokens.id, auth.tokenId)));
      app.forgetTokens();
      return { success: true as const };
    },
  );
}
