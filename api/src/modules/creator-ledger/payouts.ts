import type { Payout } from '@lifeboard/shared/api/creator-ledger';
import { and, asc, eq, inArray, isNull, lte, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { earningRates, payouts, transactions, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { occurrenceJobId } from '../reminders/delivery';

export const PAYOUT_JOB = 'payouts';
/** Payouts go out on Mondays at 06:00 UTC, for what became available by then. */
const PAYOUT_WEEKDAY = 1;
const PAYOUT_HOUR_UTC = 6;
const DAY_MS = 86_400_000;

/** Sends money to a creator's connected account (Stripe Connect); answers the transfer's id. */
export interface Transfers {
  transfer(request: { amountCents: number; currency: string; destination: string; payoutId: number }): Promise<string>;
}

export type PayoutRow = typeof payouts.$inferSelect;

export function payoutOf(row: PayoutRow): Payout {
  return {
    id: row.id,
    currency: row.currency,
    amount_cents: row.amountCents,
    sales: row.sales,
    method: row.method,
    status: row.status,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/** What a sale must be to go into a payout: paid, out of its refund window, not paid out, and no refund asked for. */
const payable = (now: Date) =>
  and(
    eq(transactions.state, 'paid'),
    isNull(transactions.payoutId),
    lte(transactions.availableAt, now),
    isNull(transactions.refundRequestedAt),
  );

/**
 * Transfers a Stripe payout that has not gone out yet; the payout's id keys the transfer, so a retry sends it once.
 * A refused transfer leaves the payout pending (its sales stay claimed by it) for the next run to send again.
 */
async function sendTransfer(
  db: Db,
  transfers: Transfers,
  payout: PayoutRow,
  destination: string,
  log: PayoutLog,
): Promise<void> {
  try {
    const reference = await transfers.transfer({
      amountCents: payout.amountCents,
      currency: payout.currency,
      destination,
      payoutId: payout.id,
    });
    await db
      .update(payouts)
      .set({ status: 'paid', paidAt: new Date(), reference })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')));
  } catch (error) {
    log.warn({ err: error, payout: payout.id }, 'a payout transfer failed; the next payout run sends it again');
  }
}

type PayoutLog = { warn: (details: object, message: string) => void };
const quiet: PayoutLog = { warn: () => {} };

/**
 * Pays out every creator's available balance, one payout per creator and currency. The sales are claimed in
 * the payout's own database transaction (only rows still unclaimed, so two runs at once cannot pay a sale
 * twice) and the amount is the sum of the rows claimed. With `transfers` (Stripe configured) a creator who has a
 * connected account is paid by a transfer at once; anyone else's payout waits for an admin to pay it by hand.
 * Stripe payouts whose transfer failed before are sent again first. Answers the payouts made.
 */
export async function runPayouts(
  db: Db,
  transfers: Transfers | null,
  now = new Date(),
  log: PayoutLog = quiet,
): Promise<PayoutRow[]> {
  const accounts = new Map(
    (
      await db
        .select({ sellerId: earningRates.sellerId, account: earningRates.stripeAccountId })
        .from(earningRates)
        .where(sql`${earningRates.sellerId} is not null and ${earningRates.stripeAccountId} is not null`)
    ).map((row) => [row.sellerId ?? 0, row.account ?? '']),
  );
  if (transfers) {
    const unsent = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.method, 'stripe'), eq(payouts.status, 'pending')))
      .orderBy(asc(payouts.id));
    for (const payout of unsent) {
      const account = accounts.get(payout.sellerId);
      if (account) await sendTransfer(db, transfers, payout, account, log);
    }
  }
  const due = await db
    .select({ sellerId: transactions.sellerId, currency: transactions.currency })
    .from(transactions)
    .where(payable(now))
    .groupBy(transactions.sellerId, transactions.currency)
    .having(sql`sum(${transactions.netCents}) > 0`);
  const made: PayoutRow[] = [];
  for (const { sellerId, currency } of due) {
    const account = transfers ? accounts.get(sellerId) : undefined;
    const payout = await db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(payouts)
          .values({
            sellerId,
            currency,
            amountCents: 0,
            sales: 0,
            method: account ? 'stripe' : 'manual',
            createdAt: now,
          })
          .returning();
        const claimed = await tx
          .update(transactions)
          .set({ payoutId: row.id })
          .where(and(payable(now), eq(transactions.sellerId, sellerId), eq(transactions.currency, currency)))
          .returning({ net: transactions.netCents });
        const amount = claimed.reduce((sum, sale) => sum + sale.net, 0);
        // Another run claimed them first (or they net to nothing): no payout, and the sales stay as they were.
        if (amount <= 0) tx.rollback();
        const [done] = await tx
          .update(payouts)
          .set({ amountCents: amount, sales: claimed.length })
          .where(eq(payouts.id, row.id))
          .returning();
        return done;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return null;
        throw error;
      });
    if (!payout) continue;
    made.push(payout);
    if (account && transfers) await sendTransfer(db, transfers, payout, account, log);
  }
  return made.length
    ? db
        .select()
        .from(payouts)
        .where(
          inArray(
            payouts.id,
            made.map((payout) => payout.id),
          ),
        )
        .orderBy(asc(payouts.id))
    : [];
}

/** The Monday 06:00 UTC that starts the week of `now` (the week's payout time, passed or not). */
export function payoutTimeOfWeek(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), PAYOUT_HOUR_UTC));
  const back = (day.getUTCDay() - PAYOUT_WEEKDAY + 7) % 7;
  return new Date(day.getTime() - back * DAY_MS);
}

/** Stripe payouts whose transfer has not gone through. */
export async function unsentTransfers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payouts)
    .where(and(eq(payouts.method, 'stripe'), eq(payouts.status, 'pending')));
  return row?.n ?? 0;
}

export function definePayoutJob(queue: JobQueue, deps: { db: Db; transfers: Transfers | null; log: PayoutLog }): void {
  queue.define<{ week: string }>({
    name: PAYOUT_JOB,
    // Kept 30 days: the week's job id must outlive the week, or the scan would send that week's job again.
    options: {
      retryLimit: 8,
      retryDelay: 60,
      retryBackoff: true,
      retryDelayMax: 3600,
      deleteAfterSeconds: 30 * 24 * 3600,
    },
    handler: async () => {
      await runPayouts(deps.db, deps.transfers, new Date(), deps.log);
      // A transfer Stripe refused: the job fails, so the queue retries it (with backoff) and the admin sees it.
      const unsent = deps.transfers ? await unsentTransfers(deps.db) : 0;
      if (unsent) throw new Error(`${unsent} payout transfer(s) did not go through; retrying`);
    },
  });
}

/** Queues this week's payout run (once: the week is the job's id); every process may call it on its scan. */
export async function schedulePayouts(queue: JobQueue, now = new Date()): Promise<boolean> {
  const at = payoutTimeOfWeek(now);
  const week = at.toISOString().slice(0, 10);
  return (await queue.send(PAYOUT_JOB, { week }, { id: occurrenceJobId(`payouts:${week}`), startAfter: at })) !== null;
}

/** Payouts with their sellers (these ids, or all): the ones waiting to be paid by hand first, 200 at most. */
export async function listPayouts(db: Db, ids?: number[]) {
  const rows = await db
    .select({ payout: payouts, name: users.name, email: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .where(ids ? inArray(payouts.id, ids) : undefined)
    .orderBy(
      sql`${payouts.status} = 'paid'`,
      sql`case when ${payouts.status} = 'pending' then ${payouts.id} else -${payouts.id} end`,
    )
    .limit(200);
  return rows.map(({ payout, name, email }) => ({
    ...payoutOf(payout),
    seller_id: payout.sellerId,
    seller_name: name,
    seller_email: email,
  }));
}

export async function payoutById(db: Db, id: number): Promise<PayoutRow | undefined> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, id));
  return payout;
}

/** Marks a pending payout paid by an admin (a paid one is left as it is). */
export async function markPayoutPaid(db: Db, id: number, by: number, reference: string | null): Promise<void> {
  await db
    .update(payouts)
    .set({ status: 'paid', paidAt: new Date(), paidBy: by, reference })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')));
}
