import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boards, tokens, users } from '../../db/schema';
import { hashToken, newToken } from '../../plugins/auth';
import { deviceName } from './device-name';

/** Issues a token for a device; a device keeps one token, so signing in again replaces the old one. */
export async function issueToken(
  db: Db,
  userId: number,
  deviceId: string | undefined,
  userAgent: string | undefined,
): Promise<string> {
  const token = newToken();
  if (deviceId) {
    await db
      .update(tokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(tokens.userId, userId), eq(tokens.deviceId, deviceId), isNull(tokens.revokedAt)));
  }
  await db
    .insert(tokens)
    .values({ userId, tokenHash: hashToken(token), deviceId: deviceId ?? null, name: deviceName(userAgent) });
  return token;
}

/** A new account with its `Default Board`, set as the default. */
export async function createAccount(
  db: Db,
  input: {
    name: string;
    email: string;
    passwordHash: string;
    role: 'user' | 'creator' | 'admin';
    programGuid?: string;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        passwordHash: input.passwordHash,
        role: input.role,
        usingAsUser: input.role !== 'creator',
        programGuid: input.programGuid ?? null,
      })
      .returning({ id: users.id });
    const [board] = await tx
      .insert(boards)
      .values({ userId: user.id, name: 'Default Board' })
      .returning({ id: boards.id });
    await tx.update(users).set({ defaultBoardId: board.id }).where(eq(users.id, user.id));
    return user.id;
  });
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}
