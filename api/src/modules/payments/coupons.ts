import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { coupons } from '../../db/schema';
import { invalid } from '../../errors';
import { priceOf } from '../programs/install';

/** Coupons' rules, reads and writes; coupon-routes.ts validates, calls these and shapes the answers. */

/** The least a discounted checkout may ask (Stripe's minimum charge in USD and EUR is 0.50). */
export const MIN_CHARGE_CENTS = 50;

export type Coupon = typeof coupons.$inferSelect;

/** A code as stored and compared: upper-case, so "save20" finds "SAVE20". */
export const couponCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, 'must be 3–32 letters, digits, - or _')
  .transform((code) => code.toUpperCase());

export const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/**
 * What a coupon takes off a price, in integer minor units (a percentage rounds to the nearest unit), or why it
 * cannot be used now: expired, used up, or leaving less than the minimum charge.
 */
export function applyCoupon(
  priceCents: number,
  currency: string,
  coupon: Pick<Coupon, 'percentOff' | 'amountOffCents' | 'maxUses' | 'uses' | 'expiresAt'>,
  now: Date,
): { ok: true; discountCents: number; amountCents: number } | { ok: false; reason: string } {
  if (coupon.expiresAt && coupon.expiresAt <= now) return { ok: false, reason: 'has expired' };
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses)
    return { ok: false, reason: 'has been used as many times as it may be' };
  const discount =
    coupon.percentOff !== null
      ? Math.round((priceCents * coupon.percentOff) / 100)
      : Math.min(priceCents, coupon.amountOffCents ?? 0);
  const amount = priceCents - discount;
  if (amount < MIN_CHARGE_CENTS)
    return { ok: false, reason: `would leave less than ${money(MIN_CHARGE_CENTS, currency)} to pay` };
  return { ok: true, discountCents: discount, amountCents: amount };
}

/** The coupon of this code for this program, if the creator made one. */
export async function findCoupon(db: Db, programId: number, code: string): Promise<Coupon | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.programId, programId), eq(coupons.code, code)))
    .limit(1);
  return row;
}

/** The price of a program with a coupon code applied, or a 422 naming what is wrong with the code. */
export async function discountedPrice(
  db: Db,
  program: { id: number; data: Record<string, unknown> },
  code: string,
  now = new Date(),
) {
  const price = priceOf(program);
  const coupon = await findCoupon(db, program.id, code);
  if (!coupon) throw invalid({ coupon_code: ['is not a coupon of this program'] });
  const applied = applyCoupon(price.cents, price.currency, coupon, now);
  if (!applied.ok) throw invalid({ coupon_code: [applied.reason] });
  return { coupon, price, discountCents: applied.discountCents, amountCents: applied.amountCents };
}

/** Counts a coupon used, once, by the checkout that completed with it (inside the completion's transaction). */
export async function countCouponUse(tx: Db, couponId: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(eq(coupons.id, couponId));
}

/** One of the seller's programs (id and data), or undefined. */
export async function ownProgram(db: Db, sellerId: number, programId: number) {
  const t = modelTables.program;
  const [program] = await db
    .select({ id: t.id, data: t.data })
    .from(t)
    .where(and(eq(t.id, programId), eq(t.userId, sellerId)));
  return program;
}

/** Stores a coupon; undefined when the program already has one with this code. */
export async function insertCoupon(
  db: Db,
  values: Omit<typeof coupons.$inferInsert, 'id' | 'uses' | 'createdAt'>,
): Promise<Coupon | undefined> {
  const [coupon] = await db.insert(coupons).values(values).onConflictDoNothing().returning();
  return coupon;
}

/** The seller's coupons with their programs' data, newest first (500 at most). */
export function couponsOf(db: Db, sellerId: number) {
  const t = modelTables.program;
  return db
    .select({ coupon: coupons, data: t.data })
    .from(coupons)
    .innerJoin(t, eq(t.id, coupons.programId))
    .where(eq(coupons.sellerId, sellerId))
    .orderBy(desc(coupons.id))
    .limit(500);
}

/** Deletes one of the seller's coupons; false when there was none. */
export async function deleteCoupon(db: Db, sellerId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.sellerId, sellerId)))
    .returning({ id: coupons.id });
  return gone.length > 0;
}
