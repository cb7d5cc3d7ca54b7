import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, invalid } from '../../errors';
import { dbId } from '../../ids';
import { errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { ACTION_LINK_TTL_MS } from '../reminders/action-links';
import { performAction } from '../reminders/delivery';
import { findNotification, listNotifications, markRead, presentNotification, unreadCount } from './service';

const notificationView = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  created_at: z.string().describe('ISO instant it was delivered'),
  read: z.boolean(),
  actionable: z.boolean().describe('whether "Done" and "Snooze 10 min" are offered (a reminder not yet acted on)'),
});

const readBody = z.object({ ids: z.array(dbId).min(1).max(100).optional() }).strict();
const actBody = z.object({ id: dbId, action: z.enum(['done', 'snooze']) }).strict();

/** The in-app bell: what reminders delivered to it, the unread count, and Done / Snooze on a reminder. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.authenticate };

  api.get(
    '/api/notifications/unread',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many notifications the caller has not read (the number on the bell)',
        response: { 200: z.object({ success: z.literal(true), unread: z.number().int() }) },
      },
      ...guard,
    },
    async (request) => ({ success: true as const, unread: await unreadCount(app.db, authOf(request).userId) }),
  );

  api.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's 30 newest notifications, newest first, and the unread count",
        response: {
          200: z.object({
            success: z.literal(true),
            notifications: z.array(notificationView),
            unread: z.number().int(),
          }),
        },
      },
      ...guard,
    },
    async (request) => {
      const { userId } = authOf(request);
      const [notifications, unread] = await Promise.all([
        listNotifications(app.db, userId),
        unreadCount(app.db, userId),
      ]);
      return { success: true as const, notifications, unread };
    },
  );

  api.post(
    '/api/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks the given notifications read, or all of them without ids; answers the unread count left',
        body: readBody,
        response: { 200: z.object({ success: z.literal(true), unread: z.number().int() }) },
      },
      ...guard,
    },
    async (request) => {
      const { userId } = authOf(request);
      await markRead(app.db, userId, request.body.ids);
      return { success: true as const, unread: await unreadCount(app.db, userId) };
    },
  );

  api.post(
    '/api/notifications/act',
    {
      schema: {
        tags: ['notifications'],
        summary:
          '"Done" or "Snooze 10 min" on a reminder notification, as the links in its e-mail do. Not yours: 404; nothing to act on or too old: 422',
        body: actBody,
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), notification: notificationView }),
          ...errorsOf(404),
        },
      },
      ...guard,
    },
    async (request) => {
      const { userId } = authOf(request);
      const row = await findNotification(app.db, userId, request.body.id);
      if (!row) throw notFound('No such notification.');
      if (!row.action) throw invalid({ id: ['is not a reminder: there is nothing to mark done or snooze'] });
      if (row.actedAt) throw invalid({ id: ['was already marked done or snoozed'] });
      // The same day as the e-mail's links.
      if (row.action.at + ACTION_LINK_TTL_MS < Date.now())
        throw invalid({ id: ['is more than a day old: open the reminder itself instead'] });
      const message = await performAction(app.reminders, {
        ...row.action,
        action: request.body.action,
        exp: Date.now() + 60_000,
      });
      await markRead(app.db, userId, [row.id]);
      const updated = await findNotification(app.db, userId, row.id);
      return { success: true as const, message, notification: presentNotification(updated ?? row) };
    },
  );
}
