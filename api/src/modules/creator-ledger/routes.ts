import { and, desc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { subscriptions, users } from '../../db/schema';
import { notFound } from '../../errors';
import { MAX_DB_ID } from '../../ids';
import { authOf } from '../../types';
import { REFUND_WINDOW_DAYS, balances, ledgerEntry, type Sale } from './ledger';
import { errorsOf } from '../../openapi';
import { ledger, transaction } from './responses';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

type SaleRow = { id: number; status: 'active' | 'cancelled'; createdAt: Date; programId: number; data: Record<string, unknown>; authorId: number; buyerId: number; buyerName: string };

function saleOf(row: SaleRow): Sale {
  return {
    id: row.id, program_id: row.programId, program_title: text(row.data.title), program_guid: text(row.data.guid), buyer_name: row.buyerName,
    // Subscriptions do not record when they were cancelled: a cancelled one counts as refunded, so a balance never overstates.
    subscription_status: row.status, created_at: row.createdAt, cancelled_at: null,
    price_cents: typeof row.data.price_cents === 'number' ? row.data.price_cents : 0, currency: text(row.data.currency) || 'USD',
  };
}

function salesQuery(db: Db) {
  const programs = modelTables.program;
  return db.select({
    id: subscriptions.id, status: subscriptions.status, createdAt: subscriptions.createdAt,
    programId: programs.id, data: programs.data, authorId: programs.userId, buyerId: subscriptions.userId, buyerName: users.name,
  }).from(subscriptions).innerJoin(programs, eq(programs.id, subscriptions.programId)).innerJoin(users, eq(users.id, subscriptions.userId));
}

/** A creator's ledger, computed from the subscriptions to their programs, and one transaction's receipt. */
export async function creatorLedgerRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const programs = modelTables.program;

  api.get('/api/creator/ledger', {
    schema: { tags: ['creator'], summary: "The caller's sales (one per subscription to their programs, newest first, 500 at most) and balances per currency",
      response: { 200: ledger } },
    onRequest: app.authenticate,
  }, async (request) => {
    const { userId } = authOf(request);
    const rows = await salesQuery(app.db).where(eq(programs.userId, userId)).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).limit(500);
    const now = new Date();
    const entries = rows.map((row) => ledgerEntry(saleOf(row), now));
    return {
      success: true as const,
      // No payment provider is connected: subscribers are not charged and nothing is paid out; amounts are at list price.
      checkout_enabled: false as const,
      refund_window_days: REFUND_WINDOW_DAYS,
      balances: balances(entries),
      entries,
      payouts: [],
    };
  });

  api.get('/api/transaction/:id', {
    schema: { tags: ['creator'], summary: 'One transaction, for its buyer or the seller of its program', params: z.object({ id: z.coerce.number().int().positive().max(MAX_DB_ID) }),
      response: { 200: transaction, ...errorsOf(404) } },
    onRequest: app.authenticate,
  }, async (request) => {
    const { userId } = authOf(request);
    const [row] = await salesQuery(app.db)
      .where(and(eq(subscriptions.id, request.params.id), or(eq(subscriptions.userId, userId), eq(programs.userId, userId)))).limit(1);
    if (!row) throw notFound('No such transaction.');
    const [author] = await app.db.select({ name: users.name }).from(users).where(eq(users.id, row.authorId)).limit(1);
    return {
      success: true as const,
      role: row.authorId === userId ? 'seller' as const : 'buyer' as const,
      checkout_enabled: false as const,
      transaction: { ...ledgerEntry(saleOf(row), new Date()), subscription_status: row.status, seller_name: author?.name ?? '' },
    };
  });
}
