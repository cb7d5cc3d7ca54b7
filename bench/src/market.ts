/**
 * The marketplace part of the bench (`BENCH_PARTS=market`): the real API in this process on a throwaway
 * embedded database, listening on loopback, and signed payment events posted to its webhook over HTTP.
 *
 * 1. Checkout completion, from event to ledger entry: one paid checkout after another (each a different buyer,
 *    so every one installs the program into a new board, as a first purchase does); the time of each is from
 *    sending the signed event to its answer, which comes once the sale is booked. Targets p99 ≤ 100 ms.
 * 2. 100 concurrent copies of one payment event: how many transactions (and active subscriptions) they make.
 *    Target exactly 1.
 *
 * BENCH_MARKET_EVENTS (default 300) sets how many checkouts are timed, after 30 untimed ones.
 */
import { and, count, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../api/src/app';
import { openDatabase } from '../../api/src/db/client';
import { checkouts, subscriptions, transactions, users } from '../../api/src/db/schema';
import { defaultEnv } from '../../api/src/env';
import { TestProvider } from '../../api/src/modules/payments/providers';
import { ms, table } from './report';
import type { Target } from './report';

const EVENTS = Number(process.env.BENCH_MARKET_EVENTS ?? 300);
const WARMUP = 30;
const COPIES = 100;
const PRICE_CENTS = 2900;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function measureMarket(targets: Target[], log: (line: string) => void): Promise<void> {
  log(
    `\n5. Marketplace: checkout completion (payment event → ledger entry) and concurrent copies of one event (API on PGlite, loopback HTTP)`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'lifeboard-bench-market-'));
  const database = await openDatabase({ pgliteDir: dir });
  await database.migrate();
  const secret = randomBytes(32).toString('hex');
  const env = defaultEnv({ PAYMENTS_TEST_SECRET: secret });
  const provider = new TestProvider(secret, env.APP_URL);
  const app = await buildApp({
    db: database.db,
    env,
    logger: false,
    payments: provider,
    limits: {
      anonymousPerIpPerMinute: 1e9,
      loginPerIpPerMinute: 1e9,
      loginFailuresBeforeDelay: 1e9,
      signupPerIpPerMinute: 1e9,
      passwordEmailPerIpPerMinute: 1e9,
    },
  });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${base}${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      const answer = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const signUp = async (name: string, extra: Record<string, unknown> = {}) => {
      const answer = await call('POST', '/api/register', {
        name,
        email: `${name}-${randomBytes(4).toString('hex')}@bench.lifeboard.local`,
        password: 'bench market password',
        ...extra,
      });
      const user = answer.user as { id: number; default_board_id: number };
      return { token: String(answer.token), id: user.id, boardId: user.default_board_id };
    };

    // A creator's published program that installs a goal and two habits, approved by an admin.
    const creator = await signUp('creator', { as_creator: true });
    const admin = await signUp('admin');
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    app.forgetTokens();
    const created = await call(
      'POST',
      '/api/program/create',
      {
        board: creator.boardId,
        params: {
          title: 'Morning pages',
          price_cents: PRICE_CENTS,
          currency: 'USD',
          status: 'published',
          template: {
            goals: [{ title: 'Write 30 mornings' }],
            habits: [{ title: 'Three pages by hand' }, { title: 'No phone before writing' }],
          },
        },
      },
      creator.token,
    );
    const program = created.program as { id: number };
    await call('POST', '/api/admin/programs/review', { id: program.id, decision: 'approve' }, admin.token);

    // Buyers and their open checkouts are written straight to the tables: what is timed is only the completion.
    const buyersNeeded = WARMUP + EVENTS + 1;
    const buyers = await database.db
      .insert(users)
      .values(
        Array.from({ length: buyersNeeded }, (_, i) => ({
          email: `buyer-${i}-${randomBytes(4).toString('hex')}@bench.lifeboard.local`,
          name: `Buyer ${i}`,
          passwordHash: 'not-a-hash: never signs in',
        })),
      )
      .returning({ id: users.id });
    const open = await database.db
      .insert(checkouts)
      .values(
        buyers.map((buyer, i) => ({
          id: `co_bench${randomBytes(12).toString('base64url')}`,
          userId: buyer.id,
          programId: program.id,
          idempotencyKey: `bench-${i}`,
          amountCents: PRICE_CENTS,
          currency: 'USD',
          provider: 'test' as const,
        })),
      )
      .returning({ id: checkouts.id, amountCents: checkouts.amountCents, currency: checkouts.currency });

    const deliver = async (payload: string) => {
      const response = await fetch(`${base}/api/payments/webhook/test`, {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json', 'lifeboard-signature': provider.sign(payload) },
      });
      const answer = (await response.json()) as { outcome?: string };
      if (response.status !== 200) throw new Error(`the webhook answered ${response.status}`);
      return answer.outcome ?? '';
    };

    const times: number[] = [];
    for (const [i, checkout] of open.slice(0, WARMUP + EVENTS).entries()) {
      const payload = provider.completedEvent(checkout);
      const started = performance.now();
      const outcome = await deliver(payload);
      const took = performance.now() - started;
      if (outcome !== 'completed') throw new Error(`checkout ${checkout.id} was not booked: ${outcome}`);
      if (i >= WARMUP) times.push(took);
    }
    const [booked] = await database.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.programId, program.id));
    const p99: Target = {
      label: 'checkout completion, event to ledger entry, p99',
      value: percentile(times, 99),
      limit: 100,
      kind: 'max',
      format: ms,
    };
    targets.push(p99);
    log(
      table([
        ['checkouts timed', 'p50', 'p95', 'p99', 'max', 'target p99 ≤ 100 ms'],
        [
          String(times.length),
          ms(percentile(times, 50)),
          ms(percentile(times, 95)),
          ms(p99.value),
          ms(Math.max(...times)),
          p99.value <= 100 ? 'met' : 'MISSED',
        ],
      ]),
    );
    log(`    ${booked.n} sales booked for ${WARMUP + EVENTS} events (${WARMUP} untimed warm-up)`);

    // One event, 100 copies at once: the checkout row lock and the unique checkout id of a sale leave one.
    const last = open[open.length - 1];
    const payload = provider.completedEvent(last);
    const outcomes = await Promise.all(Array.from({ length: COPIES }, () => deliver(payload)));
    const [sales] = await database.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.checkoutId, last.id));
    const [active] = await database.db
      .select({ n: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, buyers[buyers.length - 1].id), eq(subscriptions.status, 'active')));
    // Exactly one: the target counts the transactions other than the one there must be (0 is met).
    targets.push({
      label: `${COPIES} concurrent copies of one payment event: transactions made besides exactly 1`,
      value: Math.abs(sales.n - 1) + Math.abs(active.n - 1),
      limit: 0,
      kind: 'max',
      format: String,
    });
    const tally = [...new Set(outcomes)]
      .map((outcome) => `${outcomes.filter((o) => o === outcome).length} ${outcome}`)
      .join(', ');
    log(
      `    ${COPIES} concurrent copies of one payment event: ${sales.n} transaction${sales.n === 1 ? '' : 's'}, ${active.n} active subscription${active.n === 1 ? '' : 's'} (answers: ${tally}); target exactly 1: ${sales.n === 1 && active.n === 1 ? 'met' : 'MISSED'}`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
