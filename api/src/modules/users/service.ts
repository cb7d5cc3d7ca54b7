import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tokens, users } from '../../db/schema';
import { TOKEN_IDLE_MS } from '../../plugins/auth';

/** The users module's reads and writes; its routes validate, call these and shape the answers. */

export type UserChanges = Partial<typeof users.$inferInsert>;

export async function updateUser(db: Db, userId: number, changes: UserChanges): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** The user's signed-in devices, the most recently used first. */
export function activeDevices(db: Db, userId: number) {
  return (
    db
      .select()
      .from(tokens)
      // A token idle past the limit is expired (the auth plugin refuses and revokes it on its next use): not a device.
      .where(
        and(
          eq(tokens.userId, userId),
          isNull(tokens.revokedAt),
          gt(tokens.lastUsedAt, new Date(Date.now() - TOKEN_IDLE_MS)),
        ),
      )
      .orderBy(desc(tokens.lastUsedAt))
  );
}

/** Signs one of the user's devices out; whether it was signed in. */
export async function revokeDevice(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const revoked = await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(tokens.id, tokenId), eq(tokens.userId, userId), isNull(tokens.revokedAt)))
    .returning({ id: tokens.id });
  return revoked.length > 0;
}
