import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { paymentsProviderOf, type Env } from '../../env';
import type { Transfers } from '../creator-ledger/payouts';

/** What a provider's verified event means for us: a checkout was paid (or nothing we act on). */
export type PaymentEvent =
  | {
      kind: 'completed';
      eventId: string;
      checkoutId: string;
      paymentRef: string;
      amountCents: number;
      currency: string;
    }
  | { kind: 'ignored'; eventId: string };

export interface CheckoutRequest {
  checkoutId: string;
  /** The program's public guid: where the buyer lands after paying (`/program-success/:guid`). */
  programGuid: string;
  title: string;
  amountCents: number;
  currency: string;
  buyerEmail: string;
}

/**
 * A payment provider: where the buyer pays, how its signed events are read, and how a payment is refunded.
 * Both providers complete a checkout the same way: a signed event posted to `/api/payments/webhook/:provider`.
 */
export interface PaymentProvider {
  name: 'test' | 'stripe';
  /** Starts paying: the provider's own id for it (if any) and the page the buyer pays on. */
  createCheckout(request: CheckoutRequest): Promise<{ providerRef: string | null; url: string }>;
  /** The event in a raw body, or an Error when the signature does not verify (answered 400, nothing changes). */
  verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  refund(paymentRef: string, idempotencyKey: string): Promise<void>;
}

export class SignatureError extends Error {}

const TEST_SIGNATURE_TOLERANCE_S = 300;

/**
 * The built-in test provider: the app hosts the card page (`/checkout/:id` in the shell), takes Stripe's
 * published test card numbers, and completes by posting an HMAC-signed event to its own webhook path.
 */
export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;
  constructor(
    private readonly secret: string,
    private readonly appUrl: string,
  ) {}

  async createCheckout(request: CheckoutRequest) {
    return { providerRef: null, url: `${this.appUrl.replace(/\/$/, '')}/checkout/${request.checkoutId}` };
  }

  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the scheme Stripe uses. */
  sign(body: string, at = Math.floor(Date.now() / 1000)): string {
    return `t=${at},v1=${createHmac('sha256', this.secret).update(`${at}.${body}`).digest('hex')}`;
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    const parts = new Map((signature ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
    const at = Number(parts.get('t'));
    const given = Buffer.from(parts.get('v1') ?? '', 'hex');
    const expected = createHmac('sha256', this.secret).update(`${at}.`).update(rawBody).digest();
    if (!Number.isInteger(at) || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new SignatureError('The signature does not match.');
    if (Math.abs(Date.now() / 1000 - at) > TEST_SIGNATURE_TOLERANCE_S)
      throw new SignatureError('The event is too old.');
    const event = JSON.parse(rawBody.toString('utf8')) as {
      id?: unknown;
      type?: unknown;
      data?: Record<string, unknown>;
    };
    const data = event.data ?? {};
    if (event.type !== 'checkout.completed') return { kind: 'ignored', eventId: String(event.id) };
    return {
      kind: 'completed',
      eventId: String(event.id),
      checkoutId: String(data.checkout_id),
      paymentRef: String(data.payment_ref),
      amountCents: Number(data.amount_cents),
      currency: String(data.currency),
    };
  }

  /** The event the hosted page's successful payment sends. */
  completedEvent(checkout: { id: string; amountCents: number; currency: string }): string {
    return JSON.stringify({
      id: `evt_${randomBytes(12).toString('base64url')}`,
      type: 'checkout.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        checkout_id: checkout.id,
        payment_ref: `tpay_${checkout.id}`,
        amount_cents: checkout.amountCents,
        currency: checkout.currency,
      },
    });
  }

  /** Nothing leaves the app: the test provider's money is imaginary, so a refund is only booked. */
  async refund(): Promise<void> {}
}

/** Stripe Checkout Sessions and webhooks through the official SDK (signatures verified by it). */
export class StripeProvider implements PaymentProvider, Transfers {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;
  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    private readonly appUrl: string,
    apiUrl?: string,
  ) {
    const base = apiUrl ? new URL(apiUrl) : undefined;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'http:' ? 80 : 443),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
  }

  async createCheckout(request: CheckoutRequest) {
    const app = this.appUrl.replace(/\/$/, '');
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountCents,
              product_data: { name: request.title },
            },
          },
        ],
        customer_email: request.buyerEmail,
        client_reference_id: request.checkoutId,
        metadata: { checkout_id: request.checkoutId },
        success_url: `${app}/program-success/${encodeURIComponent(request.programGuid)}`,
        cancel_url: `${app}/checkout/${request.checkoutId}?cancelled=1`,
      },
      { idempotencyKey: `checkout-${request.checkoutId}` },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL.');
    return { providerRef: session.id, url: session.url };
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
    } catch (error) {
      throw new SignatureError(error instanceof Error ? error.message : 'The signature does not match.');
    }
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded')
      return { kind: 'ignored', eventId: event.id };
    const session = event.data.object;
    if (session.payment_status !== 'paid') return { kind: 'ignored', eventId: event.id };
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    return {
      kind: 'completed',
      eventId: event.id,
      checkoutId: session.metadata?.checkout_id ?? session.client_reference_id ?? '',
      paymentRef: intent ?? session.id,
      amountCents: session.amount_total ?? 0,
      currency: (session.currency ?? '').toUpperCase(),
    };
  }

  async refund(paymentRef: string, idempotencyKey: string): Promise<void> {
    await this.stripe.refunds.create({ payment_intent: paymentRef }, { idempotencyKey });
  }

  /** A Stripe Connect transfer to the creator's connected account, keyed by the payout so a retry sends it once. */
  async transfer(request: {
    amountCents: number;
    currency: string;
    destination: string;
    payoutId: number;
  }): Promise<string> {
    const transfer = await this.stripe.transfers.create(
      {
        amount: request.amountCents,
        currency: request.currency.toLowerCase(),
        destination: request.destination,
        metadata: { payout_id: String(request.payoutId) },
      },
      { idempotencyKey: `payout-${request.payoutId}` },
    );
    return transfer.id;
  }
}

/** The provider's transfers when it can send money to creators (Stripe), else null: payouts are paid by hand. */
export function transfersOf(provider: PaymentProvider): Transfers | null {
  return provider instanceof StripeProvider ? provider : null;
}

/** The stated provider (PAYMENTS_PROVIDER); unstated (development), Stripe when both its keys are set, else the test one. */
export function providerOf(env: Env): PaymentProvider {
  // The schema refuses PAYMENTS_PROVIDER=stripe without both keys.
  if (paymentsProviderOf(env) === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return new StripeProvider(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.APP_URL, env.STRIPE_API_URL);
  }
  return new TestProvider(env.PAYMENTS_TEST_SECRET ?? randomBytes(32).toString('hex'), env.APP_URL);
}
