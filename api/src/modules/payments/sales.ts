import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { checkouts, subscriptions, transactions } from '../../db/schema';
import { availableAt, splitSale, type FeeSettings } from '../creator-ledger/ledger';
import { feesForSale } from '../creator-ledger/rates';
import { installProgramIn } from '../programs/install';
import type { PaymentEvent } from './providers';
import { countCouponUse } from './coupons';

export type Completion =
  | { outcome: 'completed' | 'already'; transactionId: number; board: { id: number; name: string } | null }
  | { outcome: 'unknown' | 'mismatch' };

/**
 * Books a paid checkout exactly once: the buyer's subscription (the program installed into its board) and
 * the sale with its split, in one transaction. The checkout row is locked first, so concurrent copies of one
 * event queue behind each other and find it completed; the unique checkout id of a sale backs that up.
 */
export async function completeCheckout(
  db: Db,
  fees: FeeSettings,
  event: Extract<PaymentEvent, { kind: 'completed' }>,
): Promise<Completion> {
  return db.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, event.checkoutId)).for('update');
    if (!checkout) return { outcome: 'unknown' as const };
    if (checkout.status === 'completed') {
      const [sale] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.checkoutId, checkout.id));
      return { outcome: 'already' as const, transactionId: sale?.id ?? 0, board: null };
    }
    // What was paid must be what was asked: anything else is booked by nobody and looked at by a person.
    if (event.amountCents !== checkout.amountCents || event.currency !== checkout.currency)
      return { outcome: 'mismatch' as const };
    const programs = modelTables.program;
    const [program] = await tx
      .select({ id: programs.id, userId: programs.userId, data: programs.data })
      .from(programs)
      .where(eq(programs.id, checkout.programId));
    if (!program) return { outcome: 'unknown' as const };
    const { board, subscriptionId } = await installProgramIn(tx, checkout.userId, program);
    const now = new Date();
    // The platform's fee is the program's or its author's earning rate when an admin set one.
    const saleFees = await feesForSale(tx, fees, program.userId, program.id);
    const [sale] = await tx
      .insert(transactions)
      .values({
        checkoutId: checkout.id,
        buyerId: checkout.userId,
        sellerId: program.userId,
        programId: program.id,
        subscriptionId,
        currency: checkout.currency,
        grossCents: checkout.amountCents,
        ...columnsOf(splitSale(checkout.amountCents, saleFees)),
        provider: checkout.provider,
        providerPaymentRef: event.paymentRef,
        createdAt: now,
        availableAt: availableAt(now, fees),
      })
      .returning({ id: transactions.id });
    await tx.update(checkouts).set({ status: 'completed', completedAt: now }).where(eq(checkouts.id, checkout.id));
    if (checkout.couponId !== null) await countCouponUse(tx, checkout.couponId);
    return { outcome: 'completed' as const, transactionId: sale.id, board };
  });
}

function columnsOf(split: ReturnType<typeof splitSale>) {
  return {
    taxCents: split.tax_cents,
    platformFeeCents: split.platform_fee_cents,
    processingFeeCents: split.processing_fee_cents,
    netCents: split.net_cents,
  };
}

/** Whether the user holds a paid, unrefunded sale of the program (what a paid program's chapters need). */
export async function hasPaid(db: Db, userId: number, programId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.buyerId, userId), eq(transactions.programId, programId), eq(transactions.state, 'paid')))
    .limit(1);
  return Boolean(row);
}

/**
 * Books a refund: the sale is refunded (its net leaves the creator's balances) and the buyer's subscription
 * ends, so the chapters close. Only a paid sale changes: a second refund of the same sale changes nothing.
 */
export async function bookRefund(db: Db, saleId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [sale] = await tx
      .update(transactions)
      .set({ state: 'refunded', refundedAt: new Date() })
      .where(and(eq(transactions.id, saleId), eq(transactions.state, 'paid')))
      .returning({ buyerId: transactions.buyerId, programId: transactions.programId });
    if (!sale) return false;
    if (sale.buyerId !== null) {
      await tx
        .update(subscriptions)
        .set({ status: 'cancelled' })
        .where(
          and(
            eq(subscriptions.userId, sale.buyerId),
            sql`${subscriptions.programId} = ${sale.programId}`,
            eq(subscriptions.status, 'active'),
          ),
        );
    }
    return true;
  });
}
