import { call, isObject, readSuccess, type Body } from './call';

export interface CalendarEvent {
  id?: number | string;
  title?: string;
  /** `event`: a Lifeboard event; `planned`: a planned activity; `ics`: a subscribed calendar; `caldav`: a synced CalDAV calendar; `google`: a connected Google calendar. */
  source?: 'event' | 'planned' | 'ics' | 'caldav' | 'google';
  /** The record or subscription it comes from: `event:12`, `planned:4`, `ics:3`, `caldav:7` (the CalDAV event, for edits). */
  series?: string;
  /** The colour a CalDAV server gives the item's calendar (#rrggbb). */
  color?: string;
  /** For `caldav` items: the synced calendar's id. */
  calendar_id?: number;
  /** The occurrence's date in the user's zone. */
  date?: string;
  repeat?: string | null;
  /** A subscribed calendar's name. */
  calendar?: string;
  /** The board of an `event` or `planned` item. */
  board?: number;
  /** A planned activity that was done. */
  done?: boolean;
  /** `start`/`end`: what `/api/google/events` sends (ISO date-times); `start_at`/`end_at`: the older names. */
  start?: string;
  end?: string;
  start_at?: string;
  end_at?: string;
  all_day?: boolean;
  [key: string]: unknown;
}

export const fetchCalendarEvents = (startDate: string, endDate: string) =>
  call(
    'POST',
    '/api/google/events',
    { start_date: startDate, end_date: endDate },
    (body) => (Array.isArray(body.events) ? (body.events as CalendarEvent[]) : undefined),
    { loadsData: true },
  );

/** One calendar of a CalDAV account; only selected ones are synced and shown. */
export interface SyncedCalendar {
  id: number;
  name: string;
  color: string | null;
  selected: boolean;
  event_count: number;
}
export interface CalendarConnection {
  id: number;
  name: string;
  /** The feed's address, or the CalDAV server's. */
  url: string;
  provider: 'ics' | 'caldav' | 'google';
  last_synced_at: string | null;
  /** Why the last sync failed, in words to show. */
  last_error: string | null;
  event_count: number;
  /** CalDAV: the account's user name; Google: the account's address. */
  username?: string;
  /** CalDAV and Google: the account's calendars. */
  calendars?: SyncedCalendar[];
}
const isConnection = (value: unknown): value is CalendarConnection =>
  isObject(value) && typeof value.id === 'number' && typeof value.name === 'string';
const readConnection = (body: Body) => (isConnection(body.connection) ? body.connection : undefined);

export const fetchCalendarConnections = () =>
  call(
    'POST',
    '/api/calendar/connections',
    undefined,
    (body) => (Array.isArray(body.connections) ? body.connections.filter(isConnection) : undefined),
    { loadsData: true },
  );
/** Which calendar services the server can connect, and for each the settings it still needs. */
export interface ProviderSetup {
  configured: boolean;
  missing: string[];
}
export interface CalendarProviders {
  google: ProviderSetup;
  caldav: ProviderSetup;
}
const readSetup = (value: unknown): ProviderSetup | undefined =>
  isObject(value) && typeof value.configured === 'boolean' && Array.isArray(value.missing)
    ? { configured: value.configured, missing: value.missing.filter((m): m is string => typeof m === 'string') }
    : undefined;
export const fetchCalendarProviders = () =>
  call('POST', '/api/calendar/providers', undefined, (body): CalendarProviders | undefined => {
    const google = readSetup(body.google);
    const caldav = readSetup(body.caldav);
    return google && caldav ? { google, caldav } : undefined;
  });
export interface CaldavAccount {
  server_url: string;
  username: string;
  password: string;
  name?: string;
}
/** Checks the account with its server and connects it; its first sync is queued. */
export const connectCaldav = (account: CaldavAccount) =>
  call('POST', '/api/calendar/caldav/connect', account, readConnection);
export const chooseCaldavCalendars = (id: number, selected: number[]) =>
  call('POST', '/api/calendar/caldav/calendars', { id, selected }, readConnection);
/** An event on a synced CalDAV calendar: times are ISO instants; an all-day one runs from midnight UTC of its first day to midnight UTC after its last. */
export interface CaldavEventInput {
  title: string;
  start: string;
  end: string;
  all_day: boolean;
  description?: string;
}
const readCaldavEvent = (body: Body) =>
  isObject(body.event) && typeof body.event.id === 'number' ? { id: body.event.id } : undefined;
export const createCaldavEvent = (calendarId: number, event: CaldavEventInput) =>
  call('POST', '/api/calendar/caldav/events/create', { calendar_id: calendarId, ...event }, readCaldavEvent);
/**
 * One occurrence of a connected calendar's event: its start as the calendar listed it, and whether a change reaches
 * it alone or it and all later ones. Without it, a change is to the whole event (every repeat).
 */
export interface CaldavOccurrence {
  occurrence: string;
  scope: 'one' | 'future';
}
export const updateCaldavEvent = (id: number, changes: Partial<CaldavEventInput>, at?: CaldavOccurrence) =>
  call('POST', '/api/calendar/caldav/events/update', { id, ...changes, ...at }, readCaldavEvent);
export const deleteCaldavEvent = (id: number, at?: CaldavOccurrence) =>
  call('POST', '/api/calendar/caldav/events/delete', { id, ...at }, readSuccess, { needsSuccess: true });
/** The address of Google's consent page, to send the browser to; it comes back to the connections screen. */
export const startGoogleConnect = () =>
  call('POST', '/api/calendar/google/connect', undefined, (body) =>
    typeof body.url === 'string' ? body.url : undefined,
  );
/** Revokes Lifeboard's access at Google and removes the account's calendars from Lifeboard. */
export const disconnectGoogle = (id: number) =>
  call('POST', '/api/calendar/google/disconnect', { id }, readSuccess, { needsSuccess: true });
export const subscribeToCalendar = (url: string, name: string) =>
  call('POST', '/api/calendar/subscribe', { url, name }, readConnection);
export const refreshCalendarConnection = (id: number) =>
  call('POST', '/api/calendar/connections/refresh', { id }, readConnection);
export const deleteCalendarConnection = (id: number) =>
  call('POST', '/api/calendar/connections/delete', { id }, readSuccess, { needsSuccess: true });
/** The secret address of the user's own feed, made on first call. */
export const fetchCalendarFeed = () =>
  call('POST', '/api/calendar/feed', undefined, (body) => (typeof body.url === 'string' ? body.url : undefined), {
    needsSuccess: true,
  });
export const revokeCalendarFeed = () =>
  call('POST', '/api/calendar/feed/revoke', undefined, readSuccess, { needsSuccess: true });
