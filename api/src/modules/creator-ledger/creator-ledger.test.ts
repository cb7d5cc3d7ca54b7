import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, testDatabase } from '../../../test/helpers';
import { subscriptions } from '../../db/schema';
import { balances, ledgerEntry, splitSale, type Sale } from './ledger';

const sale = (over: Partial<Sale> = {}): Sale => ({
  id: 1, program_id: 2, program_title: 'P', program_guid: 'guid-1234', buyer_name: 'B', subscription_status: 'active',
  created_at: new Date('2026-11-01T00:00:00Z'), cancelled_at: null, price_cents: 1000, currency: 'USD', ...over,
});

describe('the ledger arithmetic', () => {
  it('splits a sale into platform fee, processing and net', () => {
    expect(splitSale(1000)).toEqual({ platform_fee_cents: 100, processing_fee_cents: 59, net_cents: 841 });
    expect(splitSale(0)).toEqual({ platform_fee_cents: 0, processing_fee_cents: 0, net_cents: 0 });
    expect(splitSale(20)).toEqual({ platform_fee_cents: 2, processing_fee_cents: 31, net_cents: 0 });
  });

  it('keeps the net pending for 14 days, then available; a cancelled subscription is refunded', () => {
    const now = new Date('2026-11-10T00:00:00Z');
    expect(ledgerEntry(sale(), now)).toMatchObject({ state: 'pending', available_at: '2026-11-15T00:00:00.000Z', net_cents: 841 });
    expect(ledgerEntry(sale(), new Date('2026-11-15T00:00:00Z')).state).toBe('available');
    expect(ledgerEntry(sale({ subscription_status: 'cancelled' }), now).state).toBe('refunded');
    expect(ledgerEntry(sale({ subscription_status: 'cancelled', cancelled_at: new Date('2026-11-20T00:00:00Z') }), new Date('2026-11-21T00:00:00Z')).state).toBe('available');
  });

  it('sums balances per currency, leaving refunds out of gross and net', () => {
    const now = new Date('2026-11-10T00:00:00Z');
    const entries = [
      ledgerEntry(sale({ id: 1 }), now),
      ledgerEntry(sale({ id: 2, created_at: new Date('2026-10-01T00:00:00Z') }), now),
      ledgerEntry(sale({ id: 3, subscription_status: 'cancelled' }), now),
      ledgerEntry(sale({ id: 4, currency: 'EUR', price_cents: 2000 }), now),
    ];
    expect(balances(entries)).toEqual([
      { currency: 'EUR', sales: 1, gross_cents: 2000, net_cents: 1712, pending_cents: 1712, available_cents: 0, refunded_cents: 0 },
      { currency: 'USD', sales: 3, gross_cents: 2000, net_cents: 1682, pending_cents: 841, available_cents: 841, refunded_cents: 1000 },
    ]);
  });
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('GET /api/creator/ledger and /api/transaction/:id', () => {
  it('computes the creator’s sales from subscriptions; the receipt is for the buyer and the seller only', async () => {
    const [creator, buyer, late, stranger] = await Promise.all([signUp(app, { as_creator: true, name: 'Coach' }), signUp(app, { name: 'Bea' }), signUp(app, { name: 'Lou' }), signUp(app)]);
    const program = (await creator.post('/api/program/create', { board: creator.boardId, params: { title: 'Run club', status: 'published', price_cents: 1000, currency: 'USD' } })).json().program;
    await buyer.post('/api/program/subscribe', { program_id: program.id, isSubscribing: true, current_board_id: buyer.boardId });
    await late.post('/api/program/subscribe', { program_id: program.id, isSubscribing: true, current_board_id: late.boardId });
    const db = (await testDatabase()).db;
    // Bea subscribed 20 days ago: past the refund window.
    await db.update(subscriptions).set({ createdAt: new Date(Date.now() - 20 * 86_400_000) }).where(eq(subscriptions.userId, buyer.id));

    expect((await buyer.get('/api/creator/ledger')).json()).toMatchObject({ entries: [], balances: [] });
    const ledger = (await creator.get('/api/creator/ledger')).json();
    expect(ledger.checkout_enabled).toBe(false);
    expect(ledger.entries.map((e: { buyer_name: string; state: string; net_cents: number }) => [e.buyer_name, e.state, e.net_cents])).toEqual([['Lou', 'pending', 841], ['Bea', 'available', 841]]);
    expect(ledger.balances).toEqual([{ currency: 'USD', sales: 2, gross_cents: 2000, net_cents: 1682, pending_cents: 841, available_cents: 841, refunded_cents: 0 }]);

    await late.post('/api/program/subscribe', { program_id: program.id, isSubscribing: false, current_board_id: late.boardId });
    const after = (await creator.get('/api/creator/ledger')).json();
    expect(after.balances[0]).toMatchObject({ pending_cents: 0, available_cents: 841, refunded_cents: 1000 });

    const id = ledger.entries[1].id;
    expect((await buyer.get(`/api/transaction/${id}`)).json()).toMatchObject({ role: 'buyer', transaction: { id, program_title: 'Run club', seller_name: 'Coach', gross_cents: 1000, state: 'available' } });
    expect((await creator.get(`/api/transaction/${id}`)).json().role).toBe('seller');
    expect((await stranger.get(`/api/transaction/${id}`)).statusCode).toBe(404);
    expect((await late.get(`/api/transaction/${id}`)).statusCode).toBe(404);
    expect((await creator.get('/api/transaction/2147483000')).statusCode).toBe(404);
    expect((await creator.get('/api/transaction/abc')).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/creator/ledger' })).statusCode).toBe(401);
  });
});
