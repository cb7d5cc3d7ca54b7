import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { escapeHtml, ignoreFormBodies, linkPage, postBackForm, signedLinkQuery } from '../mail/link-pages';
import type { ActionPayload } from './action-links';
import { performAction } from './delivery';
import { habitReminderHooks, reminderHooks } from './hooks';
import { registerModelHooks } from '../../models/registry';

/**
 * The "Done" and "Snooze 10 min" links of reminder mails. Opening one (GET) only shows a button, so a mail
 * scanner that follows links changes nothing; the button (POST) acts. A forged link is 403, an expired one 410.
 */
export async function reminderActionRoutes(app: FastifyInstance): Promise<void> {
  registerModelHooks(app, 'reminder', reminderHooks);
  registerModelHooks(app, 'habit', habitReminderHooks);
  const api = app.withTypeProvider<ZodTypeProvider>();
  ignoreFormBodies(app);

  const check = (token: string, reply: FastifyReply): ActionPayload | undefined => {
    const result = app.reminders.signer.verify(token);
    if (result.ok) return result.payload;
    if (result.reason === 'expired') {
      void linkPage(
        reply,
        410,
        'This link has expired',
        '<p>Reminder links work for a day after the reminder. Open Lifeboard to see your reminders.</p>',
      );
    } else {
      void linkPage(
        reply,
        403,
        'This link is not valid',
        '<p>The link is incomplete or was changed. Use the link from the e-mail as it is.</p>',
      );
    }
    return undefined;
  };

  api.get('/api/reminder-action', { schema: { hide: true, querystring: signedLinkQuery } }, async (request, reply) => {
    const payload = check(request.query.t, reply);
    if (!payload) return reply;
    const label = payload.action === 'done' ? 'Mark it done' : 'Snooze for 10 minutes';
    return linkPage(
      reply,
      200,
      payload.action === 'done' ? 'Mark this reminder done?' : 'Snooze this reminder?',
      postBackForm('/api/reminder-action', request.query.t, label),
    );
  });

  api.post('/api/reminder-action', { schema: { hide: true, querystring: signedLinkQuery } }, async (request, reply) => {
    const payload = check(request.query.t, reply);
    if (!payload) return reply;
    const message = await performAction(app.reminders, payload);
    return linkPage(reply, 200, payload.action === 'done' ? 'Done' : 'Snoozed', `<p>${escapeHtml(message)}</p>`);
  });
}
