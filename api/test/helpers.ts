import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { users } from '../src/db/schema';
import { buildApp, type AppOptions } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { defaultEnv } from '../src/env';
import { seedMuscles } from '../src/modules/muscles/catalogue';
import type { Limits } from '../src/plugins/limits';

let shared: Promise<Database> | undefined;

/**
 * One database per test file: in-memory PGlite, or the PostgreSQL of `DATABASE_URL` when set. Tests isolate
 * themselves by signing up fresh users, so a shared database is fine. PGlite starts from the database the
 * global set-up migrated and seeded (test/global-setup.ts), rather than running initdb and every migration again.
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const snapshot = inject('pgliteSnapshot');
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      pgliteDir: 'memory://',
      ...(snapshot ? { pgliteData: new Blob([readFileSync(snapshot)]) } : {}),
    });
    if (!snapshot) {
      await database.migrate();
      await seedMuscles(database.db);
    }
    return database;
  })();
  return shared;
}

/** Limits high enough that ordinary tests never meet them; the rate-limit tests build an app with the defaults. */
export const relaxedLimits: Limits = {
  anonymousPerIpPerMinute: 1_000_000,
  loginPerIpPerMinute: 10_000,
  loginFailuresBeforeDelay: 10_000,
  signupPerIpPerMinute: 10_000,
  passwordEmailPerIpPerMinute: 10_000,
  invitationsPerUserPerHour: 10_000,
};

/**
 * On PostgreSQL every test file shares one database: each test process keeps its jobs in its own queue schema,
 * so one file's workers never take another's jobs (on PGlite each file has its own database anyway).
 */
export function testQueueSchema(): { schema?: string } {
  return process.env.DATABASE_URL ? { schema: `pgboss_test_${process.pid}` } : {};
}

export async function createTestApp(options: Partial<Omit<AppOptions, 'db'>> = {}): Promise<FastifyInstance> {
  const database = await testDatabase();
  const app = await buildApp({
    db: database.db,
    env: defaultEnv(),
    limits: relaxedLimits,
    queueSchema: testQueueSchema().schema,
    // The apps of one test file share their counts (as processes of one site do); other files' count apart.
    countersPrefix: `test-${process.pid}:`,
    ...options,
  });
  await app.ready();
  return app;
}

let counter = 0;
/** Unique across files, processes and runs, so suites can share one PostgreSQL database. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${randomBytes(4).toString('hex')}@test.lifeboard.local`;
}

export const PASSWORD = 'correct horse battery';

export interface TestUser {
  id: number;
  email: string;
  token: string;
  boardId: number;
  post(path: string, body?: unknown): Promise<LightMyRequestResponse>;
  get(path: string): Promise<LightMyRequestResponse>;
}

export function asUser(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' };
  return {
    post: (path: string, body?: unknown) =>
      app.inject({ method: 'POST', url: path, headers, ...(body === undefined ? {} : { payload: body as object }) }),
    get: (path: string) => app.inject({ method: 'GET', url: path, headers }),
  };
}

export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const email = uniqueEmail();
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { name: 'Test User', email, password: PASSWORD, ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string; user: { id: number; email: string; default_board_id: number } }>();
  return {
    id: body.user.id,
    email: body.user.email,
    token: body.token,
    boardId: body.user.default_board_id,
    ...asUser(app, body.token),
  };
}

const admins = new WeakMap<FastifyInstance, Promise<TestUser>>();

/** An admin of this app (made once per app): signed up, then given the role as `admin:create` would. */
export function adminOf(app: FastifyInstance): Promise<TestUser> {
  let admin = admins.get(app);
  if (!admin) {
    admin = (async () => {
      const user = await signUp(app, { name: 'Admin' });
      const { db } = await testDatabase();
      await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
      app.forgetTokens();
      return user;
    })();
    admins.set(app, admin);
  }
  return admin;
}

/** A creator's program as the catalogue shows it: created (which asks for review) and approved by an admin. */
export async function publishProgram(
  app: FastifyInstance,
  creator: TestUser,
  params: Record<string, unknown>,
): Promise<Record<string, unknown> & { id: number; guid: string; status: string }> {
  const created = await creator.post('/api/program/create', {
    board: creator.boardId,
    params: { ...params, status: 'published' },
  });
  if (created.statusCode !== 201) throw new Error(`program create failed: ${created.statusCode} ${created.body}`);
  const program = created.json().program;
  const approved = await (
    await adminOf(app)
  ).post('/api/admin/programs/review', { id: program.id, decision: 'approve' });
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
  return { ...program, status: 'published' };
}

/** Starts a checkout of a paid program as the hosted page's "Buy" does (a fresh Idempotency-Key unless given). */
export function startCheckout(
  app: FastifyInstance,
  buyer: TestUser,
  guid: string,
  key = `key-${randomBytes(8).toString('hex')}`,
) {
  return app.inject({
    method: 'POST',
    url: '/api/checkout/create',
    payload: { program_guid: guid },
    headers: { authorization: `Bearer ${buyer.token}`, 'x-requested-with': 'XMLHttpRequest', 'idempotency-key': key },
  });
}

/** Buys a paid program with the test provider's card (4242…: paid); answers the checkout with the board it went into. */
export async function buyProgram(app: FastifyInstance, buyer: TestUser, guid: string, card = '4242 4242 4242 4242') {
  const created = await startCheckout(app, buyer, guid);
  if (created.statusCode !== 200) throw new Error(`checkout failed: ${created.statusCode} ${created.body}`);
  const checkoutId: string = created.json().checkout_id;
  const paid = await buyer.post('/api/payments/test/pay', { checkout_id: checkoutId, card_number: card });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  const checkout = (await buyer.get(`/api/checkout/${checkoutId}`)).json().checkout;
  return { checkoutId, board: checkout.board as { id: number; name: string } };
}
