import type { EarningRate } from '@lifeboard/shared/api/creator-ledger';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { earningRates, users } from '../../db/schema';
import type { FeeSettings } from './ledger';

/** A percent as stored: basis points (7.5% is 750), so a rate is an integer like every amount. */
export const basisPointsOf = (percent: number) => Math.round(percent * 100);
export const percentOf = (basisPoints: number) => basisPoints / 100;

/** The rate that applies to a program, given its own row and its author's (either may be missing or unset). */
export function effectiveRate(
  defaultPercent: number,
  author: number | null | undefined,
  program: number | null | undefined,
): EarningRate {
  if (program !== null && program !== undefined) return { platform_fee_percent: percentOf(program), source: 'program' };
  if (author !== null && author !== undefined) return { platform_fee_percent: percentOf(author), source: 'author' };
  return { platform_fee_percent: defaultPercent, source: 'default' };
}

/** An author's and a program's rows, read in one statement (the checkout's completion reads this). */
export async function ratesFor(
  db: Db,
  sellerId: number,
  programId: number,
): Promise<{ author: number | null; program: number | null }> {
  const rows = await db
    .select({ sellerId: earningRates.sellerId, programId: earningRates.programId, bp: earningRates.platformFeeBp })
    .from(earningRates)
    .where(or(eq(earningRates.sellerId, sellerId), eq(earningRates.programId, programId)));
  return {
    author: rows.find((row) => row.sellerId === sellerId)?.bp ?? null,
    program: rows.find((row) => row.programId === programId)?.bp ?? null,
  };
}

/** The fee settings a sale of this program is split by: the platform's fee is the program's or its author's rate. */
export async function feesForSale(
  db: Db,
  fees: FeeSettings,
  sellerId: number,
  programId: number,
): Promise<FeeSettings> {
  const { author, program } = await ratesFor(db, sellerId, programId);
  return { ...fees, platformFeePercent: effectiveRate(fees.platformFeePercent, author, program).platform_fee_percent };
}

/** The author's own rate (basis points), or undefined when none is set. */
export async function authorRate(db: Db, sellerId: number): Promise<number | null | undefined> {
  const [row] = await db
    .select({ bp: earningRates.platformFeeBp })
    .from(earningRates)
    .where(eq(earningRates.sellerId, sellerId));
  return row?.bp;
}

/** The programs of these authors with their own rates (basis points, null when unset), by id. */
export async function programsOf(db: Db, sellerIds: number[]) {
  if (!sellerIds.length) return [];
  const programs = modelTables.program;
  const rows = await db
    .select({ id: programs.id, userId: programs.userId, data: programs.data, own: earningRates.platformFeeBp })
    .from(programs)
    .leftJoin(earningRates, eq(earningRates.programId, programs.id))
    .where(inArray(programs.userId, sellerIds))
    .orderBy(asc(programs.id));
  return rows.map((row) => ({
    userId: row.userId,
    id: row.id,
    own: row.own,
    guid: String(row.data.guid ?? ''),
    title: String(row.data.title ?? ''),
    price_cents: Number(row.data.price_cents ?? 0) || 0,
    currency: String(row.data.currency ?? 'USD'),
  }));
}

/** Creators and anyone with a program, by name (200 at most), with their own rate and Stripe account. */
export function ratedAuthors(db: Db) {
  const programs = modelTables.program;
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      bp: earningRates.platformFeeBp,
      account: earningRates.stripeAccountId,
    })
    .from(users)
    .leftJoin(earningRates, eq(earningRates.sellerId, users.id))
    .where(
      or(eq(users.role, 'creator'), sql`exists (select 1 from ${programs} where ${programs.userId} = ${users.id})`),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(200);
}

/**
 * Sets (null: clears) an author's rate, and their Stripe account when given; false for an unknown user.
 */
export async function setAuthorRate(
  db: Db,
  sellerId: number,
  bp: number | null,
  account: string | null | undefined,
): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, sellerId));
  if (!user) return false;
  const values = {
    sellerId,
    platformFeeBp: bp,
    ...(account !== undefined ? { stripeAccountId: account } : {}),
    updatedAt: new Date(),
  };
  await db.insert(earningRates).values(values).onConflictDoUpdate({ target: earningRates.sellerId, set: values });
  return true;
}

/** Sets (null: clears) a program's rate; false for an unknown program. */
export async function setProgramRate(db: Db, programId: number, bp: number | null): Promise<boolean> {
  const programs = modelTables.program;
  const [program] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, programId));
  if (!program) return false;
  const values = { programId, platformFeeBp: bp, updatedAt: new Date() };
  await db.insert(earningRates).values(values).onConflictDoUpdate({ target: earningRates.programId, set: values });
  return true;
}
