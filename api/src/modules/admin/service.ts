import type { Role } from '@lifeboard/shared/models/user';
import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** A page of accounts by id, after the id given. */
export function usersAfter(db: Db, after: number, limit: number) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, created_at: users.createdAt })
    .from(users)
    .where(gt(users.id, after))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** Gives an account a role; the account as it now is, or undefined when there is none with that id. */
export async function setRole(db: Db, userId: number, role: Role) {
  const [row] = await db
    .update(users)
    .set({ role })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, role: users.role });
  return row;
}
