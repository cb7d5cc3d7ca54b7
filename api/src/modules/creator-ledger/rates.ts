import type { EarningRate } from '@lifeboard/shared/api/creator-ledger';
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { earningRates } from '../../db/schema';
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
