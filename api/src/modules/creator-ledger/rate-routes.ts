import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { feeSettingsOf, splitSale } from './ledger';
import {
  authorRate,
  basisPointsOf,
  effectiveRate,
  percentOf,
  programsOf,
  ratedAuthors,
  setAuthorRate,
  setProgramRate,
} from './rates';

const rate = z.object({ platform_fee_percent: z.number(), source: z.enum(['program', 'author', 'default']) });
const settings = {
  default_percent: z.number().describe('The platform fee where no rate is set (PLATFORM_FEE_PERCENT).'),
  processing_percent: z.number(),
  processing_fixed_cents: z.number().int(),
  tax_percent: z.number(),
  refund_window_days: z.number().int(),
};
const programRate = z.object({
  id: z.number().int(),
  guid: z.string(),
  title: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  own_percent: z.number().nullable().describe("The program's own rate, if an admin set one."),
  rate,
  split: z
    .object({
      tax_cents: z.number().int(),
      platform_fee_cents: z.number().int(),
      processing_fee_cents: z.number().int(),
      net_cents: z.number().int(),
    })
    .describe('A sale at the current price, split by this rate.'),
});

const creatorRates = documented(
  z
    .object({ success: z.literal(true), ...settings, author: rate, programs: z.array(programRate) })
    .meta({ description: "What the platform keeps of the caller's sales: their own rate, and each program's." }),
);
const adminRates = documented(
  z
    .object({
      success: z.literal(true),
      ...settings,
      authors: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          email: z.string(),
          own_percent: z.number().nullable(),
          stripe_account_id: z.string().nullable(),
          programs: z.array(programRate),
        }),
      ),
    })
    .meta({
      description: 'Creators (and anyone with a program), 200 at most, with their rates and their programs\u2019.',
    }),
);
const rateSaved = documented(
  z.object({ success: z.literal(true) }).meta({ description: 'Saved; sales from now on use it.' }),
);

const percent = z
  .number()
  .min(0, 'must be between 0 and 100')
  .max(100, 'must be between 0 and 100')
  .refine(
    (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'may have at most two decimals',
  );

/** Earning rates: a creator reads theirs; an admin sets a platform fee per author or per program, and an author's Stripe account. */
export async function earningRateRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const fees = feeSettingsOf(app.env);
  const base = {
    default_percent: fees.platformFeePercent,
    processing_percent: fees.processingFeePercent,
    processing_fixed_cents: fees.processingFeeFixedCents,
    tax_percent: fees.taxPercent,
    refund_window_days: fees.refundWindowDays,
  };

  /** A program with its own rate, the rate that applies under its author's, and how a sale of it splits. */
  const programRate = (p: Awaited<ReturnType<typeof programsOf>>[number], authorBp: number | null | undefined) => {
    const rate = effectiveRate(fees.platformFeePercent, authorBp, p.own);
    return {
      id: p.id,
      guid: p.guid,
      title: p.title,
      price_cents: p.price_cents,
      currency: p.currency,
      own_percent: p.own === null ? null : percentOf(p.own),
      rate,
      split: splitSale(p.price_cents, { ...fees, platformFeePercent: rate.platform_fee_percent }),
    };
  };

  api.get(
    '/api/creator/earning-rates',
    {
      schema: {
        tags: ['creator'],
        summary: "What the platform keeps of the caller's sales (their rate and each program's)",
        response: { 200: creatorRates },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const [own, list] = await Promise.all([authorRate(app.db, userId), programsOf(app.db, [userId])]);
      return {
        success: true as const,
        ...base,
        author: effectiveRate(fees.platformFeePercent, own, null),
        programs: list.map((p) => programRate(p, own)),
      };
    },
  );

  api.get(
    '/api/admin/earning-rates',
    {
      schema: {
        tags: ['admin'],
        summary: 'Creators and their programs with their earning rates, for an admin to set',
        response: { 200: adminRates },
      },
      onRequest: app.requireAdmin,
    },
    async () => {
      const authors = await ratedAuthors(app.db);
      const list = await programsOf(
        app.db,
        authors.map((author) => author.id),
      );
      return {
        success: true as const,
        ...base,
        authors: authors.map((author) => ({
          id: author.id,
          name: author.name,
          email: author.email,
          own_percent: author.bp === null ? null : percentOf(author.bp),
          stripe_account_id: author.account,
          programs: list.filter((p) => p.userId === author.id).map((p) => programRate(p, author.bp)),
        })),
      };
    },
  );

  api.post(
    '/api/admin/earning-rates',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Set (or clear, with null) the platform fee of an author or of a program, and an author's Stripe Connect account; sales from now on use it",
        body: z
          .object({
            seller_id: dbId.optional(),
            program_id: dbId.optional(),
            platform_fee_percent: percent.nullable(),
            stripe_account_id: z
              .string()
              .trim()
              .regex(/^acct_[A-Za-z0-9]{6,64}$/, 'must be a Stripe account id like acct_1Nv0FGQ9RKHgCVdK')
              .nullable()
              .optional(),
          })
          .strict(),
        response: { 200: rateSaved, ...errorsOf(404, 422) },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const {
        seller_id: sellerId,
        program_id: programId,
        platform_fee_percent: fee,
        stripe_account_id: account,
      } = request.body;
      if ((sellerId === undefined) === (programId === undefined))
        throw invalid({ seller_id: ['give either an author (seller_id) or a program (program_id)'] });
      if (programId !== undefined && account !== undefined)
        throw invalid({ stripe_account_id: ['belongs to an author, not a program'] });
      const bp = fee === null ? null : basisPointsOf(fee);
      if (sellerId !== undefined) {
        if (!(await setAuthorRate(app.db, sellerId, bp, account))) throw notFound('No such author.');
      } else if (programId !== undefined) {
        if (!(await setProgramRate(app.db, programId, bp))) throw notFound('No such program.');
      }
      return { success: true as const };
    },
  );
}
