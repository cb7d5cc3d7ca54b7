import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOf,
  buyProgram,
  createTestApp,
  publishProgram,
  signUp,
  startCheckout,
  testDatabase,
  type TestUser,
} from '../../../test/helpers';
import { checkouts, subscriptions, transactions } from '../../db/schema';
import { TestProvider } from './providers';

const SECRET = 'test-provider-secret-for-tests';
let app: FastifyInstance;
const provider = new TestProvider(SECRET, 'http://localhost:3000');
beforeAll(async () => {
  app = await createTestApp({ payments: provider });
});
afterAll(() => app.close());

const template = { goals: [{ title: 'Run 5 km' }] };

async function paidProgram(creator: TestUser, price = 2900) {
  const program = await publishProgram(app, creator, {
    title: 'Couch to 5k',
    price_cents: price,
    currency: 'USD',
    template,
  });
  await creator.post('/api/chapter/create', {
    board: creator.boardId,
    params: { program_id: program.id, position: 1, title: 'Lesson 1', body: '<p>Walk 20 minutes.</p>' },
  });
  await creator.post('/api/chapter/create', {
    board: creator.boardId,
    params: { program_id: program.id, position: 2, title: 'Lesson 2', body: '<p>Jog 1 minute.</p>' },
  });
  return program;
}

async function counts(userId: number, programId: number) {
  const { db } = await testDatabase();
  const [[sales], [active]] = await Promise.all([
    db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.buyerId, userId), eq(transactions.programId, programId))),
    db
      .select({ n: count() })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.programId, programId),
          eq(subscriptions.status, 'active'),
        ),
      ),
  ]);
  return { sales: sales.n, active: active.n };
}

const chapterText = async (user: TestUser, guid: string) =>
  (await user.get(`/api/program-implement/${guid}`)).json().chapters.map((c: { body: string | null }) => c.body);

const deliver = (payload: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhook/test',
    headers: { 'content-type': 'application/json', 'lifeboard-signature': signature },
    payload,
  });

describe('roles and review', () => {
  it('only creators and admins make programs; "publish" asks for review; an admin approves, rejects with a reason, or unpublishes', async () => {
    const [user, creator, other] = await Promise.all([signUp(app), signUp(app, { as_creator: true }), signUp(app)]);
    const admin = await adminOf(app);
    expect(
      (await user.post('/api/program/create', { board: user.boardId, params: { title: 'Mine' } })).statusCode,
    ).toBe(403);

    const created = (
      await creator.post('/api/program/create', {
        board: creator.boardId,
        params: { title: 'Sneaky', status: 'published', price_cents: 4900 },
      })
    ).json().program;
    expect(created.status).toBe('review');
    const draft = (
      await creator.post('/api/program/create', { board: creator.boardId, params: { title: 'Draft' } })
    ).json().program;
    expect(
      (
        await creator.post('/api/program/update', {
          board: creator.boardId,
          params: { id: draft.id, status: 'published', price_cents: 4900 },
        })
      ).json().program.status,
    ).toBe('review');
    const listed = async () =>
      (await other.post('/api/program/published', {})).json().programs.map((p: { id: number }) => p.id);
    expect(await listed()).not.toContain(created.id);
    expect((await startCheckout(app, other, created.guid)).statusCode).toBe(404);

    for (const caller of [user, creator])
      expect(
        (await caller.post('/api/admin/programs/review', { id: created.id, decision: 'approve' })).statusCode,
      ).toBe(403);
    expect((await admin.post('/api/admin/programs/review', { id: draft.id, decision: 'reject' })).statusCode).toBe(422);
    const rejected = await admin.post('/api/admin/programs/review', {
      id: draft.id,
      decision: 'reject',
      reason: 'Say what a buyer gets.',
    });
    expect(rejected.json()).toMatchObject({
      program: { id: draft.id, status: 'draft' },
      review: { decision: 'reject', reason: 'Say what a buyer gets.' },
    });
    expect((await creator.get('/api/program/reviews')).json().reviews).toEqual([
      { program_id: draft.id, decision: 'reject', reason: 'Say what a buyer gets.', created_at: expect.any(String) },
    ]);

    expect(
      (await admin.post('/api/admin/programs/review', { id: created.id, decision: 'approve' })).json().program.status,
    ).toBe('published');
    expect(await listed()).toContain(created.id);
    expect((await admin.get(`/api/admin/programs/${created.id}`)).json().program).toMatchObject({
      status: 'published',
      review: { decision: 'approve' },
    });
    // Approving twice is refused: it is no longer in review.
    expect((await admin.post('/api/admin/programs/review', { id: created.id, decision: 'approve' })).statusCode).toBe(
      422,
    );
    expect(
      (
        await admin.post('/api/admin/programs/review', {
          id: created.id,
          decision: 'unpublish',
          reason: 'Copied content',
        })
      ).json().program.status,
    ).toBe('draft');
    expect(await listed()).not.toContain(created.id);
    expect(
      (await admin.post('/api/admin/programs/review', { id: 2_000_000_000, decision: 'approve' })).statusCode,
    ).toBe(404);
  });

  it('an ordinary user becomes a creator by turning on creator mode (using_as_user false)', async () => {
    const user = await signUp(app);
    expect((await user.post('/api/user/update', { using_as_user: false })).json().user).toMatchObject({
      role: 'creator',
      using_as_user: false,
    });
    expect(
      (await user.post('/api/program/create', { board: user.boardId, params: { title: 'Now I can' } })).statusCode,
    ).toBe(201);
    // Creator sign-up makes a creator.
    expect((await (await signUp(app, { as_creator: true })).get('/api/user')).json().user.role).toBe('creator');
  });
});

describe('checkout with the test provider', () => {
  it('a paid program needs a payment: 402 before, chapters after; the same Idempotency-Key gives the same checkout', async () => {
    const [creator, buyer] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await paidProgram(creator);
    expect(
      (
        await buyer.post('/api/program/subscribe', {
          program_id: program.id,
          isSubscribing: true,
          current_board_id: buyer.boardId,
        })
      ).statusCode,
    ).toBe(402);
    expect(await chapterText(buyer, program.guid)).toEqual([null, null]);

    const first = await startCheckout(app, buyer, program.guid, 'buy-once-123');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      checkout_id: expect.stringMatching(/^co_/),
      url: `http://localhost:3000/checkout/${first.json().checkout_id}`,
    });
    const again = await Promise.all([1, 2, 3].map(() => startCheckout(app, buyer, program.guid, 'buy-once-123')));
    for (const answer of again) expect(answer.json().checkout_id).toBe(first.json().checkout_id);
    expect((await startCheckout(app, buyer, program.guid, 'bad key!')).statusCode).toBe(422);
    const id = first.json().checkout_id;

    // Declined: nothing changes, and the buyer may try another card.
    const declined = await buyer.post('/api/payments/test/pay', {
      checkout_id: id,
      card_number: '4000 0000 0000 0002',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'LB-CARD-DECLINED' });
    expect(await counts(buyer.id, program.id)).toEqual({ sales: 0, active: 0 });
    expect(
      (await buyer.post('/api/payments/test/pay', { checkout_id: id, card_number: '1234 5678 9012 3456' })).statusCode,
    ).toBe(422);
    // Someone else's checkout is not theirs to pay.
    expect(
      (await creator.post('/api/payments/test/pay', { checkout_id: id, card_number: '4242424242424242' })).statusCode,
    ).toBe(404);

    // 3155 asks for a confirmation step first.
    expect(
      (await buyer.post('/api/payments/test/pay', { checkout_id: id, card_number: '4000 0025 0000 3155' })).json()
        .status,
    ).toBe('requires_action');
    expect(await counts(buyer.id, program.id)).toEqual({ sales: 0, active: 0 });
    expect(
      (
        await buyer.post('/api/payments/test/pay', {
          checkout_id: id,
          card_number: '4000 0025 0000 3155',
          confirmed: true,
        })
      ).json().status,
    ).toBe('completed');
    expect(await counts(buyer.id, program.id)).toEqual({ sales: 1, active: 1 });
    // A double click on "Pay" after it went through changes nothing.
    expect(
      (await buyer.post('/api/payments/test/pay', { checkout_id: id, card_number: '4242424242424242' })).json().status,
    ).toBe('completed');
    expect(await counts(buyer.id, program.id)).toEqual({ sales: 1, active: 1 });

    const view = (await buyer.get(`/api/checkout/${id}`)).json().checkout;
    expect(view).toMatchObject({
      status: 'completed',
      amount_cents: 2900,
      currency: 'USD',
      program: { title: 'Couch to 5k' },
      board: { name: 'Couch to 5k' },
    });
    expect(await chapterText(buyer, program.guid)).toEqual(['<p>Walk 20 minutes.</p>', '<p>Jog 1 minute.</p>']);
    const [entry] = (await creator.get('/api/creator/ledger')).json().entries;
    expect(entry).toMatchObject({ gross_cents: 2900, state: 'pending' });
    // Buying again is refused: they own it.
    expect((await startCheckout(app, buyer, program.guid)).statusCode).toBe(409);
    // Unsubscribing and subscribing again is free for a buyer whose payment stands.
    await buyer.post('/api/program/subscribe', { program_id: program.id, isSubscribing: false, current_board_id: 0 });
    expect(
      (await buyer.post('/api/program/subscribe', { program_id: program.id, isSubscribing: true, current_board_id: 0 }))
        .statusCode,
    ).toBe(200);
  });

  it('free programs subscribe as before and cannot be checked out; nor can a creator buy their own', async () => {
    const [creator, user] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const free = await publishProgram(app, creator, { title: 'Free walk' });
    expect(
      (
        await user.post('/api/program/subscribe', {
          program_id: free.id,
          isSubscribing: true,
          current_board_id: user.boardId,
        })
      ).statusCode,
    ).toBe(200);
    expect((await startCheckout(app, user, free.guid)).statusCode).toBe(422);
    const paid = await paidProgram(creator);
    expect((await startCheckout(app, creator, paid.guid)).statusCode).toBe(422);
  });

  it('exactly once: 100 concurrent copies of one payment event book 1 transaction and 1 subscription', async () => {
    const [creator, buyer] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await paidProgram(creator);
    const id = (await startCheckout(app, buyer, program.guid)).json().checkout_id;
    const { db } = await testDatabase();
    const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, id));
    const payload = provider.completedEvent(checkout);
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(payload, provider.sign(payload))));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().outcome === 'completed')).toHaveLength(1);
    const booked = await counts(buyer.id, program.id);
    console.log(
      `100 concurrent copies of one payment event: ${booked.sales} transaction, ${booked.active} subscription`,
    );
    expect(booked).toEqual({ sales: 1, active: 1 });
    // Replayed later: still one.
    expect((await deliver(payload, provider.sign(payload))).json().outcome).toBe('already');
    expect(await counts(buyer.id, program.id)).toEqual({ sales: 1, active: 1 });
  });

  it('an event whose signature does not verify is 400 and changes nothing', async () => {
    const [creator, buyer] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await paidProgram(creator);
    const id = (await startCheckout(app, buyer, program.guid)).json().checkout_id;
    const { db } = await testDatabase();
    const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, id));
    const payload = provider.completedEvent(checkout);
    const forger = new TestProvider('another-secret-entirely-xx', 'http://localhost:3000');
    const tampered = payload.replace('"amount_cents":2900', '"amount_cents":2901');
    for (const [body, signature] of [
      [payload, forger.sign(payload)],
      [payload, ''],
      [payload, 't=1,v1=00'],
      [tampered, provider.sign(payload)],
      [payload, provider.sign(payload, Math.floor(Date.now() / 1000) - 3600)],
      ['not json', provider.sign('not json')],
    ]) {
      const answer = await deliver(body, signature);
      expect(answer.statusCode, signature).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'LB-BAD-SIGNATURE' });
    }
    expect(await counts(buyer.id, program.id)).toEqual({ sales: 0, active: 0 });
    expect((await buyer.get(`/api/checkout/${id}`)).json().checkout.status).toBe('open');
    // The other provider's path is not open while this one is in use.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/payments/webhook/stripe',
          headers: { 'content-type': 'application/json' },
          payload,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('refunds', () => {
  it("the program's creator (or an admin) refunds within the window: the entry is refunded and the buyer's chapters close", async () => {
    const [creator, buyer, stranger] = await Promise.all([signUp(app, { as_creator: true }), signUp(app), signUp(app)]);
    const program = await paidProgram(creator);
    await buyProgram(app, buyer, program.guid);
    const [entry] = (await creator.get('/api/creator/ledger')).json().entries;
    expect((await stranger.post('/api/transaction/refund', { id: entry.id })).statusCode).toBe(404);
    expect((await buyer.post('/api/transaction/refund', { id: entry.id })).statusCode).toBe(403);
    expect(await chapterText(buyer, program.guid)).toEqual(['<p>Walk 20 minutes.</p>', '<p>Jog 1 minute.</p>']);

    expect((await creator.post('/api/transaction/refund', { id: entry.id })).json()).toEqual({
      success: true,
      id: entry.id,
      state: 'refunded',
    });
    expect((await creator.get('/api/creator/ledger')).json().entries[0]).toMatchObject({
      id: entry.id,
      state: 'refunded',
    });
    expect(await chapterText(buyer, program.guid)).toEqual([null, null]);
    expect(await counts(buyer.id, program.id)).toEqual({ sales: 1, active: 0 });
    expect(
      (await buyer.post('/api/program/subscribe', { program_id: program.id, isSubscribing: true, current_board_id: 0 }))
        .statusCode,
    ).toBe(402);
    // Refunding again changes nothing.
    expect((await creator.post('/api/transaction/refund', { id: entry.id })).json().state).toBe('refunded');

    // Past the window: refused, nothing changes.
    const late = await signUp(app);
    await buyProgram(app, late, program.guid);
    const { db } = await testDatabase();
    await db
      .update(transactions)
      .set({ availableAt: new Date(Date.now() - 1000) })
      .where(eq(transactions.buyerId, late.id));
    const [lateEntry] = (await creator.get('/api/creator/ledger')).json().entries;
    const refused = await creator.post('/api/transaction/refund', { id: lateEntry.id });
    expect(refused.statusCode).toBe(422);
    expect((await creator.get('/api/creator/ledger')).json().entries[0].state).toBe('available');
    // An admin may refund within the window.
    const third = await signUp(app);
    await buyProgram(app, third, program.guid);
    const [thirdEntry] = (await creator.get('/api/creator/ledger')).json().entries;
    expect((await (await adminOf(app)).post('/api/transaction/refund', { id: thirdEntry.id })).json().state).toBe(
      'refunded',
    );
  });
});

describe('the course player', () => {
  it('marks chapters complete, shows progress and resumes at the first chapter not done', async () => {
    const [creator, buyer, stranger] = await Promise.all([signUp(app, { as_creator: true }), signUp(app), signUp(app)]);
    const program = await paidProgram(creator);
    await buyProgram(app, buyer, program.guid);
    let player = (await buyer.get(`/api/program-implement/${program.guid}`)).json();
    expect(player.lessons).toEqual({ completed: 0, total: 2, percent: 0, resume_chapter_id: player.chapters[0].id });
    const first = player.chapters[0].id;
    expect(
      (await stranger.post(`/api/program-implement/${program.guid}/chapter`, { chapter_id: first, completed: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await buyer.post(`/api/program-implement/${program.guid}/chapter`, { chapter_id: first, completed: true }))
        .statusCode,
    ).toBe(200);
    player = (await buyer.get(`/api/program-implement/${program.guid}`)).json();
    expect(player.lessons).toEqual({ completed: 1, total: 2, percent: 50, resume_chapter_id: player.chapters[1].id });
    expect(player.chapters.map((c: { completed: boolean }) => c.completed)).toEqual([true, false]);
  });
});
