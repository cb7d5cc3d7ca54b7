import type { Balance, EntryState, LedgerEntry } from '@lifeboard/shared/api/creator-ledger';
/** The refund window: a sale's net becomes available this long after it (domain.md, transaction.available_at). */
export const REFUND_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;

/** The split of a sale: the platform keeps 10%, card processing takes 2.9% + 30c, the rest is the creator's. */
export function splitSale(grossCents: number): { platform_fee_cents: number; processing_fee_cents: number; net_cents: number } {
  if (grossCents <= 0) return { platform_fee_cents: 0, processing_fee_cents: 0, net_cents: 0 };
  const platform = Math.round(grossCents * 0.1);
  const processing = Math.round(grossCents * 0.029) + 30;
  return { platform_fee_cents: platform, processing_fee_cents: processing, net_cents: Math.max(0, grossCents - platform - processing) };
}

export interface Sale {
  id: number;
  program_id: number;
  program_title: string;
  program_guid: string;
  buyer_name: string;
  subscription_status: 'active' | 'cancelled';
  created_at: Date;
  /** When the subscription was cancelled, if it was; null when unknown or still active. */
  cancelled_at: Date | null;
  price_cents: number;
  currency: string;
}

/**
 * One entry per subscription: the program's price split into fees and net; the net is pending during the
 * refund window, then available; a subscription cancelled inside the window is refunded (net 0 to the creator).
 */
export function ledgerEntry(sale: Sale, now: Date): LedgerEntry {
  const availableAt = new Date(sale.created_at.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
  const refunded = sale.subscription_status === 'cancelled' && (sale.cancelled_at === null || sale.cancelled_at < availableAt);
  const state: EntryState = refunded ? 'refunded' : now < availableAt ? 'pending' : 'available';
  return {
    id: sale.id, program_id: sale.program_id, program_title: sale.program_title, program_guid: sale.program_guid, buyer_name: sale.buyer_name,
    created_at: sale.created_at.toISOString(), available_at: availableAt.toISOString(), state, currency: sale.currency,
    gross_cents: sale.price_cents, ...splitSale(sale.price_cents),
  };
}

/** Balances per currency (programs may be priced in different ones). */
export function balances(entries: readonly LedgerEntry[]): Balance[] {
  const by = new Map<string, Balance>();
  for (const e of entries) {
    const b = by.get(e.currency) ?? { currency: e.currency, sales: 0, gross_cents: 0, net_cents: 0, pending_cents: 0, available_cents: 0, refunded_cents: 0 };
    b.sales += 1;
    if (e.state === 'refunded') b.refunded_cents += e.gross_cents;
    else {
      b.gross_cents += e.gross_cents;
      b.net_cents += e.net_cents;
      if (e.state === 'pending') b.pending_cents += e.net_cents;
      else b.available_cents += e.net_cents;
    }
    by.set(e.currency, b);
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
