import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core-schema';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const programId = () => bigint('program_id', { mode: 'number' }).notNull();

/** An admin's decision on a program: the latest one is what the creator sees (with its reason when rejected). */
export const programReviews = pgTable(
  'program_review',
  {
    id: serial('id').primaryKey(),
    programId: programId(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: ['approve', 'reject', 'unpublish'] }).notNull(),
    reason: text('reason'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('program_review_program_idx').on(t.programId, t.id)],
);

/**
 * A buyer's checkout of a paid program. One per (buyer, Idempotency-Key): a retried or double-clicked
 * "Buy" finds the same one. Completed exactly once, by the provider's signed event.
 */
export const checkouts = pgTable(
  'checkout',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: programId(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** The provider's own id of it (a Stripe Checkout Session id); null for the test provider. */
    providerRef: text('provider_ref'),
    /** Where the buyer pays: the app's own page (test provider) or Stripe's hosted Checkout page. */
    url: text('url'),
    status: text('status', { enum: ['open', 'requires_action', 'completed'] })
      .notNull()
      .default('open'),
    /** The coupon taken off the price (`amountCents` is what is left to pay); counted as used on completion. */
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    discountCents: integer('discount_cents').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
    completedAt: instant('completed_at'),
  },
  (t) => [uniqueIndex('checkout_user_key_idx').on(t.userId, t.idempotencyKey)],
);

/**
 * A creator's coupon for one of their programs: a percent or an amount off, a use limit and an expiry.
 * A code is unique per program (case-insensitive: stored upper-case).
 */
export const coupons = pgTable(
  'coupon',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: programId(),
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    expiresAt: instant('expires_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_program_code_idx').on(t.programId, t.code), index('coupon_seller_idx').on(t.sellerId)],
);

/**
 * A sale: the ledger entry of one completed checkout (unique, so a replayed event cannot book it twice).
 * Every amount is integer minor units of `currency`; gross = platform fee + processing fee + tax + net.
 */
export const transactions = pgTable(
  'program_transaction',
  {
    id: serial('id').primaryKey(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: programId(),
    subscriptionId: integer('subscription_id'),
    currency: text('currency').notNull(),
    grossCents: integer('gross_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    processingFeeCents: integer('processing_fee_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    state: text('state', { enum: ['paid', 'refunded'] })
      .notNull()
      .default('paid'),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** What the provider refunds against (a Stripe PaymentIntent id; the test provider's own reference). */
    providerPaymentRef: text('provider_payment_ref'),
    createdAt: instant('created_at').notNull().defaultNow(),
    availableAt: instant('available_at').notNull(),
    refundedAt: instant('refunded_at'),
    /** The buyer asked for a refund (within the window), with their reason; the creator or an admin approves or declines. */
    refundRequestedAt: instant('refund_requested_at'),
    refundReason: text('refund_reason'),
    /** The payout that carried this sale's net to the creator; null while it is pending or available. */
    payoutId: integer('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('program_transaction_checkout_idx').on(t.checkoutId),
    index('program_transaction_seller_idx').on(t.sellerId, t.createdAt),
    index('program_transaction_buyer_idx').on(t.buyerId, t.programId),
    index('program_transaction_payout_idx').on(t.payoutId),
  ],
);

/**
 * A creator's payout of one currency's available balance: the sales it carries point at it. Made by the weekly
 * payout job; sent at once as a Stripe Connect transfer when the creator has a connected account and Stripe is
 * configured (`paid`), otherwise `pending` until an admin pays it by hand and marks it paid.
 */
export const payouts = pgTable(
  'payout',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amountCents: integer('amount_cents').notNull(),
    sales: integer('sales').notNull(),
    method: text('method', { enum: ['stripe', 'manual'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid'] })
      .notNull()
      .default('pending'),
    /** The Stripe transfer's id, or what the admin noted (a bank reference). */
    reference: text('reference'),
    createdAt: instant('created_at').notNull().defaultNow(),
    paidAt: instant('paid_at'),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('payout_seller_idx').on(t.sellerId, t.createdAt), index('payout_status_idx').on(t.status, t.createdAt)],
);

/**
 * The platform's fee for one author (all their programs) or one program, in basis points (1000 = 10%), set by an
 * admin; a program's rate wins over its author's, and the author's over the default (PLATFORM_FEE_PERCENT).
 * An author's row also holds their Stripe Connect account, where payouts are transferred.
 */
export const earningRates = pgTable(
  'earning_rate',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'cascade' }),
    programId: bigint('program_id', { mode: 'number' }),
    platformFeeBp: integer('platform_fee_bp'),
    stripeAccountId: text('stripe_account_id'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('earning_rate_seller_idx').on(t.sellerId),
    uniqueIndex('earning_rate_program_idx').on(t.programId),
  ],
);

/** A buyer's "mark complete" on one chapter of a program (the course player's progress and resume point). */
export const chapterCompletions = pgTable(
  'chapter_completion',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: programId(),
    chapterId: bigint('chapter_id', { mode: 'number' }).notNull(),
    completedAt: instant('completed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chapter_completion_idx').on(t.userId, t.chapterId),
    index('chapter_completion_program_idx').on(t.userId, t.programId),
  ],
);

/**
 * What an admin set on an author's public page (`/author/:x`): a verified mark, and the page's name, bio, photo (an
 * upload's id) and links. A name left null shows the account's name. One row per author, made on the first change.
 */
export const authorProfiles = pgTable('author_profile', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name'),
  bio: text('bio'),
  photo: text('photo'),
  links: jsonb('links').$type<{ label: string; url: string }[]>().notNull().default([]),
  verifiedAt: instant('verified_at'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** A buyer's latest answers to one lesson's quiz, with the score they got (the course player shows it again). */
export const quizAttempts = pgTable(
  'quiz_attempt',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: programId(),
    chapterId: bigint('chapter_id', { mode: 'number' }).notNull(),
    /** The index of the choice picked for each question, in the quiz's order (null: left unanswered). */
    answers: jsonb('answers').$type<(number | null)[]>().notNull(),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    answeredAt: instant('answered_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quiz_attempt_idx').on(t.userId, t.chapterId)],
);
