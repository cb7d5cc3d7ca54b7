import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyProgram, createTestApp, publishProgram, signUp, testDatabase } from '../../../test/helpers';
import { transactions } from '../../db/schema';
import { defaultEnv } from '../../env';
import { balances, feeSettingsOf, ledgerEntry, splitSale, type FeeSettings, type Sale } from './ledger';

const fees: FeeSettings = feeSettingsOf(defaultEnv());
const withTax: FeeSettings = { ...fees, taxPercent: 20 };

const sale = (over: Partial<Sale> = {}): Sale => ({
  id: 1,
  program_id: 2,
  program_title: 'P',
  program_guid: 'guid-1234',
  buyer_name: 'B',
  state: 'paid',
  created_at: new Date('2026-11-01T00:00:00Z'),
  available_at: new Date('2026-11-15T00:00:00Z'),
  currency: 'USD',
  gross_cents: 1000,
  refund_requested_at: null,
  refund_reason: null,
  payout_id: null,
  ...splitSale(1000, fees),
  ...over,
});

describe('the ledger arithmetic', () => {
  it('splits a sale into tax, platform fee, processing and net, in integer minor units that add up to the gross', () => {
    expect(splitSale(1000, fees)).toEqual({
      tax_cents: 0,
      platform_fee_cents: 100,
      processing_fee_cents: 59,
      net_cents: 841,
    });
    expect(splitSale(0, fees)).toEqual({ tax_cents: 0, platform_fee_cents: 0, processing_fee_cents: 0, net_cents: 0 });
    expect(splitSale(20, fees)).toEqual({
      tax_cents: 0,
      platform_fee_cents: 2,
      processing_fee_cents: 18,
      net_cents: 0,
    });
    // 20% tax included in 12.00: 2.00 of it is tax; the platform takes 10% of the 10.00 left.
    expect(splitSale(1200, withTax)).toEqual({
      tax_cents: 200,
      platform_fee_cents: 100,
      processing_fee_cents: 65,
      net_cents: 835,
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 30 }), (gross, tax) => {
        const split = splitSale(gross, { ...fees, taxPercent: tax });
        const parts = [split.tax_cents, split.platform_fee_cents, split.processing_fee_cents, split.net_cents];
        return parts.every((part) => Number.isInteger(part) && part >= 0) && parts.reduce((a, b) => a + b, 0) === gross;
      }),
    );
  });

  it('keeps the net pending until the refund window ends, then available; a refunded sale earns nothing', () => {
    expect(ledgerEntry(sale(), new Date('2026-11-10T00:00:00Z'))).toMatchObject({
      state: 'pending',
      available_at: '2026-11-15T00:00:00.000Z',
      net_cents: 841,
    });
    expect(ledgerEntry(sale(), new Date('2026-11-15T00:00:00Z')).state).toBe('available');
    expect(ledgerEntry(sale({ state: 'refunded' }), new Date('2026-11-20T00:00:00Z')).state).toBe('refunded');
  });

  it('sums balances per currency, leaving refunds out of gross and net', () => {
    const now = new Date('2026-11-10T00:00:00Z');
    const entries = [
      ledgerEntry(sale({ id: 1 }), now),
      ledgerEntry(sale({ id: 2, available_at: new Date('2026-10-15T00:00:00Z') }), now),
      ledgerEntry(sale({ id: 3, state: 'refunded' }), now),
      ledgerEntry(sale({ id: 4, currency: 'EUR', gross_cents: 2000, ...splitSale(2000, fees) }), now),
    ];
    expect(balances(entries)).toEqual([
      {
        currency: 'EUR',
        sales: 1,
        gross_cents: 2000,
        net_cents: 1712,
        pending_cents: 1712,
        available_cents: 0,
        paid_out_cents: 0,
        refunded_cents: 0,
      },
      {
        currency: 'USD',
        sales: 3,
        gross_cents: 2000,
        net_cents: 1682,
        pending_cents: 841,
        available_cents: 841,
        paid_out_cents: 0,
        refunded_cents: 1000,
      },
    ]);
  });
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('GET /api/creator/ledger and /api/transaction/:id', () => {
  it('lists one entry per paid sale; the receipt is for the buyer and the seller only; entries reconcile with the balances', async () => {
    const [creator, buyer, late, stranger] = await Promise.all([
      signUp(app, { as_creator: true, name: 'Coach' }),
      signUp(app, { name: 'Bea' }),
      signUp(app, { name: 'Lou' }),
      signUp(app),
    ]);
    const program = await publishProgram(app, creator, { title: 'Run club', price_cents: 1000, currency: 'USD' });
    const euro = await publishProgram(app, creator, { title: 'Club de course', price_cents: 2500, currency: 'EUR' });
    expect(
      (
        await buyer.post('/api/program/subscribe', {
          program_id: program.id,
          isSubscribing: true,
          current_board_id: buyer.boardId,
        })
      ).statusCode,
    ).toBe(402);
    expect((await creator.get('/api/creator/ledger')).json().entries).toEqual([]);

    await buyProgram(app, buyer, program.guid);
    await buyProgram(app, late, program.guid);
    await buyProgram(app, late, euro.guid);
    const { db } = await testDatabase();
    // Bea bought 20 days ago: past the refund window.
    await db
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 20 * 86_400_000), availableAt: new Date(Date.now() - 6 * 86_400_000) })
      .where(eq(transactions.buyerId, buyer.id));

    expect((await buyer.get('/api/creator/ledger')).json()).toMatchObject({ entries: [], balances: [] });
    const ledger = (await creator.get('/api/creator/ledger')).json();
    expect(ledger).toMatchObject({ checkout_enabled: true, provider: 'test', refund_window_days: 14 });
    expect(
      ledger.entries.map((e: { buyer_name: string; state: string; gross_cents: number; net_cents: number }) => [
        e.buyer_name,
        e.state,
        e.gross_cents,
        e.net_cents,
      ]),
    ).toEqual([
      ['Lou', 'pending', 2500, 2147],
      ['Lou', 'pending', 1000, 841],
      ['Bea', 'available', 1000, 841],
    ]);
    expect(ledger.balances).toEqual([
      {
        currency: 'EUR',
        sales: 1,
        gross_cents: 2500,
        net_cents: 2147,
        pending_cents: 2147,
        available_cents: 0,
        paid_out_cents: 0,
        refunded_cents: 0,
      },
      {
        currency: 'USD',
        sales: 2,
        gross_cents: 2000,
        net_cents: 1682,
        pending_cents: 841,
        available_cents: 841,
        paid_out_cents: 0,
        refunded_cents: 0,
      },
    ]);

    // Refund Lou's USD sale: the entry is refunded, and the sums of the entries still equal the balances.
    const refund = ledger.entries[1].id;
    expect((await creator.post('/api/transaction/refund', { id: refund })).json()).toEqual({
      success: true,
      id: refund,
      state: 'refunded',
    });
    const after = (await creator.get('/api/creator/ledger')).json();
    for (const balance of after.balances) {
      const mine = after.entries.filter((e: { currency: string }) => e.currency === balance.currency);
      const live = mine.filter((e: { state: string }) => e.state !== 'refunded');
      const sum = (list: Record<string, number>[], key: string) => list.reduce((total, e) => total + e[key], 0);
      expect(balance.sales).toBe(mine.length);
      expect(balance.gross_cents).toBe(sum(live, 'gross_cents'));
      expect(balance.net_cents).toBe(sum(live, 'net_cents'));
      expect(balance.pending_cents + balance.available_cents + balance.paid_out_cents).toBe(balance.net_cents);
      expect(balance.refunded_cents).toBe(
        sum(
          mine.filter((e: { state: string }) => e.state === 'refunded'),
          'gross_cents',
        ),
      );
      for (const e of mine)
        expect(e.tax_cents + e.platform_fee_cents + e.processing_fee_cents + e.net_cents).toBe(e.gross_cents);
    }
    expect(after.balances.find((b: { currency: string }) => b.currency === 'USD')).toMatchObject({
      pending_cents: 0,
      available_cents: 841,
      refunded_cents: 1000,
    });

    const id = ledger.entries[2].id;
    expect((await buyer.get(`/api/transaction/${id}`)).json()).toMatchObject({
      role: 'buyer',
      transaction: {
        id,
        program_title: 'Run club',
        seller_name: 'Coach',
        gross_cents: 1000,
        state: 'available',
        subscription_status: 'active',
      },
    });
    expect((await creator.get(`/api/transaction/${id}`)).json().role).toBe('seller');
    expect((await stranger.get(`/api/transaction/${id}`)).statusCode).toBe(404);
    expect((await late.get(`/api/transaction/${id}`)).statusCode).toBe(404);
    expect((await creator.get('/api/transaction/2147483000')).statusCode).toBe(404);
    expect((await creator.get('/api/transaction/abc')).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/creator/ledger' })).statusCode).toBe(401);
  });
});
