import type { Balance, EntryState, LedgerEntry } from '@lifeboard/shared/api/creator-ledger';
import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { isRecord, listOf, problemOf } from '@lifeboard/shared/api/use-api-get';

export type { Balance, EntryState, LedgerEntry };

export interface Ledger {
  checkout_enabled: boolean;
  /** The payment provider: the built-in test one (no real money) or Stripe. */
  provider: 'test' | 'stripe';
  refund_window_days: number;
  balances: Balance[];
  entries: LedgerEntry[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const states: readonly EntryState[] = ['pending', 'available', 'refunded'];

export function readEntry(v: Record<string, unknown>): LedgerEntry | null {
  const state = states.find((s) => s === v.state);
  if (typeof v.id !== 'number' || !state) return null;
  return {
    id: v.id, program_id: num(v.program_id), program_title: str(v.program_title), program_guid: str(v.program_guid), buyer_name: str(v.buyer_name),
    created_at: str(v.created_at), available_at: str(v.available_at), state, currency: str(v.currency) || 'USD',
    gross_cents: num(v.gross_cents), tax_cents: num(v.tax_cents), platform_fee_cents: num(v.platform_fee_cents), processing_fee_cents: num(v.processing_fee_cents), net_cents: num(v.net_cents),
    refund_requested_at: typeof v.refund_requested_at === 'string' ? v.refund_requested_at : null, refund_reason: typeof v.refund_reason === 'string' ? v.refund_reason : null,
  };
}

/** `GET /api/creator/ledger`. */
export function readLedger(body: unknown): Ledger | null {
  const entries = listOf(body, 'entries');
  const list = listOf(body, 'balances');
  if (!isRecord(body) || !entries || !list) return null;
  return {
    checkout_enabled: body.checkout_enabled === true,
    provider: body.provider === 'stripe' ? 'stripe' : 'test',
    refund_window_days: num(body.refund_window_days) || 14,
    entries: entries.map(readEntry).filter((e): e is LedgerEntry => e !== null),
    balances: list.map((b) => ({
      currency: str(b.currency) || 'USD', sales: num(b.sales), gross_cents: num(b.gross_cents), net_cents: num(b.net_cents),
      pending_cents: num(b.pending_cents), available_cents: num(b.available_cents), refunded_cents: num(b.refunded_cents),
    })),
  };
}

export interface Receipt {
  role: 'buyer' | 'seller';
  checkout_enabled: boolean;
  transaction: LedgerEntry & { seller_name: string; subscription_status: string };
}

/** `GET /api/transaction/:id`. */
export function readReceipt(body: unknown): Receipt | null {
  if (!isRecord(body) || !isRecord(body.transaction)) return null;
  const entry = readEntry(body.transaction);
  if (!entry) return null;
  return {
    role: body.role === 'seller' ? 'seller' : 'buyer', checkout_enabled: body.checkout_enabled === true,
    transaction: { ...entry, seller_name: str(body.transaction.seller_name), subscription_status: str(body.transaction.subscription_status) },
  };
}

/** An amount for people: "8.41 USD". */
export const amount = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/** Declines a buyer's refund request (`POST /api/transaction/refund-decline`): null when done, else why not. */
export async function declineRefund(id: number): Promise<string | null> {
  const { status, body } = await send({ method: 'POST', url: '/api/transaction/refund-decline', data: { id } });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}

/** Refunds a sale (`POST /api/transaction/refund`): null when done, else why not. */
export async function refundSale(id: number): Promise<string | null> {
  const { status, body } = await send({ method: 'POST', url: '/api/transaction/refund', data: { id } });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}
