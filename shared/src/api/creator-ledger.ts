/** The wire shapes of the creator ledger (GET /api/creator/ledger, GET /api/transaction/:id): the API and mf-creator both use them. */

/** In the refund window; available to pay out; carried by a payout; or refunded (it earns nothing). */
export type EntryState = 'pending' | 'available' | 'paid_out' | 'refunded';

export interface LedgerEntry {
  id: number;
  program_id: number;
  program_title: string;
  program_guid: string;
  buyer_name: string;
  created_at: string;
  available_at: string;
  state: EntryState;
  currency: string;
  gross_cents: number;
  /** Sales tax included in the gross (0 when none is configured). */
  tax_cents: number;
  platform_fee_cents: number;
  processing_fee_cents: number;
  net_cents: number;
  /** When the buyer asked for a refund (null: they did not, or it was declined), and why. */
  refund_requested_at: string | null;
  refund_reason: string | null;
  /** The payout that carried the net, once paid out. */
  payout_id: number | null;
}

export interface Balance {
  currency: string;
  sales: number;
  gross_cents: number;
  net_cents: number;
  pending_cents: number;
  available_cents: number;
  /** Net carried by payouts (made, whether or not an admin has sent a manual one yet). */
  paid_out_cents: number;
  refunded_cents: number;
}

/** A payout of one currency's available balance to a creator. */
export interface Payout {
  id: number;
  currency: string;
  amount_cents: number;
  sales: number;
  /** A Stripe Connect transfer, or paid by hand by an admin. */
  method: 'stripe' | 'manual';
  status: 'pending' | 'paid';
  reference: string | null;
  created_at: string;
  paid_at: string | null;
}

/** A payout as the API sends it (the creator's ledger, the admin's payouts), or null without an id or amount. */
export function readPayout(v: Record<string, unknown>): Payout | null {
  if (typeof v.id !== 'number' || typeof v.amount_cents !== 'number') return null;
  return {
    id: v.id,
    currency: (typeof v.currency === 'string' && v.currency) || 'USD',
    amount_cents: v.amount_cents,
    sales: typeof v.sales === 'number' && Number.isFinite(v.sales) ? v.sales : 0,
    method: v.method === 'stripe' ? 'stripe' : 'manual',
    status: v.status === 'paid' ? 'paid' : 'pending',
    reference: typeof v.reference === 'string' ? v.reference : null,
    created_at: typeof v.created_at === 'string' ? v.created_at : '',
    paid_at: typeof v.paid_at === 'string' ? v.paid_at : null,
  };
}

/** What the platform keeps of a creator's sales: its fee (the program's, else the author's, else the default). */
export interface EarningRate {
  /** Percent, e.g. 10 or 7.5. */
  platform_fee_percent: number;
  /** Where the rate comes from. */
  source: 'program' | 'author' | 'default';
}
