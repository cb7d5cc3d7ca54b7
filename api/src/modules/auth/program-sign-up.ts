import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { findPublishedProgram, installProgram, priceOf } from '../programs/install';

export interface SignUpSubscription {
  program_id: number;
  board: { id: number; name: string };
}

/**
 * Sign-up through `/sign-up/:programGuid`: the new account is subscribed to that published program (its own
 * board, spec §4) and that board becomes the default, so the user lands in it. An unknown or withdrawn
 * program, or a failure here, leaves a plain account: the account exists either way and sign-up must not fail.
 */
export async function subscribeNewAccount(
  app: FastifyInstance,
  userId: number,
  programGuid: string,
): Promise<SignUpSubscription | null> {
  try {
    const program = await findPublishedProgram(app.db, programGuid);
    // A paid program is bought after sign-up (the program link leads to its checkout), never given away here.
    if (!program || priceOf(program).cents > 0) return null;
    const board = await installProgram(app, userId, program);
    await app.db.update(users).set({ defaultBoardId: board.id }).where(eq(users.id, userId));
    return { program_id: program.id, board };
  } catch (error) {
    app.log.error({ err: error, userId, programGuid }, 'subscribing a new account to its program failed');
    return null;
  }
}
