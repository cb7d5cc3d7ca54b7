import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ignoreFormBodies, linkPage, postBackForm, signedLinkQuery } from '../mail/link-pages';
import { updateUser } from '../users/service';
import type { UnsubscribePayload } from './jobs';

/**
 * The daily e-mail's unsubscribe link (List-Unsubscribe). Opening it (GET) shows a button, so a link scanner
 * changes nothing; the button, or a mail client's one-click POST (RFC 8058), turns the daily e-mail off.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  ignoreFormBodies(app);

  const check = (token: string, reply: FastifyReply): UnsubscribePayload | undefined => {
    const result = app.reminders.signer.verifyFor<UnsubscribePayload>('unsubscribe', token);
    if (result.ok && Number.isInteger(result.payload.u)) return result.payload;
    void linkPage(
      reply,
      result.ok || result.reason === 'forged' ? 403 : 410,
      'This link is not valid',
      '<p>Turn the daily e-mail off under Account in Lifeboard instead.</p>',
    );
    return undefined;
  };

  api.get('/api/unsubscribe', { schema: { hide: true, querystring: signedLinkQuery } }, async (request, reply) => {
    if (!check(request.query.t, reply)) return reply;
    return linkPage(
      reply,
      200,
      'Stop the daily e-mail?',
      postBackForm('/api/unsubscribe', request.query.t, 'Stop the daily e-mails'),
    );
  });

  api.post('/api/unsubscribe', { schema: { hide: true, querystring: signedLinkQuery } }, async (request, reply) => {
    const payload = check(request.query.t, reply);
    if (!payload) return reply;
    await updateUser(app.db, payload.u, { sendDailyEmails: false });
    return linkPage(
      reply,
      200,
      'Unsubscribed',
      '<p>You will get no more daily e-mails. You can turn them back on under Account in Lifeboard.</p>',
    );
  });
}
