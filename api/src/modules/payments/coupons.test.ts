import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  publishProgram,
  signUp,
  startCheckout,
  testDatabase,
  type TestUser,
} from '../../../test/helpers';
import { coupons } from '../../db/schema';
import { applyCoupon, MIN_CHARGE_CENTS } from './coupons';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const unlimited = { maxUses: null, uses: 0, expiresAt: null };
const now = new Date('2026-11-25T12:00:00Z');

describe('applyCoupon', () => {
  it('takes a percent (rounded to the unit) or an amount off, in integer minor units', () => {
    expect(applyCoupon(2900, 'USD', { ...unlimited, percentOff: 20, amountOffCents: null }, now)).toEqual({
      ok: true,
      discountCents: 580,
      amountCents: 2320,
    });
    expect(applyCoupon(999, 'USD', { ...unlimited, percentOff: 15, amountOffCents: null }, now)).toEqual({
      ok: true,
      discountCents: 150,
      amountCents: 849,
    });
    expect(applyCoupon(2900, 'USD', { ...unlimited, percentOff: null, amountOffCents: 500 }, now)).toEqual({
      ok: true,
      discountCents: 500,
      amountCents: 2400,
    });
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 1, max: 100 }), (price, percent) => {
        const applied = applyCoupon(price, 'USD', { ...unlimited, percentOff: percent, amountOffCents: null }, now);
        if (!applied.ok) return price - Math.round((price * percent) / 100) < MIN_CHARGE_CENTS;
        return (
          Number.isInteger(applied.discountCents) &&
          applied.discountCents + applied.amountCents === price &&
          applied.amountCents >= MIN_CHARGE_CENTS
        );
      }),
    );
  });

  it('refuses an expired coupon, a used-up one, and one that leaves less than the minimum charge', () => {
    expect(
      applyCoupon(
        2900,
        'USD',
        { ...unlimited, percentOff: 20, amountOffCents: null, expiresAt: new Date('2026-11-25T11:59:59Z') },
        now,
      ),
    ).toEqual({ ok: false, reason: 'has expired' });
    expect(
      applyCoupon(2900, 'USD', { ...unlimited, percentOff: 20, amountOffCents: null, maxUses: 2, uses: 2 }, now),
    ).toEqual({ ok: false, reason: 'has been used as many times as it may be' });
    expect(applyCoupon(2900, 'USD', { ...unlimited, percentOff: 100, amountOffCents: null }, now)).toEqual({
      ok: false,
      reason: 'would leave less than 0.50 USD to pay',
    });
  });
});

async function pay(buyer: TestUser, guid: string, code?: string) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/checkout/create',
    payload: { program_guid: guid, ...(code ? { coupon_code: code } : {}) },
    headers: {
      authorization: `Bearer ${buyer.token}`,
      'x-requested-with': 'XMLHttpRequest',
      'idempotency-key': `key-${Math.random().toString(36).slice(2)}`,
    },
  });
  if (created.statusCode !== 200) return created;
  const id = created.json().checkout_id;
  await buyer.post('/api/payments/test/pay', { checkout_id: id, card_number: '4242424242424242' });
  return created;
}

describe('coupons at checkout', () => {
  it('a creator makes coupons for their own priced programs; a buyer pays the discounted price; uses are counted and limited; the ledger reconciles', async () => {
    const [creator, other, a, b, c] = await Promise.all([
      signUp(app, { as_creator: true }),
      signUp(app, { as_creator: true }),
      signUp(app),
      signUp(app),
      signUp(app),
    ]);
    const program = await publishProgram(app, creator, { title: 'Run club', price_cents: 2900, currency: 'USD' });
    const free = await publishProgram(app, creator, { title: 'Free club', price_cents: 0 });
    const make = (user: TestUser, params: Record<string, unknown>) =>
      user.post('/api/coupon/create', { program_id: program.id, ...params });

    expect((await make(other, { code: 'STEAL', percent_off: 50 })).statusCode).toBe(404);
    expect(
      (await creator.post('/api/coupon/create', { program_id: free.id, code: 'FREE10', percent_off: 10 })).statusCode,
    ).toBe(422);
    expect((await make(creator, { code: 'BOTH', percent_off: 10, amount_off_cents: 100 })).statusCode).toBe(422);
    expect((await make(creator, { code: 'NONE' })).statusCode).toBe(422);
    expect((await make(creator, { code: 'TOOMUCH', amount_off_cents: 2860 })).json().errors.amount_off_cents).toEqual([
      'must leave at least 0.50 USD of the 29.00 USD price',
    ]);
    expect(
      (await make(creator, { code: 'PAST', percent_off: 10, expires_at: '2020-01-01T00:00:00Z' })).statusCode,
    ).toBe(422);
    expect((await make(creator, { code: 'x', percent_off: 10 })).statusCode).toBe(422);
    const made = await make(creator, { code: 'save20', percent_off: 20, max_uses: 2 });
    expect(made.json().coupon).toMatchObject({
      code: 'SAVE20',
      percent_off: 20,
      max_uses: 2,
      uses: 0,
      program_title: 'Run club',
      currency: 'USD',
    });
    expect((await make(creator, { code: 'SAVE20', percent_off: 30 })).statusCode).toBe(409);
    await make(creator, { code: 'FIVE', amount_off_cents: 500 });

    expect((await a.post('/api/coupon/check', { program_guid: program.guid, coupon_code: 'Save20' })).json()).toEqual({
      success: true,
      code: 'SAVE20',
      price_cents: 2900,
      discount_cents: 580,
      amount_cents: 2320,
      currency: 'USD',
    });
    expect(
      (await a.post('/api/coupon/check', { program_guid: program.guid, coupon_code: 'NOPE' })).json().errors,
    ).toEqual({ coupon_code: ['is not a coupon of this program'] });

    const first = await pay(a, program.guid, 'save20');
    expect((await a.get(`/api/checkout/${first.json().checkout_id}`)).json().checkout).toMatchObject({
      status: 'completed',
      amount_cents: 2320,
      discount_cents: 580,
    });
    await pay(b, program.guid, 'FIVE');
    await pay(c, program.guid, 'SAVE20');
    // Two uses allowed, two used: the next buyer is told so and nothing is made.
    const [d] = await Promise.all([signUp(app)]);
    const refused = await pay(d, program.guid, 'SAVE20');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ coupon_code: ['has been used as many times as it may be'] });
    expect(
      (await creator.get('/api/coupon/mine'))
        .json()
        .coupons.map((k: { code: string; uses: number }) => [k.code, k.uses]),
    ).toEqual([
      ['FIVE', 1],
      ['SAVE20', 2],
    ]);
    expect((await other.get('/api/coupon/mine')).json().coupons).toEqual([]);

    const ledger = (await creator.get('/api/creator/ledger')).json();
    expect(ledger.entries.map((e: { gross_cents: number }) => e.gross_cents).sort()).toEqual([2320, 2320, 2400]);
    const [usd] = ledger.balances;
    const sum = (key: string) => ledger.entries.reduce((total: number, e: Record<string, number>) => total + e[key], 0);
    expect([usd.gross_cents, usd.net_cents]).toEqual([sum('gross_cents'), sum('net_cents')]);
    for (const e of ledger.entries)
      expect(e.tax_cents + e.platform_fee_cents + e.processing_fee_cents + e.net_cents).toBe(e.gross_cents);

    // An expired coupon is refused at checkout.
    const { db } = await testDatabase();
    await db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, 'FIVE'));
    expect((await startCheckout(app, d, program.guid)).statusCode).toBe(200);
    expect((await pay(d, program.guid, 'FIVE')).json().errors).toEqual({ coupon_code: ['has expired'] });

    expect((await other.post('/api/coupon/delete', { id: made.json().coupon.id })).statusCode).toBe(404);
    expect((await creator.post('/api/coupon/delete', { id: made.json().coupon.id })).json()).toEqual({ success: true });
  });
});
