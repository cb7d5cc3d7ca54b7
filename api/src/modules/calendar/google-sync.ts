import type { calendar_v3 } from '@googleapis/calendar';
import { and, eq, inArray } from 'drizzle-orm';
import type { Credentials, OAuth2Client } from 'google-auth-library';
import { caldavCalendars, caldavObjects, calendarConnections, type FeedSeries } from '../../db/schema';
import {
  calendarApi,
  explainGoogle,
  GoogleError,
  oauthClient,
  openTokens,
  sealTokens,
  type GoogleDeps,
  type GoogleSettings,
} from './google';
import {
  daysAlong,
  exdatesFrom,
  recurrenceMoved,
  splitRule,
  type DayForm,
  type DaysAlong,
  type EventChange,
  type EventTimes,
  type OccurrenceScope,
} from './ics-edit';
import { isTimeZone, wallDateOf } from '@lifeboard/shared/lib/time-zone';
import { markSynced, reconcileCalendars } from './service';

/*
 * Two-way sync of a Google account. From Google: its calendars (calendarList) and, for each chosen one, its events, pulled
 * incrementally with the sync token Google gives (kept as the calendar's `ctag`); when Google says the token is
 * no longer valid (410) the calendar is fetched whole again. They are kept like a CalDAV account's: a calendar per
 * `caldav_calendar` row (its `url` is Google's calendar id), an event per `caldav_object` row (its `url` is the
 * event id, its text the event as Google gave it, its `events` the series `/api/google/events` expands). To Google: an
 * event made, changed or deleted in Lifeboard is written at once (insert; patch and delete with If-Match on its ETag).
 */

type GoogleEvent = calendar_v3.Schema$Event;
type Connection = typeof calendarConnections.$inferSelect;
type CalendarRow = typeof caldavCalendars.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A client holding the connection's tokens; tokens Google refreshes on the way are written back sealed. */
export function authorisedClient(
  deps: GoogleDeps & { settings: GoogleSettings },
  connection: Connection,
): { client: OAuth2Client; saveTokens: () => Promise<void> } {
  const tokens = openTokens(deps.box, connection.userId, connection.secret);
  if (!tokens)
    throw new GoogleError(
      "The saved Google access can no longer be read (the server's key was changed). Disconnect Google Calendar and connect it again.",
      'auth',
    );
  const client = oauthClient(deps.settings);
  client.setCredentials(tokens);
  let latest: Credentials = tokens;
  let refreshed = false;
  client.on('tokens', (fresh) => {
    latest = { ...latest, ...fresh, refresh_token: fresh.refresh_token ?? latest.refresh_token ?? null };
    refreshed = true;
  });
  return {
    client,
    saveTokens: async () => {
      if (!refreshed) return;
      await deps.db
        .update(calendarConnections)
        .set({ secret: sealTokens(deps.box, connection.userId, latest) })
        .where(eq(calendarConnections.id, connection.id));
    },
  };
}

/** The account's calendars, as Google lists them (every page). */
export async function listCalendars(api: calendar_v3.Calendar): Promise<calendar_v3.Schema$CalendarListEntry[]> {
  const calendars: calendar_v3.Schema$CalendarListEntry[] = [];
  let pageToken: string | undefined;
  do {
    const { data } = await api.calendarList.list({ maxResults: 250, ...(pageToken ? { pageToken } : {}) });
    calendars.push(...(data.items ?? []).filter((item) => item.id && !item.deleted));
    pageToken = data.nextPageToken ?? undefined;
  } while (pageToken);
  return calendars;
}

export const calendarName = (entry: calendar_v3.Schema$CalendarListEntry) =>
  (entry.summaryOverride || entry.summary || entry.id || 'Calendar').trim();
export const calendarColour = (entry: calendar_v3.Schema$CalendarListEntry) =>
  /^#[0-9a-f]{6}$/i.test(entry.backgroundColor ?? '') ? entry.backgroundColor!.toLowerCase() : null;

const statusOf = (error: unknown) =>
  (error as { status?: number; response?: { status?: number } }).response?.status ??
  (error as { status?: number }).status;

/** `20260105`, `20260105T090000`, `20260105T090000Z` → the date, in `zone` for an instant in UTC. */
function exdateOf(value: string, zone: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
  if (!match) return null;
  const [, y, m, d, hh, mm, ss, utc] = match;
  if (utc) return wallDateOf(new Date(`${y}-${m}-${d}T${hh}:${mm}:${ss}Z`), zone);
  return `${y}-${m}-${d}`;
}

/**
 * Whether a series' occurrence is named in the series' form: one named in the other (left from before the series was
 * turned to or from all day) stands for none of its days.
 */
const namedLike = (exception: GoogleEvent, allDay: boolean) => Boolean(exception.originalStartTime?.date) === allDay;

/** When a moved or cancelled occurrence was planned, as a date of its series. */
function originalDate(event: GoogleEvent, zone: string): string | null {
  const original = event.originalStartTime;
  if (original?.date) return original.date;
  if (original?.dateTime) return wallDateOf(new Date(original.dateTime), zone);
  return null;
}

/**
 * The series `/api/google/events` expands for one Google event: a repeating one with its RRULE and the dates
 * removed from it (EXDATE lines, and its occurrences that were moved or cancelled, which Google sends as events
 * of their own); a moved occurrence as a single event; a cancelled one as nothing.
 */
export function seriesOf(event: GoogleEvent, exceptions: readonly GoogleEvent[], calendarZone: string): FeedSeries[] {
  if (event.status === 'cancelled' || !event.id || !event.start) return [];
  const allDay = Boolean(event.start.date);
  let start: Date;
  let end: Date;
  if (allDay) {
    start = new Date(`${event.start.date}T00:00:00Z`);
    end = event.end?.date ? new Date(`${event.end.date}T00:00:00Z`) : new Date(start.getTime() + DAY_MS);
  } else {
    start = new Date(event.start.dateTime ?? '');
    end = new Date(event.end?.dateTime ?? event.start.dateTime ?? '');
  }
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return [];
  const named = event.start.timeZone ?? calendarZone;
  const tzid = allDay ? null : isTimeZone(named) ? named : null;
  const zone = allDay ? 'UTC' : (tzid ?? 'UTC');
  const lines = event.recurringEventId ? [] : (event.recurrence ?? []);
  const rule = lines.find((line) => /^RRULE:/i.test(line));
  const exdates = lines
    .filter((line) => /^EXDATE/i.test(line))
    .flatMap((line) => (line.split(':')[1] ?? '').split(','))
    .map((value) => exdateOf(value, zone))
    .filter((date): date is string => date !== null);
  for (const exception of exceptions) {
    if (!namedLike(exception, allDay)) continue;
    const date = originalDate(exception, zone);
    if (date) exdates.push(date);
  }
  return [
    {
      uid: event.iCalUID ?? event.id,
      title: event.summary ?? '(No title)',
      start: start.toISOString(),
      durationMs: Math.max(0, end.getTime() - start.getTime()),
      all_day: allDay,
      rrule: rule ? rule.replace(/^RRULE:/i, '') : null,
      exdates: [...new Set(exdates)].sort(),
      tzid,
    },
  ];
}

/** Every changed event of a calendar since its sync token; the whole calendar when there is none or Google refuses it. */
async function pullEvents(
  api: calendar_v3.Calendar,
  calendarId: string,
  syncToken: string | null,
): Promise<{ full: boolean; events: GoogleEvent[]; nextSyncToken: string | null; timeZone: string | null }> {
  let full = syncToken === null;
  const events: GoogleEvent[] = [];
  let pageToken: string | undefined;
  let timeZone: string | null = null;
  for (;;) {
    let data: calendar_v3.Schema$Events;
    try {
      ({ data } = await api.events.list({
        calendarId,
        maxResults: 250,
        ...(full ? { showDeleted: false } : { syncToken: syncToken! }),
        ...(pageToken ? { pageToken } : {}),
      }));
    } catch (error) {
      // 410 Gone: the sync token expired (or Google dropped it); the calendar is fetched whole again.
      if (!full && statusOf(error) === 410) {
        full = true;
        events.length = 0;
        pageToken = undefined;
        continue;
      }
      throw error;
    }
    events.push(...(data.items ?? []));
    timeZone = data.timeZone ?? timeZone;
    pageToken = data.nextPageToken ?? undefined;
    if (!pageToken) return { full, events, nextSyncToken: data.nextSyncToken ?? null, timeZone };
  }
}

/** Applies what Google answered to Lifeboard's copy of one calendar, then works out the series again. */
async function storeEvents(
  deps: GoogleDeps,
  row: CalendarRow,
  pulled: Awaited<ReturnType<typeof pullEvents>>,
  zone: string,
): Promise<void> {
  const { db } = deps;
  if (pulled.full) {
    const keep = new Set(pulled.events.map((event) => event.id));
    const known = await db
      .select({ id: caldavObjects.id, url: caldavObjects.url })
      .from(caldavObjects)
      .where(eq(caldavObjects.calendarId, row.id));
    const gone = known.filter((object) => !keep.has(object.url)).map((object) => object.id);
    if (gone.length) await db.delete(caldavObjects).where(inArray(caldavObjects.id, gone));
  }
  for (const event of pulled.events) {
    if (!event.id) continue;
    // A cancelled occurrence of a series is kept (it removes a date from the series); a cancelled event goes.
    if (event.status === 'cancelled' && !event.recurringEventId) {
      await db.delete(caldavObjects).where(and(eq(caldavObjects.calendarId, row.id), eq(caldavObjects.url, event.id)));
      continue;
    }
    const values = { calendarId: row.id, url: event.id, etag: event.etag ?? null, ics: JSON.stringify(event) };
    await db
      .insert(caldavObjects)
      .values({ ...values, events: [] })
      .onConflictDoUpdate({
        target: [caldavObjects.calendarId, caldavObjects.url],
        set: { etag: values.etag, ics: values.ics },
      });
  }
  await refreshSeries(db, row.id, () => zone);
}

/**
 * Works out every series of a calendar again: a series' removed dates come from its occurrences' own events (moved
 * or cancelled), which may arrive in any order or sync, or be written by Lifeboard. `zoneOf` names the zone an
 * event's times are read in when it names none.
 */
async function refreshSeries(
  db: GoogleDeps['db'],
  calendarId: number,
  zoneOf: (object: ObjectRow, event: GoogleEvent) => string,
): Promise<void> {
  const objects = await db.select().from(caldavObjects).where(eq(caldavObjects.calendarId, calendarId));
  const parsed = objects.map((object) => ({ object, event: JSON.parse(object.ics) as GoogleEvent }));
  const exceptions = new Map<string, GoogleEvent[]>();
  for (const { event } of parsed) {
    if (!event.recurringEventId) continue;
    exceptions.set(event.recurringEventId, [...(exceptions.get(event.recurringEventId) ?? []), event]);
  }
  for (const { object, event } of parsed) {
    const events = seriesOf(event, exceptions.get(event.id ?? '') ?? [], zoneOf(object, event));
    if (JSON.stringify(events) === JSON.stringify(object.events)) continue;
    await db.update(caldavObjects).set({ events }).where(eq(caldavObjects.id, object.id));
  }
}

/**
 * Brings Lifeboard's copy of a Google account up to date: calendars added, renamed or removed in Google, and the
 * changed events of each chosen calendar. A failure is kept on the connection in words (`lastError`); the copy of
 * the last good sync stays.
 */
export async function syncGoogleConnection(
  deps: GoogleDeps,
  connectionId: number,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const startedAt = new Date();
  const [connection] = await deps.db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.provider, 'google')))
    .limit(1);
  if (!connection) return { ok: false, error: 'The account is no longer connected.' };
  let save = async () => {};
  try {
    if (!deps.settings)
      throw new GoogleError(
        'Google Calendar is no longer set up on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set).',
        'server',
      );
    const authorised = authorisedClient({ ...deps, settings: deps.settings }, connection);
    save = authorised.saveTokens;
    const api = calendarApi(deps.settings, authorised.client);
    const remote = await listCalendars(api);
    const listed = remote.map((entry) => ({
      entry,
      url: entry.id!,
      name: calendarName(entry),
      color: calendarColour(entry),
    }));
    for (const {
      row,
      remote: { entry },
    } of await reconcileCalendars(deps.db, connection.id, listed)) {
      if (!row.selected) continue;
      const pulled = await pullEvents(api, row.url, row.ctag);
      const zone = pulled.timeZone ?? entry.timeZone ?? 'UTC';
      await storeEvents(deps, row, pulled, zone);
      await deps.db.update(caldavCalendars).set({ ctag: pulled.nextSyncToken }).where(eq(caldavCalendars.id, row.id));
    }
    await save();
    await markSynced(deps.db, connection.id, startedAt, null);
    return { ok: true };
  } catch (error) {
    const reason = explainGoogle(error);
    await save().catch(() => undefined);
    await markSynced(deps.db, connection.id, startedAt, reason.message);
    return { ok: false, error: reason.message };
  }
}

/** What an event made or changed in Lifeboard says (the same fields as a CalDAV event's). */
export interface GoogleEventFields {
  /** The IANA zone a timed event repeats in (Google keeps it beside the instant). */
  timeZone?: string;
  title?: string;
  start?: Date;
  end?: Date;
  allDay?: boolean;
  description?: string;
}

const changedInGoogle =
  'This event was changed in Google Calendar since Lifeboard last synced. Lifeboard now shows the newer version: make your change again.';
const deletedInGoogle = 'This event was deleted in Google Calendar.';

/** Google's fields for a change: an all-day event by dates (its end is the day after its last), a timed one by instants. */
function googleFields(fields: GoogleEventFields): calendar_v3.Schema$Event {
  const time = (date: Date) =>
    fields.allDay
      ? { date: date.toISOString().slice(0, 10) }
      : { dateTime: date.toISOString(), ...(fields.timeZone ? { timeZone: fields.timeZone } : {}) };
  return {
    ...(fields.title !== undefined ? { summary: fields.title } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.start && fields.end ? { start: time(fields.start), end: time(fields.end) } : {}),
  };
}

/** The zone a pushed event's times are read in: the one its series was worked out in, else its own. */
const pushedZone = (object: ObjectRow, event: GoogleEvent) => object.events[0]?.tzid ?? event.start?.timeZone ?? 'UTC';

/**
 * Keeps Google's answer as Lifeboard's copy of the event (a cancelled occurrence too: it removes a date from its
 * series), with the calendar's series worked out again.
 */
async function keepEvent(db: GoogleDeps['db'], calendarId: number, event: GoogleEvent): Promise<ObjectRow> {
  const values = { calendarId, url: event.id!, etag: event.etag ?? null, ics: JSON.stringify(event) };
  await db
    .insert(caldavObjects)
    .values({ ...values, events: [] })
    .onConflictDoUpdate({
      target: [caldavObjects.calendarId, caldavObjects.url],
      set: { etag: values.etag, ics: values.ics },
    });
  await refreshSeries(db, calendarId, pushedZone);
  const [row] = await db
    .select()
    .from(caldavObjects)
    .where(and(eq(caldavObjects.calendarId, calendarId), eq(caldavObjects.url, values.url)));
  return row;
}

type ObjectRow = typeof caldavObjects.$inferSelect;
interface Owned {
  connection: Connection;
  calendar: CalendarRow;
  object?: ObjectRow;
}

function clientFor(deps: GoogleDeps, connection: Connection) {
  if (!deps.settings)
    throw new GoogleError(
      'Google Calendar is no longer set up on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set).',
      'server',
    );
  const authorised = authorisedClient({ ...deps, settings: deps.settings }, connection);
  return { api: calendarApi(deps.settings, authorised.client), saveTokens: authorised.saveTokens };
}

/**
 * Google's current version of an event replaces Lifeboard's copy (or the copy goes, deleted in Google): after Google
 * refused a write on a stale copy, or after a change to one of a series' instances.
 */
async function takeGoogleVersion(deps: GoogleDeps, api: calendar_v3.Calendar, owned: Required<Owned>): Promise<void> {
  try {
    const { data } = await api.events.get({ calendarId: owned.calendar.url, eventId: owned.object.url });
    if (data.status !== 'cancelled') {
      await keepEvent(deps.db, owned.calendar.id, data);
      return;
    }
  } catch (error) {
    if (statusOf(error) !== 404 && statusOf(error) !== 410) throw error;
  }
  await deps.db.delete(caldavObjects).where(eq(caldavObjects.id, owned.object.id));
}

/** Makes an event on a Google calendar (events.insert); Google's answer is kept as Lifeboard's copy. */
export async function createGoogleEvent(deps: GoogleDeps, owned: Owned, fields: GoogleEventFields): Promise<ObjectRow> {
  const { api, saveTokens } = clientFor(deps, owned.connection);
  try {
    const { data } = await api.events.insert({ calendarId: owned.calendar.url, requestBody: googleFields(fields) });
    return await keepEvent(deps.db, owned.calendar.id, data);
  } catch (error) {
    throw explainGoogle(error);
  } finally {
    await saveTokens();
  }
}

/**
 * Changes an event in Google (events.patch) with If-Match on the ETag Lifeboard last saw, so a newer version made
 * in Google is never overwritten: Google refuses (412), its version is taken, and the person is asked again. A
 * series turned to or from all day takes its recurrence lines and its days changed on their own along (turned from
 * all day, it repeats in `userZone`).
 */
export async function updateGoogleEvent(
  deps: GoogleDeps,
  owned: Required<Owned>,
  fields: GoogleEventFields,
  userZone: string,
): Promise<ObjectRow> {
  const { api, saveTokens } = clientFor(deps, owned.connection);
  const turned = turnedEveryTime(owned.object, fields, userZone);
  try {
    let data: GoogleEvent;
    try {
      ({ data } = await api.events.patch(
        {
          calendarId: owned.calendar.url,
          eventId: owned.object.url,
          requestBody: turned
            ? { ...googleFields({ ...fields, ...turned.times }), recurrence: turned.recurrence }
            : googleFields(fields),
        },
        owned.object.etag ? { headers: { 'If-Match': owned.object.etag } } : {},
      ));
    } catch (error) {
      const status = statusOf(error);
      if (status === 412 || status === 404 || status === 410) {
        await takeGoogleVersion(deps, api, owned);
        throw new GoogleError(status === 412 ? changedInGoogle : deletedInGoogle, status === 412 ? 'conflict' : 'gone');
      }
      throw error;
    }
    const row = await keepEvent(deps.db, owned.calendar.id, data);
    if (!turned) return row;
    await carryExceptions(deps, api, owned, turned.event, -Infinity, {
      series: data,
      along: turned.along,
      times: turned.times,
      movedNow: null,
    });
    return (await ownRow(deps, owned)) ?? row;
  } catch (error) {
    throw explainGoogle(error);
  } finally {
    await saveTokens();
  }
}

/**
 * A change to every event of a Google series that turns it to or from all day: where its days go (daysAlong, from
 * its first), the new times (with the zone it repeats in) and its recurrence lines in the new form. Null for any
 * other change: a series moved in the same form keeps its exceptions as Google keeps them.
 */
function turnedEveryTime(object: ObjectRow, fields: GoogleEventFields, userZone: string) {
  const event = JSON.parse(object.ics) as GoogleEvent;
  const lines = event.recurrence ?? [];
  const allDay = Boolean(event.start?.date);
  if (event.recurringEventId || !event.start || !lines.some((line) => /^RRULE:/i.test(line))) return null;
  if (!fields.start || !fields.end || !!fields.allDay === allDay) return null;
  const times: EventTimes = { start: fields.start, end: fields.end, allDay: !!fields.allDay };
  const zone = pushedZone(object, event);
  const first = new Date(allDay ? `${event.start.date}T00:00:00Z` : (event.start.dateTime ?? ''));
  if (Number.isNaN(first.getTime())) return null;
  const { was, now, timeZone } = dayForms(event, zone, times, userZone);
  const along = daysAlong(first, was, times.start, now);
  return {
    event,
    along,
    times: { ...times, ...(timeZone ? { timeZone } : {}) },
    recurrence: recurrenceMoved(lines, first, along, [was, now], zone),
  };
}

/** Deletes an event (every repeat of it) in Google, with If-Match; gone already counts as done. */
export async function deleteGoogleEvent(deps: GoogleDeps, owned: Required<Owned>): Promise<void> {
  const { api, saveTokens } = clientFor(deps, owned.connection);
  try {
    await api.events.delete(
      { calendarId: owned.calendar.url, eventId: owned.object.url },
      owned.object.etag ? { headers: { 'If-Match': owned.object.etag } } : {},
    );
  } catch (error) {
    const status = statusOf(error);
    if (status === 412) {
      await takeGoogleVersion(deps, api, owned);
      throw new GoogleError(changedInGoogle, 'conflict');
    }
    if (status !== 404 && status !== 410) throw explainGoogle(error);
  } finally {
    await saveTokens();
  }
  await forget(deps, owned);
}

/** Lifeboard's copy of a deleted event goes; a deleted occurrence stays as "cancelled", for its series to skip. */
async function forget(deps: GoogleDeps, owned: Required<Owned>): Promise<void> {
  const event = JSON.parse(owned.object.ics) as GoogleEvent;
  if (!event.recurringEventId) {
    await deps.db.delete(caldavObjects).where(eq(caldavObjects.id, owned.object.id));
    return;
  }
  const { id, recurringEventId, originalStartTime } = event;
  await keepEvent(deps.db, owned.calendar.id, { id, status: 'cancelled', recurringEventId, originalStartTime });
}

const notAnOccurrence = 'That day is not one of this event\u2019s days any more: refresh the calendar and try again.';

/**
 * One occurrence of a repeating Google event, or it and all later ones, moved or renamed (`change`) or deleted
 * (null), as Google's own clients do it: "this one" patches or deletes the instance (found with events.instances by
 * its original start); "this and all future ones" ends the series' RRULE with UNTIL (its moved occurrences from then
 * on deleted) and, for a move or a rename, inserts a new series from that day, whose instances take over the later
 * days moved, renamed or cancelled on their own. Answers null when the event is no series to change in part (a single
 * event, or an occurrence already changed on its own): the caller changes it whole. `userZone` is the zone a series
 * turned from all day to a time repeats in (Google needs one for a repeating event).
 */
export async function changeGoogleOccurrence(
  deps: GoogleDeps,
  owned: Required<Owned>,
  at: OccurrenceScope,
  change: EventChange | null,
  userZone: string,
): Promise<ObjectRow | null> {
  const event = JSON.parse(owned.object.ics) as GoogleEvent;
  const rule = (event.recurrence ?? []).find((line) => /^RRULE:/i.test(line));
  if (event.recurringEventId || !rule || !event.id || !event.start) return null;
  const allDay = Boolean(event.start.date);
  const first = new Date(allDay ? `${event.start.date}T00:00:00Z` : (event.start.dateTime ?? ''));
  const zone = pushedZone(owned.object, event);
  // Where the occurrence (or the new series) goes: the new times of a move, else where it was planned.
  const times: EventTimes | null = !change
    ? null
    : change.start && change.end
      ? { start: change.start, end: change.end, allDay: !!change.allDay }
      : { start: at.occurrence, end: new Date(at.occurrence.getTime() + lengthOf(event)), allDay };
  // Each later day keeps its place in the new series: moved along as the split day was (turned to or from all day,
  // by dates).
  const forms = times && dayForms(event, zone, times, userZone);
  const timeZone = forms?.timeZone ?? null;
  const along = times && forms ? daysAlong(at.occurrence, forms.was, times.start, forms.now) : null;
  const split = splitRule(
    rule,
    first,
    at.occurrence,
    allDay,
    zone,
    along && forms && { days: along.days, forms: [forms.was, forms.now] },
  );
  if (!split.hit) throw new GoogleError(notAnOccurrence, 'conflict');
  // "This and all future ones" from the first occurrence is the whole series.
  if (at.scope === 'future' && split.before === 0) return null;
  const { api, saveTokens } = clientFor(deps, owned.connection);
  const calendarId = owned.calendar.url;
  const refused = async (error: unknown): Promise<never> => {
    const status = statusOf(error);
    if (status === 412 || status === 404 || status === 410) {
      await takeGoogleVersion(deps, api, owned);
      throw new GoogleError(status === 412 ? changedInGoogle : deletedInGoogle, status === 412 ? 'conflict' : 'gone');
    }
    throw explainGoogle(error);
  };
  try {
    if (at.scope === 'one') {
      // Lifeboard's copy of the series must be Google's current one (as for a change to the whole series): else the
      // newer version is taken and nothing is written.
      const { data: current } = await api.events.get({ calendarId, eventId: event.id }).catch(refused);
      if (current.etag !== owned.object.etag) {
        await takeGoogleVersion(deps, api, owned);
        throw new GoogleError(changedInGoogle, 'conflict');
      }
      const instance = await instanceAt(api, calendarId, event.id, at.occurrence, allDay).catch(refused);
      if (!instance) throw new GoogleError(notAnOccurrence, 'conflict');
      // Only what the change names: a rename leaves the instance where it is.
      const fields = change?.start ? { ...change, ...zoned(event, times!, null) } : change;
      await changeInstance(deps, api, owned.calendar, instance, fields && googleFields(fields)).catch(refused);
      // Google may give the series a new ETag for a change to one of its instances: the series as Google has it now
      // is kept (Lifeboard's copy was current just before), so the person's next change to a day is not refused as
      // changed in Google. Failing, the next sync brings it.
      await takeGoogleVersion(deps, api, owned).catch(() => undefined);
      return (await ownRow(deps, owned)) ?? owned.object;
    }
    // The new series is made first: if the old one then cannot be ended (changed in Google), it goes again.
    let made: GoogleEvent | null = null;
    if (change && times && along) {
      const skipped = exdatesFrom(event.recurrence ?? [], at.occurrence, along.follow, times.allDay, zone);
      ({ data: made } = await api.events
        .insert({
          calendarId,
          requestBody: {
            ...carried(event),
            ...googleFields({ ...change, ...times, ...zoned(event, times, timeZone) }),
            recurrence: [`RRULE:${split.rest!}`, ...skipped],
          },
        })
        .catch(refused));
    }
    const recurrence = (event.recurrence ?? []).map((line) => (/^RRULE:/i.test(line) ? `RRULE:${split.ended}` : line));
    let ended: GoogleEvent;
    try {
      ({ data: ended } = await api.events
        .patch(
          { calendarId, eventId: event.id, requestBody: { recurrence } },
          owned.object.etag ? { headers: { 'If-Match': owned.object.etag } } : {},
        )
        .catch(refused));
    } catch (error) {
      if (made?.id) await api.events.delete({ calendarId, eventId: made.id }).catch(() => undefined);
      throw error;
    }
    if (made) await keepEvent(deps.db, owned.calendar.id, made);
    const row = await keepEvent(deps.db, owned.calendar.id, ended);
    // Its occurrences changed on their own from the cut on follow into the new series, and go from the old one.
    await carryExceptions(
      deps,
      api,
      owned,
      event,
      at.occurrence.getTime(),
      made && along && times
        ? {
            series: made,
            along,
            times: { ...times, ...zoned(event, times, timeZone) },
            // The split day itself, moved now, goes where the person put it; any other keeps its own times.
            movedNow: change?.start ? at.occurrence.getTime() : null,
          }
        : null,
    );
    return (await ownRow(deps, owned)) ?? row;
  } catch (error) {
    throw explainGoogle(error);
  } finally {
    await saveTokens();
  }
}

/**
 * How a Google series names its days (`was`) and how it will after a change to `times` (`now`): a series turned from
 * all day to a time repeats in the person's zone (`timeZone`, which Google needs for a repeating event).
 */
function dayForms(
  event: GoogleEvent,
  zone: string,
  times: EventTimes,
  userZone: string,
): { was: DayForm; now: DayForm; timeZone: string | null } {
  const allDay = Boolean(event.start?.date);
  const timeZone = times.allDay ? null : (event.start?.timeZone ?? (allDay ? userZone : null));
  const newZone = times.allDay ? 'UTC' : allDay ? (timeZone ?? userZone) : zone;
  return {
    was: { allDay, zone: allDay ? 'UTC' : zone, seen: allDay ? 'UTC' : zone },
    now: { allDay: times.allDay, zone: newZone, seen: newZone },
    timeZone,
  };
}

/**
 * A series' occurrences changed on their own (from `from` on), after a change to it from a day on or every time: each
 * follows onto the instance of `onto.series` standing for its day (followException; the day `onto.movedNow`, moved
 * by the change itself, takes the change's times), then, moved or renamed, goes from Google, as it stands for no day
 * of the series any more (past its end, or named in its old form). With `onto` null they only go.
 */
async function carryExceptions(
  deps: GoogleDeps,
  api: calendar_v3.Calendar,
  owned: Required<Owned>,
  event: GoogleEvent,
  from: number,
  onto: {
    series: GoogleEvent;
    along: DaysAlong;
    times: GoogleEventFields & EventTimes;
    movedNow: number | null;
  } | null,
): Promise<void> {
  for (const object of await deps.db
    .select()
    .from(caldavObjects)
    .where(eq(caldavObjects.calendarId, owned.calendar.id))) {
    const exception = JSON.parse(object.ics) as GoogleEvent;
    const startedAt = startOf(exception.originalStartTime);
    if (exception.recurringEventId !== event.id || !(startedAt >= from)) continue;
    if (!namedLike(exception, Boolean(event.start?.date))) continue;
    if (onto?.series.id)
      await followException(deps, api, owned.calendar, event, onto.series, exception, {
        day: onto.along.follow(new Date(startedAt)),
        keepTimes: startedAt !== onto.movedNow,
        along: onto.along,
        times: onto.times,
      });
    if (exception.status === 'cancelled') continue;
    await api.events.delete({ calendarId: owned.calendar.url, eventId: exception.id! }).catch((error: unknown) => {
      if (statusOf(error) !== 404 && statusOf(error) !== 410) throw error;
    });
    await forget(deps, { ...owned, object });
  }
}

/**
 * The instance of a series planned for `planned`, among the instances of the days around it (timeMin and timeMax
 * are instants, whatever the calendar's zone): its originalStartTime names it even after it was moved.
 */
async function instanceAt(
  api: calendar_v3.Calendar,
  calendarId: string,
  eventId: string,
  planned: Date,
  allDay: boolean,
): Promise<GoogleEvent | undefined> {
  const { data } = await api.events.instances({
    calendarId,
    eventId,
    timeMin: new Date(planned.getTime() - DAY_MS).toISOString(),
    timeMax: new Date(planned.getTime() + 2 * DAY_MS).toISOString(),
    maxResults: 250,
  });
  return data.items?.find(
    (item) =>
      item.id &&
      (allDay
        ? item.originalStartTime?.date === planned.toISOString().slice(0, 10)
        : Date.parse(item.originalStartTime?.dateTime ?? '') === planned.getTime()),
  );
}

/** One instance patched with `fields`, or cancelled (null), with If-Match on its ETag; Google's answer is kept. */
async function changeInstance(
  deps: GoogleDeps,
  api: calendar_v3.Calendar,
  calendar: CalendarRow,
  instance: GoogleEvent,
  fields: GoogleEvent | null,
): Promise<void> {
  const ifMatch = instance.etag ? { headers: { 'If-Match': instance.etag } } : {};
  if (!fields) {
    await api.events.delete({ calendarId: calendar.url, eventId: instance.id! }, ifMatch);
    const { id, recurringEventId, originalStartTime } = instance;
    await keepEvent(deps.db, calendar.id, { id, status: 'cancelled', recurringEventId, originalStartTime });
    return;
  }
  const { data } = await api.events.patch(
    { calendarId: calendar.url, eventId: instance.id!, requestBody: fields },
    ifMatch,
  );
  await keepEvent(deps.db, calendar.id, data);
}

/**
 * A day of the old series changed on its own, carried into the new series as Google Calendar keeps exceptions
 * through a change to every event: the new series' instance standing for the same original day (planned at `day`)
 * is cancelled if the day was, else gets what the day changed (title, notes, place...; its times if it was moved and
 * `keepTimes`: turned to or from all day, its date in the new series' form and length, `times`) and keeps the rest
 * from the new series. A day the new series has no instance for (its rule ends earlier, or a monthly day moved off
 * its date) ends with the old series, as before.
 */
async function followException(
  deps: GoogleDeps,
  api: calendar_v3.Calendar,
  calendar: CalendarRow,
  series: GoogleEvent,
  next: GoogleEvent,
  exception: GoogleEvent,
  into: { day: Date; keepTimes: boolean; along: DaysAlong; times: GoogleEventFields & EventTimes },
): Promise<void> {
  const { day, keepTimes, along, times } = into;
  const instance = await instanceAt(api, calendar.url, next.id!, day, Boolean(next.start?.date));
  if (!instance) return;
  if (exception.status === 'cancelled') return changeInstance(deps, api, calendar, instance, null);
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(carried(exception)))
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(series[key as keyof GoogleEvent]))
      own[key] = value;
  const movedAlone =
    startOf(exception.start) !== startOf(exception.originalStartTime) || lengthOf(exception) !== lengthOf(series);
  if (keepTimes && movedAlone && along.onItsDate) {
    const start = along.onItsDate(new Date(startOf(exception.start)));
    const end = new Date(start.getTime() + times.end.getTime() - times.start.getTime());
    Object.assign(own, googleFields({ ...times, start, end }));
  } else if (keepTimes && movedAlone) Object.assign(own, { start: exception.start, end: exception.end });
  if (Object.keys(own).length) await changeInstance(deps, api, calendar, instance, own);
}

/** The instant a Google start names (midnight UTC for a date). */
const startOf = (time: calendar_v3.Schema$EventDateTime | undefined) =>
  time?.date ? Date.parse(`${time.date}T00:00:00Z`) : Date.parse(time?.dateTime ?? '');

/** How long each occurrence of a Google series lasts. */
function lengthOf(event: GoogleEvent): number {
  const { start, end } = event;
  const from = Date.parse(start?.dateTime ?? `${start?.date}T00:00:00Z`);
  const to = Date.parse(end?.dateTime ?? `${end?.date}T00:00:00Z`);
  if (Number.isFinite(from) && Number.isFinite(to) && to >= from) return to - from;
  return start?.date ? DAY_MS : 0;
}

/** A new series keeps what the person sees of the old one (title, notes, place, colour, reminders). */
function carried(event: GoogleEvent): GoogleEvent {
  const { summary, description, location, colorId, reminders, transparency, visibility } = event;
  return { summary, description, location, colorId, reminders, transparency, visibility };
}

/**
 * A moved timed occurrence keeps its series' zone, so its new series repeats at the same local time; a series turned
 * from all day to a time takes `timeZone`.
 */
function zoned(event: GoogleEvent, times: EventTimes, timeZone: string | null): { timeZone?: string } {
  const zone = event.start?.timeZone ?? timeZone;
  return !times.allDay && zone ? { timeZone: zone } : {};
}

async function ownRow(deps: GoogleDeps, owned: Required<Owned>): Promise<ObjectRow | undefined> {
  const [row] = await deps.db.select().from(caldavObjects).where(eq(caldavObjects.id, owned.object.id));
  return row;
}
