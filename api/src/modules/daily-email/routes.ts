import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ActionSigner } from '../reminders/action-links';
import { updateUser } from '../users/service';
import type { UnsubscribePayload } from './jobs';

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
 * The daily e-mail's unsubscribe link (List-Unsubscribe). Opening it (GET) shows a button, so a link scanner
 * changes nothing; the button, or a mail client's one-click POST (RFC 8058), turns the daily e-mail off.
 */
export async function unsubscribeRoutes(app: FastifyInstance, options: { signer: ActionSigner }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The one-click body is "List-Unsubscribe=One-Click"; nothing in it is needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  const check = (token: string, reply: FastifyReply): UnsubscribePayload | undefined => {
    const result = options.signer.verifyFor<UnsubscribePayload>('unsubscribe', token);
    if (result.ok && Number.isInteger(result.payload.u)) return result.payload;
    void page(
      reply,
      result.ok || result.reason === 'forged' ? 403 : 410,
      'This link is not valid',
      '<p>Turn the daily e-mail off under Account in Lifeboard instead.</p>',
    );
    return undefined;
  };

  api.get('/api/unsubscribe', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    if (!check(request.query.t, reply)) return reply;
    return page(
      reply,
      200,
      'Stop the daily e-mail?',
      `<form method="post" action="/api/unsubscribe?t=${encodeURIComponent(request.query.t)}"><button type="submit">Stop the daily e-mails</button></form>`,
    );
  });

  api.post('/api/unsubscribe', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const payload = check(request.query.t, reply);
    if (!payload) return reply;
    await updateUser(app.db, payload.u, { sendDailyEmails: false });
    return page(
      reply,
      200,
      'Unsubscribed',
      '<p>You will get no more daily e-mails. You can turn them back on under Account in Lifeboard.</p>',
    );
  });
}
