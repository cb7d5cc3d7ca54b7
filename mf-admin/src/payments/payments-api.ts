import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { readPayout } from '@lifeboard/shared/api/creator-ledger';
import type { Payout } from '@lifeboard/shared/api/creator-ledger';
import { listOf, problemOf } from '@lifeboard/shared/api/use-api-get';

export interface RefundRequest {
  id: number;
  program_title: string;
  buyer_name: string;
  seller_name: string;
  currency: string;
  gross_cents: number;
  created_at: string;
  refund_requested_at: string;
  refund_reason: string | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** `GET /api/admin/refund-requests`. */
export function readRefundRequests(body: unknown): RefundRequest[] | null {
  const list = listOf(body, 'requests');
  if (!list) return null;
  return list.flatMap((r) =>
    typeof r.id === 'number' && typeof r.gross_cents === 'number'
      ? [
          {
            id: r.id,
            program_title: str(r.program_title),
            buyer_name: str(r.buyer_name),
            seller_name: str(r.seller_name),
            currency: str(r.currency) || 'USD',
            gross_cents: r.gross_cents,
            created_at: str(r.created_at),
            refund_requested_at: str(r.refund_requested_at),
            refund_reason: typeof r.refund_reason === 'string' ? r.refund_reason : null,
          },
        ]
      : [],
  );
}

/** Approves (refunds) or declines a buyer's refund request: null when done, else why not. */
export async function decideRefund(id: number, decision: 'refund' | 'decline'): Promise<string | null> {
  const { status, body } = await send({
    method: 'POST',
    url: `/api/transaction/${decision === 'refund' ? 'refund' : 'refund-decline'}`,
    data: { id },
  });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}

/** A payout as the admin sees it: the creator's own payout (shared/api/creator-ledger.ts) and whose it is. */
export interface AdminPayout extends Payout {
  seller_id: number;
  seller_name: string;
  seller_email: string;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function readAdminPayout(p: Record<string, unknown>): AdminPayout | null {
  const payout = readPayout(p);
  if (!payout) return null;
  return { ...payout, seller_id: num(p.seller_id), seller_name: str(p.seller_name), seller_email: str(p.seller_email) };
}

/** `GET /api/admin/payouts`. */
export function readPayouts(body: unknown): AdminPayout[] | null {
  const list = listOf(body, 'payouts');
  return list ? list.map(readAdminPayout).filter((p): p is AdminPayout => p !== null) : null;
}

/** Marks a manual payout paid, with the admin's note: null when done, else why not. */
export async function markPayoutPaid(id: number, reference: string): Promise<string | null> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/admin/payouts/mark-paid',
    data: { id, ...(reference.trim() ? { reference: reference.trim() } : {}) },
  });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}

/** Runs the weekly payout now: how many payouts it made, or why not. */
export async function runPayoutsNow(): Promise<{ made: number } | { problem: string }> {
  const { status, body } = await send({ method: 'POST', url: '/api/admin/payouts/run' });
  if (!isSuccessStatus(status)) return { problem: problemOf(status, body) };
  return { made: listOf(body, 'made')?.length ?? 0 };
}

export interface RateOf {
  platform_fee_percent: number;
  source: 'program' | 'author' | 'default';
}
export interface AuthorRates {
  id: number;
  name: string;
  email: string;
  own_percent: number | null;
  stripe_account_id: string | null;
  programs: {
    id: number;
    title: string;
    price_cents: number;
    currency: string;
    own_percent: number | null;
    rate: RateOf;
    net_cents: number;
  }[];
}
export interface AdminRates {
  default_percent: number;
  authors: AuthorRates[];
}

const ownOf = (v: unknown) => (typeof v === 'number' ? v : null);

/** `GET /api/admin/earning-rates`. */
export function readAdminRates(body: unknown): AdminRates | null {
  const authors = listOf(body, 'authors');
  if (!authors || typeof body !== 'object' || body === null) return null;
  return {
    default_percent: num((body as Record<string, unknown>).default_percent),
    authors: authors.flatMap((a) =>
      typeof a.id === 'number'
        ? [
            {
              id: a.id,
              name: str(a.name),
              email: str(a.email),
              own_percent: ownOf(a.own_percent),
              stripe_account_id: typeof a.stripe_account_id === 'string' ? a.stripe_account_id : null,
              programs: (listOf(a, 'programs') ?? []).flatMap((p) => {
                if (typeof p.id !== 'number') return [];
                const rate = (typeof p.rate === 'object' && p.rate !== null ? p.rate : {}) as Record<string, unknown>;
                const split = (typeof p.split === 'object' && p.split !== null ? p.split : {}) as Record<
                  string,
                  unknown
                >;
                return [
                  {
                    id: p.id,
                    title: str(p.title),
                    price_cents: num(p.price_cents),
                    currency: str(p.currency) || 'USD',
                    own_percent: ownOf(p.own_percent),
                    net_cents: num(split.net_cents),
                    rate: {
                      platform_fee_percent: num(rate.platform_fee_percent),
                      source: rate.source === 'program' || rate.source === 'author' ? rate.source : 'default',
                    },
                  },
                ];
              }),
            },
          ]
        : [],
    ),
  };
}

/**
 * A percent as typed ("7.5", "7,5 %", "" for the standard rate): the number, null for none, or why it is not one.
 */
export function parsePercent(text: string): { value: number | null } | { problem: string } {
  const clean = text.replace('%', '').replace(',', '.').trim();
  if (!clean) return { value: null };
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean) || Number(clean) > 100)
    return {
      problem:
        'Type a percent from 0 to 100, with at most two decimals (like 7.5), or leave it empty for the standard rate.',
    };
  return { value: Number(clean) };
}

/** Saves an author's or a program's rate (and an author's Stripe account): null when done, else why not. */
export async function saveRate(
  target: { seller_id: number } | { program_id: number },
  percent: number | null,
  stripeAccount?: string | null,
): Promise<string | null> {
  const data = {
    ...target,
    platform_fee_percent: percent,
    ...(stripeAccount !== undefined ? { stripe_account_id: stripeAccount } : {}),
  };
  const { status, body } = await send({ method: 'POST', url: '/api/admin/earning-rates', data });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}
