import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  caldavCalendars,
  caldavObjects,
  calendarConnections,
  calendarFeeds,
  calendarVersions,
  users,
} from '../../db/schema';
import { zoneOrUtc } from '@lifeboard/shared/lib/time-zone';

/** The calendar module's reads and writes; its routes validate, call these and shape the answers. */

export type ConnectionRow = typeof calendarConnections.$inferSelect;
export type NewConnection = typeof calendarConnections.$inferInsert;

/** The user's time zone (UTC when unset or unknown to this runtime) and name. */
export async function zoneOf(db: Db, userId: number): Promise<{ zone: string; name: string }> {
  const [user] = await db
    .select({ timezone: users.timezone, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { zone: zoneOrUtc(user?.timezone), name: user?.name ?? '' };
}

/**
 * The user's time zone and calendar version: what a whole calendar answer is kept under. The version grows with
 * every write to what the calendar shows (migration 0023), in the writing transaction.
 */
export async function calendarStateOf(db: Db, userId: number): Promise<{ zone: string; version: number }> {
  const [row] = await db
    .select({ timezone: users.timezone, version: calendarVersions.version })
    .from(users)
    .leftJoin(calendarVersions, eq(calendarVersions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return { zone: zoneOrUtc(row?.timezone), version: row?.version ?? 0 };
}

/** CalDAV accounts' calendars with their event counts, by connection, in name order. */
export async function calendarsOf(db: Db, connectionIds: number[]) {
  if (connectionIds.length === 0) return [];
  return (
    db
      // A Google occurrence that was cancelled is kept (it removes a date from its series) but is no event to count.
      .select({
        calendar: caldavCalendars,
        events: sql<number>`count(${caldavObjects.id}) filter (where jsonb_array_length(${caldavObjects.events}) > 0)`,
      })
      .from(caldavCalendars)
      .leftJoin(caldavObjects, eq(caldavObjects.calendarId, caldavCalendars.id))
      .where(inArray(caldavCalendars.connectionId, connectionIds))
      .groupBy(caldavCalendars.id)
      .orderBy(caldavCalendars.name, caldavCalendars.id)
  );
}

/** The most calendar accounts one user may connect. */
export const MAX_CONNECTIONS = 50;

/** How many calendars the user has connected. */
export async function connectionCount(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId));
  return rows.length;
}

/** Every connection of the user, oldest first. */
export function connectionsOf(db: Db, userId: number) {
  return db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId))
    .orderBy(calendarConnections.id);
}

/** The user's connection `id` (of `provider`, when given), or undefined. */
export async function ownConnection(
  db: Db,
  userId: number,
  id: number,
  providers?: readonly ConnectionRow['provider'][],
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.id, id),
        eq(calendarConnections.userId, userId),
        providers ? inArray(calendarConnections.provider, [...providers]) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Records a sync of the connection that started at `startedAt` (its copy is as of then), with its error or none.
 * Two syncs of one connection may overlap (a "Sync now" while a queued one runs): the connection keeps the one
 * that started last, whichever ends last, so its time never goes back and a sync asked for after a change is the
 * one that moves it.
 */
export async function markSynced(db: Db, connectionId: number, startedAt: Date, lastError: string | null) {
  const started = sql`${startedAt.toISOString()}::timestamptz`;
  const latest = sql`${calendarConnections.lastSyncedAt} is null or ${calendarConnections.lastSyncedAt} <= ${started}`;
  await db
    .update(calendarConnections)
    .set({
      lastSyncedAt: sql`greatest(${calendarConnections.lastSyncedAt}, ${started})`,
      lastError: sql`case when ${latest} then ${lastError}::text else ${calendarConnections.lastError} end`,
    })
    .where(eq(calendarConnections.id, connectionId));
}

/** A connection as stored now (after a refresh wrote to it). */
export async function connectionById(db: Db, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id));
  return row;
}

export async function insertConnection(db: Db, values: NewConnection): Promise<ConnectionRow> {
  const [row] = await db.insert(calendarConnections).values(values).returning();
  return row;
}

/** Removes the user's connection; false when they have none with that id. */
export async function deleteConnection(
  db: Db,
  userId: number,
  id: number,
): Promise<{ provider: ConnectionRow['provider']; secret: string | null } | undefined> {
  const [deleted] = await db
    .delete(calendarConnections)
    .where(and(eq(calendarConnections.id, id), eq(calendarConnections.userId, userId)))
    .returning({ provider: calendarConnections.provider, secret: calendarConnections.secret });
  return deleted;
}

/** A CalDAV account and its calendars, saved together. */
export function insertCaldavAccount(
  db: Db,
  values: NewConnection,
  calendars: { url: string; name: string; color: string | null }[],
): Promise<ConnectionRow> {
  return db.transaction(async (tx) => {
    const [made] = await tx.insert(calendarConnections).values(values).returning();
    await tx
      .insert(caldavCalendars)
      .values(calendars.map(({ url, name, color }) => ({ connectionId: made.id, url, name, color, selected: true })));
    return made;
  });
}

/**
 * A Google account and its calendars, saved together; connecting an account already connected renews its access
 * (after it was removed in Google, say). The connection's id, or null when the user has the most they may have.
 */
export function saveGoogleAccount(
  db: Db,
  userId: number,
  account: { username: string; secret: string },
  calendars: { url: string; name: string; color: string | null; selected: boolean }[],
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, userId),
          eq(calendarConnections.provider, 'google'),
          eq(calendarConnections.username, account.username),
        ),
      )
      .limit(1);
    if (existing) {
      await tx
        .update(calendarConnections)
        .set({ secret: account.secret, lastError: null })
        .where(eq(calendarConnections.id, existing.id));
      return existing.id;
    }
    if ((await connectionCount(tx, userId)) >= MAX_CONNECTIONS) return null;
    const [made] = await tx
      .insert(calendarConnections)
      .values({
        userId,
        provider: 'google',
        name: `Google Calendar (${account.username})`,
        url: 'https://calendar.google.com',
        username: account.username,
        secret: account.secret,
      })
      .returning({ id: calendarConnections.id });
    await tx.insert(caldavCalendars).values(calendars.map((calendar) => ({ connectionId: made.id, ...calendar })));
    return made.id;
  });
}

export function caldavCalendarsOf(db: Db, connectionId: number) {
  return db.select().from(caldavCalendars).where(eq(caldavCalendars.connectionId, connectionId));
}

/**
 * Marks which calendars of an account are synced. An unchosen one's copy goes; one chosen again is fetched whole
 * on the next sync (ctag cleared).
 */
export async function selectCalendars(
  db: Db,
  calendars: (typeof caldavCalendars.$inferSelect)[],
  selectedIds: readonly number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const calendar of calendars) {
      const selected = selectedIds.includes(calendar.id);
      if (selected === calendar.selected) continue;
      await tx.update(caldavCalendars).set({ selected, ctag: null }).where(eq(caldavCalendars.id, calendar.id));
      if (!selected) await tx.delete(caldavObjects).where(eq(caldavObjects.calendarId, calendar.id));
    }
  });
}

/** The secret token of the user's private feed, made on first call. */
export async function feedTokenOf(db: Db, userId: number, newToken: () => string): Promise<string> {
  const [existing] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  if (existing) return existing.token;
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return token;
}

export async function revokeFeed(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The owner of a feed token, or undefined for an unknown (or revoked) one. */
export async function feedOwner(db: Db, token: string): Promise<number | undefined> {
  if (!token) return undefined;
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1);
  return feed?.userId;
}

/**
 * Brings a connection's stored calendars in line with the account's own list: a calendar gone from the account
 * goes, one made there after connecting is added unchosen (the person chooses it; two syncs of one account may
 * meet here, and the second adds nothing), and the rest take the account's name and colour. Answers each calendar
 * that was stored already with its entry of the list, for the sync to pull.
 */
export async function reconcileCalendars<T extends { url: string; name: string; color: string | null }>(
  db: Db,
  connectionId: number,
  remote: readonly T[],
): Promise<{ row: typeof caldavCalendars.$inferSelect; remote: T }[]> {
  const stored = await db.select().from(caldavCalendars).where(eq(caldavCalendars.connectionId, connectionId));
  const gone = stored.filter((row) => !remote.some((entry) => entry.url === row.url)).map((row) => row.id);
  if (gone.length) await db.delete(caldavCalendars).where(inArray(caldavCalendars.id, gone));
  const kept: { row: typeof caldavCalendars.$inferSelect; remote: T }[] = [];
  for (const entry of remote) {
    const row = stored.find((candidate) => candidate.url === entry.url);
    if (!row) {
      await db
        .insert(caldavCalendars)
        .values({ connectionId, url: entry.url, name: entry.name, color: entry.color, selected: false })
        .onConflictDoNothing();
      continue;
    }
    if (row.name !== entry.name || row.color !== entry.color)
      await db
        .update(caldavCalendars)
        .set({ name: entry.name, color: entry.color })
        .where(eq(caldavCalendars.id, row.id));
    kept.push({ row, remote: entry });
  }
  return kept;
}
