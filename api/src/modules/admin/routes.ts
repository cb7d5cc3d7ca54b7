import { roles } from '@lifeboard/shared/models/user';
import { asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { notFound } from '../../errors';
import { MAX_DB_ID, dbId } from '../../ids';
import { errorsOf, undescribedSuccess } from '../../openapi';

/** Admin endpoints: refused with 403 to anyone who is not an admin, whatever the client shows. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireAdmin };

  api.get('/api/admin/users', {
    schema: { tags: ['admin'], summary: 'Users, 100 per page, by id', querystring: z.object({ after: z.coerce.number().int().min(0).max(MAX_DB_ID).default(0) }).strict() },
    ...guard,
  }, async (request) => {
    const rows = await app.db.select({ id: users.id, email: users.email, name: users.name, role: users.role, created_at: users.createdAt })
      .from(users).where(gt(users.id, request.query.after)).orderBy(asc(users.id)).limit(100);
    return { success: true, users: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })) };
  });

  api.post('/api/admin/users/role', {
    schema: { tags: ['admin'], summary: "Set a user's role", body: z.object({ id: dbId, role: z.enum(roles) }).strict(), response: { 200: undescribedSuccess, ...errorsOf(404) } },
    ...guard,
  }, async (request) => {
    const [row] = await app.db.update(users).set({ role: request.body.role }).where(eq(users.id, request.body.id))
      .returning({ id: users.id, email: users.email, role: users.role });
    if (!row) throw notFound('No such user.');
    app.forgetTokens();
    return { success: true, user: row };
  });
}
