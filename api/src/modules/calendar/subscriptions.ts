import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarConnections, users, type FeedSeries } from '../../db/schema';
import { IcsError, parseIcs } from './ics';
import { zoneOrUtc } from '@lifeboard/shared/lib/time-zone';
import { FetchRefused, safeFetchText, type FetchPolicy } from './safe-fetch';

/** At most this many series are kept from one feed: a bigger file is someone's whole archive, not a calendar. */
const MAX_SERIES = 20_000;

type Fetched = { ok: true; events: FeedSeries[] } | { ok: false; error: string };

/**
 * Fetches and parses a feed. With a stored connection, the result (or the reason it failed) is saved on it;
 * on failure the events of the last good fetch are kept.
 */
export async function refreshConnection(
  db: Db | null,
  target: typeof calendarConnections.$inferSelect | string,
  zone: string,
  policy: FetchPolicy,
): Promise<Fetched> {
  const url = typeof target === 'string' ? target : (target.url ?? '');
  let result: Fetched;
  try {
    const events = parseIcs(await safeFetchText(url, policy), zone);
    result =
      events.length > MAX_SERIES
        ? { ok: false, error: `the calendar has more than ${MAX_SERIES} events` }
        : { ok: true, events };
  } catch (error) {
    const known = error instanceof FetchRefused || error instanceof IcsError;
    const code = (error as { code?: string }).code;
    const reason = known
      ? error.message
      : code === 'ENOTFOUND'
        ? "the address's server name does not exist"
        : code === 'ECONNREFUSED'
          ? 'the server refused the connection'
          : 'the address could not be fetched';
    result = { ok: false, error: reason };
  }
  if (db && typeof target !== 'string') {
    const changes = result.ok
      ? { events: result.events, lastSyncedAt: new Date(), lastError: null }
      : { lastSyncedAt: new Date(), lastError: result.error };
    await db.update(calendarConnections).set(changes).where(eq(calendarConnections.id, target.id));
  }
  return result;
}

/**
 * The queue's refresh of one subscription (the calendar sync job, for an ICS connection): fetched with the owner's
 * time zone; a failure is recorded on the connection, and the next round tries again.
 */
export async function refreshSubscription(db: Db, policy: FetchPolicy, connectionId: number): Promise<void> {
  const [found] = await db
    .select({ connection: calendarConnections, timezone: users.timezone })
    .from(calendarConnections)
    .innerJoin(users, eq(users.id, calendarConnections.userId))
    .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.provider, 'ics')))
    .limit(1);
  if (!found) return;
  await refreshConnection(db, found.connection, zoneOrUtc(found.timezone), policy);
}
