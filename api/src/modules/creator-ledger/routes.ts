import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { subscriptions, transactions, users } from '../../db/schema';
import { notFound } from '../../errors';
import { MAX_DB_ID } from '../../ids';
import { authOf } from '../../types';
import { balances, feeSettingsOf, ledgerEntry, type Sale } from './ledger';
import { errorsOf } from '../../openapi';
import { ledger, transaction } from './responses';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

type SaleRow = { sale: typeof transactions.$inferSelect; data: Record<string, unknown>; buyerName: string | null };

function saleOf({ sale, data, buyerName }: SaleRow): Sale {
  return {
    id: sale.id, program_id: sale.programId, program_title: text(data.title), program_guid: text(data.guid), buyer_name: buyerName ?? 'A deleted account',
    state: sale.state, created_at: sale.createdAt, available_at: sale.availableAt, currency: sale.currency, gross_cents: sale.grossCents,
    tax_cents: sale.taxCents, platform_fee_cents: sale.platformFeeCents, processing_fee_cents: sale.processingFeeCents, net_cents: sale.netCents,
    refund_requested_at: sale.refundRequestedAt, refund_reason: sale.refundReason,
  };
}

function salesQuery(db: Db) {
  const programs = modelTables.program;
  return db.select({ sale: transactions, data: programs.data, buyerName: users.name }).from(transactions)
    .innerJoin(programs, eq(programs.id, transactions.programId)).leftJoin(users, eq(users.id, transactions.buyerId));
}

/** A creator's ledger (one entry per sale, from the booked transactions) and one transaction's receipt. */
export async function creatorLedgerRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const fees = feeSettingsOf(app.env);
  const provider = app.env.STRIPE_SECRET_KEY && app.env.STRIPE_WEBHOOK_SECRET ? 'stripe' as const : 'test' as const;

  api.get('/api/creator/ledger', {
    schema: { tags: ['creator'], summary: "The caller's sales (one per paid checkout of their programs, newest first, 500 at most) and balances per currency",
      response: { 200: ledger } },
    onRequest: app.authenticate,
  }, async (request) => {
    const { userId } = authOf(request);
    const rows = await salesQuery(app.db).where(eq(transactions.sellerId, userId)).orderBy(desc(transactions.createdAt), desc(transactions.id)).limit(500);
    const now = new Date();
    const entries = rows.map((row) => ledgerEntry(saleOf(row), now));
    return {
      success: true as const, checkout_enabled: true as const, provider, refund_window_days: fees.refundWindowDays,
      balances: balances(entries), entries, payouts: [],
    };
  });

  api.get('/api/transaction/:id', {
    schema: { tags: ['creator'], summary: 'One transaction, for its buyer or the seller of its program', params: z.object({ id: z.coerce.number().int().positive().max(MAX_DB_ID) }),
      response: { 200: transaction, ...errorsOf(404) } },
    onRequest: app.authenticate,
  }, async (request) => {
    const { userId } = authOf(request);
    const [row] = await salesQuery(app.db)
      .where(and(eq(transactions.id, request.params.id), or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId)))).limit(1);
    if (!row) throw notFound('No such transaction.');
    const [[seller], [subscription]] = await Promise.all([
      app.db.select({ name: users.name }).from(users).where(eq(users.id, row.sale.sellerId)).limit(1),
      row.sale.subscriptionId === null ? [] : app.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, row.sale.subscriptionId)),
    ]);
    return {
      success: true as const,
      role: row.sale.sellerId === userId ? 'seller' as const : 'buyer' as const,
      checkout_enabled: true as const,
      transaction: { ...ledgerEntry(saleOf(row), new Date()), subscription_status: subscription?.status ?? 'cancelled', seller_name: seller?.name ?? '' },
    };
  });
}
