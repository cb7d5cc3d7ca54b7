import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { coupons } from '../../db/schema';
import { AppError, invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { findPublishedProgram, priceOf } from '../programs/install';

/** The least a discounted checkout may ask (Stripe's minimum charge in USD and EUR is 0.50). */
export const MIN_CHARGE_CENTS = 50;

export type Coupon = typeof coupons.$inferSelect;

/** A code as stored and compared: upper-case, so "save20" finds "SAVE20". */
export const couponCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, 'must be 3–32 letters, digits, - or _')
  .transform((code) => code.toUpperCase());

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

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

const couponView = z.object({
  id: z.number().int(),
  program_id: z.number().int(),
  program_title: z.string(),
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  currency: z.string(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
const couponList = documented(
  z
    .object({ success: z.literal(true), coupons: z.array(couponView) })
    .meta({ description: "The caller's coupons, newest first." }),
);
const couponMade = documented(
  z.object({ success: z.literal(true), coupon: couponView }).meta({ description: 'The coupon.' }),
);
const couponChecked = documented(
  z
    .object({
      success: z.literal(true),
      code: z.string(),
      price_cents: z.number().int(),
      discount_cents: z.number().int(),
      amount_cents: z.number().int(),
      currency: z.string(),
    })
    .meta({ description: 'What the buyer would pay with the code.' }),
);
const done = documented(z.object({ success: z.literal(true) }).meta({ description: 'Done.' }));

/** Coupons: a creator makes them per program; a buyer checks one on the purchase page and uses it at checkout. */
export async function couponRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const programs = modelTables.program;

  const present = (coupon: Coupon, data: Record<string, unknown>) => ({
    id: coupon.id,
    program_id: coupon.programId,
    program_title: String(data.title ?? ''),
    code: coupon.code,
    percent_off: coupon.percentOff,
    amount_off_cents: coupon.amountOffCents,
    currency: priceOf({ data }).currency,
    max_uses: coupon.maxUses,
    uses: coupon.uses,
    expires_at: coupon.expiresAt?.toISOString() ?? null,
    created_at: coupon.createdAt.toISOString(),
  });

  api.post(
    '/api/coupon/create',
    {
      schema: {
        tags: ['creator'],
        summary:
          'A coupon for one of your programs: a percent (1–100) or an amount off, an optional use limit and expiry',
        body: z
          .object({
            program_id: dbId,
            code: couponCode,
            percent_off: z.number().int().min(1).max(100).optional(),
            amount_off_cents: z.number().int().min(1).max(10_000_000).optional(),
            max_uses: z.number().int().min(1).max(1_000_000).optional(),
            expires_at: z.iso.datetime({ offset: true }).optional(),
          })
          .strict(),
        response: { 200: couponMade, ...errorsOf(404, 409, 422) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const body = request.body;
      if ((body.percent_off === undefined) === (body.amount_off_cents === undefined))
        throw invalid({ percent_off: ['give either a percent or an amount off'] });
      const [program] = await app.db
        .select({ id: programs.id, data: programs.data })
        .from(programs)
        .where(and(eq(programs.id, body.program_id), eq(programs.userId, userId)));
      if (!program) throw notFound('No such program of yours.');
      const price = priceOf(program);
      if (price.cents === 0) throw invalid({ program_id: ['is free: coupons are for priced programs'] });
      if (body.amount_off_cents !== undefined && price.cents - body.amount_off_cents < MIN_CHARGE_CENTS) {
        throw invalid({
          amount_off_cents: [
            `must leave at least ${money(MIN_CHARGE_CENTS, price.currency)} of the ${money(price.cents, price.currency)} price`,
          ],
        });
      }
      const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
      if (expiresAt && expiresAt <= new Date()) throw invalid({ expires_at: ['is in the past'] });
      const [coupon] = await app.db
        .insert(coupons)
        .values({
          sellerId: userId,
          programId: program.id,
          code: body.code,
          percentOff: body.percent_off ?? null,
          amountOffCents: body.amount_off_cents ?? null,
          maxUses: body.max_uses ?? null,
          expiresAt,
        })
        .onConflictDoNothing()
        .returning();
      if (!coupon) throw new AppError(409, 'LB-CONFLICT', `This program already has a coupon ${body.code}.`);
      return { success: true as const, coupon: present(coupon, program.data) };
    },
  );

  api.get(
    '/api/coupon/mine',
    {
      schema: {
        tags: ['creator'],
        summary: "The caller's coupons, newest first (500 at most)",
        response: { 200: couponList },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const rows = await app.db
        .select({ coupon: coupons, data: programs.data })
        .from(coupons)
        .innerJoin(programs, eq(programs.id, coupons.programId))
        .where(eq(coupons.sellerId, authOf(request).userId))
        .orderBy(desc(coupons.id))
        .limit(500);
      return { success: true as const, coupons: rows.map((r) => present(r.coupon, r.data)) };
    },
  );

  api.post(
    '/api/coupon/delete',
    {
      schema: {
        tags: ['creator'],
        summary: 'Delete one of your coupons (checkouts that used it keep their price)',
        body: z.object({ id: dbId }).strict(),
        response: { 200: done, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const [gone] = await app.db
        .delete(coupons)
        .where(and(eq(coupons.id, request.body.id), eq(coupons.sellerId, authOf(request).userId)))
        .returning({ id: coupons.id });
      if (!gone) throw notFound('No such coupon of yours.');
      return { success: true as const };
    },
  );

  api.post(
    '/api/coupon/check',
    {
      schema: {
        tags: ['payments'],
        summary: 'What a published program costs with a coupon code (the purchase page shows it before checkout)',
        body: z.object({ program_guid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/), coupon_code: couponCode }).strict(),
        response: { 200: couponChecked, ...errorsOf(404, 422) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const program = await findPublishedProgram(app.db, request.body.program_guid);
      if (!program) throw notFound('No published program has this link.');
      const found = await discountedPrice(app.db, program, request.body.coupon_code);
      return {
        success: true as const,
        code: found.coupon.code,
        price_cents: found.price.cents,
        discount_cents: found.discountCents,
        amount_cents: found.amountCents,
        currency: found.price.currency,
      };
    },
  );
}

/** Counts a coupon used, once, by the checkout that completed with it (inside the completion's transaction). */
export async function countCouponUse(tx: Db, couponId: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(eq(coupons.id, couponId));
}
