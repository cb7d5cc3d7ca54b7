import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boards, passwordResets, tokens, users } from '../../db/schema';
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

/**
 * The device's name when this account has never signed in from it (no token, even revoked, with its device id,
 * or without one, with its name), else null: what the audit log records as a sign-in from a new device.
 */
export async function isNewDevice(
  db: Db,
  userId: number,
  deviceId: string | undefined,
  userAgent: string | undefined,
): Promise<string | null> {
  const name = deviceName(userAgent);
  const [seen] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(and(eq(tokens.userId, userId), deviceId ? eq(tokens.deviceId, deviceId) : eq(tokens.name, name)))
    .limit(1);
  return seen ? null : name;
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

export async function findUserById(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/**
 * Sets a new password with a reset link's token (its hash): only while the link is unused and unexpired, and
 * then every other outstanding link of the account dies and every device is signed out. Whether the link was good.
 */
export async function resetPassword(db: Db, userId: number, tokenHash: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          eq(passwordResets.userId, userId),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) return false;
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    // Whoever knew the old password is signed out everywhere.
    await tx
      .update(tokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)));
    return true;
  });
}

/** Sets a new password and signs out every device but the one that changed it. */
export async function changePassword(db: Db, userId: number, passwordHash: string, keptTokenId: number): Promise<void> {
  await storePasswordHash(db, userId, passwordHash);
  await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt), ne(tokens.id, keptTokenId)));
}

/** Stores a password hash made with the current parameters (a sign-in found the stored one made with older ones). */
export async function storePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Revokes one token (a sign-out of the device that holds it). */
export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.update(tokens).set({ revokedAt: new Date() }).where(eq(tokens.id, tokenId));
}
