import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  createCalendarObject,
  createDAVClient,
  deleteCalendarObject,
  fetchCalendarObjects,
  propfind,
  updateCalendarObject,
} from 'tsdav';
import type { Db } from '../../db/client';
import { caldavCalendars, caldavObjects, calendarConnections, users } from '../../db/schema';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/queue';
import { occurrenceJobId } from '../reminders/delivery';
import { CredentialBox, CredentialsKeyMissing } from './credentials';
import { googleDepsOf, GoogleError, googleMissing, type GoogleDeps } from './google';
import {
  changeGoogleOccurrence,
  createGoogleEvent,
  deleteGoogleEvent,
  syncGoogleConnection,
  updateGoogleEvent,
} from './google-sync';
import { buildIcs, IcsError, parseIcs } from './ics';
import { editedIcs, editOccurrence, IcsEditError, type EventChange, type OccurrenceScope } from './ics-edit';
import { zoneOrUtc } from '@lifeboard/shared/lib/time-zone';
import { markSynced, reconcileCalendars } from './service';
import { FetchRefused, guardedFetch, type FetchPolicy } from './safe-fetch';
import { refreshSubscription } from './subscriptions';

/*
 * CalDAV two-way sync with tsdav. Every request goes through the SSRF guard (guardedFetch). The server's copy is
 * the reference: a sync replaces Lifeboard's copy of whatever changed there (found by the calendar's ctag, then
 * each object's ETag), and a change made in Lifeboard is written with If-Match on the ETag Lifeboard last saw,
 * so it never overwrites a newer version made elsewhere: that write is refused, the newer version is fetched,
 * and the person is asked to make the change again.
 */

/**
 * The sync job's queue. Its own name since one connection's syncs run one at a time (a queue's policy is fixed when
 * it is made): jobs left in the earlier `calendar-sync` queue are never worked, and the next scan queues them again.
 */
export const CALDAV_SYNC_JOB = 'calendar-connection-sync';

type Connection = typeof calendarConnections.$inferSelect;
type CalendarRow = typeof caldavCalendars.$inferSelect;
type ObjectRow = typeof caldavObjects.$inferSelect;

export interface CaldavDeps {
  db: Db;
  policy: FetchPolicy;
  box: CredentialBox;
  /** A Google account's calendars are kept like a CalDAV account's; their events are written through Google's API. */
  google: GoogleDeps;
}

/** Why a CalDAV request failed, in words the person can act on; `kind` picks the HTTP answer. */
export class CaldavError extends Error {
  constructor(
    message: string,
    readonly kind: 'auth' | 'unreachable' | 'not-found' | 'conflict' | 'gone' | 'server',
  ) {
    super(message);
  }
}

export function fetchPolicyOf(env: Env): FetchPolicy {
  return {
    allowLoopback: env.CALENDAR_FETCH_ALLOW_LOOPBACK,
    maxBytes: env.CALENDAR_FETCH_MAX_MB * 1024 * 1024,
    timeoutMs: env.CALENDAR_FETCH_TIMEOUT_S * 1000,
    maxRedirects: 5,
  };
}

export function caldavDepsOf(db: Db, env: Env): CaldavDeps {
  return {
    db,
    policy: fetchPolicyOf(env),
    box: new CredentialBox(env.CALENDAR_CREDENTIALS_KEY),
    google: googleDepsOf(db, env),
  };
}

/** The password of a connection is sealed for its owner: a secret copied onto another account does not open. */
export const secretContext = (userId: number) => `caldav:${userId}`;

/** A guarded fetch that remembers the statuses it saw, so a failure deep inside tsdav can be explained. */
function tracedFetch(policy: FetchPolicy) {
  const statuses: number[] = [];
  const inner = guardedFetch(policy);
  const traced: typeof fetch = async (input, init) => {
    const response = await inner(input, init);
    statuses.push(response.status);
    return response;
  };
  return { fetch: traced, statuses };
}

function explain(error: unknown, statuses: readonly number[]): CaldavError {
  if (error instanceof CaldavError) return error;
  if (error instanceof GoogleError) return new CaldavError(error.message, error.kind);
  if (error instanceof CredentialsKeyMissing) return new CaldavError(error.message, 'server');
  if (error instanceof IcsEditError) return new CaldavError(error.message, 'conflict');
  if (
    statuses.includes(401) ||
    statuses.includes(403) ||
    (error instanceof Error && /Invalid credentials|401/.test(error.message))
  ) {
    return new CaldavError(
      'The server did not accept the user name or password. Check them; iCloud and Fastmail need an app-specific password, not your account password.',
      'auth',
    );
  }
  if (error instanceof FetchRefused)
    return new CaldavError(`Lifeboard may not connect to this address: ${error.message}.`, 'unreachable');
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new CaldavError('The server could not be found: check the server address.', 'unreachable');
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT')
    return new CaldavError('The server could not be reached. Check the address, or try again later.', 'unreachable');
  if (error instanceof Error && /cannot find (principalUrl|homeUrl)/.test(error.message)) {
    return new CaldavError(
      'No CalDAV calendars were found at this address. Check the server address (for Nextcloud it ends in /remote.php/dav).',
      'not-found',
    );
  }
  return new CaldavError('The calendar server answered something Lifeboard could not use. Try again later.', 'server');
}

const authHeader = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
});

const displayName = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() ? value.trim() : fallback;
const colourOf = (value: unknown) => {
  const match = typeof value === 'string' ? /^#?([0-9a-f]{6})/i.exec(value.trim()) : null;
  return match ? `#${match[1].toLowerCase()}` : null;
};

export interface RemoteCalendar {
  url: string;
  name: string;
  color: string | null;
  ctag: string | null;
}

async function remoteCalendars(
  deps: CaldavDeps,
  serverUrl: string,
  username: string,
  password: string,
): Promise<RemoteCalendar[]> {
  const trace = tracedFetch(deps.policy);
  try {
    const client = await createDAVClient({
      serverUrl,
      credentials: { username, password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetch: trace.fetch,
    });
    const calendars = await client.fetchCalendars();
    // tsdav answers no calendars (rather than failing) when the server refused the password on the way.
    if (calendars.length === 0 && trace.statuses.some((status) => status === 401 || status === 403))
      throw explain(null, trace.statuses);
    return calendars
      .filter((calendar) => !calendar.components?.length || calendar.components.includes('VEVENT'))
      .map((calendar) => ({
        url: new URL(calendar.url, serverUrl).href,
        name: displayName(
          calendar.displayName,
          decodeURIComponent(new URL(calendar.url, serverUrl).pathname.split('/').filter(Boolean).at(-1) ?? 'Calendar'),
        ),
        color: colourOf(calendar.calendarColor),
        ctag: typeof calendar.ctag === 'string' ? calendar.ctag : null,
      }));
  } catch (error) {
    throw explain(error, trace.statuses);
  }
}

/**
 * Checks an account and lists its event calendars: the credentials are proved before anything is stored, so a
 * wrong password is refused with the reason and nothing is kept.
 */
export async function discoverCalendars(
  deps: CaldavDeps,
  serverUrl: string,
  username: string,
  password: string,
): Promise<RemoteCalendar[]> {
  const calendars = await remoteCalendars(deps, serverUrl, username, password);
  if (calendars.length === 0) throw new CaldavError('The account has no calendars with events.', 'not-found');
  return calendars;
}

async function zoneOfUser(db: Db, userId: number): Promise<string> {
  const [user] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId)).limit(1);
  return zoneOrUtc(user?.timezone);
}

function credentialsOf(deps: CaldavDeps, connection: Connection): { username: string; password: string } {
  const password = connection.secret ? deps.box.open(connection.secret, secretContext(connection.userId)) : null;
  if (password === null)
    throw new CaldavError(
      "The saved password can no longer be read (the server's key was changed). Disconnect the account and connect it again.",
      'auth',
    );
  return { username: connection.username ?? '', password };
}

function parseObject(ics: string, zone: string) {
  try {
    return parseIcs(ics, zone);
  } catch (error) {
    if (error instanceof IcsError) return [];
    throw error;
  }
}

/** The ETag of every object in a calendar (one PROPFIND, no calendar data). */
async function remoteEtags(
  calendarUrl: string,
  headers: Record<string, string>,
  fetcher: typeof fetch,
): Promise<Map<string, string>> {
  const answers = await propfind({ url: calendarUrl, props: { 'd:getetag': {} }, depth: '1', headers, fetch: fetcher });
  const etags = new Map<string, string>();
  const self = new URL(calendarUrl).pathname.replace(/\/?$/, '/');
  for (const answer of answers) {
    if (!answer.href) continue;
    const url = new URL(answer.href, calendarUrl);
    if (url.pathname.replace(/\/?$/, '/') === self) continue;
    const etag = answer.props?.getetag;
    if (typeof etag === 'string') etags.set(url.href, etag);
  }
  return etags;
}

async function storeObjects(
  deps: CaldavDeps,
  calendar: CalendarRow,
  urls: string[],
  headers: Record<string, string>,
  fetcher: typeof fetch,
  zone: string,
): Promise<void> {
  for (let index = 0; index < urls.length; index += 50) {
    const batch = urls.slice(index, index + 50);
    const objects = await fetchCalendarObjects({
      calendar: { url: calendar.url },
      objectUrls: batch,
      useMultiGet: true,
      headers,
      fetch: fetcher,
    });
    for (const object of objects) {
      if (typeof object.data !== 'string' || !object.data) continue;
      const url = new URL(object.url, calendar.url).href;
      const values = {
        calendarId: calendar.id,
        url,
        etag: object.etag ?? null,
        ics: object.data,
        events: parseObject(object.data, zone),
      };
      await deps.db
        .insert(caldavObjects)
        .values(values)
        .onConflictDoUpdate({
          target: [caldavObjects.calendarId, caldavObjects.url],
          set: { etag: values.etag, ics: values.ics, events: values.events },
        });
    }
  }
}

/**
 * Brings Lifeboard's copy of an account up to date: calendars added, renamed or removed on the server; for each
 * selected calendar whose ctag changed, only the objects whose ETag changed are fetched, and the ones gone are
 * removed. A failure is kept on the connection in words (`lastError`); the copy of the last good sync stays.
 */
export async function syncConnection(
  deps: CaldavDeps,
  connectionId: number,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const startedAt = new Date();
  const [connection] = await deps.db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.provider, 'caldav')))
    .limit(1);
  if (!connection) return { ok: false, error: 'The account is no longer connected.' };
  const trace = tracedFetch(deps.policy);
  try {
    const { username, password } = credentialsOf(deps, connection);
    const headers = authHeader(username, password);
    const remote = await remoteCalendars(deps, connection.url ?? '', username, password);
    const zone = await zoneOfUser(deps.db, connection.userId);
    for (const { row, remote: calendar } of await reconcileCalendars(deps.db, connection.id, remote)) {
      if (!row.selected || (row.ctag !== null && row.ctag === calendar.ctag)) continue;
      const etags = await remoteEtags(row.url, headers, trace.fetch);
      const known = await deps.db
        .select({ id: caldavObjects.id, url: caldavObjects.url, etag: caldavObjects.etag })
        .from(caldavObjects)
        .where(eq(caldavObjects.calendarId, row.id));
      const removed = known.filter((object) => !etags.has(object.url)).map((object) => object.id);
      if (removed.length) await deps.db.delete(caldavObjects).where(inArray(caldavObjects.id, removed));
      const changed = [...etags]
        .filter(([url, etag]) => known.find((object) => object.url === url)?.etag !== etag)
        .map(([url]) => url);
      await storeObjects(deps, row, changed, headers, trace.fetch, zone);
      await deps.db.update(caldavCalendars).set({ ctag: calendar.ctag }).where(eq(caldavCalendars.id, row.id));
    }
    await markSynced(deps.db, connection.id, startedAt, null);
    return { ok: true };
  } catch (error) {
    const reason = explain(error, trace.statuses);
    await markSynced(deps.db, connection.id, startedAt, reason.message);
    return { ok: false, error: reason.message };
  }
}

/**
 * The sync job: one connection per job, a CalDAV account (two-way sync), a Google account (google-sync.ts) or an
 * ICS subscription (fetched again). One connection's syncs run one at a time, whichever processes work the queue:
 * two at once could end in either order, and an older one ending last undid the newer one's work (it stored what the
 * server had before, and a full sync deletes what it did not list). One more waits at most: it reads the server
 * after every change asked for before it.
 * A remote failure is recorded on the connection, not retried: the next round tries again.
 */
export function defineCalendarSyncJob(queue: JobQueue, deps: CaldavDeps): void {
  queue.define<{ connectionId: number }>({
    name: CALDAV_SYNC_JOB,
    options: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 600, deleteAfterSeconds: 24 * 3600 },
    policy: 'oneAtATimePerKey',
    handler: async ({ connectionId }) => {
      const [connection] = await deps.db
        .select({ provider: calendarConnections.provider })
        .from(calendarConnections)
        .where(eq(calendarConnections.id, connectionId))
        .limit(1);
      if (connection?.provider === 'ics') await refreshSubscription(deps.db, deps.policy, connectionId, queue.log);
      else if (connection?.provider === 'google') await syncGoogleConnection(deps.google, connectionId);
      else if (connection) await syncConnection(deps, connectionId);
    },
  });
}

/** Queues a sync of the account now ("Sync now", a changed choice of calendars, a new connection). */
export async function requestSync(queue: JobQueue, connectionId: number): Promise<void> {
  await queue.send(CALDAV_SYNC_JOB, { connectionId }, { key: String(connectionId) });
}

type Provider = (typeof calendarConnections.$inferSelect)['provider'];

/**
 * The kinds of connected calendar this process can sync: ICS subscriptions always, CalDAV accounts with the key that
 * seals their passwords, Google accounts with all Google needs (`googleMissing`).
 */
export function providersSyncedBy(env: Env): Provider[] {
  return [
    'ics',
    ...(new CredentialBox(env.CALENDAR_CREDENTIALS_KEY).configured ? (['caldav'] as const) : []),
    ...(googleMissing(env).length === 0 ? (['google'] as const) : []),
  ];
}

/**
 * Queues a sync of every connected calendar of the `providers` kinds whose last one is older than `minutes`. Every
 * process may run it: the job id (connection and period) keeps it to one per period. A process queues only what it
 * can sync (`providersSyncedBy`): its worker takes the jobs it queues, and would record "not set up" on a calendar
 * another process syncs well.
 */
export async function scanCalendarSyncs(
  db: Db,
  queue: JobQueue,
  minutes: number,
  providers: readonly Provider[],
  now = new Date(),
): Promise<number> {
  if (minutes <= 0 || providers.length === 0) return 0;
  const period = minutes * 60_000;
  const stale = new Date(now.getTime() - period);
  const due = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(
      and(
        inArray(calendarConnections.provider, [...providers]),
        or(isNull(calendarConnections.lastSyncedAt), lt(calendarConnections.lastSyncedAt, stale)),
      ),
    );
  let queued = 0;
  for (const { id } of due) {
    if (
      await queue.send(
        CALDAV_SYNC_JOB,
        { connectionId: id },
        { id: occurrenceJobId(`caldav:${id}:${Math.floor(now.getTime() / period)}`), key: String(id) },
      )
    )
      queued += 1;
  }
  return queued;
}

/** What an event made or changed in Lifeboard says. */
export interface EventFields {
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  description?: string;
}

async function ownedCalendar(db: Db, userId: number, calendarId: number) {
  const [found] = await db
    .select({ calendar: caldavCalendars, connection: calendarConnections })
    .from(caldavCalendars)
    .innerJoin(calendarConnections, eq(calendarConnections.id, caldavCalendars.connectionId))
    .where(and(eq(caldavCalendars.id, calendarId), eq(calendarConnections.userId, userId)))
    .limit(1);
  return found ?? null;
}

/** A stored CalDAV object with its calendar and connection, as the writes act on it. */
type OwnedObject = NonNullable<Awaited<ReturnType<typeof ownedObject>>>;

export async function ownedObject(db: Db, userId: number, objectId: number) {
  const [found] = await db
    .select({ object: caldavObjects, calendar: caldavCalendars, connection: calendarConnections })
    .from(caldavObjects)
    .innerJoin(caldavCalendars, eq(caldavCalendars.id, caldavObjects.calendarId))
    .innerJoin(calendarConnections, eq(calendarConnections.id, caldavCalendars.connectionId))
    .where(and(eq(caldavObjects.id, objectId), eq(calendarConnections.userId, userId)))
    .limit(1);
  return found ?? null;
}

async function etagAfterWrite(
  response: Response,
  url: string,
  headers: Record<string, string>,
  fetcher: typeof fetch,
): Promise<string | null> {
  const etag = response.headers.get('etag');
  if (etag) return etag;
  // A server may leave the ETag out of a PUT's answer (it changed the data): ask for it.
  const answers = await propfind({ url, props: { 'd:getetag': {} }, depth: '0', headers, fetch: fetcher });
  const found = answers[0]?.props?.getetag;
  return typeof found === 'string' ? found : null;
}

function failedWrite(response: Response, doing: string): CaldavError {
  if (response.status === 401 || response.status === 403) return explain(null, [response.status]);
  return new CaldavError(
    `The calendar server refused to ${doing} the event (it answered ${response.status}). Try again later.`,
    'server',
  );
}

/** Creates an event on a synced calendar: a new iCalendar object, PUT with If-None-Match so nothing is replaced. */
export async function createRemoteEvent(
  deps: CaldavDeps,
  userId: number,
  calendarId: number,
  fields: EventFields,
): Promise<ObjectRow> {
  const found = await ownedCalendar(deps.db, userId, calendarId);
  if (!found) throw new CaldavError('No such connected calendar.', 'gone');
  if (!found.calendar.selected)
    throw new CaldavError(
      `"${found.calendar.name}" is not synced: choose it on the connections screen first.`,
      'conflict',
    );
  if (found.connection.provider === 'google')
    return createGoogleEvent(deps.google, found, fields).catch((error: unknown) => {
      throw explain(error, []);
    });
  const trace = tracedFetch(deps.policy);
  try {
    const { username, password } = credentialsOf(deps, found.connection);
    const headers = authHeader(username, password);
    const uid = randomUUID();
    return await putNewObject(deps, found.calendar, userId, uid, objectIcs(uid, fields), headers, trace.fetch);
  } catch (error) {
    throw explain(error, trace.statuses);
  }
}

/** A one-event iCalendar object in UTC (no VTIMEZONE needed). */
function objectIcs(uid: string, fields: EventFields): string {
  return buildIcs(
    [
      {
        uid,
        title: fields.title,
        description: fields.description,
        start: fields.start,
        end: fields.end,
        allDay: fields.allDay,
        rrule: null,
        skipDates: [],
      },
    ],
    'UTC',
    '',
  ).replace(/\r\nX-WR-CALNAME:[^\r]*/, '');
}

/** After a refused write: the server's current version replaces Lifeboard's copy (or the copy goes, if it was deleted there). */
async function takeServerVersion(
  deps: CaldavDeps,
  found: OwnedObject,
  headers: Record<string, string>,
  fetcher: typeof fetch,
): Promise<void> {
  const zone = await zoneOfUser(deps.db, found.connection.userId);
  const objects = await fetchCalendarObjects({
    calendar: { url: found.calendar.url },
    objectUrls: [found.object.url],
    useMultiGet: true,
    headers,
    fetch: fetcher,
  });
  const current = objects.find((object) => typeof object.data === 'string' && object.data);
  if (!current) {
    await deps.db.delete(caldavObjects).where(eq(caldavObjects.id, found.object.id));
    return;
  }
  const ics = String(current.data);
  await deps.db
    .update(caldavObjects)
    .set({ etag: current.etag ?? null, ics, events: parseObject(ics, zone) })
    .where(eq(caldavObjects.id, found.object.id));
}

const changedElsewhere =
  'This event was changed in another calendar app since Lifeboard last synced. Lifeboard now shows the newer version: make your change again.';
const deletedElsewhere = 'This event was deleted in another calendar app.';

/** What a change to one occurrence of a series does: move or rename it (or both), or delete it (null). */
export type OccurrenceChange = EventChange | null;

/**
 * Writes a changed object back with If-Match, so a newer version made elsewhere is never overwritten: on a refusal
 * the server's version is taken and the person asked again. Answers Lifeboard's updated copy.
 */
async function writeObject(
  deps: CaldavDeps,
  found: OwnedObject,
  ics: string,
  headers: Record<string, string>,
  fetcher: typeof fetch,
): Promise<ObjectRow> {
  const response = await updateCalendarObject({
    calendarObject: { url: found.object.url, data: ics, etag: found.object.etag ?? undefined },
    headers,
    fetch: fetcher,
  });
  if (response.status === 412 || response.status === 404) {
    await takeServerVersion(deps, found, headers, fetcher);
    throw new CaldavError(
      response.status === 404 ? deletedElsewhere : changedElsewhere,
      response.status === 404 ? 'gone' : 'conflict',
    );
  }
  if (!response.ok) throw failedWrite(response, 'save');
  const etag = await etagAfterWrite(response, found.object.url, headers, fetcher);
  const [row] = await deps.db
    .update(caldavObjects)
    .set({ etag, ics, events: parseObject(ics, await zoneOfUser(deps.db, found.connection.userId)) })
    .where(eq(caldavObjects.id, found.object.id))
    .returning();
  return row;
}

/** Deletes an object on its server with If-Match; gone already counts as done. */
async function removeObject(
  deps: CaldavDeps,
  found: OwnedObject,
  headers: Record<string, string>,
  fetcher: typeof fetch,
): Promise<void> {
  const response = await deleteCalendarObject({
    calendarObject: { url: found.object.url, etag: found.object.etag ?? undefined },
    headers,
    fetch: fetcher,
  });
  if (response.status === 412) {
    await takeServerVersion(deps, found, headers, fetcher);
    throw new CaldavError(changedElsewhere, 'conflict');
  }
  if (!response.ok && response.status !== 404) throw failedWrite(response, 'delete');
  await deps.db.delete(caldavObjects).where(eq(caldavObjects.id, found.object.id));
}

/** A new object in the calendar (If-None-Match, so nothing is replaced), kept as Lifeboard's copy. */
async function putNewObject(
  deps: CaldavDeps,
  calendar: CalendarRow,
  userId: number,
  uid: string,
  ics: string,
  headers: Record<string, string>,
  fetcher: typeof fetch,
): Promise<ObjectRow> {
  const response = await createCalendarObject({
    calendar: { url: calendar.url },
    filename: `${uid}.ics`,
    iCalString: ics,
    headers,
    fetch: fetcher,
  });
  if (!response.ok) throw failedWrite(response, 'save');
  const url = new URL(`${uid}.ics`, calendar.url.replace(/\/?$/, '/')).href;
  const etag = await etagAfterWrite(response, url, headers, fetcher);
  const [row] = await deps.db
    .insert(caldavObjects)
    .values({ calendarId: calendar.id, url, etag, ics, events: parseObject(ics, await zoneOfUser(deps.db, userId)) })
    .returning();
  return row;
}

/**
 * One occurrence of a repeating event, or it and all later ones, moved, renamed or deleted on the server, in the
 * event's own object (EXDATE, RECURRENCE-ID override, UNTIL) as other calendar apps write it; a moved or renamed
 * "future" starts a new series. Answers false when the object holds no series to change in part (a single event),
 * for the caller to change the whole event.
 */
async function changeOccurrence(
  deps: CaldavDeps,
  found: OwnedObject,
  at: OccurrenceScope,
  change: OccurrenceChange,
  headers: Record<string, string>,
  fetcher: typeof fetch,
): Promise<ObjectRow | 'deleted' | false> {
  const zone = await zoneOfUser(deps.db, found.connection.userId);
  const edited = editOccurrence(found.object.ics, at, change, zone, () => randomUUID());
  if (!edited) return false;
  if (edited.ics === null) {
    await removeObject(deps, found, headers, fetcher);
    return 'deleted';
  }
  if (!edited.split) return writeObject(deps, found, edited.ics, headers, fetcher);
  // The new series is made first: if the old one then cannot be ended (changed elsewhere), the new one goes again
  // and nothing is half done.
  const made = await putNewObject(
    deps,
    found.calendar,
    found.connection.userId,
    edited.split.uid,
    edited.split.ics,
    headers,
    fetcher,
  );
  try {
    return await writeObject(deps, found, edited.ics, headers, fetcher);
  } catch (error) {
    await removeObject(deps, { ...found, object: made }, headers, fetcher).catch(() => undefined);
    throw error;
  }
}

/**
 * Changes an event on its server: PUT with If-Match, so a newer version made elsewhere is never overwritten. With
 * `at`, the change (times, title, notes) is to one occurrence (or it and all later ones) of a repeating event; else
 * to the whole event.
 */
export async function updateRemoteEvent(
  deps: CaldavDeps,
  userId: number,
  objectId: number,
  fields: Partial<EventFields>,
  at?: OccurrenceScope,
): Promise<ObjectRow> {
  const found = await ownedObject(deps.db, userId, objectId);
  if (!found) throw new CaldavError('No such event on a connected calendar.', 'gone');
  const change: EventChange = {
    ...(fields.title !== undefined ? { title: fields.title } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.start && fields.end ? { start: fields.start, end: fields.end, allDay: !!fields.allDay } : {}),
  };
  const inPart = at && Object.keys(change).length > 0;
  if (found.connection.provider === 'google') {
    const zone = await zoneOfUser(deps.db, userId);
    return (
      inPart
        ? changeGoogleOccurrence(deps.google, found, at, change, zone).then(
            async (row) => row ?? updateGoogleEvent(deps.google, found, fields, zone),
          )
        : updateGoogleEvent(deps.google, found, fields, zone)
    ).catch((error: unknown) => {
      throw explain(error, []);
    });
  }
  const trace = tracedFetch(deps.policy);
  try {
    const { username, password } = credentialsOf(deps, found.connection);
    const headers = authHeader(username, password);
    if (inPart) {
      const changed = await changeOccurrence(deps, found, at, change, headers, trace.fetch);
      if (changed === 'deleted') throw new CaldavError(deletedElsewhere, 'gone');
      if (changed) return changed;
    }
    // A single event (or an occurrence moved on its own, found where it is now) is changed whole.
    const movedAt = at && !change.start ? at.occurrence : undefined;
    const edited = editedIcs(found.object.ics, fields, await zoneOfUser(deps.db, userId), movedAt);
    return await writeObject(deps, found, edited, headers, trace.fetch);
  } catch (error) {
    throw explain(error, trace.statuses);
  }
}

/**
 * Deletes an event on its server with If-Match; gone already counts as done. With `at`, one occurrence (or it and
 * all later ones) of a repeating event; else the whole object, every repeat.
 */
export async function deleteRemoteEvent(
  deps: CaldavDeps,
  userId: number,
  objectId: number,
  at?: OccurrenceScope,
): Promise<void> {
  const found = await ownedObject(deps.db, userId, objectId);
  if (!found) throw new CaldavError('No such event on a connected calendar.', 'gone');
  if (found.connection.provider === 'google')
    return (
      at
        ? changeGoogleOccurrence(deps.google, found, at, null, 'UTC' /* a deletion starts no series */).then(
            async (row) => {
              if (row === null) await deleteGoogleEvent(deps.google, found);
            },
          )
        : deleteGoogleEvent(deps.google, found)
    ).catch((error: unknown) => {
      throw explain(error, []);
    });
  const trace = tracedFetch(deps.policy);
  try {
    const { username, password } = credentialsOf(deps, found.connection);
    const headers = authHeader(username, password);
    if (at && (await changeOccurrence(deps, found, at, null, headers, trace.fetch)) !== false) return;
    await removeObject(deps, found, headers, trace.fetch);
  } catch (error) {
    throw explain(error, trace.statuses);
  }
}
