import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, buyProgram, createTestApp, publishProgram, signUp } from '../../../test/helpers';
import { effectiveRate } from './rates';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('earning rates', () => {
  it("takes the program's rate, else its author's, else the default", () => {
    expect(effectiveRate(10, null, null)).toEqual({ platform_fee_percent: 10, source: 'default' });
    expect(effectiveRate(10, 500, null)).toEqual({ platform_fee_percent: 5, source: 'author' });
    expect(effectiveRate(10, 500, 0)).toEqual({ platform_fee_percent: 0, source: 'program' });
  });

  it('an admin sets a rate per author and per program; the creator sees theirs; the next sales are split by it', async () => {
    const admin = await adminOf(app);
    const [creator, one, two, three] = await Promise.all([
      signUp(app, { as_creator: true, name: 'Rated' }),
      signUp(app, { name: 'One' }),
      signUp(app, { name: 'Two' }),
      signUp(app, { name: 'Three' }),
    ]);
    const program = await publishProgram(app, creator, { title: 'Rated program', price_cents: 1000, currency: 'USD' });
    const mine = () => creator.get('/api/creator/earning-rates').then((r) => r.json());
    expect(await mine()).toMatchObject({
      default_percent: 10,
      refund_window_days: 14,
      author: { platform_fee_percent: 10, source: 'default' },
      programs: [{ id: program.id, title: 'Rated program', own_percent: null, rate: { source: 'default' } }],
    });

    expect(
      (await admin.post('/api/admin/earning-rates', { seller_id: creator.id, platform_fee_percent: 5 })).statusCode,
    ).toBe(200);
    expect((await mine()).programs[0]).toMatchObject({
      rate: { platform_fee_percent: 5, source: 'author' },
      split: { tax_cents: 0, platform_fee_cents: 50, processing_fee_cents: 59, net_cents: 891 },
    });
    await buyProgram(app, one, program.guid);
    expect(
      (await admin.post('/api/admin/earning-rates', { program_id: program.id, platform_fee_percent: 20 })).statusCode,
    ).toBe(200);
    expect((await mine()).programs[0]).toMatchObject({
      own_percent: 20,
      rate: { platform_fee_percent: 20, source: 'program' },
    });
    await buyProgram(app, two, program.guid);
    expect(
      (await admin.post('/api/admin/earning-rates', { program_id: program.id, platform_fee_percent: null })).statusCode,
    ).toBe(200);
    await buyProgram(app, three, program.guid);

    const entries: { buyer_name: string; platform_fee_cents: number; net_cents: number }[] = (
      await creator.get('/api/creator/ledger')
    ).json().entries;
    expect(Object.fromEntries(entries.map((e) => [e.buyer_name, e.platform_fee_cents]))).toEqual({
      One: 50,
      Two: 200,
      Three: 50,
    });

    const listed = (await admin.get('/api/admin/earning-rates'))
      .json()
      .authors.find((a: { id: number }) => a.id === creator.id);
    expect(listed).toMatchObject({
      name: 'Rated',
      own_percent: 5,
      stripe_account_id: null,
      programs: [{ id: program.id, own_percent: null, rate: { platform_fee_percent: 5, source: 'author' } }],
    });
  });

  it('refuses bad rates and non-admins, changing nothing', async () => {
    const admin = await adminOf(app);
    const creator = await signUp(app, { as_creator: true });
    const set = (body: Record<string, unknown>) => admin.post('/api/admin/earning-rates', body);
    expect((await set({ seller_id: creator.id, platform_fee_percent: 100.5 })).statusCode).toBe(422);
    expect((await set({ seller_id: creator.id, platform_fee_percent: 7.555 })).json().errors).toHaveProperty(
      'platform_fee_percent',
    );
    expect((await set({ platform_fee_percent: 5 })).statusCode).toBe(422);
    expect((await set({ seller_id: creator.id, program_id: 1, platform_fee_percent: 5 })).statusCode).toBe(422);
    expect(
      (await set({ seller_id: creator.id, platform_fee_percent: 5, stripe_account_id: 'not an account' })).statusCode,
    ).toBe(422);
    expect((await set({ seller_id: 2_000_000_000, platform_fee_percent: 5 })).statusCode).toBe(404);
    expect(
      (await creator.post('/api/admin/earning-rates', { seller_id: creator.id, platform_fee_percent: 0 })).statusCode,
    ).toBe(403);
    expect((await creator.get('/api/admin/earning-rates')).statusCode).toBe(403);
    expect((await creator.get('/api/creator/earning-rates')).json().author).toEqual({
      platform_fee_percent: 10,
      source: 'default',
    });
    expect(
      (await set({ seller_id: creator.id, platform_fee_percent: 0, stripe_account_id: 'acct_1Nv0FGQ9RKHgCVdK' }))
        .statusCode,
    ).toBe(200);
    expect((await creator.get('/api/creator/earning-rates')).json().author).toEqual({
      platform_fee_percent: 0,
      source: 'author',
    });
  });
});

describe('the transactions list: filters, CSV and earnings over time', () => {
  it('filters by days, program and state; exports the same rows as CSV; sums the net per day', async () => {
    const [creator, buyer, other] = await Promise.all([
      signUp(app, { as_creator: true, name: 'Seller' }),
      signUp(app, { name: 'Buyer, "the first"' }),
      signUp(app, { name: '=cmd' }),
    ]);
    const first = await publishProgram(app, creator, { title: 'First', price_cents: 2900, currency: 'USD' });
    const second = await publishProgram(app, creator, { title: 'Second', price_cents: 1000, currency: 'USD' });
    await buyProgram(app, buyer, first.guid);
    await buyProgram(app, other, second.guid);
    const today = new Date().toISOString().slice(0, 10);
    const list = async (query: string) =>
      (await creator.get(`/api/creator/ledger${query}`))
        .json()
        .entries.map((e: { program_title: string }) => e.program_title);
    expect(await list('')).toEqual(['Second', 'First']);
    expect(await list(`?program_id=${first.id}`)).toEqual(['First']);
    expect(await list('?state=pending')).toEqual(['Second', 'First']);
    expect(await list('?state=available')).toEqual([]);
    expect(await list(`?from=${today}&to=${today}`)).toEqual(['Second', 'First']);
    expect(await list('?from=2099-01-01')).toEqual([]);
    expect((await creator.get('/api/creator/ledger?from=2026-02-31')).statusCode).toBe(422);
    expect((await creator.get('/api/creator/ledger?state=lost')).statusCode).toBe(422);

    const csv = await creator.get(`/api/creator/ledger.csv?program_id=${first.id}`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Date,Transaction,Program,Buyer,Currency,Gross,Tax,Platform fee,Processing fee,Net,State,Available from',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${today},\\d+,First,"Buyer, ""the first""",USD,29.00,0.00,2.90,1.14,24.96,Pending,\\d{4}-\\d{2}-\\d{2}$`,
      ),
    );
    // A name that a spreadsheet would run as a formula is written as text.
    expect((await creator.get('/api/creator/ledger.csv')).body).toContain(`"'=cmd"`);
    expect((await buyer.get('/api/creator/ledger.csv')).body.trim().split('\n')).toHaveLength(1);

    const earnings = (await creator.get('/api/creator/earnings?days=30')).json();
    expect(earnings).toMatchObject({
      days: 30,
      today,
      points: [{ day: today, currency: 'USD', net_cents: 2496 + 841, sales: 2 }],
    });
    expect((await creator.get('/api/creator/earnings?days=3')).statusCode).toBe(422);
  });
});
