import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOf,
  buyProgram,
  createTestApp,
  publishProgram,
  signUp,
  startCheckout,
  testDatabase,
} from '../../../test/helpers';
import { payouts, subscriptions, transactions } from '../../db/schema';
import { defaultEnv } from '../../env';

const WEBHOOK_SECRET = 'whsec_test_secret_for_lifeboard';
const sdk = new Stripe('sk_test_unused');

/** A local stand-in for the Stripe endpoints the code calls: create a Checkout Session, a Refund, a Transfer. */
let refuseTransfers = 0;
const calls: { path: string; form: URLSearchParams; idempotencyKey: string | undefined }[] = [];
let stripeApi: Server;

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

let app: FastifyInstance;
beforeAll(async () => {
  stripeApi = createServer(
    (request, response) =>
      void (async () => {
        const form = new URLSearchParams(await bodyOf(request));
        calls.push({
          path: `${request.method} ${request.url}`,
          form,
          idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        });
        response.setHeader('content-type', 'application/json');
        if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
          const id = `cs_test_${form.get('metadata[checkout_id]')}`;
          response.end(
            JSON.stringify({
              id,
              object: 'checkout.session',
              url: `https://checkout.stripe.com/c/pay/${id}`,
              payment_status: 'unpaid',
            }),
          );
        } else if (request.method === 'POST' && request.url === '/v1/transfers' && refuseTransfers > 0) {
          refuseTransfers -= 1;
          response.statusCode = 400;
          response.end(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                code: 'balance_insufficient',
                message: 'Insufficient funds in Stripe account.',
              },
            }),
          );
        } else if (request.method === 'POST' && request.url === '/v1/transfers') {
          response.end(
            JSON.stringify({
              id: `tr_test_${form.get('metadata[payout_id]')}`,
              object: 'transfer',
              amount: Number(form.get('amount')),
              currency: form.get('currency'),
              destination: form.get('destination'),
            }),
          );
        } else if (request.method === 'POST' && request.url === '/v1/refunds') {
          response.end(
            JSON.stringify({
              id: 're_test_1',
              object: 'refund',
              status: 'succeeded',
              payment_intent: form.get('payment_intent'),
            }),
          );
        } else {
          response.statusCode = 404;
          response.end(
            JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
          );
        }
      })(),
  );
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const { port } = stripeApi.address() as AddressInfo;
  app = await createTestApp({
    env: defaultEnv({
      STRIPE_SECRET_KEY: 'sk_test_lifeboard',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    }),
  });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => stripeApi.close(resolve));
});

/** `checkout.session.completed` as Stripe sends it, signed with the SDK's own test-header helper. */
function completedEvent(checkoutId: string, amount: number, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${checkoutId}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2025-01-01',
    data: {
      object: {
        id: `cs_test_${checkoutId}`,
        object: 'checkout.session',
        client_reference_id: checkoutId,
        metadata: { checkout_id: checkoutId },
        payment_status: 'paid',
        payment_intent: `pi_${checkoutId}`,
        amount_total: amount,
        currency: 'usd',
      },
    },
  });
  return { payload, signature: sdk.webhooks.generateTestHeaderString({ payload, secret }) };
}

const deliver = ({ payload, signature }: { payload: string; signature: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

describe('checkout with Stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set)', () => {
  it('creates a Checkout Session, books the signed webhook once, refuses a bad signature, and refunds through Stripe', async () => {
    const [creator, buyer] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await publishProgram(app, creator, {
      title: 'Strength basics',
      price_cents: 4900,
      currency: 'USD',
    });
    const first = (await startCheckout(app, buyer, program.guid, 'stripe-key-1')).json();
    const again = (await startCheckout(app, buyer, program.guid, 'stripe-key-1')).json();
    expect(again).toEqual(first);
    expect(first.url).toBe(`https://checkout.stripe.com/c/pay/cs_test_${first.checkout_id}`);
    const sessions = calls.filter((c) => c.path === 'POST /v1/checkout/sessions');
    expect(sessions).toHaveLength(1);
    expect(sessions[0].form.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(sessions[0].form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sessions[0].idempotencyKey).toBe(`checkout-${first.checkout_id}`);
    expect(sessions[0].form.get('success_url')).toBe(`http://localhost:3000/program-success/${program.guid}`);
    // The test provider's card page is not there when Stripe takes payments.
    expect(
      (await buyer.post('/api/payments/test/pay', { checkout_id: first.checkout_id, card_number: '4242424242424242' }))
        .statusCode,
    ).toBe(404);

    const { db } = await testDatabase();
    const sales = async () =>
      (await db.select({ n: count() }).from(transactions).where(eq(transactions.buyerId, buyer.id)))[0].n;
    const bad = completedEvent(first.checkout_id, 4900, 'whsec_someone_else');
    expect((await deliver(bad)).statusCode).toBe(400);
    expect((await deliver({ payload: bad.payload, signature: 'garbage' })).statusCode).toBe(400);
    expect(await sales()).toBe(0);

    const event = completedEvent(first.checkout_id, 4900);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode).every((code) => code === 200)).toBe(true);
    expect(await sales()).toBe(1);
    const [active] = await db
      .select({ n: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, buyer.id), eq(subscriptions.status, 'active')));
    expect(active.n).toBe(1);
    const [entry] = (await creator.get('/api/creator/ledger')).json().entries;
    expect(entry).toMatchObject({ gross_cents: 4900, state: 'pending' });
    expect((await creator.get('/api/creator/ledger')).json().provider).toBe('stripe');

    expect((await creator.post('/api/transaction/refund', { id: entry.id })).json().state).toBe('refunded');
    const refunds = calls.filter((c) => c.path === 'POST /v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].form.get('payment_intent')).toBe(`pi_${first.checkout_id}`);
    expect(refunds[0].idempotencyKey).toBe(`refund-${entry.id}`);
  });

  it('a paid amount other than the price books nothing', async () => {
    const [creator, buyer] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await publishProgram(app, creator, { title: 'Cheap trick', price_cents: 4900, currency: 'USD' });
    const { checkout_id: id } = (await startCheckout(app, buyer, program.guid)).json();
    expect((await deliver(completedEvent(id, 100))).json().outcome).toBe('mismatch');
    expect((await creator.get('/api/creator/ledger')).json().entries).toEqual([]);
    await expect(buyProgram(app, buyer, program.guid)).rejects.toThrow(/payment failed: 404/);
  });

  it('pays a creator with a connected account by a Stripe Connect transfer (sent again after a refusal, with the same key); others wait for an admin', async () => {
    const admin = await adminOf(app);
    const [connected, unconnected, buyer] = await Promise.all([
      signUp(app, { as_creator: true }),
      signUp(app, { as_creator: true }),
      signUp(app),
    ]);
    expect(
      (
        await admin.post('/api/admin/earning-rates', {
          seller_id: connected.id,
          platform_fee_percent: null,
          stripe_account_id: 'acct_1LifeboardTest',
        })
      ).statusCode,
    ).toBe(200);
    const { db } = await testDatabase();
    for (const creator of [connected, unconnected]) {
      const program = await publishProgram(app, creator, { title: 'Paid out', price_cents: 4900, currency: 'USD' });
      const { checkout_id: id } = (await startCheckout(app, buyer, program.guid)).json();
      expect((await deliver(completedEvent(id, 4900))).statusCode).toBe(200);
    }
    await db
      .update(transactions)
      .set({ availableAt: new Date(Date.now() - 86_400_000) })
      .where(eq(transactions.buyerId, buyer.id));
    expect((await connected.get('/api/creator/ledger')).json().payout_method).toBe('stripe');
    expect((await unconnected.get('/api/creator/ledger')).json().payout_method).toBe('manual');

    refuseTransfers = 1;
    const made = (await admin.post('/api/admin/payouts/run')).json().made as {
      id: number;
      seller_id: number;
      method: string;
      status: string;
      amount_cents: number;
    }[];
    const theirs = made.find((p) => p.seller_id === connected.id);
    expect(theirs).toMatchObject({ method: 'stripe', status: 'pending', amount_cents: 4900 - 490 - 172 });
    expect(made.find((p) => p.seller_id === unconnected.id)).toMatchObject({ method: 'manual', status: 'pending' });
    // The admin cannot mark a Stripe payout paid by hand; the next run sends the same transfer again.
    expect((await admin.post('/api/admin/payouts/mark-paid', { id: theirs?.id })).statusCode).toBe(422);
    expect(
      (await admin.post('/api/admin/payouts/run'))
        .json()
        .made.filter((p: { seller_id: number }) => p.seller_id === connected.id),
    ).toEqual([]);
    const transfers = calls.filter((c) => c.path === 'POST /v1/transfers');
    expect(transfers).toHaveLength(2);
    for (const transfer of transfers) {
      expect(transfer.idempotencyKey).toBe(`payout-${theirs?.id}`);
      expect(
        Object.fromEntries(['amount', 'currency', 'destination'].map((key) => [key, transfer.form.get(key)])),
      ).toEqual({ amount: '4238', currency: 'usd', destination: 'acct_1LifeboardTest' });
    }
    const [row] = await db
      .select()
      .from(payouts)
      .where(eq(payouts.id, theirs?.id ?? 0));
    expect(row).toMatchObject({ status: 'paid', reference: `tr_test_${theirs?.id}` });
    expect((await connected.get('/api/creator/ledger')).json()).toMatchObject({
      balances: [{ available_cents: 0, paid_out_cents: 4238 }],
      payouts: [{ status: 'paid', method: 'stripe' }],
    });
  });
});
