import { roles } from '@lifeboard/shared/models/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { MAX_DB_ID, dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { programReviewRoutes } from './program-review';
import { queueAdminRoutes } from './queue-routes';
import { roleOf, setRole, setSuspended, userDetail, usersAfter } from './service';
import { auditActions, auditEntries, recordAudit, type AuditAction } from './audit';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { invalid } from '../../errors';
import { authOf } from '../../types';
import { PASSWORD_RESET_JOB } from '../auth/password-reset-job';
import { succeeded } from '../users/responses';
import { localAdminRoutes } from './local-admin';
import { adminDeleteRoutes } from './delete-routes';

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
          suspended_at: z.string().nullable().describe('An ISO instant; null unless suspended.'),
        }),
      ),
    })
    .meta({ description: 'Up to 100 users after `after`, by id (with `q`: whose name or e-mail holds it).' }),
);
export const roleSet = documented(
  z
    .object({ success: z.literal(true), user: z.object({ id: z.number().int(), email: z.string(), role }) })
    .meta({ description: 'The user with the new role (their tokens are checked afresh).' }),
);

const instant = z.string().describe('An ISO instant.');
export const userDetailResponse = documented(
  z.object({
    success: z.literal(true),
    user: z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      role,
      created_at: instant,
      suspended_at: instant.nullable(),
      boards: z.array(z.object({ id: z.number().int(), name: z.string(), created_at: instant })),
      programs_bought: z.array(
        z.object({
          subscription_id: z.number().int(),
          program_id: z.number().int(),
          title: z.string().nullable(),
          status: z.enum(['active', 'cancelled']),
          created_at: instant,
        }),
      ),
      programs_sold: z.array(
        z.object({ program_id: z.number().int(), title: z.string(), status: z.string(), sales: z.number().int() }),
      ),
      devices: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          created_at: instant,
          last_used_at: instant,
          revoked_at: instant.nullable(),
        }),
      ),
    }),
  }),
);
const suspendedResponse = documented(
  z.object({
    success: z.literal(true),
    user: z.object({ id: z.number().int(), email: z.string(), suspended_at: instant.nullable() }),
  }),
);
const auditResponse = documented(
  z.object({
    success: z.literal(true),
    entries: z.array(
      z.object({
        id: z.number().int(),
        at: instant,
        actor_id: z.number().int().nullable(),
        actor_email: z.string().nullable(),
        action: z.string(),
        target_type: z.string().nullable(),
        target_id: z.string().nullable(),
        detail: z.record(z.string(), z.unknown()),
      }),
    ),
    next_cursor: z.number().int().nullable(),
  }),
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
        querystring: z
          .object({
            after: z.coerce.number().int().min(0).max(MAX_DB_ID).default(0),
            q: z.string().max(200).optional(),
          })
          .strict(),
        response: { 200: userList },
      },
      ...guard,
    },
    async (request) => {
      const rows = await usersAfter(app.db, request.query.after, 100, request.query.q);
      return {
        success: true as const,
        users: rows.map((row) => ({
          ...row,
          created_at: row.created_at.toISOString(),
          suspended_at: row.suspended_at?.toISOString() ?? null,
        })),
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
      const admin = authOf(request).userId;
      const before = await roleOf(app.db, request.body.id);
      if (before === undefined) throw notFound('No such user.');
      if (request.body.id === admin && request.body.role !== 'admin')
        throw invalid({ role: ['cannot be taken from yourself: ask another admin'] });
      const row = await setRole(app.db, request.body.id, request.body.role);
      if (!row) throw notFound('No such user.');
      app.forgetTokens();
      if (before !== row.role)
        await recordAudit(app.db, {
          actorId: admin,
          action: 'user.role',
          targetType: 'user',
          targetId: row.id,
          detail: { email: row.email, from: before, to: row.role },
        });
      return { success: true as const, user: row };
    },
  );

  api.get(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One user: account, boards (names), programs bought and sold, devices; never what they wrote',
        params: z.object({ id: z.coerce.number().pipe(dbId) }).strict(),
        response: { 200: userDetailResponse, ...errorsOf(404) },
      },
      ...guard,
    },
    async (request) => {
      const user = await userDetail(app.db, request.params.id);
      if (!user) throw notFound('No such user.');
      return { success: true as const, user };
    },
  );

  api.post(
    '/api/admin/users/suspend',
    {
      schema: {
        tags: ['admin'],
        summary: "Suspend (or restore) a user: a suspended user's tokens answer 401 at once and sign-in is refused",
        body: z.object({ id: dbId, suspended: z.boolean() }).strict(),
        response: { 200: suspendedResponse, ...errorsOf(404, 422) },
      },
      ...guard,
    },
    async (request) => {
      const admin = authOf(request).userId;
      const { id, suspended } = request.body;
      if (id === admin) throw invalid({ id: ['is your own account: an admin cannot suspend themself'] });
      const row = await setSuspended(app.db, id, suspended);
      if (!row) throw notFound('No such user.');
      // This instance's cached tokens go now; another instance's within TOKEN_CACHE_MS.
      app.forgetTokens();
      await recordAudit(app.db, {
        actorId: admin,
        action: suspended ? 'user.suspend' : 'user.resume',
        targetType: 'user',
        targetId: id,
        detail: { email: row.email },
      });
      return {
        success: true as const,
        user: { id: row.id, email: row.email, suspended_at: row.suspended_at?.toISOString() ?? null },
      };
    },
  );

  api.post(
    '/api/admin/users/password-reset',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mail the user a password reset link, as "Forgot password" does',
        body: z.object({ id: dbId }).strict(),
        response: { 200: succeeded, ...errorsOf(404) },
      },
      ...guard,
    },
    async (request) => {
      const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, request.body.id));
      if (!user) throw notFound('No such user.');
      await app.queue.send(PASSWORD_RESET_JOB, { email: user.email });
      await recordAudit(app.db, {
        actorId: authOf(request).userId,
        action: 'user.password_reset',
        targetType: 'user',
        targetId: request.body.id,
        detail: { email: user.email },
      });
      return { success: true as const };
    },
  );

  api.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: admin and security events (append-only; nothing edits it)',
        querystring: z
          .object({
            limit: z.coerce.number().int().min(1).max(200).default(50),
            cursor: z.coerce.number().int().min(1).optional(),
            action: z.enum(Object.keys(auditActions) as [AuditAction, ...AuditAction[]]).optional(),
            q: z.string().max(200).optional(),
          })
          .strict(),
        response: { 200: auditResponse },
      },
      ...guard,
    },
    async (request) => ({ success: true as const, ...(await auditEntries(app.db, request.query)) }),
  );
  await app.register(programReviewRoutes);
  await app.register(queueAdminRoutes);
  await app.register(localAdminRoutes);
  await app.register(adminDeleteRoutes);
}
