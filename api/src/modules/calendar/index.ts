import { isoDate } from '@lifeboard/shared/models/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { caldavObjects, CalendarEvent } from '../../db/schema';
import { AppError, invalid, notFound } from '../../errors';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import {
  caldavDepsOf,
  CaldavError,
  createRemoteEvent,
  deleteRemoteEvent,
  discoverCalendars,
  fetchPolicyOf,
  requestSync,
  secretContext,
  updateRemoteEvent,
} from './caldav';
import { CredentialsKeyMissing } from './credentials';
import { googleDepsOf, googleMissing, revokeGrant } from './google';
import { documented, errorsOf, wireSchema } from '../../openapi';
import { authOf } from '../../types';
import { buildIcs } from './ics';
import { feedItemsOf, rangeEventsJson, type KeptSources, type Source } from './sources';
import { BoundedCache } from './bounded-cache';
import {
  caldavCalendarsOf,
  calendarStateOf,
  calendarsOf,
  connectionById,
  connectionCount,
  connectionsOf,
  deleteConnection,
  feedOwner,
  feedTokenOf,
  insertCaldavAccount,
  insertConnection,
  MAX_CONNECTIONS,
  ownConnection,
  revokeFeed,
  selectCalendars,
  zoneOf,
  type ConnectionRow,
} from './service';
import { refreshConnection } from './subscriptions';
import { googleCalendarRoutes } from './google-routes';

const DAY_MS = 24 * 60 * 60 * 1000;

const calendarEvent = wireSchema<CalendarEvent>()(
  z.object({
    id: z.string().describe('Unique per occurrence: a repeating item answers one id per date.'),
    title: z.string(),
    start: z.string().describe('An ISO date-time; for an all-day item, its first date (YYYY-MM-DD).'),
    end: z.string().describe('An ISO date-time; for an all-day item, the date after its last day.'),
    all_day: z.boolean(),
    source: z
      .enum(['event', 'planned', 'ics', 'caldav', 'google'])
      .describe(
        'event: a Lifeboard event; planned: a planned activity; ics: a subscribed calendar; caldav: an event of a synced CalDAV calendar; google: an event of a connected Google calendar.',
      ),
    series: z
      .string()
      .describe(
        'The record or subscription the item comes from: event:12, planned:4, ics:3, caldav:7 (the CalDAV event, for edits).',
      ),
    date: z.string().describe("The occurrence's date in the user's time zone."),
    repeat: z.string().nullable(),
    calendar: z.string().optional(),
    color: z.string().optional().describe('The colour the CalDAV server or Google gives the calendar (#rrggbb).'),
    calendar_id: z.number().optional().describe("For caldav and google items: the synced calendar's id."),
    board: z.number().optional(),
    done: z.boolean().optional(),
  }),
);
/** What `/api/google/events` answers, for /api/docs only: the answer is sent as it is. */
export const calendarEvents = documented(
  z
    .object({ events: z.array(calendarEvent) })
    .meta({ description: 'Every item of the user in the range, from every source, with repeats expanded.' }),
);

const syncedCalendar = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string().nullable(),
  selected: z.boolean().describe('Only selected calendars are synced and shown.'),
  event_count: z.number(),
});
const connection = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string().describe("The feed's address, or the CalDAV server's."),
  provider: z.enum(['ics', 'caldav', 'google']),
  last_synced_at: z.string().nullable(),
  last_error: z.string().nullable().describe('Why the last sync failed, in words to show; null after a good one.'),
  event_count: z.number(),
  username: z.string().optional().describe("CalDAV: the account's user name (the password is never answered)."),
  calendars: z.array(syncedCalendar).optional().describe("CalDAV: the account's calendars."),
});
const connectionList = documented(z.object({ connections: z.array(connection) }));
type WireConnection = z.output<typeof connection>;

/** CalDAV accounts' calendars with their event counts, by connection. */
async function calendarsByConnection(app: FastifyInstance, connectionIds: number[]) {
  const rows = await calendarsOf(app.db, connectionIds);
  const byConnection = new Map<number, z.output<typeof syncedCalendar>[]>();
  for (const { calendar, events } of rows) {
    const list = byConnection.get(calendar.connectionId) ?? [];
    list.push({
      id: calendar.id,
      name: calendar.name,
      color: calendar.color,
      selected: calendar.selected,
      event_count: Number(events),
    });
    byConnection.set(calendar.connectionId, list);
  }
  return byConnection;
}

async function presentConnections(app: FastifyInstance, rows: ConnectionRow[]): Promise<WireConnection[]> {
  const calendars = await calendarsByConnection(
    app,
    rows.filter((row) => row.provider !== 'ics').map((row) => row.id),
  );
  return rows.map((row) => {
    const base = {
      id: row.id,
      name: row.name,
      url: row.url ?? '',
      last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
      last_error: row.lastError,
    };
    if (row.provider === 'ics') return { ...base, provider: 'ics' as const, event_count: row.events.length };
    const list = calendars.get(row.id) ?? [];
    return {
      ...base,
      provider: row.provider,
      username: row.username ?? '',
      calendars: list,
      event_count: list.filter((c) => c.selected).reduce((sum, c) => sum + c.event_count, 0),
    };
  });
}
async function presentConnection(app: FastifyInstance, row: ConnectionRow): Promise<WireConnection> {
  return (await presentConnections(app, [row]))[0];
}

/** A CalDAV failure as an answer: a refused write on a stale copy is a conflict; the rest say what to fix. */
function caldavFailure(error: unknown, field: string): never {
  if (error instanceof CredentialsKeyMissing) throw invalid({ [field]: [error.message] }, error.message);
  if (!(error instanceof CaldavError)) throw error;
  if (error.kind === 'conflict') throw new AppError(409, errorCodes.conflict, error.message);
  if (error.kind === 'gone') throw notFound(error.message);
  throw invalid({ [field]: [error.message] }, error.message);
}

const eventTimes = {
  title: z.string().trim().min(1).max(300),
  start: z
    .string()
    .datetime({ offset: true })
    .describe('An ISO date-time; for an all-day event, midnight UTC of its first day.'),
  end: z
    .string()
    .datetime({ offset: true })
    .describe('An ISO date-time; for an all-day event, midnight UTC of the day after its last.'),
  all_day: z.boolean(),
  description: z.string().max(5000).optional(),
};
/**
 * Which occurrence of a repeating event a change is for: its start as `/api/google/events` listed it, and whether it
 * reaches that one or it and all later ones. Without it, a change is to the whole event.
 */
const occurrenceFields = {
  occurrence: z
    .string()
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) || z.iso.datetime({ offset: true }).safeParse(value).success, {
      message: 'is not a date or a date-time',
    })
    .optional()
    .describe("The occurrence's start as the calendar listed it (an ISO date-time, or a date for an all-day one)."),
  scope: z
    .enum(['one', 'future'])
    .optional()
    .describe('one: only that occurrence; future: it and all later ones. Needs occurrence.'),
};
const scopeTogether = (body: { occurrence?: string; scope?: string }) =>
  (body.occurrence === undefined) === (body.scope === undefined);
const occurrenceOf = (body: { occurrence?: string; scope?: 'one' | 'future' }) =>
  body.occurrence && body.scope
    ? {
        occurrence: new Date(
          /^\d{4}-\d{2}-\d{2}$/.test(body.occurrence) ? `${body.occurrence}T00:00:00Z` : body.occurrence,
        ),
        scope: body.scope,
      }
    : undefined;
const timesInOrder = (body: { start?: string; end?: string }) =>
  !body.start || !body.end || Date.parse(body.end) > Date.parse(body.start);
const caldavEvent = z.object({
  id: z.number(),
  calendar_id: z.number(),
  events: z.number().describe('How many events (a series and its changed occurrences) the object holds.'),
});
const presentObject = (row: typeof caldavObjects.$inferSelect) => ({
  id: row.id,
  calendar_id: row.calendarId,
  events: row.events.length,
});

/**
 * The user's calendar: every item in a range from every source (`/api/google/events`, the spec's name),
 * ICS subscriptions, and the private feed other calendars subscribe to.
 */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const policy = fetchPolicyOf(app.env);
  const caldav = caldavDepsOf(app.db, app.env);
  const google = googleDepsOf(app.db, app.env);
  // Whole answers by user, calendar version, zone and range, for views asked again: ~24 MB at most.
  const answers = new BoundedCache<Buffer>(24_000_000);
  // What every range of a user reads, prepared, by user, calendar version and zone, for ranges not asked before:
  // ~50,000 sources at most.
  const keptSources = new BoundedCache<KeptSources>(50_000);
  // Each stored row's sources by its identity, text and the zone, for the versions after an edit: ~50,000 at most.
  const rowSources = new BoundedCache<readonly Source[]>(50_000);

  api.post(
    '/api/google/events',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Every calendar item between two dates (inclusive), repeats expanded',
        body: z
          .object({ start_date: isoDate, end_date: isoDate })
          .strict()
          .refine((b) => b.start_date <= b.end_date, { message: 'must not be after end_date', path: ['start_date'] })
          .refine((b) => Date.parse(b.end_date) - Date.parse(b.start_date) <= 400 * DAY_MS, {
            message: 'must be at most 400 days before end_date',
            path: ['start_date'],
          }),
        response: { 200: calendarEvents },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { zone, version } = await calendarStateOf(app.db, userId);
      const { start_date: startDate, end_date: endDate } = request.body;
      // Read after the version: a write landing in between is answered, and kept under the older version, which
      // no later request asks for.
      const key = `${userId} ${version} ${zone} ${startDate} ${endDate}`;
      let json = answers.get(key);
      if (json === undefined) {
        json = await rangeEventsJson(app.db, userId, zone, startDate, endDate, {
          sources: keptSources,
          rows: rowSources,
          version,
        });
        answers.set(key, json);
      }
      // Already the JSON of `calendarEvents`: fastify sends bytes as they are, unserialized.
      return reply.type('application/json; charset=utf-8').send(json as unknown as z.output<typeof calendarEvents>);
    },
  );

  api.post(
    '/api/calendar/subscribe',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Subscribe to a calendar by its iCal (ICS) address; it is fetched now and refreshed periodically',
        body: z
          .object({ url: z.string().trim().min(1).max(2000), name: z.string().trim().max(200).optional() })
          .strict(),
        response: { 201: z.object({ connection }) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { zone } = await zoneOf(app.db, userId);
      const url = request.body.url.replace(/^webcals?:\/\//i, 'https://');
      if ((await connectionCount(app.db, userId)) >= MAX_CONNECTIONS)
        throw invalid({ url: [`cannot be added: ${MAX_CONNECTIONS} calendars are connected already`] });
      // Fetched before saving: an address that cannot be read is refused with the reason, and nothing is kept.
      const fetched = await refreshConnection(null, url, zone, policy, request.log);
      if (!fetched.ok) throw invalid({ url: [fetched.error] }, fetched.error);
      const name = request.body.name || new URL(url).hostname;
      const row = await insertConnection(app.db, {
        userId,
        provider: 'ics',
        name,
        url,
        events: fetched.events,
        lastSyncedAt: new Date(),
      });
      reply.code(201);
      return { connection: await presentConnection(app, row) };
    },
  );

  api.post(
    '/api/calendar/connections',
    {
      schema: { tags: ['calendar'], summary: 'The calendars the user connected', response: { 200: connectionList } },
      onRequest: app.authenticate,
    },
    async (request) => {
      const rows = await connectionsOf(app.db, authOf(request).userId);
      return { connections: await presentConnections(app, rows) };
    },
  );

  api.post(
    '/api/calendar/connections/refresh',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Fetch a connected calendar again now ("Sync now"); a CalDAV account\'s sync is queued and its connection answered as it is',
        body: z.object({ id: z.number().int().positive() }).strict(),
        response: { 200: z.object({ connection }) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const row = await ownConnection(app.db, userId, request.body.id);
      if (!row) throw notFound('No such connected calendar.');
      if (row.provider !== 'ics') {
        await requestSync(app.queue, row.id);
        return { connection: await presentConnection(app, row) };
      }
      const { zone } = await zoneOf(app.db, userId);
      await refreshConnection(app.db, row, zone, policy, request.log);
      const updated = await connectionById(app.db, row.id);
      return { connection: await presentConnection(app, updated!) };
    },
  );

  api.post(
    '/api/calendar/connections/delete',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Disconnect a calendar (its events disappear)',
        body: z.object({ id: z.number().int().positive() }).strict(),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const deleted = await deleteConnection(app.db, authOf(request).userId, request.body.id);
      if (!deleted) throw notFound('No such connected calendar.');
      if (deleted.provider === 'google') await revokeGrant(google, authOf(request).userId, deleted.secret);
      return { success: true as const };
    },
  );

  api.post(
    '/api/calendar/providers',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Which calendar services this server can connect, and what is missing for the others',
        response: {
          200: z.object({
            google: z.object({
              configured: z.boolean(),
              missing: z.array(z.string()).describe('The settings the server still needs.'),
            }),
            caldav: z.object({
              configured: z.boolean(),
              missing: z.array(z.string()).describe('The settings the server still needs.'),
            }),
          }),
        },
      },
      onRequest: app.authenticate,
    },
    async () => {
      const missing = googleMissing(app.env);
      return {
        google: { configured: missing.length === 0, missing },
        caldav: {
          configured: caldav.box.configured,
          missing: caldav.box.configured ? [] : ['CALENDAR_CREDENTIALS_KEY'],
        },
      };
    },
  );

  api.post(
    '/api/calendar/caldav/connect',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Connect a CalDAV account (iCloud, Fastmail, Nextcloud, Radicale…): the credentials are checked, its calendars listed and all of them chosen; the first sync is queued',
        body: z
          .object({
            server_url: z
              .string()
              .trim()
              .min(1)
              .max(2000)
              .describe("The server's address, e.g. https://caldav.icloud.com"),
            username: z.string().trim().min(1).max(300),
            password: z.string().min(1).max(1000).describe('Kept encrypted (AES-256-GCM) and never answered.'),
            name: z.string().trim().max(200).optional(),
          })
          .strict(),
        response: { 201: z.object({ connection }) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { username, password } = request.body;
      let serverUrl: URL;
      try {
        serverUrl = new URL(
          /^[a-z]+:\/\//i.test(request.body.server_url)
            ? request.body.server_url
            : `https://${request.body.server_url}`,
        );
      } catch {
        throw invalid({ server_url: ['is not a web address (it looks like https://caldav.example.com)'] });
      }
      if (serverUrl.protocol !== 'https:' && serverUrl.protocol !== 'http:')
        throw invalid({ server_url: ['must start with https://'] });
      if (!caldav.box.configured) caldavFailure(new CredentialsKeyMissing(), 'password');
      if ((await connectionCount(app.db, userId)) >= MAX_CONNECTIONS)
        throw invalid({ server_url: [`cannot be added: ${MAX_CONNECTIONS} calendars are connected already`] });
      // Checked before saving: a wrong password or an unreachable server is refused with the reason, and nothing is kept.
      const calendars = await discoverCalendars(caldav, serverUrl.href, username, password).catch((error: unknown) => {
        caldavFailure(error, error instanceof CaldavError && error.kind === 'auth' ? 'password' : 'server_url');
      });
      const row = await insertCaldavAccount(
        app.db,
        {
          userId,
          provider: 'caldav',
          name: request.body.name || `${username} on ${serverUrl.hostname}`,
          url: serverUrl.href,
          username,
          secret: caldav.box.seal(password, secretContext(userId)),
        },
        calendars,
      );
      await requestSync(app.queue, row.id);
      reply.code(201);
      return { connection: await presentConnection(app, row) };
    },
  );

  api.post(
    '/api/calendar/caldav/calendars',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "Choose which calendars of a CalDAV account are synced; the others' events leave Lifeboard. A sync is queued",
        body: z
          .object({
            id: z.number().int().positive(),
            selected: z.array(z.number().int().positive()).max(500).describe('The ids of the calendars to sync.'),
          })
          .strict(),
        response: { 200: z.object({ connection }) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const row = await ownConnection(app.db, userId, request.body.id, ['caldav', 'google']);
      if (!row) throw notFound('No such connected account.');
      const calendars = await caldavCalendarsOf(app.db, row.id);
      const unknown = request.body.selected.filter((id) => !calendars.some((calendar) => calendar.id === id));
      if (unknown.length) throw invalid({ selected: ['names a calendar this account does not have'] });
      await selectCalendars(app.db, calendars, request.body.selected);
      await requestSync(app.queue, row.id);
      return { connection: await presentConnection(app, row) };
    },
  );

  api.post(
    '/api/calendar/caldav/events/create',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Make an event on a synced CalDAV calendar: it is written to the server at once',
        body: z
          .object({ calendar_id: z.number().int().positive(), ...eventTimes })
          .strict()
          .refine(timesInOrder, { message: 'must be after start', path: ['end'] }),
        response: { 201: z.object({ event: caldavEvent }), ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { calendar_id: calendarId, title, start, end, all_day: allDay, description } = request.body;
      const row = await createRemoteEvent(caldav, authOf(request).userId, calendarId, {
        title,
        start: new Date(start),
        end: new Date(end),
        allDay,
        ...(description !== undefined ? { description } : {}),
      }).catch((error: unknown) => caldavFailure(error, 'calendar_id'));
      reply.code(201);
      return { event: presentObject(row) };
    },
  );

  api.post(
    '/api/calendar/caldav/events/update',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "Change an event of a synced CalDAV or Google calendar (its title, notes or times): the whole event (every repeat), or with occurrence and scope one occurrence of a repeating one (an override in the event, or Google's instance) or it and all later ones (the series ends, a new one starts that day, renamed or at its new time). Written with If-Match: a version changed elsewhere meanwhile wins (409) and is shown instead",
        body: z
          .object({
            id: z.number().int().positive().describe("The event's series number (caldav:ID)."),
            ...z.object(eventTimes).partial().shape,
            ...occurrenceFields,
          })
          .strict()
          .refine(timesInOrder, { message: 'must be after start', path: ['end'] })
          .refine(scopeTogether, { message: 'needs occurrence and scope together', path: ['scope'] })
          .refine(
            (body) =>
              (body.start === undefined) === (body.end === undefined) &&
              (body.start === undefined || body.all_day !== undefined),
            { message: 'needs start, end and all_day together', path: ['start'] },
          ),
        response: { 200: z.object({ event: caldavEvent }), ...errorsOf(404, 409) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { id, title, start, end, all_day: allDay, description } = request.body;
      const row = await updateRemoteEvent(
        caldav,
        authOf(request).userId,
        id,
        {
          ...(title !== undefined ? { title } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(start && end ? { start: new Date(start), end: new Date(end), allDay: allDay ?? false } : {}),
        },
        occurrenceOf(request.body),
      ).catch((error: unknown) => caldavFailure(error, 'id'));
      return { event: presentObject(row) };
    },
  );

  api.post(
    '/api/calendar/caldav/events/delete',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "Delete an event from its CalDAV or Google calendar: every repeat of it, or with occurrence and scope one occurrence (an EXDATE, or Google's instance cancelled) or it and all later ones (the series ends). With If-Match: a version changed elsewhere meanwhile is kept (409)",
        body: z
          .object({ id: z.number().int().positive(), ...occurrenceFields })
          .strict()
          .refine(scopeTogether, { message: 'needs occurrence and scope together', path: ['scope'] }),
        response: { 200: z.object({ success: z.literal(true) }), ...errorsOf(404, 409) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      await deleteRemoteEvent(caldav, authOf(request).userId, request.body.id, occurrenceOf(request.body)).catch(
        (error: unknown) => caldavFailure(error, 'id'),
      );
      return { success: true as const };
    },
  );

  const feedUrl = (request: { protocol: string; host: string }, token: string) =>
    `${request.protocol}://${request.host}/api/calendar/feed/${token}.ics`;

  api.post(
    '/api/calendar/feed',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "The secret address of the user's own calendar feed (made on first call; revoke, then call again, for a new one)",
        response: { 200: z.object({ success: z.literal(true), url: z.string() }) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const token = await feedTokenOf(app.db, authOf(request).userId, () => randomBytes(24).toString('base64url'));
      return { success: true as const, url: feedUrl(request, token) };
    },
  );

  api.post(
    '/api/calendar/feed/revoke',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Turn the private feed off: its address stops working',
        response: { 200: z.object({ success: z.literal(true) }) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      await revokeFeed(app.db, authOf(request).userId);
      return { success: true as const };
    },
  );

  api.get(
    '/api/calendar/feed/:file',
    {
      schema: {
        tags: ['calendar'],
        summary: 'The private feed, as text/calendar (the secret address is the only key)',
        params: z.object({ file: z.string().max(100) }),
        response: { 200: documented(z.string().meta({ description: 'An iCalendar (RFC 5545) text.' })) },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const owner = await feedOwner(app.db, token);
      if (owner === undefined)
        throw new AppError(404, 'LB-NOT-FOUND', 'This calendar address is not valid (it may have been turned off).');
      const { zone, name } = await zoneOf(app.db, owner);
      const items = await feedItemsOf(app.db, owner, zone);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(buildIcs(items, zone, name ? `${name} · Lifeboard` : 'Lifeboard'));
    },
  );
  await app.register(googleCalendarRoutes);
}
