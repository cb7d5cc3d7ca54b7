import type { Balance, LedgerEntry, Payout } from '@lifeboard/shared/api/creator-ledger';
import { z } from 'zod';
import { documented, wireSchema } from '../../openapi';

/** What the creator ledger calls answer (the wire types of `shared/src/api/creator-ledger.ts`), for /api/docs only. */
const instant = z.string().describe('An ISO instant.');
const cents = z.number().int();

const ledgerEntryObject = z
  .object({
    id: z.number().int().describe('The transaction (one per completed checkout).'),
    program_id: z.number().int(),
    program_title: z.string(),
    program_guid: z.string(),
    buyer_name: z.string(),
    created_at: instant,
    available_at: instant.describe('When the net leaves the refund window.'),
    state: z.enum(['pending', 'available', 'paid_out', 'refunded']),
    currency: z.string(),
    gross_cents: cents.describe('What the buyer paid: the price, tax included.'),
    tax_cents: cents.describe('Sales tax included in the gross (0 when none is configured).'),
    platform_fee_cents: cents,
    processing_fee_cents: cents,
    net_cents: cents,
    refund_requested_at: instant
      .nullable()
      .describe('When the buyer asked for a refund; null when they did not (or it was declined).'),
    refund_reason: z.string().nullable().describe("The buyer's reason, if they gave one."),
    payout_id: z.number().int().nullable().describe('The payout that carried the net, once paid out.'),
  })
  .meta({
    description:
      'One sale: the price split into tax, fees and net (they add up to the gross); pending in the refund window, then available, then paid out; or refunded.',
  });
const ledgerEntry = wireSchema<LedgerEntry>()(ledgerEntryObject);

const balance = wireSchema<Balance>()(
  z.object({
    currency: z.string(),
    sales: z.number().int(),
    gross_cents: cents,
    net_cents: cents,
    pending_cents: cents,
    available_cents: cents,
    paid_out_cents: cents,
    refunded_cents: cents,
  }),
);

export const payoutObject = wireSchema<Payout>()(
  z.object({
    id: z.number().int(),
    currency: z.string(),
    amount_cents: cents,
    sales: z.number().int().describe('How many sales it carries.'),
    method: z.enum(['stripe', 'manual']).describe('A Stripe Connect transfer, or paid by hand by an admin.'),
    status: z.enum(['pending', 'paid']),
    reference: z.string().nullable().describe("The Stripe transfer's id, or the admin's note of the payment."),
    created_at: instant,
    paid_at: instant.nullable(),
  }),
);

const checkoutEnabled = z
  .literal(true)
  .describe('Buyers pay through the payment provider before they get a paid program.');
const provider = z
  .enum(['test', 'stripe'])
  .describe('The payment provider: the built-in test provider (no real money) or Stripe.');

export const ledger = documented(
  z
    .object({
      success: z.literal(true),
      checkout_enabled: checkoutEnabled,
      provider,
      refund_window_days: z.number().int(),
      balances: z.array(balance).describe('Per currency, by currency code.'),
      entries: z.array(ledgerEntry).describe('Newest first, 500 at most.'),
      payout_method: z
        .enum(['stripe', 'manual'])
        .describe("How the caller's payouts are sent: a Stripe Connect transfer, or by hand by an admin."),
      payouts: z
        .array(payoutObject)
        .describe('Newest first, 100 at most. Available balances are paid out every Monday.'),
    })
    .meta({ description: "The caller's sales of their programs and the balances per currency." }),
);

export const earnings = documented(
  z
    .object({
      success: z.literal(true),
      days: z.number().int(),
      today: z.string().describe("The caller's today, YYYY-MM-DD."),
      points: z
        .array(z.object({ day: z.string(), currency: z.string(), net_cents: cents, sales: z.number().int() }))
        .describe('Days with sales only, ascending.'),
    })
    .meta({ description: 'Net earnings per day and currency.' }),
);

export const transaction = documented(
  z
    .object({
      success: z.literal(true),
      role: z.enum(['seller', 'buyer']).describe("The caller's side of it."),
      checkout_enabled: checkoutEnabled,
      transaction: ledgerEntryObject.extend({
        subscription_status: z.enum(['active', 'cancelled']),
        seller_name: z.string(),
      }),
    })
    .meta({ description: 'The transaction.' }),
);
