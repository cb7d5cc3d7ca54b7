import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, buyProgram, createTestApp, signUp, testDatabase, uniqueEmail } from '../../test/helpers';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { defaultEnv } from '../env';
import { createDemoAccount, createMarketplaceDemo, DEMO_EMAIL, seedDemo } from './seed';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('demo data', () => {
  it('makes an account that signs in and has data in several models', async () => {
    const { db } = await testDatabase();
    const email = uniqueEmail('demo');
    await createDemoAccount(db, email, 'demo password 123');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'demo password 123' },
    });
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json();
    const demo = asUser(app, token);
    const board = user.default_board_id;
    const count = async (model: string, state: string) =>
      (await demo.post(`/api/${model}/all`, { board })).json()[state].length;
    expect(await count('habit', 'habits')).toBe(3);
    expect(await count('goal', 'goals')).toBe(2);
    expect(await count('note', 'notes')).toBe(2);
    expect(await count('journal_entry', 'journalEntries')).toBe(2);
    expect(await count('mood', 'moods')).toBe(2);
    expect(await count('book', 'books')).toBe(2);
    const habit = (await demo.post('/api/habit/all', { board })).json().habits[0];
    expect(
      (await demo.post('/api/habit/entries', { board, params: { habit_id: habit.id } })).json().entries.length,
    ).toBe(14);
  });

  it('makes a demo admin and a demo creator whose published paid program can be bought, with a past sale to pay out', async () => {
    const { db } = await testDatabase();
    const emails = { admin: uniqueEmail('admin'), creator: uniqueEmail('creator'), buyer: uniqueEmail('buyer') };
    await createMarketplaceDemo(db, 'demo password 123', emails);
    const signIn = async (email: string) =>
      (
        await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'demo password 123' } })
      ).json();
    expect((await signIn(emails.admin)).user.role).toBe('admin');
    const creator = await signIn(emails.creator);
    expect(creator.user.role).toBe('creator');
    const buyer = await signUp(app);
    const [program] = (await buyer.post('/api/program/published', {}))
      .json()
      .programs.filter((p: { title: string; id: number }) => p.title === 'Run your first 5 km')
      .slice(-1);
    expect(program).toMatchObject({ price_cents: 2900, currency: 'USD', status: 'published' });
    await buyProgram(app, buyer, program.guid);
    const ledger = (await asUser(app, creator.token).get('/api/creator/ledger')).json();
    // The demo buyer's purchase of 20 days ago is out of the refund window: available to pay out.
    expect(ledger.entries).toMatchObject([
      { program_title: 'Run your first 5 km', gross_cents: 2900, state: 'pending', buyer_name: 'Test User' },
      { program_title: 'Run your first 5 km', gross_cents: 2900, state: 'available', buyer_name: 'Demo Buyer' },
    ]);
    expect(ledger.balances).toMatchObject([{ currency: 'USD', sales: 2, available_cents: 2496, pending_cents: 2496 }]);
    expect(
      (await buyer.get(`/api/program-implement/${program.guid}`))
        .json()
        .chapters.map((c: { title: string }) => c.title),
    ).toEqual(['Week 1: walk and jog', 'Week 2: longer jogs']);
  });

  it('is only seeded on an empty database', async () => {
    const { db } = await testDatabase();
    expect(await seedDemo(db, { NODE_ENV: 'development', DEMO_PASSWORD: undefined })).toBeNull();
  });

  it('is made in development only: never with production settings, the default ones included', async () => {
    const fresh = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await fresh.migrate();
      const accounts = async () => (await fresh.db.select({ id: users.id }).from(users)).length;
      expect(await seedDemo(fresh.db, defaultEnv({ DEMO_PASSWORD: 'a demo password 1' }))).toBeNull();
      expect(
        await seedDemo(fresh.db, defaultEnv({ NODE_ENV: 'production', DEMO_PASSWORD: 'a demo password 1' })),
      ).toBeNull();
      expect(await accounts()).toBe(0);
      expect(
        await seedDemo(fresh.db, defaultEnv({ NODE_ENV: 'development', DEMO_PASSWORD: 'a demo password 1' })),
      ).toEqual({ email: DEMO_EMAIL, password: 'a demo password 1' });
      // The demo user, the demo admin, the demo creator and the demo buyer.
      expect(await accounts()).toBe(4);
    } finally {
      await fresh.close();
    }
    // A fresh PGlite of its own takes seconds to start on a busy machine.
  }, 120_000);
});
