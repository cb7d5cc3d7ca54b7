import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { earningRates, payouts, subscriptions, transactions, users } from '../../db/schema';
import { notFound } from '../../errors';
import { MAX_DB_ID } from '../../ids';
import { authOf } from '../../types';
import { feeSettingsOf, ledgerEntry, type Sale } from './ledger';
import { errorsOf } from '../../openapi';
import { earnings, ledger, transaction } from './responses';
import { payoutOf, type Transfers } from './payouts';
import { adminPayoutRoutes } from './admin-routes';
import { earningRateRoutes } from './rate-routes';
import type { Balance, LedgerEntry } from '@lifeboard/shared/api/creator-ledger';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

type SaleRow = { sale: typeof transactions.$inferSelect; data: Record<string, unknown>; buyerName: string | null };

function saleOf({ sale, data, buyerName }: SaleRow): Sale {
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

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-25')
  .refine((value) => {
    // A day that does not exist (Feb 31) parses as a later one: it must read back as itself.
    const at = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
  }, 'is not a real date');

/** The transactions list's filters (the same for the CSV export): days are the creator's own (their time zone). */
export const ledgerFilters = z
  .object({
    from: day.optional().describe('The first day (inclusive), YYYY-MM-DD.'),
    to: day.optional().describe('The last day (inclusive), YYYY-MM-DD.'),
    program_id: z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
    state: z.enum(['pending', 'available', 'paid_out', 'refunded']).optional(),
  })
  .strict();
type LedgerFilters = z.infer<typeof ledgerFilters>;

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

const stateWords: Record<LedgerEntry['state'], string> = {
  pending: 'Pending',
  available: 'Available',
  paid_out: 'Paid out',
  refunded: 'Refunded',
};
const units = (cents: number) => (cents / 100).toFixed(2);

/** The CSV a creator downloads: one row per sale, amounts in currency units ("29.00"), dates as days. */
export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  const rows = entries.map((e) => [
    e.created_at.slice(0, 10),
    e.id,
    e.program_title,
    e.buyer_name,
    e.currency,
    units(e.gross_cents),
    units(e.tax_cents),
    units(e.platform_fee_cents),
    units(e.processing_fee_cents),
    units(e.net_cents),
    stateWords[e.state],
    e.available_at.slice(0, 10),
  ]);
  return `${Papa.unparse(
    {
      fields: [
        'Date',
        'Transaction',
        'Program',
        'Buyer',
        'Currency',
        'Gross',
        'Tax',
        'Platform fee',
        'Processing fee',
        'Net',
        'State',
        'Available from',
      ],
      data: rows,
    },
    { newline: '\n', escapeFormulae: true },
  )}\n`;
}

/** A creator's ledger (one entry per sale, from the booked transactions), earnings, payouts and one transaction's receipt. */
export async function creatorLedgerRoutes(
  app: FastifyInstance,
  options: { transfers?: Transfers | null },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const fees = feeSettingsOf(app.env);
  const provider = app.env.STRIPE_SECRET_KEY && app.env.STRIPE_WEBHOOK_SECRET ? ('stripe' as const) : ('test' as const);

  async function timezoneOf(userId: number): Promise<string> {
    const [user] = await app.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
    return user?.timezone ?? 'UTC';
  }

  async function entriesOf(userId: number, filters: LedgerFilters, now: Date, limit: number): Promise<LedgerEntry[]> {
    const where = filterSql(userId, filters, await timezoneOf(userId), now);
    const rows = await salesQuery(app.db)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(limit);
    return rows.map((row) => ledgerEntry(saleOf(row), now));
  }

  api.get(
    '/api/creator/ledger',
    {
      schema: {
        tags: ['creator'],
        summary:
          "The caller's sales (newest first, 500 at most; filtered by days, program and state), balances per currency over all sales, and payouts",
        querystring: ledgerFilters,
        response: { 200: ledger, ...errorsOf(422) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const now = new Date();
      const [entries, balances, paid, [account]] = await Promise.all([
        entriesOf(userId, request.query, now, 500),
        balancesOf(app.db, userId, now),
        app.db
          .select()
          .from(payouts)
          .where(eq(payouts.sellerId, userId))
          .orderBy(desc(payouts.createdAt), desc(payouts.id))
          .limit(100),
        app.db
          .select({ account: earningRates.stripeAccountId })
          .from(earningRates)
          .where(eq(earningRates.sellerId, userId)),
      ]);
      return {
        success: true as const,
        checkout_enabled: true as const,
        provider,
        refund_window_days: fees.refundWindowDays,
        payout_method: provider === 'stripe' && account?.account ? ('stripe' as const) : ('manual' as const),
        balances,
        entries,
        payouts: paid.map(payoutOf),
      };
    },
  );

  api.get(
    '/api/creator/ledger.csv',
    {
      schema: {
        tags: ['creator'],
        summary: "The caller's sales as CSV (the same filters as the ledger; 10,000 rows at most)",
        querystring: ledgerFilters,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, one row per sale'), ...errorsOf(422) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const entries = await entriesOf(userId, request.query, new Date(), 10_000);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="lifeboard-sales.csv"')
        .send(ledgerCsv(entries));
    },
  );

  api.get(
    '/api/creator/earnings',
    {
      schema: {
        tags: ['creator'],
        summary:
          "The caller's net earnings per day (their time zone) over the last `days` days, per currency; refunded sales earn nothing",
        querystring: z.object({ days: z.coerce.number().int().min(7).max(730).default(90) }).strict(),
        response: { 200: earnings, ...errorsOf(422) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const timezone = await timezoneOf(userId);
      const local = sql<string>`to_char((${transactions.createdAt} at time zone ${timezone})::date, 'YYYY-MM-DD')`;
      const since = new Date(Date.now() - (request.query.days + 1) * 86_400_000);
      const rows = await app.db
        .select({
          day: local,
          currency: transactions.currency,
          net: sql<number>`sum(${transactions.netCents})::int`,
          sales: sql<number>`count(*)::int`,
        })
        .from(transactions)
        .where(
          and(eq(transactions.sellerId, userId), eq(transactions.state, 'paid'), gte(transactions.createdAt, since)),
        )
        .groupBy(sql`1`, transactions.currency)
        .orderBy(sql`1`); // by position: the day's expression carries a parameter
      const today = new Intl.DateTimeFormat('en-CA', {
        timeZone: timezone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date());
      return {
        success: true as const,
        days: request.query.days,
        today,
        points: rows.map((row) => ({ day: row.day, currency: row.currency, net_cents: row.net, sales: row.sales })),
      };
    },
  );

  api.get(
    '/api/transaction/:id',
    {
      schema: {
        tags: ['creator'],
        summary: 'One transaction, for its buyer or the seller of its program',
        params: z.object({ id: z.coerce.number().int().positive().max(MAX_DB_ID) }),
        response: { 200: transaction, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const [row] = await salesQuery(app.db)
        .where(
          and(
            eq(transactions.id, request.params.id),
            or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId)),
          ),
        )
        .limit(1);
      if (!row) throw notFound('No such transaction.');
      const [[seller], [subscription]] = await Promise.all([
        app.db.select({ name: users.name }).from(users).where(eq(users.id, row.sale.sellerId)).limit(1),
        row.sale.subscriptionId === null
          ? []
          : app.db
              .select({ status: subscriptions.status })
              .from(subscriptions)
              .where(eq(subscriptions.id, row.sale.subscriptionId)),
      ]);
      return {
        success: true as const,
        role: row.sale.sellerId === userId ? ('seller' as const) : ('buyer' as const),
        checkout_enabled: true as const,
        transaction: {
          ...ledgerEntry(saleOf(row), new Date()),
          subscription_status: subscription?.status ?? 'cancelled',
          seller_name: seller?.name ?? '',
        },
      };
    },
  );

  await app.register(earningRateRoutes);
  await app.register(adminPayoutRoutes, { transfers: options.transfers ?? null });
}
