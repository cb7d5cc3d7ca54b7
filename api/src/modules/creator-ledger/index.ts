import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { z } from 'zod';
import { notFound } from '../../errors';
import { MAX_DB_ID } from '../../ids';
import { authOf } from '../../types';
import { feeSettingsOf, ledgerEntry } from './ledger';
import { errorsOf } from '../../openapi';
import { earnings, ledger, transaction } from './responses';
import { payoutOf } from './payouts';
import { adminPayoutRoutes } from './admin-routes';
import { earningRateRoutes } from './rate-routes';
import type { LedgerEntry } from '@lifeboard/shared/api/creator-ledger';
import {
  balancesOf,
  ledgerEntries,
  netByDay,
  payoutsOfSeller,
  saleOf,
  stripeAccountOf,
  timezoneOf,
  transactionFor,
} from './service';

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
export async function creatorLedgerRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const fees = feeSettingsOf(app.env);
  const provider = app.env.STRIPE_SECRET_KEY && app.env.STRIPE_WEBHOOK_SECRET ? ('stripe' as const) : ('test' as const);

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
      const [entries, balances, paid, account] = await Promise.all([
        ledgerEntries(app.db, userId, request.query, now, 500),
        balancesOf(app.db, userId, now),
        payoutsOfSeller(app.db, userId),
        stripeAccountOf(app.db, userId),
      ]);
      return {
        success: true as const,
        checkout_enabled: true as const,
        provider,
        refund_window_days: fees.refundWindowDays,
        payout_method: provider === 'stripe' && account ? ('stripe' as const) : ('manual' as const),
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
      const entries = await ledgerEntries(app.db, userId, request.query, new Date(), 10_000);
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
      const timezone = await timezoneOf(app.db, userId);
      const rows = await netByDay(app.db, userId, timezone, request.query.days);
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
      const found = await transactionFor(app.db, userId, request.params.id);
      if (!found) throw notFound('No such transaction.');
      const { row, sellerName, subscriptionStatus } = found;
      return {
        success: true as const,
        role: row.sale.sellerId === userId ? ('seller' as const) : ('buyer' as const),
        checkout_enabled: true as const,
        transaction: {
          ...ledgerEntry(saleOf(row), new Date()),
          subscription_status: subscriptionStatus,
          seller_name: sellerName,
        },
      };
    },
  );

  await app.register(earningRateRoutes);
  await app.register(adminPayoutRoutes);
}
