/** The wire shapes of the creator ledger (GET /api/creator/ledger, GET /api/transaction/:id): the API and mf-creator both use them. */

export type EntryState = 'pending' | 'available' | 'refunded';

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
}

export interface Balance {
  currency: string;
  sales: number;
  gross_cents: number;
  net_cents: number;
  pending_cents: number;
  available_cents: number;
  refunded_cents: number;
}
