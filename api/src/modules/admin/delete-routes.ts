import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { removeAccount } from '../users/account-data';
import { succeeded } from '../users/responses';
import { recordAudit } from './audit';

/**
 * `POST /api/admin/users/delete`: an admin deletes an account as its owner would (`removeAccount`: the same rows,
 * uploads, queued mail and the one confirmation mail). The admin types the account's e-mail to confirm.
 */
export async function adminDeleteRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/users/delete',
    {
      schema: {
        tags: ['admin'],
        summary: "Delete a user's account and everything in it, as self-service deletion does; `email` must be theirs",
        body: z.object({ id: dbId, email: z.string().trim().max(320) }).strict(),
        response: { 200: succeeded, ...errorsOf(404, 422) },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const admin = authOf(request).userId;
      const { id, email } = request.body;
      if (id === admin) throw invalid({ id: ['is your own account: delete it from your account page'] });
      const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, id));
      if (!user) throw notFound('No such user.');
      if (user.email.toLowerCase() !== email.toLowerCase())
        throw invalid({ email: ["is not this account's e-mail; nothing was deleted"] });
      const deleted = await removeAccount(app, app.blobStore, id, request.log);
      if (deleted)
        await recordAudit(app.db, {
          actorId: admin,
          action: 'user.delete',
          targetType: 'user',
          targetId: id,
          detail: { email: deleted.email, name: deleted.name },
        });
      return { success: true as const };
    },
  );
}
