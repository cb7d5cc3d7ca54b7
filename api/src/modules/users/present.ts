import { asc, eq } from 'drizzle-orm';
import type { User } from '@lifeboard/shared/models/user';
import type { Db } from '../../db/client';
import { boards, users } from '../../db/schema';
import { notFound } from '../../errors';

type UserRow = typeof users.$inferSelect;

/** The wire shape of a user: spec §3 fields, role, email and boards; never the password hash. */
export function presentUser(row: UserRow, userBoards: { id: number; name: string }[]): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    default_board_id: row.defaultBoardId,
    boards: userBoards,
    completed_onboarding_at: row.completedOnboardingAt?.toISOString() ?? null,
    phone_number: row.phoneNumber,
    tagline: row.tagline,
    show_tagline: row.showTagline,
    lat: row.lat,
    lon: row.lon,
    send_daily_emails: row.sendDailyEmails,
    has_sms_enabled: row.hasSmsEnabled,
    using_as_user: row.usingAsUser,
    timezone: row.timezone,
    ai_model: row.aiModel,
    weight_unit: row.weightUnit,
    weight_increment_kg: row.weightIncrementKg,
  };
}

export function listBoards(db: Db, userId: number) {
  return db
    .select({ id: boards.id, name: boards.name })
    .from(boards)
    .where(eq(boards.userId, userId))
    .orderBy(asc(boards.position), asc(boards.id));
}

export async function loadUser(db: Db, userId: number): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('No such user.');
  return presentUser(row, await listBoards(db, userId));
}
