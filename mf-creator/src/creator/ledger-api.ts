import { readPayout } from '@lifeboard/shared/api/creator-ledger';
import type { Balance, EarningRate, EntryState, LedgerEntry, Payout } from '@lifeboard/shared/api/creator-ledger';
import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { isRecord, listOf, problemOf } from '@lifeboard/shared/api/use-api-get';

export type { Balance, EarningRate, EntryState, LedgerEntry, Payout };

export interface Ledger {
  checkout_enabled: boolean;
  /** The payment provider: the built-in test one (no real money) or Stripe. */
  provider: 'test' | 'stripe';
  refund_window_days: number;
  /** How payouts reach the creator: a Stripe Connect transfer, or sent by hand by an admin. */
  payout_method: 'stripe' | 'manual';
  balances: Balance[];
  entries: LedgerEntry[];
  payouts: Payout[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const states: readonly EntryState[] = ['pending', 'available', 'paid_out', 'refunded'];

export function readEntry(v: Record<string, unknown>): LedgerEntry | null {
  const state = states.find((s) => s === v.state);
  if (typeof v.id !== 'number' || !state) return null;
  return {
    id: v.id,
    program_id: num(v.program_id),
    program_title: str(v.program_title),
    program_guid: str(v.program_guid),
    buyer_name: str(v.buyer_name),
    created_at: str(v.created_at),
    available_at: str(v.available_at),
    state,
    currency: str(v.currency) || 'USD',
    gross_cents: num(v.gross_cents),
    tax_cents: num(v.tax_cents),
    platform_fee_cents: num(v.platform_fee_cents),
    processing_fee_cents: num(v.processing_fee_cents),
    net_cents: num(v.net_cents),
    refund_requested_at: typeof v.refund_requested_at === 'string' ? v.refund_requested_at : null,
    refund_reason: typeof v.refund_reason === 'string' ? v.refund_reason : null,
    payout_id: typeof v.payout_id === 'number' ? v.payout_id : null,
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
    payout_method: body.payout_method === 'stripe' ? 'stripe' : 'manual',
    entries: entries.map(readEntry).filter((e): e is LedgerEntry => e !== null),
    balances: list.map((b) => ({
      currency: str(b.currency) || 'USD',
      sales: num(b.sales),
      gross_cents: num(b.gross_cents),
      net_cents: num(b.net_cents),
      pending_cents: num(b.pending_cents),
      available_cents: num(b.available_cents),
      paid_out_cents: num(b.paid_out_cents),
      refunded_cents: num(b.refunded_cents),
    })),
    payouts: (listOf(body, 'payouts') ?? []).map(readPayout).filter((p): p is Payout => p !== null),
  };
}

/** The transactions list's filters, as the form holds them ('' is "any"). */
export interface LedgerFilters {
  from: string;
  to: string;
  program_id: string;
  state: '' | EntryState;
}

export const noFilters: LedgerFilters = { from: '', to: '', program_id: '', state: '' };

/** The filters as a query string ("?from=2026-11-01&state=pending"), leaving out the empty ones. */
export function filterQuery(filters: LedgerFilters): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The filtered sales as CSV (`GET /api/creator/ledger.csv`), or why not. */
export async function fetchLedgerCsv(filters: LedgerFilters): Promise<{ blob: Blob } | { problem: string }> {
  const { status, body } = await send({
    method: 'GET',
    url: `/api/creator/ledger.csv${filterQuery(filters)}`,
    responseType: 'text',
  });
  if (!isSuccessStatus(status) || typeof body !== 'string')
    return { problem: problemOf(status, typeof body === 'string' ? jsonOr(body) : body) };
  return { blob: new Blob([body], { type: 'text/csv;charset=utf-8' }) };
}

/** An error body read as text: its JSON when it is JSON. */
function jsonOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface EarningsPoint {
  day: string;
  currency: string;
  net_cents: number;
  sales: number;
}
export interface Earnings {
  days: number;
  today: string;
  points: EarningsPoint[];
}

/** `GET /api/creator/earnings`. */
export function readEarnings(body: unknown): Earnings | null {
  const points = listOf(body, 'points');
  if (!isRecord(body) || !points || typeof body.today !== 'string') return null;
  return {
    days: num(body.days),
    today: body.today,
    points: points.flatMap((p) =>
      typeof p.day === 'string' && typeof p.net_cents === 'number'
        ? [{ day: p.day, currency: str(p.currency) || 'USD', net_cents: p.net_cents, sales: num(p.sales) }]
        : [],
    ),
  };
}

export interface Split {
  tax_cents: number;
  platform_fee_cents: number;
  processing_fee_cents: number;
  net_cents: number;
}
export interface ProgramRate {
  id: number;
  title: string;
  price_cents: number;
  currency: string;
  own_percent: number | null;
  rate: EarningRate;
  split: Split;
}
export interface CreatorRates {
  default_percent: number;
  processing_percent: number;
  processing_fixed_cents: number;
  tax_percent: number;
  refund_window_days: number;
  author: EarningRate;
  programs: ProgramRate[];
}

export function readRate(v: unknown): EarningRate {
  const rate = isRecord(v) ? v : {};
  const source = rate.source === 'program' || rate.source === 'author' ? rate.source : 'default';
  return { platform_fee_percent: num(rate.platform_fee_percent), source };
}

export function readProgramRate(p: Record<string, unknown>): ProgramRate | null {
  if (typeof p.id !== 'number') return null;
  const split = isRecord(p.split) ? p.split : {};
  return {
    id: p.id,
    title: str(p.title),
    price_cents: num(p.price_cents),
    currency: str(p.currency) || 'USD',
    own_percent: typeof p.own_percent === 'number' ? p.own_percent : null,
    rate: readRate(p.rate),
    split: {
      tax_cents: num(split.tax_cents),
      platform_fee_cents: num(split.platform_fee_cents),
      processing_fee_cents: num(split.processing_fee_cents),
      net_cents: num(split.net_cents),
    },
  };
}

/** `GET /api/creator/earning-rates`. */
export function readCreatorRates(body: unknown): CreatorRates | null {
  const programs = listOf(body, 'programs');
  if (!isRecord(body) || !programs) return null;
  return {
    default_percent: num(body.default_percent),
    processing_percent: num(body.processing_percent),
    processing_fixed_cents: num(body.processing_fixed_cents),
    tax_percent: num(body.tax_percent),
    refund_window_days: num(body.refund_window_days),
    author: readRate(body.author),
    programs: programs.map(readProgramRate).filter((p): p is ProgramRate => p !== null),
  };
}

/** A percent as people write it: "10%", "7.5%". */
export const percentWords = (value: number) => `${Number(value.toFixed(2))}%`;

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
    role: body.role === 'seller' ? 'seller' : 'buyer',
    checkout_enabled: body.checkout_enabled === true,
    transaction: {
      ...entry,
      seller_name: str(body.transaction.seller_name),
      subscription_status: str(body.transaction.subscription_status),
    },
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
