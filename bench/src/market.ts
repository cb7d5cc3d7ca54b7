/**
 * The `market` part: the built API on a throwaway PGlite (api/api-process.ts), and signed payment events posted to
 * its webhook over loopback HTTP.
 *
 * 1. Checkout completion, from event to ledger entry: one paid checkout after another (each a different buyer,
 *    so every one installs the program into a new board, as a first purchase does); the time of each is from
 *    sending the signed event to its answer, which comes once the sale is booked. Targets p99 ≤ 100 ms.
 * 2. 100 concurrent copies of one payment event: how many transactions (and active subscriptions) they make.
 *    Target exactly 1.
 *
 * BENCH_MARKET_EVENTS (default 300) sets how many checkouts are timed, after 30 untimed ones.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { startApi } from './api/api-process';
import { signUp } from './api/client';
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
  const secret = randomBytes(32).toString('hex');
  const api = await startApi({ env: { PAYMENTS_TEST_SECRET: secret } });
  // The test provider's signature and completion event (api/src/modules/payments/providers.ts, TestProvider).
  const sign = (body: string, at = Math.floor(Date.now() / 1000)) =>
    `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
  const completedEvent = (checkout: { id: string; amount_cents: number; currency: string }) =>
    JSON.stringify({
      id: `evt_${randomBytes(12).toString('base64url')}`,
      type: 'checkout.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        checkout_id: checkout.id,
        payment_ref: `tpay_${checkout.id}`,
        amount_cents: checkout.amount_cents,
        currency: checkout.currency,
      },
    });
  try {
    // A creator's published program that installs a goal and two habits, approved by an admin.
    const creator = await signUp(api.url, 'creator', { as_creator: true });
    const admin = await signUp(api.url, 'admin');
    // Buyers and their open checkouts are written straight to the tables: what is timed is only the completion.
    const buyersNeeded = WARMUP + EVENTS + 1;
    await api.seed((query) => query('update users set role = $1 where id = $2', ['admin', admin.userId]));
    const created = await creator.post<{ program: { id: number } }>('/api/program/create', {
      board: creator.board,
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
    });
    const program = created.program;
    await admin.post('/api/admin/programs/review', { id: program.id, decision: 'approve' });

    const { buyers, open } = await api.seed(async (query) => {
      const made = await query(
        `insert into users (email, name, password_hash)
        select 'buyer-' || g || '-' || $1 || '@bench.lifeboard.local', 'Buyer ' || g, 'not-a-hash: never signs in'
        from generate_series(1, $2::int) as g returning id`,
        [randomBytes(4).toString('hex'), buyersNeeded],
      );
      const checkouts = await query(
        `insert into checkout (id, user_id, program_id, idempotency_key, amount_cents, currency, provider)
        select 'co_bench' || md5(random()::text), id, $1, 'bench-' || id, $2, 'USD', 'test' from unnest($3::int[]) as id
        returning id, amount_cents, currency`,
        [program.id, PRICE_CENTS, made.map((row) => Number(row.id))],
      );
      return {
        buyers: made.map((row) => Number(row.id)),
        open: checkouts as { id: string; amount_cents: number; currency: string }[],
      };
    });

    const deliver = async (payload: string) => {
      const response = await fetch(`${api.url}/api/payments/webhook/test`, {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json', 'lifeboard-signature': sign(payload) },
      });
      const answer = (await response.json()) as { outcome?: string };
      if (response.status !== 200) throw new Error(`the webhook answered ${response.status}`);
      return answer.outcome ?? '';
    };

    const times: number[] = [];
    for (const [i, checkout] of open.slice(0, WARMUP + EVENTS).entries()) {
      const payload = completedEvent(checkout);
      const started = performance.now();
      const outcome = await deliver(payload);
      const took = performance.now() - started;
      if (outcome !== 'completed') throw new Error(`checkout ${checkout.id} was not booked: ${outcome}`);
      if (i >= WARMUP) times.push(took);
    }
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
    // One event, 100 copies at once: the checkout row lock and the unique checkout id of a sale leave one.
    const last = open[open.length - 1];
    const payload = completedEvent(last);
    const outcomes = await Promise.all(Array.from({ length: COPIES }, () => deliver(payload)));
    const counted = await api.seed((query) =>
      query(
        `select (select count(*) from program_transaction where program_id = $1) as booked,
          (select count(*) from program_transaction where checkout_id = $2) as sales,
          (select count(*) from subscription where user_id = $3 and status = 'active') as active`,
        [program.id, last.id, buyers[buyers.length - 1]],
      ),
    );
    const { booked, sales, active } = Object.fromEntries(Object.entries(counted[0]).map(([k, v]) => [k, Number(v)]));
    log(`    ${booked} sales booked for ${WARMUP + EVENTS + 1} events (${WARMUP} untimed warm-up)`);
    // Exactly one: the target counts the transactions other than the one there must be (0 is met).
    targets.push({
      label: `${COPIES} concurrent copies of one payment event: transactions made besides exactly 1`,
      value: Math.abs(sales - 1) + Math.abs(active - 1),
      limit: 0,
      kind: 'max',
      format: String,
    });
    const tally = [...new Set(outcomes)]
      .map((outcome) => `${outcomes.filter((o) => o === outcome).length} ${outcome}`)
      .join(', ');
    log(
      `    ${COPIES} concurrent copies of one payment event: ${sales} transaction${sales === 1 ? '' : 's'}, ${active} active subscription${active === 1 ? '' : 's'} (answers: ${tally}); target exactly 1: ${sales === 1 && active === 1 ? 'met' : 'MISSED'}`,
    );
  } finally {
    await api.stop();
  }
}
