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
import { subscriptions, transactions } from '../../db/schema';

const DAY_MS = 86_400_000;
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function paidProgram(creator: TestUser, chapters: { title: string; days?: number }[] = [{ title: 'Lesson 1' }]) {
  const program = await publishProgram(app, creator, { title: 'Couch to 5k', price_cents: 2900, currency: 'USD' });
  for (const [i, c] of chapters.entries()) {
    const made = await creator.post('/api/chapter/create', {
      board: creator.boardId,
      params: {
        program_id: program.id,
        position: i,
        title: c.title,
        body: `<p>${c.title} text</p>`,
        ...(c.days === undefined ? {} : { available_after_days: c.days }),
      },
    });
    expect(made.statusCode).toBe(201);
  }
  return program;
}

const implementation = async (user: TestUser, guid: string) =>
  (await user.get(`/api/program-implement/${guid}`)).json();
const saleOf = async (user: TestUser, guid: string): Promise<number> =>
  (await implementation(user, guid)).purchase.transaction_id;

describe('refund requests', () => {
  it('the buyer asks within the window; the creator sees it; declining clears it; an admin approves it and access ends', async () => {
    const [creator, buyer, stranger] = await Promise.all([
      signUp(app, { as_creator: true }),
      signUp(app, { name: 'Bea' }),
      signUp(app),
    ]);
    const admin = await adminOf(app);
    const program = await paidProgram(creator);
    await buyProgram(app, buyer, program.guid);
    const found = await implementation(buyer, program.guid);
    expect(found.purchase).toMatchObject({
      state: 'paid',
      refund_requested_at: null,
      refundable_until: expect.any(String),
    });
    const id = found.purchase.transaction_id;

    // Only the buyer asks: the seller and others do not find the purchase.
    for (const caller of [creator, stranger])
      expect((await caller.post('/api/transaction/refund-request', { id })).statusCode).toBe(404);
    const asked = await buyer.post('/api/transaction/refund-request', { id, reason: 'Not for me after all.' });
    expect(asked.json()).toMatchObject({ success: true, id, refund_requested_at: expect.any(String) });
    // Asking twice changes nothing.
    expect(
      (await buyer.post('/api/transaction/refund-request', { id, reason: 'Again' })).json().refund_requested_at,
    ).toBe(asked.json().refund_requested_at);
    const entry = (await creator.get('/api/creator/ledger')).json().entries.find((e: { id: number }) => e.id === id);
    expect(entry).toMatchObject({
      refund_requested_at: asked.json().refund_requested_at,
      refund_reason: 'Not for me after all.',
      state: 'pending',
    });
    expect((await admin.get('/api/admin/refund-requests')).json().requests).toContainEqual(
      expect.objectContaining({
        id,
        buyer_name: 'Bea',
        program_title: 'Couch to 5k',
        gross_cents: 2900,
        refund_reason: 'Not for me after all.',
      }),
    );
    expect((await buyer.get('/api/admin/refund-requests')).statusCode).toBe(403);

    // Declined by the creator (the buyer may ask again); then an admin approves the new request.
    expect((await stranger.post('/api/transaction/refund-decline', { id })).statusCode).toBe(404);
    expect((await creator.post('/api/transaction/refund-decline', { id })).json()).toEqual({
      success: true,
      id,
      refund_requested_at: null,
    });
    expect(
      (await admin.get('/api/admin/refund-requests')).json().requests.map((r: { id: number }) => r.id),
    ).not.toContain(id);
    await buyer.post('/api/transaction/refund-request', { id });
    expect((await admin.post('/api/transaction/refund', { id })).json()).toEqual({
      success: true,
      id,
      state: 'refunded',
    });
    const after = await implementation(buyer, program.guid);
    expect(after.chapters.map((c: { body: string | null }) => c.body)).toEqual([null]);
    expect(after.purchase.state).toBe('refunded');
    expect((await buyer.post('/api/transaction/refund-request', { id })).statusCode).toBe(422);
  });

  it('is refused after the window; a request made in time can still be approved after it closes', async () => {
    const [creator, late, early] = await Promise.all([signUp(app, { as_creator: true }), signUp(app), signUp(app)]);
    const program = await paidProgram(creator);
    await buyProgram(app, late, program.guid);
    await buyProgram(app, early, program.guid);
    const [lateSale, earlySale] = [await saleOf(late, program.guid), await saleOf(early, program.guid)];
    expect((await early.post('/api/transaction/refund-request', { id: earlySale })).statusCode).toBe(200);
    const { db } = await testDatabase();
    const closed = new Date(Date.now() - DAY_MS);
    for (const id of [lateSale, earlySale])
      await db.update(transactions).set({ availableAt: closed }).where(eq(transactions.id, id));
    await db
      .update(transactions)
      .set({ refundRequestedAt: new Date(closed.getTime() - DAY_MS) })
      .where(eq(transactions.id, earlySale));

    const refused = await late.post('/api/transaction/refund-request', { id: lateSale });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.id[0]).toMatch(
      /^is past its refund window \(it closed on [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/,
    );
    expect((await creator.post('/api/transaction/refund', { id: lateSale })).statusCode).toBe(422);
    expect((await creator.post('/api/transaction/refund', { id: earlySale })).json().state).toBe('refunded');
  });
});

describe('the drip schedule', () => {
  it('a chapter opens N days after the buyer starts; until then it says when, and cannot be marked complete; the author reads it all', async () => {
    const [creator, buyer] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await paidProgram(creator, [{ title: 'Day one' }, { title: 'Week two', days: 7 }]);
    await buyProgram(app, buyer, program.guid);
    const now = await implementation(buyer, program.guid);
    const [first, second] = now.chapters;
    expect([first.body, first.opens_at, first.available_after_days]).toEqual(['<p>Day one text</p>', null, 0]);
    expect(second.body).toBeNull();
    expect(second.available_after_days).toBe(7);
    const started = Date.parse(now.subscription.subscribed_at);
    expect(Date.parse(second.opens_at)).toBe(started + 7 * DAY_MS);
    expect(
      (await buyer.post(`/api/program-implement/${program.guid}/chapter`, { chapter_id: second.id, completed: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await buyer.post(`/api/program-implement/${program.guid}/chapter`, { chapter_id: first.id, completed: true }))
        .statusCode,
    ).toBe(200);
    // The player resumes at the next lesson, closed as it is: it says when it opens.
    expect((await implementation(buyer, program.guid)).lessons.resume_chapter_id).toBe(second.id);

    const author = await implementation(creator, program.guid);
    expect(author.chapters.map((c: { body: string | null; opens_at: string | null }) => [c.body, c.opens_at])).toEqual([
      ['<p>Day one text</p>', null],
      ['<p>Week two text</p>', null],
    ]);

    // Eight days later the chapter is open.
    const { db } = await testDatabase();
    await db
      .update(subscriptions)
      .set({ createdAt: new Date(started - 8 * DAY_MS) })
      .where(eq(subscriptions.id, now.subscription.id));
    const later = await implementation(buyer, program.guid);
    expect([later.chapters[1].body, later.chapters[1].opens_at]).toEqual(['<p>Week two text</p>', null]);
    expect(later.lessons.resume_chapter_id).toBe(second.id);
  });
});
