import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { boards, checkouts, subscriptions, transactions, users } from '../../db/schema';

/** The payments module's reads and writes; its routes validate, apply the rules, call these and shape answers. */

const programs = () => modelTables.program;

export type Checkout = typeof checkouts.$inferSelect;
export type Sale = typeof transactions.$inferSelect;

/** The buyer's checkout made with this Idempotency-Key, if any. */
export async function checkoutByKey(db: Db, userId: number, key: string): Promise<Checkout | undefined> {
  const [found] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.idempotencyKey, key)));
  return found;
}

/** The author of a program. */
export async function programAuthor(db: Db, programId: number): Promise<number | undefined> {
  const t = programs();
  const [row] = await db.select({ userId: t.userId }).from(t).where(eq(t.id, programId));
  return row?.userId;
}

/**
 * Opens a checkout for the key, then answers the key's checkout: two clicks at once both insert, the unique
 * (user, key) lets one through and the other reads it.
 */
export async function openCheckout(
  db: Db,
  values: Omit<typeof checkouts.$inferInsert, 'id' | 'idempotencyKey'> & { idempotencyKey: string },
): Promise<Checkout> {
  await db
    .insert(checkouts)
    .values({ id: `co_${randomBytes(16).toString('base64url')}`, ...values })
    .onConflictDoNothing();
  return (await checkoutByKey(db, values.userId, values.idempotencyKey)) as Checkout;
}

/** The address the provider's checkout page shows the buyer ('' when the account has none). */
export async function buyerEmail(db: Db, userId: number): Promise<string> {
  const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return buyer?.email ?? '';
}

/** Records the provider's session of a checkout. */
export async function setCheckoutSession(
  db: Db,
  checkoutId: string,
  providerRef: string | null,
  url: string,
): Promise<void> {
  await db.update(checkouts).set({ providerRef, url }).where(eq(checkouts.id, checkoutId));
}

/** One of the buyer's checkouts with its program's data, and once completed the board it went into. */
export async function checkoutWithBoard(db: Db, userId: number, checkoutId: string) {
  const t = programs();
  const [row] = await db
    .select({ checkout: checkouts, data: t.data })
    .from(checkouts)
    .innerJoin(t, eq(t.id, checkouts.programId))
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)));
  if (!row) return undefined;
  const [board] =
    row.checkout.status === 'completed'
      ? await db
          .select({ id: boards.id, name: boards.name })
          .from(transactions)
          .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
          .innerJoin(boards, eq(boards.id, subscriptions.boardId))
          .where(eq(transactions.checkoutId, row.checkout.id))
      : [];
  return { ...row, board: board ?? null };
}

/** One of the buyer's checkouts. */
export async function ownCheckout(db: Db, userId: number, checkoutId: string): Promise<Checkout | undefined> {
  const [checkout] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)));
  return checkout;
}

/** An open checkout now waits for the buyer to confirm the card. */
export async function markRequiresAction(db: Db, checkoutId: string): Promise<void> {
  await db
    .update(checkouts)
    .set({ status: 'requires_action' })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'open')));
}

/** A sale by its id, whoever's it is (the caller checks who may see it). */
export async function saleById(db: Db, id: number): Promise<Sale | undefined> {
  const [sale] = await db.select().from(transactions).where(eq(transactions.id, id));
  return sale;
}

/** A purchase of the buyer. */
export async function purchaseOf(db: Db, buyerId: number, id: number): Promise<Sale | undefined> {
  const [sale] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.buyerId, buyerId)));
  return sale;
}

/** Records the buyer's refund request once; answers when it was made (`at` when this call recorded it). */
export async function requestRefund(db: Db, saleId: number, at: Date, reason: string | null): Promise<Date> {
  const [row] = await db
    .update(transactions)
    .set({ refundRequestedAt: at, refundReason: reason })
    .where(and(eq(transactions.id, saleId), eq(transactions.state, 'paid'), isNull(transactions.refundRequestedAt)))
    .returning({ at: transactions.refundRequestedAt });
  return row?.at ?? at;
}

/** Clears a sale's refund request: the sale stands. */
export async function declineRefund(db: Db, saleId: number): Promise<void> {
  await db.update(transactions).set({ refundRequestedAt: null, refundReason: null }).where(eq(transactions.id, saleId));
}

/** Open refund requests of paid sales, oldest first (200 at most), with the program, buyer and seller. */
export function openRefundRequests(db: Db) {
  const t = programs();
  const sellers = alias(users, 'seller');
  return db
    .select({ sale: transactions, data: t.data, buyer: users.name, seller: sellers.name })
    .from(transactions)
    .innerJoin(t, eq(t.id, transactions.programId))
    .leftJoin(users, eq(users.id, transactions.buyerId))
    .innerJoin(sellers, eq(sellers.id, transactions.sellerId))
    .where(and(eq(transactions.state, 'paid'), isNotNull(transactions.refundRequestedAt)))
    .orderBy(asc(transactions.refundRequestedAt))
    .limit(200);
}
