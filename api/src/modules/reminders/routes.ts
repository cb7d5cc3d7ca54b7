import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ActionPayload, ActionSigner } from './action-links';
import { performAction, type ReminderDeps } from './delivery';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Lifeboard</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

const query = z.object({ t: z.string().min(1).max(2000) });

/**
 * The "Done" and "Snooze 10 min" links of reminder mails. Opening one (GET) only shows a button, so a mail
 * scanner that follows links changes nothing; the button (POST) acts. A forged link is 403, an expired one 410.
 */
export async function reminderActionRoutes(
  app: FastifyInstance,
  options: { deps: ReminderDeps; signer: ActionSigner },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The button posts an empty HTML form; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  const check = (token: string, reply: FastifyReply): ActionPayload | undefined => {
    const result = options.signer.verify(token);
    if (result.ok) return result.payload;
    if (result.reason === 'expired') {
      void page(
        reply,
        410,
        'This link has expired',
        '<p>Reminder links work for a day after the reminder. Open Lifeboard to see your reminders.</p>',
      );
    } else {
      void page(
        reply,
        403,
        'This link is not valid',
        '<p>The link is incomplete or was changed. Use the link from the e-mail as it is.</p>',
      );
    }
    return undefined;
  };

  api.get('/api/reminder-action', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const payload = check(request.query.t, reply);
    if (!payload) return reply;
    const label = payload.action === 'done' ? 'Mark it done' : 'Snooze for 10 minutes';
    return page(
      reply,
      200,
      payload.action === 'done' ? 'Mark this reminder done?' : 'Snooze this reminder?',
      `<form method="post" action="/api/reminder-action?t=${encodeURIComponent(request.query.t)}"><button type="submit">${label}</button></form>`,
    );
  });

  api.post('/api/reminder-action', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const payload = check(request.query.t, reply);
    if (!payload) return reply;
    const message = await performAction(options.deps, payload);
    return page(reply, 200, payload.action === 'done' ? 'Done' : 'Snoozed', `<p>${escapeHtml(message)}</p>`);
  });
}
