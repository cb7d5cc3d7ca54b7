import ICAL from 'ical.js';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local Google for the tests: the OAuth 2.0 consent page, token and revoke endpoints, and the Calendar v3 REST
 * resources Lifeboard uses, as Google answers them, so google-auth-library and @googleapis/calendar talk to it
 * unchanged (GOOGLE_OAUTH_BASE_URL and GOOGLE_API_BASE_URL point at it).
 *
 * - GET /o/oauth2/v2/auth: the consent page (checks client_id, redirect_uri, response_type and scope as Google does),
 *   an HTML page with "Allow" and "Deny" links; GET /o/oauth2/v2/decide sends the browser back to the redirect_uri
 *   with `code` and `state`, or `error=access_denied`.
 * - POST /token: grant_type authorization_code (a code works once, with the redirect_uri it was given for) and
 *   refresh_token; errors as `{ error, error_description }` (invalid_grant, invalid_client).
 * - POST /revoke?token=: ends the grant (its refresh token and every access token made with it).
 * - GET /calendar/v3/users/me/calendarList; GET, POST /calendar/v3/calendars/{id}/events with pageToken,
 *   maxResults, showDeleted and syncToken (410 "fullSyncRequired" once a token was invalidated; a repeating timed
 *   event inserted without start.timeZone is refused, 400, as Google refuses it); GET, PATCH and
 *   DELETE /calendar/v3/calendars/{id}/events/{eventId}, with If-Match (412 "conditionNotMet" on a stale ETag).
 *   A calendar the account may only read refuses writes (403 "requiredAccessLevel"). Every call needs a live
 *   Bearer access token, else 401.
 * - Repeating events' instances, as Google documents them: GET /calendars/{id}/events/{eventId}/instances (with
 *   originalStart, timeMin, timeMax, showDeleted); an instance's id is `{eventId}_{start}` (`20260309T090000Z`, or
 *   `20260309` all day), and GET, PATCH and DELETE on it make it an exception of its own (moved, or "cancelled"),
 *   listed with `recurringEventId` and `originalStartTime`. Its RRULE is expanded (ical.js) at the wall time of its
 *   start's timeZone (UTC without one), or on dates.
 */

export interface StandInEvent {
  id: string;
  status: 'confirmed' | 'cancelled';
  summary?: string;
  start?: { date?: string; dateTime?: string; timeZone?: string };
  end?: { date?: string; dateTime?: string; timeZone?: string };
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: { date?: string; dateTime?: string; timeZone?: string };
  [field: string]: unknown;
}

interface StoredEvent {
  event: StandInEvent;
  etag: string;
  updated: string;
  /** The calendar's change number when it last changed. */
  seq: number;
}

interface StoredCalendar {
  entry: {
    id: string;
    summary: string;
    backgroundColor: string;
    timeZone: string;
    accessRole: 'owner' | 'reader';
    primary?: boolean;
    selected?: boolean;
  };
  events: Map<string, StoredEvent>;
  seq: number;
  /** Sync tokens made before this generation answer 410. */
  generation: number;
}

export interface GoogleStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  account: string;
  /** Consent requests as the browser opened them (their query). */
  consents: URLSearchParams[];
  /** Token requests: which grant, and whether it was given. */
  grants: { grantType: string; ok: boolean }[];
  /** Refresh tokens revoked. */
  revoked: string[];
  /** Calendar API calls: method, path and query. */
  calls: { method: string; path: string; query: URLSearchParams; status: number }[];
  /** Google's answer to the consent page: the callback address the browser is sent to. */
  consent(authUrl: string, answer: 'allow' | 'deny'): Promise<string>;
  addCalendar(
    id: string,
    summary: string,
    options?: { color?: string; selected?: boolean; timeZone?: string; accessRole?: 'owner' | 'reader' },
  ): void;
  /** Writes an event as another app (Google's own web page) would: a change the next sync picks up. */
  putEvent(calendarId: string, event: Partial<StandInEvent> & { id: string }): void;
  deleteEvent(calendarId: string, eventId: string): void;
  /** What Google has now in a calendar (deleted events left out), as another app would see it. */
  eventsOf(calendarId: string): StandInEvent[];
  /** A repeating event's occurrences as Google's own calendar shows them: moved ones moved, deleted ones left out. */
  instancesOf(calendarId: string, eventId: string): StandInEvent[];
  /** Access tokens stop working (as after an hour): the next call is refused with 401 until refreshed. */
  expireAccessTokens(): void;
  /** Google drops a calendar's sync tokens: the next incremental list answers 410 Gone. */
  invalidateSyncTokens(calendarId: string): void;
  /** The grant is removed in the Google account (myaccount.google.com → Security → third-party access). */
  removeAccess(): void;
  /**
   * Whether changing or cancelling an instance also gives its series a new ETag (as a change of the series). Google
   * may do so (it is not documented either way); off by default, so both ways are tested.
   */
  touchSeriesOnInstanceChange(on: boolean): void;
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function decode<T>(text: string): T | null {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

type WallTime = InstanceType<typeof ICAL.Time>;
/** The wall time an instant shows in an IANA zone (Intl's zone data), as a floating ical.js time. */
const formats = new Map<string, Intl.DateTimeFormat>();
function wallIn(instant: Date, zone: string): WallTime {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return ICAL.Time.fromData({ ...parts, isDate: false });
}
/** The instant a wall time names in an IANA zone (a time skipped by a spring-forward gap moves on by the gap). */
function instantIn(wall: WallTime, zone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offset = (at: number) => {
    const shown = wallIn(new Date(at), zone);
    return Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second) - at;
  };
  return new Date(asUtc - offset(asUtc - offset(asUtc)));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function startGoogleStandIn(
  options: { redirectUris?: string[]; account?: string; pageSize?: number; touchSeriesOnInstanceChange?: boolean } = {},
): Promise<GoogleStandIn> {
  const clientId = `${randomBytes(6).toString('hex')}.apps.googleusercontent.com`;
  const clientSecret = token('GOCSPX-');
  const account = options.account ?? 'ada@example.com';
  const pageSize = options.pageSize ?? 250;
  const redirectUris = new Set(options.redirectUris ?? []);
  const calendars = new Map<string, StoredCalendar>();
  const consents: URLSearchParams[] = [];
  const pending = new Map<string, URLSearchParams>();
  const codes = new Map<string, { redirectUri: string; scope: string; used: boolean }>();
  const refreshTokens = new Map<string, { scope: string; live: boolean }>();
  const accessTokens = new Map<string, { refresh: string; live: boolean }>();
  const grants: GoogleStandIn['grants'] = [];
  const revoked: string[] = [];
  const calls: GoogleStandIn['calls'] = [];
  let touchSeries = options.touchSeriesOnInstanceChange ?? false;

  const addCalendar: GoogleStandIn['addCalendar'] = (id, summary, extra = {}) => {
    calendars.set(id, {
      entry: {
        id,
        summary,
        backgroundColor: extra.color ?? '#039be5',
        timeZone: extra.timeZone ?? 'Europe/Berlin',
        accessRole: extra.accessRole ?? 'owner',
        ...(id === account ? { primary: true } : {}),
        ...(extra.selected === false ? {} : { selected: true }),
      },
      events: new Map(),
      seq: 1,
      generation: 1,
    });
  };
  addCalendar(account, account);

  const write = (calendar: StoredCalendar, event: StandInEvent) => {
    calendar.seq += 1;
    calendar.events.set(event.id, {
      event,
      etag: `"${calendar.seq}${randomBytes(3).toString('hex')}"`,
      updated: new Date().toISOString(),
      seq: calendar.seq,
    });
  };
  const remove = (calendar: StoredCalendar, eventId: string) => {
    const stored = calendar.events.get(eventId);
    if (!stored || stored.event.status === 'cancelled') return false;
    // Google keeps a deleted event as "cancelled" so incremental syncs learn of it.
    const { id, recurringEventId, originalStartTime } = stored.event;
    write(calendar, {
      id,
      status: 'cancelled',
      ...(recurringEventId ? { recurringEventId, originalStartTime } : {}),
    });
    return true;
  };
  /**
   * The start of each occurrence of a repeating event (up to two years on), in Google's instance-id form. As Google
   * does, a timed series repeats at the same wall time of its start's `timeZone` (across daylight-saving changes).
   */
  const occurrencesOf = (master: StandInEvent): { stamp: string; start: Date; date: string | null }[] => {
    const rule = (master.recurrence ?? []).find((line) => /^RRULE:/i.test(line));
    if (!rule || !master.start) return [];
    const allDay = Boolean(master.start.date);
    const zone = master.start.timeZone ?? 'UTC';
    const first = allDay
      ? ICAL.Time.fromDateString(master.start.date!)
      : wallIn(new Date(master.start.dateTime!), zone);
    // Skipped days in the instance-id form: a date, an instant in UTC, or a wall time of the line's TZID (or of the
    // series' zone, floating).
    const exdates = new Set(
      (master.recurrence ?? [])
        .filter((line) => /^EXDATE/i.test(line))
        .flatMap((line) => {
          const property = ICAL.Property.fromString(line);
          const tzid = property.getParameter('tzid');
          return (property.getValues() as WallTime[]).map((value) => {
            if (value.isDate) return value.toString().replace(/-/g, '');
            const instant =
              value.zone?.tzid === 'UTC' ? value.toJSDate() : instantIn(value, typeof tzid === 'string' ? tzid : zone);
            return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
          });
        }),
    );
    const recur = ICAL.Recur.fromString(rule.replace(/^RRULE:/i, ''));
    // An UNTIL in UTC compared with the series' wall times.
    if (recur.until && !allDay) recur.until = wallIn(recur.until.toJSDate(), zone);
    const iterator = recur.iterator(first);
    const found: { stamp: string; start: Date; date: string | null }[] = [];
    const limit = Date.now() + 2 * 366 * 24 * 3600 * 1000;
    for (let next = iterator.next(); next && found.length < 2000; next = iterator.next()) {
      const start = allDay ? new Date(`${next.toString()}T00:00:00Z`) : instantIn(next, zone);
      if (start.getTime() > limit) break;
      const stamp = allDay
        ? next.toString().replace(/-/g, '')
        : `${start.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
      if (!exdates.has(stamp)) found.push({ stamp, start, date: allDay ? next.toString() : null });
    }
    return found;
  };
  /** An instance of a repeating event as Google answers it before it is changed on its own. */
  const instanceOf = (
    calendar: StoredCalendar,
    instanceId: string,
    known?: ReturnType<typeof occurrencesOf>[number],
  ): StoredEvent | undefined => {
    const match = /^(.+)_(\d{8}(?:T\d{6}Z)?)$/.exec(instanceId);
    const master = match ? calendar.events.get(match[1]) : undefined;
    if (!master || master.event.status === 'cancelled' || master.event.recurringEventId) return undefined;
    // An occurrence the caller has just expanded is not looked for again.
    const at = known ?? occurrencesOf(master.event).find((o) => o.stamp === match![2]);
    if (!at) return undefined;
    const { start, end } = master.event;
    const length =
      start?.date && end?.date
        ? Date.parse(end.date) - Date.parse(start.date)
        : Date.parse(end?.dateTime ?? '') - Date.parse(start?.dateTime ?? '');
    const time = (instant: Date) =>
      at.date
        ? { date: instant.toISOString().slice(0, 10) }
        : { dateTime: instant.toISOString(), ...(start?.timeZone ? { timeZone: start.timeZone } : {}) };
    const { recurrence: _recurrence, id: _id, ...fields } = master.event;
    return {
      event: {
        ...fields,
        id: instanceId,
        status: 'confirmed',
        recurringEventId: master.event.id,
        originalStartTime: time(at.start),
        start: time(at.start),
        end: time(new Date(at.start.getTime() + (Number.isFinite(length) ? length : 3600_000))),
      },
      etag: master.etag,
      updated: master.updated,
      seq: master.seq,
    };
  };
  const wire = (calendarId: string, stored: StoredEvent) => ({
    kind: 'calendar#event',
    etag: stored.etag,
    ...stored.event,
    ...(stored.event.status === 'cancelled'
      ? {}
      : {
          updated: stored.updated,
          htmlLink: `https://www.google.com/calendar/event?eid=${stored.event.id}`,
          iCalUID: `${stored.event.recurringEventId ?? stored.event.id}@google.com`,
          organizer: { email: calendarId, self: true },
        }),
  });

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const query = url.searchParams;
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(value));
    const apiError = (status: number, reason: string, message: string, statusText: string) =>
      json(status, {
        error: { code: status, message, errors: [{ domain: 'global', reason, message }], status: statusText },
      });

    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      consents.push(new URLSearchParams(query));
      const page = (status: number, body: string) =>
        response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      if (query.get('client_id') !== clientId)
        return page(401, '<h1>Access blocked: Authorization Error</h1><p>Error 401: invalid_client</p>');
      if (!redirectUris.has(query.get('redirect_uri') ?? ''))
        return page(400, '<h1>Access blocked</h1><p>Error 400: redirect_uri_mismatch</p>');
      if (query.get('response_type') !== 'code' || !query.get('scope'))
        return page(400, '<h1>Access blocked</h1><p>Error 400: invalid_request</p>');
      const id = token('');
      pending.set(id, new URLSearchParams(query));
      const link = (answer: string) => `/o/oauth2/v2/decide?request=${id}&answer=${answer}`;
      return page(
        200,
        `<!doctype html><html lang="en"><head><title>Sign in - Google Accounts</title></head><body>
<h1>Lifeboard wants to access your Google Account</h1><p>${escapeHtml(account)}</p>
<p>This will allow Lifeboard to: ${escapeHtml(query.get('scope') ?? '')}</p>
<a href="${link('deny')}">Cancel</a> <a href="${link('allow')}">Allow</a></body></html>`,
      );
    }
    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/decide') {
      const asked = pending.get(query.get('request') ?? '');
      if (!asked) return response.writeHead(400).end('This consent request is unknown or was answered.');
      pending.delete(query.get('request')!);
      const back = new URL(asked.get('redirect_uri')!);
      if (query.get('answer') === 'allow') {
        const code = token('4/0A');
        codes.set(code, { redirectUri: asked.get('redirect_uri')!, scope: asked.get('scope')!, used: false });
        back.searchParams.set('code', code);
        back.searchParams.set('scope', asked.get('scope')!);
      } else back.searchParams.set('error', 'access_denied');
      const state = asked.get('state');
      if (state !== null) back.searchParams.set('state', state);
      return response.writeHead(302, { location: back.href }).end();
    }
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(request));
      const grantType = form.get('grant_type') ?? '';
      const refuse = (status: number, error: string, description: string) => {
        grants.push({ grantType, ok: false });
        json(status, { error, error_description: description });
      };
      const [scheme, basic] = (request.headers.authorization ?? '').split(' ');
      const [basicId, basicSecret] =
        scheme === 'Basic'
          ? Buffer.from(basic ?? '', 'base64')
              .toString('utf8')
              .split(':')
          : [];
      if (
        (form.get('client_id') ?? basicId) !== clientId ||
        (form.get('client_secret') ?? basicSecret) !== clientSecret
      )
        return refuse(401, 'invalid_client', 'The OAuth client was not found.');
      const issue = (refresh: string, withRefresh: boolean) => {
        const access = token('ya29.');
        accessTokens.set(access, { refresh, live: true });
        grants.push({ grantType, ok: true });
        json(200, {
          access_token: access,
          expires_in: 3599,
          scope: refreshTokens.get(refresh)!.scope,
          token_type: 'Bearer',
          ...(withRefresh ? { refresh_token: refresh } : {}),
        });
      };
      if (grantType === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        if (!code || code.used) return refuse(400, 'invalid_grant', 'Malformed auth code.');
        code.used = true;
        if (form.get('redirect_uri') !== code.redirectUri) return refuse(400, 'redirect_uri_mismatch', 'Bad Request');
        const refresh = token('1//0g');
        refreshTokens.set(refresh, { scope: code.scope, live: true });
        return issue(refresh, true);
      }
      if (grantType === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        if (!refreshTokens.get(refresh)?.live)
          return refuse(400, 'invalid_grant', 'Token has been expired or revoked.');
        return issue(refresh, false);
      }
      return refuse(400, 'unsupported_grant_type', 'Invalid grant_type: ' + grantType);
    }
    if (request.method === 'POST' && url.pathname === '/revoke') {
      const form = new URLSearchParams(await readBody(request));
      const given = query.get('token') ?? form.get('token') ?? '';
      const refresh = refreshTokens.has(given) ? given : accessTokens.get(given)?.refresh;
      if (!refresh || !refreshTokens.get(refresh)!.live)
        return json(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      refreshTokens.get(refresh)!.live = false;
      for (const access of accessTokens.values()) if (access.refresh === refresh) access.live = false;
      revoked.push(refresh);
      return json(200, {});
    }

    // A browser on the consent page asks for it.
    if (url.pathname === '/favicon.ico') return response.writeHead(204).end();
    const path = url.pathname.replace(/^\/+/, '/');
    if (!path.startsWith('/calendar/v3/')) return apiError(404, 'notFound', 'Not Found', 'NOT_FOUND');
    const record = (status: number) => calls.push({ method: request.method ?? '', path, query, status });
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const access = accessTokens.get(bearer);
    if (!access?.live || !refreshTokens.get(access.refresh)?.live) {
      record(401);
      return apiError(
        401,
        'authError',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'UNAUTHENTICATED',
      );
    }
    const maxResults = () => Math.min(pageSize, Math.max(1, Number(query.get('maxResults') ?? 250) || 250));
    if (request.method === 'GET' && path === '/calendar/v3/users/me/calendarList') {
      const all = [...calendars.values()].map((c) => ({
        kind: 'calendar#calendarListEntry',
        etag: `"${c.seq}"`,
        ...c.entry,
      }));
      const offset = Number(decode<{ offset: number }>(query.get('pageToken') ?? '')?.offset ?? 0);
      const page = all.slice(offset, offset + maxResults());
      const more = offset + page.length < all.length;
      record(200);
      return json(200, {
        kind: 'calendar#calendarList',
        etag: '"p1"',
        items: page,
        ...(more ? { nextPageToken: encode({ offset: offset + page.length }) } : { nextSyncToken: token('CL') }),
      });
    }
    const eventsPath = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+)(\/instances)?)?$/.exec(path);
    const calendar = eventsPath ? calendars.get(decodeURIComponent(eventsPath[1])) : undefined;
    if (!eventsPath || !calendar) {
      record(404);
      return apiError(404, 'notFound', 'Not Found', 'NOT_FOUND');
    }
    const calendarId = calendar.entry.id;
    const eventId = eventsPath[2] ? decodeURIComponent(eventsPath[2]) : null;
    if (request.method === 'GET' && eventId && eventsPath[3]) {
      const master = calendar.events.get(eventId);
      if (!master || master.event.status === 'cancelled') {
        record(master ? 410 : 404);
        return master
          ? apiError(410, 'deleted', 'Resource has been deleted', 'GONE')
          : apiError(404, 'notFound', 'Not Found', 'NOT_FOUND');
      }
      const asked = query.get('originalStart');
      const askedAt = asked ? Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(asked) ? `${asked}T00:00:00Z` : asked) : null;
      const timeMin = query.get('timeMin') ? Date.parse(query.get('timeMin')!) : -Infinity;
      const timeMax = query.get('timeMax') ? Date.parse(query.get('timeMax')!) : Infinity;
      // As Google filters them: timeMin bounds an instance's end, timeMax its start (where it is now, if moved).
      const items = occurrencesOf(master.event)
        .filter((o) => askedAt === null || o.start.getTime() === askedAt)
        .map((o) => calendar.events.get(`${eventId}_${o.stamp}`) ?? instanceOf(calendar, `${eventId}_${o.stamp}`, o)!)
        .filter((stored) => stored.event.status !== 'cancelled' || query.get('showDeleted') === 'true')
        .filter((stored) => {
          const { start, end } = stored.event;
          const from = Date.parse(start?.dateTime ?? `${start?.date}T00:00:00Z`);
          const to = Date.parse(end?.dateTime ?? `${end?.date}T00:00:00Z`);
          return stored.event.status === 'cancelled' || (to > timeMin && from < timeMax);
        })
        .slice(0, maxResults());
      record(200);
      return json(200, {
        kind: 'calendar#events',
        summary: calendar.entry.summary,
        timeZone: calendar.entry.timeZone,
        items: items.map((stored) => wire(calendarId, stored)),
      });
    }
    if (request.method === 'GET' && !eventId) {
      const paging = decode<{ offset: number; since: number; upTo: number; full: boolean }>(
        query.get('pageToken') ?? '',
      );
      let since = paging?.since ?? 0;
      let full = paging?.full ?? true;
      const syncToken = query.get('syncToken');
      if (!paging && syncToken) {
        const parsed = decode<{ calendar: string; seq: number; generation: number }>(syncToken);
        if (!parsed || parsed.calendar !== calendarId || parsed.generation !== calendar.generation) {
          record(410);
          return apiError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.', 'GONE');
        }
        since = parsed.seq;
        full = false;
      }
      const upTo = paging?.upTo ?? calendar.seq;
      const showDeleted = !full || query.get('showDeleted') === 'true';
      // As Google documents it: cancelled occurrences of a series are listed even without showDeleted, unless
      // singleEvents expands the series.
      const visible = (event: StandInEvent) =>
        event.status !== 'cancelled' || (Boolean(event.recurringEventId) && query.get('singleEvents') !== 'true');
      const all = [...calendar.events.values()]
        .filter((e) => e.seq > since && e.seq <= upTo && (showDeleted || visible(e.event)))
        .sort((a, b) => a.seq - b.seq);
      const offset = paging?.offset ?? 0;
      const page = all.slice(offset, offset + maxResults());
      const more = offset + page.length < all.length;
      record(200);
      return json(200, {
        kind: 'calendar#events',
        etag: `"${calendar.seq}"`,
        summary: calendar.entry.summary,
        updated: new Date().toISOString(),
        timeZone: calendar.entry.timeZone,
        accessRole: calendar.entry.accessRole,
        items: page.map((stored) => wire(calendarId, stored)),
        ...(more
          ? { nextPageToken: encode({ offset: offset + page.length, since, upTo, full }) }
          : { nextSyncToken: encode({ calendar: calendarId, seq: upTo, generation: calendar.generation }) }),
      });
    }
    if (request.method !== 'GET' && calendar.entry.accessRole === 'reader') {
      record(403);
      return apiError(
        403,
        'requiredAccessLevel',
        'You need to have writer access to this calendar.',
        'PERMISSION_DENIED',
      );
    }
    if (request.method === 'POST' && !eventId) {
      const body = JSON.parse((await readBody(request)) || '{}') as Partial<StandInEvent>;
      if (!body.start || !body.end) {
        record(400);
        return apiError(400, 'required', 'Missing end time.', 'INVALID_ARGUMENT');
      }
      // As Google documents start.timeZone: a repeating timed event needs the zone its rule is expanded in.
      if (body.recurrence?.length && !body.start.date && !body.start.timeZone) {
        record(400);
        return apiError(400, 'invalid', 'Missing time zone definition for start time.', 'INVALID_ARGUMENT');
      }
      const made = { ...body, id: randomBytes(13).toString('hex'), status: 'confirmed' as const };
      write(calendar, made);
      record(200);
      return json(200, wire(calendarId, calendar.events.get(made.id)!));
    }
    const stored = eventId ? (calendar.events.get(eventId) ?? instanceOf(calendar, eventId)) : undefined;
    if (!stored || stored.event.status === 'cancelled') {
      record(stored ? 410 : 404);
      return stored
        ? apiError(410, 'deleted', 'Resource has been deleted', 'GONE')
        : apiError(404, 'notFound', 'Not Found', 'NOT_FOUND');
    }
    // If-Match: the write is refused when the event changed since the ETag the client last saw.
    const ifMatch = request.headers['if-match'];
    if (ifMatch && ifMatch !== stored.etag && ifMatch !== '*') {
      record(412);
      return apiError(412, 'conditionNotMet', 'Precondition Failed', 'FAILED_PRECONDITION');
    }
    if (request.method === 'GET') {
      record(200);
      return json(200, wire(calendarId, stored));
    }
    // An instance changed or cancelled: its series written again too, when the switch says Google does so.
    const touchItsSeries = () => {
      const series = stored.event.recurringEventId ? calendar.events.get(stored.event.recurringEventId) : undefined;
      if (touchSeries && series && series.event.status !== 'cancelled') write(calendar, series.event);
    };
    if (request.method === 'PATCH') {
      const body = JSON.parse((await readBody(request)) || '{}') as Partial<StandInEvent>;
      write(calendar, { ...stored.event, ...body, id: stored.event.id, status: 'confirmed' });
      touchItsSeries();
      record(200);
      return json(200, wire(calendarId, calendar.events.get(stored.event.id)!));
    }
    if (request.method === 'DELETE') {
      if (!calendar.events.has(stored.event.id)) write(calendar, stored.event);
      remove(calendar, stored.event.id);
      touchItsSeries();
      record(204);
      return response.writeHead(204).end();
    }
    record(405);
    return apiError(405, 'httpMethodNotAllowed', 'Method Not Allowed', 'METHOD_NOT_ALLOWED');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    account,
    consents,
    grants,
    revoked,
    calls,
    async consent(authUrl, answer) {
      const page = await fetch(authUrl);
      const html = await page.text();
      if (!page.ok) throw new Error(`the consent page answered ${page.status}: ${html}`);
      const link = new RegExp(`href="([^"]+answer=${answer})"`).exec(html)?.[1];
      if (!link) throw new Error('the consent page has no answer link');
      const decided = await fetch(new URL(link.replace(/&amp;/g, '&'), url), { redirect: 'manual' });
      const location = decided.headers.get('location');
      if (decided.status !== 302 || !location) throw new Error(`deciding answered ${decided.status}`);
      return location;
    },
    addCalendar,
    putEvent(calendarId, event) {
      write(calendars.get(calendarId)!, { ...event, id: event.id, status: event.status ?? 'confirmed' });
    },
    deleteEvent(calendarId, eventId) {
      remove(calendars.get(calendarId)!, eventId);
    },
    eventsOf(calendarId) {
      return [...calendars.get(calendarId)!.events.values()]
        .map((stored) => stored.event)
        .filter((event) => event.status !== 'cancelled');
    },
    instancesOf(calendarId, eventId) {
      const calendar = calendars.get(calendarId)!;
      const master = calendar.events.get(eventId);
      if (!master || master.event.status === 'cancelled') return [];
      return occurrencesOf(master.event)
        .map((o) => calendar.events.get(`${eventId}_${o.stamp}`) ?? instanceOf(calendar, `${eventId}_${o.stamp}`, o)!)
        .map((stored) => stored.event)
        .filter((event) => event.status !== 'cancelled');
    },
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.live = false;
    },
    invalidateSyncTokens(calendarId) {
      calendars.get(calendarId)!.generation += 1;
    },
    touchSeriesOnInstanceChange(on) {
      touchSeries = on;
    },
    removeAccess() {
      for (const refresh of refreshTokens.values()) refresh.live = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
