import { errorCodes, type ErrorCode } from '@lifeboard/shared/api/error-codes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../admin/audit';
import { sendSaleMails } from './market-mail';
import { AppError, forbidden, invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { bodyLimits } from '../../plugins/body-limits';
import { authOf } from '../../types';
import { feeSettingsOf } from '../creator-ledger/ledger';
import { findPublishedProgram, priceOf } from '../programs/install';
import { SignatureError, TestProvider } from './providers';
import { bookRefund, completeCheckout, hasPaid } from './sales';
import { couponCode, discountedPrice } from './coupons';
import {
  buyerEmail,
  checkoutByKey,
  checkoutWithBoard,
  declineRefund,
  markRequiresAction,
  openCheckout,
  openRefundRequests,
  ownCheckout,
  programAuthor,
  purchaseOf,
  requestRefund,
  saleById,
  setCheckoutSession,
} from './service';
import { couponRoutes } from './coupon-routes';

/** Stripe's published test cards (https://docs.stripe.com/testing), the only numbers the test provider takes. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  confirm: '4000002500003155',
} as const;

const checkoutId = z.string().regex(/^co_[A-Za-z0-9_-]{16,40}$/);
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_:.-]{8,200}$/, 'must be 8–200 letters, digits or _ : . -');

export const checkoutCreated = documented(
  z
    .object({ success: z.literal(true), checkout_id: z.string(), url: z.string().describe('Where the buyer pays.') })
    .meta({ description: 'The checkout of this Idempotency-Key (made now, or the one made before with it).' }),
);
export const checkoutView = documented(
  z
    .object({
      success: z.literal(true),
      checkout: z.object({
        id: z.string(),
        status: z.enum(['open', 'requires_action', 'completed']),
        provider: z.enum(['test', 'stripe']),
        amount_cents: z.number().int().describe('What the buyer pays (after a coupon).'),
        discount_cents: z.number().int().describe("A coupon's discount (0: none)."),
        currency: z.string(),
        url: z.string().nullable(),
        program: z.object({ guid: z.string(), title: z.string() }),
        board: z
          .object({ id: z.number().int(), name: z.string() })
          .nullable()
          .describe('Once completed: the board the program went into.'),
      }),
    })
    .meta({ description: "The caller's checkout." }),
);
export const paid = documented(
  z.object({ success: z.literal(true), status: z.enum(['completed', 'requires_action']) }).meta({
    description:
      'Paid (the signed event has been processed), or the card asks for a confirmation step (send again with `confirmed: true`).',
  }),
);
export const received = documented(
  z
    .object({ received: z.literal(true), outcome: z.string() })
    .meta({ description: 'The event was verified and handled (also when it was a repeat).' }),
);
export const refunded = documented(
  z
    .object({ success: z.literal(true), id: z.number().int(), state: z.literal('refunded') })
    .meta({ description: 'The sale is refunded and the buyer\u2019s access ended.' }),
);

/** A day as the API's messages write it: "Nov 25, 2026" (UTC). */
const dayOf = (at: Date) =>
  at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export const refundRequested = documented(
  z
    .object({ success: z.literal(true), id: z.number().int(), refund_requested_at: z.string().nullable() })
    .meta({ description: 'The request is recorded (or, declined: cleared); the creator or an admin decides.' }),
);

export const refundRequestList = documented(
  z
    .object({
      success: z.literal(true),
      requests: z.array(
        z.object({
          id: z.number().int().describe("The sale (its ledger entry's id)."),
          program_title: z.string(),
          buyer_name: z.string(),
          seller_name: z.string(),
          currency: z.string(),
          gross_cents: z.number().int(),
          created_at: z.string(),
          refund_requested_at: z.string(),
          refund_reason: z.string().nullable(),
        }),
      ),
    })
    .meta({ description: 'Open refund requests.' }),
);

const paymentRequired = (message: string, code: ErrorCode = errorCodes.paymentRequired) =>
  new AppError(402, code, message);

/**
 * Checkout and refunds behind one provider interface (the test provider unless Stripe is configured).
 * A checkout completes only through `/api/payments/webhook/:provider`, whoever the provider is.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const provider = app.payments;
  const fees = feeSettingsOf(app.env);

  api.post(
    '/api/checkout/create',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start buying a paid program; the `Idempotency-Key` header makes a retry answer the same checkout',
        headers: z.object({ 'idempotency-key': idempotencyKey }).passthrough(),
        body: z
          .object({ program_guid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/), coupon_code: couponCode.optional() })
          .strict(),
        response: { 200: checkoutCreated, ...errorsOf(404, 409, 422) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const key = request.headers['idempotency-key'];
      const program = await findPublishedProgram(app.db, request.body.program_guid);
      if (!program) throw notFound('No published program has this link.');
      const found = await checkoutByKey(app.db, userId, key);
      if (found && found.programId !== program.id)
        throw invalid({ 'idempotency-key': ['was used for another program'] });
      let checkout = found;
      if (checkout && request.body.coupon_code && checkout.couponId === null)
        throw invalid({ 'idempotency-key': ['was used without a coupon: start again'] });
      if (!checkout) {
        const price = priceOf(program);
        if (price.cents === 0) throw invalid({ program_guid: ['is a free program: subscribe to it instead'] });
        const coupon = request.body.coupon_code
          ? await discountedPrice(app.db, program, request.body.coupon_code)
          : null;
        if ((await programAuthor(app.db, program.id)) === userId)
          throw invalid({ program_guid: ['is your own program'] });
        if (await hasPaid(app.db, userId, program.id))
          throw new AppError(409, 'LB-CONFLICT', 'You already bought this program.');
        checkout = await openCheckout(app.db, {
          userId,
          programId: program.id,
          idempotencyKey: key,
          amountCents: coupon?.amountCents ?? price.cents,
          currency: price.currency,
          provider: provider.name,
          couponId: coupon?.coupon.id ?? null,
          discountCents: coupon?.discountCents ?? 0,
        });
      }
      if (!checkout.url) {
        // The provider call is idempotent too (keyed by the checkout id), so two racing requests get one session.
        const made = await provider.createCheckout({
          checkoutId: checkout.id,
          programGuid: request.body.program_guid,
          title: String(program.data.title ?? 'Program'),
          amountCents: checkout.amountCents,
          currency: checkout.currency,
          buyerEmail: await buyerEmail(app.db, userId),
        });
        await setCheckoutSession(app.db, checkout.id, made.providerRef, made.url);
        checkout = { ...checkout, url: made.url };
      }
      return { success: true as const, checkout_id: checkout.id, url: checkout.url ?? '' };
    },
  );

  api.get(
    '/api/checkout/:id',
    {
      schema: {
        tags: ['payments'],
        summary: "One of the caller's checkouts (the hosted card page and the success page read it)",
        params: z.object({ id: checkoutId }),
        response: { 200: checkoutView, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const row = await checkoutWithBoard(app.db, userId, request.params.id);
      if (!row) throw notFound('No such checkout.');
      const { checkout, data, board } = row;
      return {
        success: true as const,
        checkout: {
          id: checkout.id,
          status: checkout.status,
          provider: checkout.provider,
          amount_cents: checkout.amountCents,
          discount_cents: checkout.discountCents,
          currency: checkout.currency,
          url: checkout.url,
          program: { guid: String(data.guid ?? ''), title: String(data.title ?? '') },
          board,
        },
      };
    },
  );

  if (provider instanceof TestProvider) {
    const test = provider;
    api.post(
      '/api/payments/test/pay',
      {
        schema: {
          tags: ['payments'],
          summary:
            "The test provider's card page pays: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (402), 4000 0025 0000 3155 asks to confirm",
          body: z
            .object({ checkout_id: checkoutId, card_number: z.string().max(40), confirmed: z.boolean().optional() })
            .strict(),
          response: { 200: paid, ...errorsOf(402, 404, 422) },
        },
        onRequest: app.authenticate,
      },
      async (request) => {
        const { userId } = authOf(request);
        const checkout = await ownCheckout(app.db, userId, request.body.checkout_id);
        if (!checkout) throw notFound('No such checkout.');
        if (checkout.status === 'completed') return { success: true as const, status: 'completed' as const };
        const card = request.body.card_number.replace(/[\s-]/g, '');
        if (card === TEST_CARDS.declined)
          throw paymentRequired('Your card was declined. Try another card.', 'LB-CARD-DECLINED');
        if (card === TEST_CARDS.confirm && !request.body.confirmed) {
          await markRequiresAction(app.db, checkout.id);
          return { success: true as const, status: 'requires_action' as const };
        }
        if (card !== TEST_CARDS.succeeds && card !== TEST_CARDS.confirm) {
          throw invalid({
            card_number: ['is not a test card: use 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline)'],
          });
        }
        // Completion goes the way a real provider's goes: a signed event to the webhook path.
        const payload = test.completedEvent(checkout);
        const delivered = await app.inject({
          method: 'POST',
          url: '/api/payments/webhook/test',
          headers: { 'content-type': 'application/json', 'lifeboard-signature': test.sign(payload) },
          payload,
        });
        if (delivered.statusCode !== 200)
          throw new Error(`the test payment event was refused: ${delivered.statusCode} ${delivered.body}`);
        return { success: true as const, status: 'completed' as const };
      },
    );
  }

  // The provider's webhook: the body is kept as bytes, since the signature is over exactly those bytes.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhook/:provider',
      {
        schema: {
          tags: ['payments'],
          summary:
            "A payment provider's signed event (Stripe's `Stripe-Signature`, the test provider's `Lifeboard-Signature`); 400 when it does not verify",
          security: [],
          params: z.object({ provider: z.enum(['test', 'stripe']) }),
          response: { 200: received, ...errorsOf(400, 404) },
        },
        bodyLimit: bodyLimits.webhook,
      },
      async (request) => {
        if (request.params.provider !== provider.name)
          throw notFound(`Payments go through the ${provider.name} provider.`);
        const signature = request.headers[provider.name === 'stripe' ? 'stripe-signature' : 'lifeboard-signature'];
        let event;
        try {
          event = provider.verifyEvent(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof SignatureError || error instanceof SyntaxError)
            throw new AppError(400, 'LB-BAD-SIGNATURE', 'The event signature does not verify.');
          throw error;
        }
        if (event.kind === 'ignored') return { received: true as const, outcome: 'ignored' };
        const done = await completeCheckout(app.db, fees, event);
        if (done.outcome === 'completed') await sendSaleMails(app, done.transactionId, 'sold', request.log);
        if (done.outcome === 'mismatch' || done.outcome === 'unknown')
          request.log.warn({ event: event.eventId, outcome: done.outcome }, 'a payment event was not booked');
        return { received: true as const, outcome: done.outcome };
      },
    );
  });

  api.post(
    '/api/transaction/refund',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Refund a sale (its ledger entry's id): by the program's creator or an admin, within the refund window",
        body: z.object({ id: dbId }).strict(),
        response: { 200: refunded, ...errorsOf(403, 404, 422) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId, role } = authOf(request);
      const sale = await saleById(app.db, request.body.id);
      if (!sale || (sale.sellerId !== userId && sale.buyerId !== userId && role !== 'admin'))
        throw notFound('No such transaction.');
      if (sale.sellerId !== userId && role !== 'admin')
        throw forbidden('The creator of the program refunds it: ask them.');
      if (sale.state === 'refunded') return { success: true as const, id: sale.id, state: 'refunded' as const };
      // Its net has left the platform: a refund now would take back money the creator was already paid.
      if (sale.payoutId !== null)
        throw invalid({ id: ['is paid out to the creator already: it can no longer be refunded here'] });
      // A buyer's request made within the window may still be approved after it closes.
      const requestedInTime = sale.refundRequestedAt !== null && sale.refundRequestedAt <= sale.availableAt;
      if (Date.now() > sale.availableAt.getTime() && !requestedInTime)
        throw invalid({ id: [`is past its refund window (it closed on ${dayOf(sale.availableAt)})`] });
      if (sale.providerPaymentRef) await provider.refund(sale.providerPaymentRef, `refund-${sale.id}`);
      if (await bookRefund(app.db, sale.id)) await sendSaleMails(app, sale.id, 'refunded', request.log);
      await recordAudit(app.db, {
        actorId: userId,
        action: 'refund.decision',
        targetType: 'transaction',
        targetId: sale.id,
        detail: {
          decision: 'refunded',
          by: role === 'admin' && sale.sellerId !== userId ? 'admin' : 'creator',
          gross_cents: sale.grossCents,
          currency: sale.currency,
        },
      });
      return { success: true as const, id: sale.id, state: 'refunded' as const };
    },
  );

  api.post(
    '/api/transaction/refund-request',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The buyer asks for a refund of their purchase (the ledger entry's id) within the refund window; the creator or an admin approves it",
        body: z.object({ id: dbId, reason: z.string().trim().max(1000).optional() }).strict(),
        response: { 200: refundRequested, ...errorsOf(404, 422) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const sale = await purchaseOf(app.db, userId, request.body.id);
      if (!sale) throw notFound('No such purchase.');
      if (sale.state === 'refunded') throw invalid({ id: ['is refunded already'] });
      if (sale.refundRequestedAt)
        return { success: true as const, id: sale.id, refund_requested_at: sale.refundRequestedAt.toISOString() };
      const now = new Date();
      if (now > sale.availableAt)
        throw invalid({ id: [`is past its refund window (it closed on ${dayOf(sale.availableAt)})`] });
      const at = await requestRefund(app.db, sale.id, now, request.body.reason || null);
      await sendSaleMails(app, sale.id, 'refund_requested', request.log);
      return { success: true as const, id: sale.id, refund_requested_at: at.toISOString() };
    },
  );

  api.post(
    '/api/transaction/refund-decline',
    {
      schema: {
        tags: ['payments'],
        summary: "Decline a buyer's refund request (the program's creator or an admin): the sale stands",
        body: z.object({ id: dbId }).strict(),
        response: { 200: refundRequested, ...errorsOf(403, 404, 422) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId, role } = authOf(request);
      const sale = await saleById(app.db, request.body.id);
      if (!sale || (sale.sellerId !== userId && role !== 'admin')) throw notFound('No such transaction.');
      if (sale.state === 'refunded') throw invalid({ id: ['is refunded already'] });
      await declineRefund(app.db, sale.id);
      await sendSaleMails(app, sale.id, 'refund_declined', request.log);
      await recordAudit(app.db, {
        actorId: userId,
        action: 'refund.decision',
        targetType: 'transaction',
        targetId: sale.id,
        detail: {
          decision: 'declined',
          by: role === 'admin' && sale.sellerId !== userId ? 'admin' : 'creator',
          gross_cents: sale.grossCents,
          currency: sale.currency,
        },
      });
      return { success: true as const, id: sale.id, refund_requested_at: null };
    },
  );

  api.get(
    '/api/admin/refund-requests',
    {
      schema: {
        tags: ['admin'],
        summary: "Buyers' open refund requests, oldest first (200 at most), for an admin to approve or decline",
        response: { 200: refundRequestList },
      },
      onRequest: app.requireAdmin,
    },
    async () => {
      const rows = await openRefundRequests(app.db);
      return {
        success: true as const,
        requests: rows.map(({ sale, data, buyer, seller }) => ({
          id: sale.id,
          program_title: String(data.title ?? ''),
          buyer_name: buyer ?? 'A deleted account',
          seller_name: seller,
          currency: sale.currency,
          gross_cents: sale.grossCents,
          created_at: sale.createdAt.toISOString(),
          refund_requested_at: sale.refundRequestedAt?.toISOString() ?? '',
          refund_reason: sale.refundReason,
        })),
      };
    },
  );
  await app.register(couponRoutes);
}
