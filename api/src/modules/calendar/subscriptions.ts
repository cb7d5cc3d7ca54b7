import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { calendarConnections, users, type FeedSeries } from '../../db/schema';
import { IcsError, parseIcs } from './ics';
import { zoneOrUtc } from '@lifeboard/shared/lib/time-zone';
import { FetchRefused, safeFetchText, type FetchPolicy } from './safe-fetch';

/** At most this many series are kept from one feed: a bigger file is someone's whole archive, not a calendar. */
const MAX_SERIES = 20_000;

/**
 * What a person sees when a feed cannot be subscribed to or refreshed, whatever the reason: the same words for an
 * address that answered 404, one that could not be reached and one that is not a calendar, so the answer cannot be
 * used to probe which ports of a host are open. The reason goes to the log.
 */
export const FEED_FAILED =
  "Lifeboard could not read a calendar at this address. Check that it is the calendar's iCal (.ics) address and that it opens without signing in.";

type Fetched = { ok: true; events: FeedSeries[] } | { ok: false; error: string };
type Log = Pick<FastifyBaseLogger, 'warn'>;

/** Why a feed could not be had, for the log only. */
function reasonOf(error: unknown): string {
  if (error instanceof FetchRefused || error instanceof IcsError) return error.message;
  const code = (error as { code?: string }).code;
  return `${code ?? 'error'}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Fetches and parses a feed. With a stored connection, the result (or that it failed) is saved on it; on failure the
 * events of the last good fetch are kept. The person is told FEED_FAILED; the log gets the reason.
 */
export async function refreshConnection(
  db: Db | null,
  target: typeof calendarConnections.$inferSelect | string,
  zone: string,
  policy: FetchPolicy,
  log: Log,
): Promise<Fetched> {
  const url = typeof target === 'string' ? target : (target.url ?? '');
  let result: Fetched;
  try {
    const events = parseIcs(await safeFetchText(url, policy), zone);
    if (events.length > MAX_SERIES) throw new IcsError(`the calendar has more than ${MAX_SERIES} events`);
    result = { ok: true, events };
  } catch (error) {
    const connection = typeof target === 'string' ? undefined : target.id;
    log.warn({ connection, url, reason: reasonOf(error) }, 'calendar feed could not be read');
    result = { ok: false, error: FEED_FAILED };
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
export async function refreshSubscription(db: Db, policy: FetchPolicy, connectionId: number, log: Log): Promise<void> {
  const [found] = await db
    .select({ connection: calendarConnections, timezone: users.timezone })
    .from(calendarConnections)
    .innerJoin(users, eq(users.id, calendarConnections.userId))
    .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.provider, 'ics')))
    .limit(1);
  if (!found) return;
  await refreshConnection(db, found.connection, zoneOrUtc(found.timezone), policy, log);
}
