import type { Balance, LedgerEntry } from '@lifeboard/shared/api/creator-ledger';
import { z } from 'zod';
import { documented, wireSchema } from '../../openapi';

/** What the creator ledger calls answer (the wire types of `shared/src/api/creator-ledger.ts`), for /api/docs only. */
const instant = z.string().describe('An ISO instant.');
const cents = z.number().int();

const ledgerEntryObject = z.object({
  id: z.number().int().describe('The transaction (one per completed checkout).'),
  program_id: z.number().int(),
  program_title: z.string(),
  program_guid: z.string(),
  buyer_name: z.string(),
  created_at: instant,
  available_at: instant.describe('When the net leaves the refund window.'),
  state: z.enum(['pending', 'available', 'refunded']),
  currency: z.string(),
  gross_cents: cents.describe('What the buyer paid: the price, tax included.'),
  tax_cents: cents.describe('Sales tax included in the gross (0 when none is configured).'),
  platform_fee_cents: cents,
  processing_fee_cents: cents,
  net_cents: cents,
  refund_requested_at: instant.nullable().describe('When the buyer asked for a refund; null when they did not (or it was declined).'),
  refund_reason: z.string().nullable().describe("The buyer's reason, if they gave one."),
}).meta({ description: 'One sale: the price split into tax, fees and net (they add up to the gross); pending in the refund window, then available; or refunded.' });
const ledgerEntry = wireSchema<LedgerEntry>()(ledgerEntryObject);

const balance = wireSchema<Balance>()(z.object({
  currency: z.string(),
  sales: z.number().int(),
  gross_cents: cents,
  net_cents: cents,
  pending_cents: cents,
  available_cents: cents,
  refunded_cents: cents,
}));

const checkoutEnabled = z.literal(true).describe('Buyers pay through the payment provider before they get a paid program.');
const provider = z.enum(['test', 'stripe']).describe('The payment provider: the built-in test provider (no real money) or Stripe.');

export const ledger = documented(z.object({
  success: z.literal(true),
  checkout_enabled: checkoutEnabled,
  provider,
  refund_window_days: z.number().int(),
  balances: z.array(balance).describe('Per currency, by currency code.'),
  entries: z.array(ledgerEntry).describe('Newest first, 500 at most.'),
  payouts: z.array(z.never()).max(0).describe('Always empty: payouts are not made yet.'),
}).meta({ description: "The caller's sales of their programs and the balances per currency." }));

export const transaction = documented(z.object({
  success: z.literal(true),
  role: z.enum(['seller', 'buyer']).describe("The caller's side of it."),
  checkout_enabled: checkoutEnabled,
  transaction: ledgerEntryObject.extend({
    subscription_status: z.enum(['active', 'cancelled']),
    seller_name: z.string(),
  }),
}).meta({ description: 'The transaction.' }));
