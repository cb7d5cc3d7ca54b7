import type { Balance, LedgerEntry } from '@lifeboard/shared/api/creator-ledger';
import { and, desc, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { earningRates, payouts, subscriptions, transactions, users } from '../../db/schema';
import { ledgerEntry, type Sale } from './ledger';

/** The creator ledger's reads; its routes validate, call these and shape the answers. */

/** The transactions list's filters, as its routes validated them: days are YYYY-MM-DD in the creator's zone. */
export interface LedgerFilters {
  from?: string;
  to?: string;
  program_id?: number;
  state?: LedgerEntry['state'];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

type SaleRow = { sale: typeof transactions.$inferSelect; data: Record<string, unknown>; buyerName: string | null };

export function saleOf({ sale, data, buyerName }: SaleRow): Sale {
  return {
    id: sale.id,
    program_id: sale.programId,
    program_title: text(data.title),
    program_guid: text(data.guid),
    buyer_name: buyerName ?? 'A deleted account',
    state: sale.state,
    created_at: sale.createdAt,
    available_at: sale.availableAt,
    currency: sale.currency,
    gross_cents: sale.grossCents,
    tax_cents: sale.taxCents,
    platform_fee_cents: sale.platformFeeCents,
    processing_fee_cents: sale.processingFeeCents,
    net_cents: sale.netCents,
    refund_requested_at: sale.refundRequestedAt,
    refund_reason: sale.refundReason,
    payout_id: sale.payoutId,
  };
}

function salesQuery(db: Db) {
  const programs = modelTables.program;
  return db
    .select({ sale: transactions, data: programs.data, buyerName: users.name })
    .from(transactions)
    .innerJoin(programs, eq(programs.id, transactions.programId))
    .leftJoin(users, eq(users.id, transactions.buyerId));
}

/** The SQL of the filters, for one seller, `now` deciding what is still pending. */
function filterSql(sellerId: number, filters: LedgerFilters, timezone: string, now: Date): SQL | undefined {
  const local = sql`(${transactions.createdAt} at time zone ${timezone})::date`;
  const paid = eq(transactions.state, 'paid');
  const byState = {
    pending: and(paid, sql`${transactions.payoutId} is null`, sql`${transactions.availableAt} > ${now}`),
    available: and(paid, sql`${transactions.payoutId} is null`, sql`${transactions.availableAt} <= ${now}`),
    paid_out: and(paid, sql`${transactions.payoutId} is not null`),
    refunded: eq(transactions.state, 'refunded'),
  };
  return and(
    eq(transactions.sellerId, sellerId),
    filters.from ? gte(local, sql`${filters.from}::date`) : undefined,
    filters.to ? sql`${local} <= ${filters.to}::date` : undefined,
    filters.program_id ? eq(transactions.programId, filters.program_id) : undefined,
    filters.state ? byState[filters.state] : undefined,
  );
}

/**
 * Balances per currency over every sale of the seller (not only the 500 listed): each sale's net is in exactly
 * one of pending, available and paid out, or the sale is refunded.
 */
export async function balancesOf(db: Db, sellerId: number, now: Date): Promise<Balance[]> {
  const paid = sql`${transactions.state} = 'paid'`;
  const unpaidOut = sql`${paid} and ${transactions.payoutId} is null`;
  const rows = await db
    .select({
      currency: transactions.currency,
      sales: sql<number>`count(*)::int`,
      gross: sql<number>`coalesce(sum(${transactions.grossCents}) filter (where ${paid}), 0)::int`,
      net: sql<number>`coalesce(sum(${transactions.netCents}) filter (where ${paid}), 0)::int`,
      pending: sql<number>`coalesce(sum(${transactions.netCents}) filter (where ${unpaidOut} and ${transactions.availableAt} > ${now}), 0)::int`,
      available: sql<number>`coalesce(sum(${transactions.netCents}) filter (where ${unpaidOut} and ${transactions.availableAt} <= ${now}), 0)::int`,
      paidOut: sql<number>`coalesce(sum(${transactions.netCents}) filter (where ${paid} and ${transactions.payoutId} is not null), 0)::int`,
      refunded: sql<number>`coalesce(sum(${transactions.grossCents}) filter (where ${transactions.state} = 'refunded'), 0)::int`,
    })
    .from(transactions)
    .where(eq(transactions.sellerId, sellerId))
    .groupBy(transactions.currency)
    .orderBy(transactions.currency);
  return rows.map((row) => ({
    currency: row.currency,
    sales: row.sales,
    gross_cents: row.gross,
    net_cents: row.net,
    pending_cents: row.pending,
    available_cents: row.available,
    paid_out_cents: row.paidOut,
    refunded_cents: row.refunded,
  }));
}

/** The user's time zone (UTC when unset): a creator's days are their own. */
export async function timezoneOf(db: Db, userId: number): Promise<string> {
  const [user] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return user?.timezone ?? 'UTC';
}

/** The seller's sales matching the filters as ledger entries, newest first. */
export async function ledgerEntries(
  db: Db,
  sellerId: number,
  filters: LedgerFilters,
  now: Date,
  limit: number,
): Promise<LedgerEntry[]> {
  const where = filterSql(sellerId, filters, await timezoneOf(db, sellerId), now);
  const rows = await salesQuery(db)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  return rows.map((row) => ledgerEntry(saleOf(row), now));
}

/** The seller's payouts, newest first (100 at most). */
export function payoutsOfSeller(db: Db, sellerId: number) {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.sellerId, sellerId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(100);
}

/** The seller's connected Stripe account, if any. */
export async function stripeAccountOf(db: Db, sellerId: number): Promise<string | null> {
  const [row] = await db
    .select({ account: earningRates.stripeAccountId })
    .from(earningRates)
    .where(eq(earningRates.sellerId, sellerId));
  return row?.account ?? null;
}

/** Net earnings of paid sales per day (in `timezone`) and currency over the last `days` days, by day. */
export function netByDay(db: Db, sellerId: number, timezone: string, days: number) {
  const local = sql<string>`to_char((${transactions.createdAt} at time zone ${timezone})::date, 'YYYY-MM-DD')`;
  const since = new Date(Date.now() - (days + 1) * 86_400_000);
  return db
    .select({
      day: local,
      currency: transactions.currency,
      net: sql<number>`sum(${transactions.netCents})::int`,
      sales: sql<number>`count(*)::int`,
    })
    .from(transactions)
    .where(and(eq(transactions.sellerId, sellerId), eq(transactions.state, 'paid'), gte(transactions.createdAt, since)))
    .groupBy(sql`1`, transactions.currency)
    .orderBy(sql`1`); // by position: the day's expression carries a parameter
}

/** A transaction its buyer or seller may see, with the seller's name and the subscription's status. */
export async function transactionFor(db: Db, userId: number, id: number) {
  const [row] = await salesQuery(db)
    .where(and(eq(transactions.id, id), or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId))))
    .limit(1);
  if (!row) return undefined;
  const [[seller], [subscription]] = await Promise.all([
    db.select({ name: users.name }).from(users).where(eq(users.id, row.sale.sellerId)).limit(1),
    row.sale.subscriptionId === null
      ? []
      : db
          .select({ status: subscriptions.status })
          .from(subscriptions)
          .where(eq(subscriptions.id, row.sale.subscriptionId)),
  ]);
  return { row, sellerName: seller?.name ?? '', subscriptionStatus: subscription?.status ?? 'cancelled' };
}
