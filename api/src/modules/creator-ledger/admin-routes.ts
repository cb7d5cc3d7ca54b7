import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { listPayouts, markPayoutPaid, payoutById, runPayouts } from './payouts';
import { payoutObject } from './responses';

const adminPayout = payoutObject.extend({
  seller_id: z.number().int(),
  seller_name: z.string(),
  seller_email: z.string(),
});
const payoutList = documented(
  z.object({ success: z.literal(true), payouts: z.array(adminPayout) }).meta({
    description: 'Payouts waiting to be paid by hand first (oldest first), then the latest paid ones; 200 at most.',
  }),
);
const payoutMarked = documented(
  z.object({ success: z.literal(true), payout: adminPayout }).meta({ description: 'The payout is marked paid.' }),
);
const payoutsMade = documented(
  z
    .object({ success: z.literal(true), made: z.array(adminPayout) })
    .meta({ description: 'The payouts this run made (none when no balance was available).' }),
);

/** The admin's side of payouts: the list, marking a manual payout paid, and running the weekly payout now. */
export async function adminPayoutRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const listed = (ids?: number[]) => listPayouts(app.db, ids);

  api.get(
    '/api/admin/payouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Payouts to creators: the ones waiting to be paid by hand first',
        response: { 200: payoutList },
      },
      onRequest: app.requireAdmin,
    },
    async () => ({ success: true as const, payouts: await listed() }),
  );

  api.post(
    '/api/admin/payouts/mark-paid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a manual payout paid once the money was sent (with a note such as the bank reference)',
        body: z.object({ id: dbId, reference: z.string().trim().max(200).optional() }).strict(),
        response: { 200: payoutMarked, ...errorsOf(404, 422) },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { userId } = authOf(request);
      const payout = await payoutById(app.db, request.body.id);
      if (!payout) throw notFound('No such payout.');
      if (payout.method === 'stripe')
        throw invalid({ id: ['is sent by Stripe: it is marked paid when the transfer goes through'] });
      if (payout.status === 'pending') {
        await markPayoutPaid(app.db, payout.id, userId, request.body.reference || null);
      }
      const [row] = await listed([payout.id]);
      return { success: true as const, payout: row };
    },
  );

  api.post(
    '/api/admin/payouts/run',
    {
      schema: {
        tags: ['admin'],
        summary: "Pay out every creator's available balance now (what the Monday job does)",
        response: { 200: payoutsMade },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const made = await runPayouts(app.db, app.transfers, new Date(), request.log);
      const rows = made.length ? await listed(made.map((payout) => payout.id)) : [];
      return { success: true as const, made: rows };
    },
  );
}
