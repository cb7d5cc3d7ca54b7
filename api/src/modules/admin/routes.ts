import { roles } from '@lifeboard/shared/models/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { MAX_DB_ID, dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { programReviewRoutes } from './program-review';
import { queueAdminRoutes } from './queue-routes';
import { setRole, usersAfter } from './service';

const role = z.enum(roles);
/** What the admin user calls answer, for /api/docs only: answers are sent as they are. */
export const userList = documented(
  z
    .object({
      success: z.literal(true),
      users: z.array(
        z.object({
          id: z.number().int(),
          email: z.string(),
          name: z.string(),
          role,
          created_at: z.string().describe('An ISO instant.'),
        }),
      ),
    })
    .meta({ description: 'Up to 100 users after `after`, by id.' }),
);
export const roleSet = documented(
  z
    .object({ success: z.literal(true), user: z.object({ id: z.number().int(), email: z.string(), role }) })
    .meta({ description: 'The user with the new role (their tokens are checked afresh).' }),
);

/** Admin endpoints: refused with 403 to anyone who is not an admin, whatever the client shows. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireAdmin };

  api.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users, 100 per page, by id',
        querystring: z.object({ after: z.coerce.number().int().min(0).max(MAX_DB_ID).default(0) }).strict(),
        response: { 200: userList },
      },
      ...guard,
    },
    async (request) => {
      const rows = await usersAfter(app.db, request.query.after, 100);
      return {
        success: true as const,
        users: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
      };
    },
  );

  api.post(
    '/api/admin/users/role',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a user's role",
        body: z.object({ id: dbId, role }).strict(),
        response: { 200: roleSet, ...errorsOf(404) },
      },
      ...guard,
    },
    async (request) => {
      const row = await setRole(app.db, request.body.id, request.body.role);
      if (!row) throw notFound('No such user.');
      app.forgetTokens();
      return { success: true as const, user: row };
    },
  );
  await app.register(programReviewRoutes);
  await app.register(queueAdminRoutes);
}
