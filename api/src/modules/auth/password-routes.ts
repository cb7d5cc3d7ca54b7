import { email, password } from '@lifeboard/shared/models/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../errors';
import { hashToken } from '../../plugins/auth';
import { authOf } from '../../types';
import { hashPassword, requireStrongPassword, verifyPassword } from './password';
import { succeeded } from '../users/responses';
import { changePassword, findUserByEmail, findUserById, resetPassword } from './service';
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
      const used = await resetPassword(app.db, user.id, hashToken(token), passwordHash);
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
      const user = await findUserById(app.db, auth.userId);
      if (!(await verifyPassword(user.passwordHash, request.body.current_password))) {
        throw invalid({ current_password: ['is not your current password'] });
      }
      requireStrongPassword(request.body.password, [user.name, user.email]);
      await changePassword(app.db, auth.userId, await hashPassword(request.body.password), auth.tokenId);
      app.forgetTokens();
      return { success: true as const };
    },
  );
}
