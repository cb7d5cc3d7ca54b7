import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOf,
  buyProgram,
  createTestApp,
  publishProgram,
  signUp,
  testDatabase,
  type TestUser,
} from '../../../test/helpers';
import { payouts, transactions } from '../../db/schema';
import { payoutTimeOfWeek, runPayouts, schedulePayouts } from './payouts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const DAY = 86_400_000;
type Entry = {
  id: number;
  buyer_name: string;
  state: string;
  currency: string;
  gross_cents: number;
  net_cents: number;
  platform_fee_cents: number;
  payout_id: number | null;
};

/** Moves a sale's refund window into the past, as if it had been bought `days` ago. */
async function age(saleId: number, days = 20): Promise<void> {
  const { db } = await testDatabase();
  await db
    .update(transactions)
    .set({ createdAt: new Date(Date.now() - days * DAY), availableAt: new Date(Date.now() - (days - 14) * DAY) })
    .where(eq(transactions.id, saleId));
}

async function saleOf(creator: TestUser, buyerName: string, currency = 'USD'): Promise<Entry> {
  const entries: Entry[] = (await creator.get('/api/creator/ledger')).json().entries;
  const found = entries.find((e) => e.buyer_name === buyerName && e.currency === currency);
  if (!found) throw new Error(`no sale to ${buyerName}`);
  return found;
}

describe('payouts', () => {
  it('pay out available balances once (also when two runs race); pending, refunded and disputed sales stay; an admin marks a manual payout paid', async () => {
    const admin = await adminOf(app);
    const [creator, ann, ben, cat, dan] = await Promise.all([
      signUp(app, { as_creator: true, name: 'Payee' }),
      signUp(app, { name: 'Ann' }),
      signUp(app, { name: 'Ben' }),
      signUp(app, { name: 'Cat' }),
      signUp(app, { name: 'Dan' }),
    ]);
    const program = await publishProgram(app, creator, { title: 'Payout club', price_cents: 2900, currency: 'USD' });
    for (const buyer of [ann, ben, cat, dan]) await buyProgram(app, buyer, program.guid);
    const [a, b, c] = [await saleOf(creator, 'Ann'), await saleOf(creator, 'Ben'), await saleOf(creator, 'Cat')];
    await Promise.all([age(a.id), age(b.id), age(c.id, 15)]);
    // Ben asked for a refund in time and waits for the creator's decision: his money is not paid out meanwhile.
    const { db } = await testDatabase();
    await db
      .update(transactions)
      .set({ refundRequestedAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(transactions.id, b.id));

    const runs = await Promise.all([runPayouts(db, null), runPayouts(db, null), runPayouts(db, null)]);
    const mine = runs.flat().filter((payout) => payout.sellerId === creator.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      currency: 'USD',
      amountCents: a.net_cents + c.net_cents,
      sales: 2,
      method: 'manual',
      status: 'pending',
    });
    expect((await runPayouts(db, null)).filter((payout) => payout.sellerId === creator.id)).toEqual([]);

    const ledger = (await creator.get('/api/creator/ledger')).json();
    expect(ledger.payout_method).toBe('manual');
    expect(ledger.payouts).toEqual([
      expect.objectContaining({
        id: mine[0].id,
        amount_cents: 2 * a.net_cents,
        sales: 2,
        status: 'pending',
        method: 'manual',
      }),
    ]);
    expect(Object.fromEntries(ledger.entries.map((e: Entry) => [e.buyer_name, e.state]))).toEqual({
      Ann: 'paid_out',
      Ben: 'available',
      Cat: 'paid_out',
      Dan: 'pending',
    });
    expect(ledger.balances).toEqual([
      expect.objectContaining({
        currency: 'USD',
        pending_cents: a.net_cents,
        available_cents: a.net_cents,
        paid_out_cents: 2 * a.net_cents,
      }),
    ]);

    // Only an admin marks it paid; a Stripe payout is not theirs to mark.
    expect((await creator.post('/api/admin/payouts/mark-paid', { id: mine[0].id })).statusCode).toBe(403);
    expect((await admin.post('/api/admin/payouts/mark-paid', { id: 2_000_000_000 })).statusCode).toBe(404);
    const listed = (await admin.get('/api/admin/payouts')).json().payouts;
    expect(listed.find((p: { id: number }) => p.id === mine[0].id)).toMatchObject({
      seller_name: 'Payee',
      status: 'pending',
      amount_cents: 2 * a.net_cents,
    });
    const marked = await admin.post('/api/admin/payouts/mark-paid', {
      id: mine[0].id,
      reference: 'Bank transfer 2026-11-30',
    });
    expect(marked.json().payout).toMatchObject({
      status: 'paid',
      reference: 'Bank transfer 2026-11-30',
      seller_name: 'Payee',
    });
    expect((await creator.get('/api/creator/ledger')).json().payouts[0]).toMatchObject({
      status: 'paid',
      reference: 'Bank transfer 2026-11-30',
    });

    // A paid-out sale is not refunded, even on a request dated within its window.
    await db
      .update(transactions)
      .set({ refundRequestedAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(transactions.id, a.id));
    const late = await admin.post('/api/transaction/refund', { id: a.id });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.id[0]).toMatch(/paid out to the creator already/);
    expect((await saleOf(creator, 'Ann')).state).toBe('paid_out');

    // Declining Ben's request makes his money payable: the admin's "pay out now" carries it.
    expect((await creator.post('/api/transaction/refund-decline', { id: b.id })).statusCode).toBe(200);
    expect((await creator.post('/api/admin/payouts/run')).statusCode).toBe(403);
    const run = (await admin.post('/api/admin/payouts/run')).json();
    expect(run.made.filter((p: { seller_id: number }) => p.seller_id === creator.id)).toEqual([
      expect.objectContaining({ amount_cents: b.net_cents, sales: 1, status: 'pending' }),
    ]);
  });

  it('the sum of all ledger entries equals the balances, in integer minor units, through sales, refunds and payouts', async () => {
    const admin = await adminOf(app);
    const creator = await signUp(app, { as_creator: true, name: 'Reconciled' });
    const buyers = await Promise.all(['Eve', 'Fay', 'Gus', 'Hal', 'Ivy'].map((name) => signUp(app, { name })));
    const usd = await publishProgram(app, creator, { title: 'Dollars', price_cents: 1999, currency: 'USD' });
    const eur = await publishProgram(app, creator, { title: 'Euros', price_cents: 4333, currency: 'EUR' });
    // A rate of 7.5% for this author, so the split is not the default's.
    expect(
      (await admin.post('/api/admin/earning-rates', { seller_id: creator.id, platform_fee_percent: 7.5 })).statusCode,
    ).toBe(200);
    for (const buyer of buyers.slice(0, 4)) await buyProgram(app, buyer, usd.guid);
    for (const buyer of buyers.slice(2)) await buyProgram(app, buyer, eur.guid);
    const { db } = await testDatabase();
    const ids = (
      await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.sellerId, creator.id))
        .orderBy(transactions.id)
    ).map((row) => row.id);
    expect(ids).toHaveLength(7);
    await Promise.all(ids.slice(0, 4).map((id) => age(id)));
    await creator.post('/api/transaction/refund', { id: ids[5] });
    await runPayouts(db, null);
    await age(ids[4]);
    await creator.post('/api/transaction/refund', { id: ids[6] });

    const ledger = (await creator.get('/api/creator/ledger')).json();
    const all = await db.select().from(transactions).where(eq(transactions.sellerId, creator.id));
    const paidOut = await db.select().from(payouts).where(eq(payouts.sellerId, creator.id));
    expect(ledger.balances.map((b: { currency: string }) => b.currency)).toEqual(['EUR', 'USD']);
    for (const balance of ledger.balances) {
      const rows = all.filter((row) => row.currency === balance.currency);
      const live = rows.filter((row) => row.state === 'paid');
      const sum = (list: typeof rows, pick: (row: (typeof rows)[number]) => number) =>
        list.reduce((total, row) => total + pick(row), 0);
      for (const row of rows) {
        expect(row.taxCents + row.platformFeeCents + row.processingFeeCents + row.netCents).toBe(row.grossCents);
        expect([row.taxCents, row.platformFeeCents, row.processingFeeCents, row.netCents].every(Number.isInteger)).toBe(
          true,
        );
      }
      expect(balance.sales).toBe(rows.length);
      expect(balance.net_cents).toBe(sum(live, (row) => row.netCents));
      expect(balance.pending_cents + balance.available_cents + balance.paid_out_cents).toBe(balance.net_cents);
      expect(balance.paid_out_cents).toBe(
        paidOut.filter((p) => p.currency === balance.currency).reduce((total, p) => total + p.amountCents, 0),
      );
      expect(balance.gross_cents + balance.refunded_cents).toBe(sum(rows, (row) => row.grossCents));
    }
    const usdBalance = ledger.balances.find((b: { currency: string }) => b.currency === 'USD');
    // 19.99 at 7.5%: the platform keeps 1.50, the processor 0.58 + 0.30; 17.61 is the creator's.
    expect(all.find((row) => row.currency === 'USD')).toMatchObject({
      platformFeeCents: 150,
      processingFeeCents: 88,
      netCents: 1761,
    });
    expect(usdBalance).toMatchObject({ sales: 4, paid_out_cents: 4 * 1761, available_cents: 0, pending_cents: 0 });
    expect(ledger.balances.find((b: { currency: string }) => b.currency === 'EUR')).toMatchObject({
      sales: 3,
      pending_cents: 0,
      refunded_cents: 2 * 4333,
    });
    const eurNet = all.find((row) => row.id === ids[4])?.netCents ?? 0;
    expect(ledger.balances.find((b: { currency: string }) => b.currency === 'EUR')).toMatchObject({
      available_cents: eurNet,
      paid_out_cents: 0,
    });
  });

  it('schedules one payout run a week, on Monday 06:00 UTC', async () => {
    expect(payoutTimeOfWeek(new Date('2026-11-25T19:00:00Z')).toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(payoutTimeOfWeek(new Date('2026-11-23T05:00:00Z')).toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(payoutTimeOfWeek(new Date('2026-11-29T23:59:00Z')).toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(payoutTimeOfWeek(new Date('2026-11-30T06:00:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    const week = new Date('2031-01-08T12:00:00Z');
    expect(await schedulePayouts(app.queue, week)).toBe(true);
    expect(await schedulePayouts(app.queue, new Date('2031-01-10T12:00:00Z'))).toBe(false);
    expect(await schedulePayouts(app.queue, new Date('2031-01-13T12:00:00Z'))).toBe(true);
  });
});
