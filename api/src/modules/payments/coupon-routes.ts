import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { findPublishedProgram, priceOf } from '../programs/install';
import {
  MIN_CHARGE_CENTS,
  couponCode,
  couponsOf,
  deleteCoupon,
  discountedPrice,
  insertCoupon,
  money,
  ownProgram,
  type Coupon,
} from './coupons';

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
      const program = await ownProgram(app.db, userId, body.program_id);
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
      const coupon = await insertCoupon(app.db, {
        sellerId: userId,
        programId: program.id,
        code: body.code,
        percentOff: body.percent_off ?? null,
        amountOffCents: body.amount_off_cents ?? null,
        maxUses: body.max_uses ?? null,
        expiresAt,
      });
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
      const rows = await couponsOf(app.db, authOf(request).userId);
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
      if (!(await deleteCoupon(app.db, authOf(request).userId, request.body.id)))
        throw notFound('No such coupon of yours.');
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
