import type { Balance, EntryState, LedgerEntry } from '@lifeboard/shared/api/creator-ledger';
import type { Env } from '../../env';

const DAY_MS = 86_400_000;

/** The fee settings of `env.ts`: what a sale is split by. */
export interface FeeSettings {
  platformFeePercent: number;
  processingFeePercent: number;
  processingFeeFixedCents: number;
  taxPercent: number;
  refundWindowDays: number;
}

export function feeSettingsOf(env: Env): FeeSettings {
  return {
    platformFeePercent: env.PLATFORM_FEE_PERCENT,
    processingFeePercent: env.PROCESSING_FEE_PERCENT,
    processingFeeFixedCents: env.PROCESSING_FEE_FIXED_CENTS,
    taxPercent: env.TAX_PERCENT,
    refundWindowDays: env.REFUND_WINDOW_DAYS,
  };
}

export interface Split {
  tax_cents: number;
  platform_fee_cents: number;
  processing_fee_cents: number;
  net_cents: number;
}

/**
 * The split of a sale of `grossCents` (what the buyer paid, tax included), in integer minor units:
 * tax (included in the price) first, the platform's share of the rest, the processor's fee of the gross,
 * and the creator's net. The parts always add up to the gross: the net absorbs rounding and never goes below 0.
 */
export function splitSale(grossCents: number, fees: FeeSettings): Split {
  if (grossCents <= 0) return { tax_cents: 0, platform_fee_cents: 0, processing_fee_cents: 0, net_cents: 0 };
  const tax = Math.round((grossCents * fees.taxPercent) / (100 + fees.taxPercent));
  const platform = Math.min(grossCents - tax, Math.round(((grossCents - tax) * fees.platformFeePercent) / 100));
  const processing = Math.min(
    grossCents - tax - platform,
    Math.round((grossCents * fees.processingFeePercent) / 100) + fees.processingFeeFixedCents,
  );
  return {
    tax_cents: tax,
    platform_fee_cents: platform,
    processing_fee_cents: processing,
    net_cents: grossCents - tax - platform - processing,
  };
}

export function availableAt(soldAt: Date, fees: Pick<FeeSettings, 'refundWindowDays'>): Date {
  return new Date(soldAt.getTime() + fees.refundWindowDays * DAY_MS);
}

/** A stored sale (a `program_transaction` row with its program and buyer). */
export interface Sale extends Split {
  id: number;
  program_id: number;
  program_title: string;
  program_guid: string;
  buyer_name: string;
  state: 'paid' | 'refunded';
  created_at: Date;
  available_at: Date;
  currency: string;
  gross_cents: number;
  refund_requested_at: Date | null;
  refund_reason: string | null;
  payout_id: number | null;
}

/** One entry per sale: pending during the refund window, then available, then paid out; refunded sales earn nothing. */
export function ledgerEntry(sale: Sale, now: Date): LedgerEntry {
  const state: EntryState =
    sale.state === 'refunded'
      ? 'refunded'
      : sale.payout_id !== null
        ? 'paid_out'
        : now < sale.available_at
          ? 'pending'
          : 'available';
  return {
    id: sale.id,
    program_id: sale.program_id,
    program_title: sale.program_title,
    program_guid: sale.program_guid,
    buyer_name: sale.buyer_name,
    created_at: sale.created_at.toISOString(),
    available_at: sale.available_at.toISOString(),
    state,
    currency: sale.currency,
    gross_cents: sale.gross_cents,
    tax_cents: sale.tax_cents,
    platform_fee_cents: sale.platform_fee_cents,
    processing_fee_cents: sale.processing_fee_cents,
    net_cents: sale.net_cents,
    refund_requested_at: sale.refund_requested_at?.toISOString() ?? null,
    refund_reason: sale.refund_reason,
    payout_id: sale.payout_id,
  };
}

/**
 * Balances per currency (programs may be priced in different ones). Every sale's net is in exactly one of
 * pending, available and paid out, unless it was refunded: net = pending + available + paid out.
 */
export function balances(entries: readonly LedgerEntry[]): Balance[] {
  const by = new Map<string, Balance>();
  for (const e of entries) {
    const b = by.get(e.currency) ?? {
      currency: e.currency,
      sales: 0,
      gross_cents: 0,
      net_cents: 0,
      pending_cents: 0,
      available_cents: 0,
      paid_out_cents: 0,
      refunded_cents: 0,
    };
    b.sales += 1;
    if (e.state === 'refunded') b.refunded_cents += e.gross_cents;
    else {
      b.gross_cents += e.gross_cents;
      b.net_cents += e.net_cents;
      if (e.state === 'pending') b.pending_cents += e.net_cents;
      else if (e.state === 'paid_out') b.paid_out_cents += e.net_cents;
      else b.available_cents += e.net_cents;
    }
    by.set(e.currency, b);
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
