import { isoDate } from '@lifeboard/shared/models/fields';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { calendarConnections, calendarFeeds, users, type CalendarEvent } from '../../db/schema';
import { AppError, invalid, notFound } from '../../errors';
import { documented, wireSchema } from '../../openapi';
import { authOf } from '../../types';
import { buildIcs } from './ics';
import { isTimeZone } from './recurrence';
import { feedItemsOf, rangeEvents } from './sources';
import { refreshConnection, startRefresher } from './subscriptions';

const DAY_MS = 24 * 60 * 60 * 1000;

const calendarEvent = wireSchema<CalendarEvent>()(z.object({
  id: z.string().describe('Unique per occurrence: a repeating item answers one id per date.'),
  title: z.string(),
  start: z.string().describe('An ISO date-time; for an all-day item, its first date (YYYY-MM-DD).'),
  end: z.string().describe('An ISO date-time; for an all-day item, the date after its last day.'),
  all_day: z.boolean(),
  source: z.enum(['event', 'planned', 'ics']).describe('event: a Lifeboard event; planned: a planned activity; ics: a subscribed calendar.'),
  series: z.string().describe('The record or subscription the item comes from: event:12, planned:4, ics:3.'),
  date: z.string().describe('The occurrence\'s date in the user\'s time zone.'),
  repeat: z.string().nullable(),
  calendar: z.string().optional(),
  board: z.number().optional(),
  done: z.boolean().optional(),
}));
/** What `/api/google/events` answers, for /api/docs only: the answer is sent as it is. */
export const calendarEvents = documented(z.object({ events: z.array(calendarEvent) })
  .meta({ description: 'Every item of the user in the range, from every source, with repeats expanded.' }));

const connection = z.object({
  id: z.number(), name: z.string(), url: z.string(), provider: z.literal('ics'),
  last_synced_at: z.string().nullable(), last_error: z.string().nullable(), event_count: z.number(),
});
const connectionList = documented(z.object({ connections: z.array(connection) }));

function presentConnection(row: typeof calendarConnections.$inferSelect) {
  return {
    id: row.id, name: row.name, url: row.url ?? '', provider: 'ics' as const,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null, last_error: row.lastError, event_count: row.events.length,
  };
}

async function zoneOf(app: FastifyInstance, userId: number): Promise<{ zone: string; name: string }> {
  const [user] = await app.db.select({ timezone: users.timezone, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  const zone = user?.timezone && isTimeZone(user.timezone) ? user.timezone : 'UTC';
  return { zone, name: user?.name ?? '' };
}

/**
 * The user's calendar: every item in a range from every source (`/api/google/events`, the spec's name),
 * ICS subscriptions, and the private feed other calendars subscribe to.
 */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const policy = {
    allowLoopback: app.env.CALENDAR_FETCH_ALLOW_LOOPBACK, maxBytes: app.env.CALENDAR_FETCH_MAX_MB * 1024 * 1024,
    timeoutMs: app.env.CALENDAR_FETCH_TIMEOUT_S * 1000, maxRedirects: 5,
  };
  startRefresher(app, policy, app.env.CALENDAR_REFRESH_MINUTES);

  api.post('/api/google/events', {
    schema: {
      tags: ['calendar'], summary: 'Every calendar item between two dates (inclusive), repeats expanded',
      body: z.object({ start_date: isoDate, end_date: isoDate }).strict()
        .refine((b) => b.start_date <= b.end_date, { message: 'must not be after end_date', path: ['start_date'] })
        .refine((b) => Date.parse(b.end_date) - Date.parse(b.start_date) <= 400 * DAY_MS, { message: 'must be at most 400 days before end_date', path: ['start_date'] }),
      response: { 200: calendarEvents },
    },
    onRequest: app.authenticate,
  }, async (request) => {
    const { userId } = authOf(request);
    const { zone } = await zoneOf(app, userId);
    return { events: await rangeEvents(app.db, userId, zone, request.body.start_date, request.body.end_date) };
  });

  api.post('/api/calendar/subscribe', {
    schema: {
      tags: ['calendar'], summary: 'Subscribe to a calendar by its iCal (ICS) address; it is fetched now and refreshed periodically',
      body: z.object({ url: z.string().trim().min(1).max(2000), name: z.string().trim().max(200).optional() }).strict(),
      response: { 201: z.object({ connection }) },
    },
    onRequest: app.authenticate,
  }, async (request, reply) => {
    const { userId } = authOf(request);
    const { zone } = await zoneOf(app, userId);
    const url = request.body.url.replace(/^webcals?:\/\//i, 'https://');
    const existing = await app.db.select({ id: calendarConnections.id }).from(calendarConnections).where(eq(calendarConnections.userId, userId));
    if (existing.length >= 50) throw invalid({ url: ['cannot be added: 50 calendars are connected already'] });
    // Fetched before saving: an address that cannot be read is refused with the reason, and nothing is kept.
    const fetched = await refreshConnection(null, url, zone, policy);
    if (!fetched.ok) throw invalid({ url: [`could not be read: ${fetched.error}`] });
    const name = request.body.name || new URL(url).hostname;
    const [row] = await app.db.insert(calendarConnections).values({ userId, provider: 'ics', name, url, events: fetched.events, lastSyncedAt: new Date() }).returning();
    reply.code(201);
    return { connection: presentConnection(row!) };
  });

  api.post('/api/calendar/connections', {
    schema: { tags: ['calendar'], summary: 'The calendars the user connected', response: { 200: connectionList } },
    onRequest: app.authenticate,
  }, async (request) => {
    const rows = await app.db.select().from(calendarConnections).where(eq(calendarConnections.userId, authOf(request).userId)).orderBy(calendarConnections.id);
    return { connections: rows.map(presentConnection) };
  });

  api.post('/api/calendar/connections/refresh', {
    schema: { tags: ['calendar'], summary: 'Fetch a connected calendar again now', body: z.object({ id: z.number().int().positive() }).strict(), response: { 200: z.object({ connection }) } },
    onRequest: app.authenticate,
  }, async (request) => {
    const { userId } = authOf(request);
    const [row] = await app.db.select().from(calendarConnections).where(and(eq(calendarConnections.id, request.body.id), eq(calendarConnections.userId, userId))).limit(1);
    if (!row) throw notFound('No such connected calendar.');
    const { zone } = await zoneOf(app, userId);
    const fetched = await refreshConnection(app.db, row, zone, policy);
    const [updated] = await app.db.select().from(calendarConnections).where(eq(calendarConnections.id, row.id));
    if (!fetched.ok) app.log.info({ connection: row.id }, 'calendar refresh failed');
    return { connection: presentConnection(updated!) };
  });

  api.post('/api/calendar/connections/delete', {
    schema: { tags: ['calendar'], summary: 'Disconnect a calendar (its events disappear)', body: z.object({ id: z.number().int().positive() }).strict(), response: { 200: z.object({ success: z.literal(true) }) } },
    onRequest: app.authenticate,
  }, async (request) => {
    const deleted = await app.db.delete(calendarConnections)
      .where(and(eq(calendarConnections.id, request.body.id), eq(calendarConnections.userId, authOf(request).userId))).returning({ id: calendarConnections.id });
    if (deleted.length === 0) throw notFound('No such connected calendar.');
    return { success: true as const };
  });

  api.post('/api/calendar/providers', {
    schema: {
      tags: ['calendar'], summary: 'Which calendar services this server can connect, and what is missing for the others',
      response: { 200: z.object({ google: z.object({ configured: z.boolean(), missing: z.array(z.string()).describe('The settings the server still needs.') }) }) },
    },
    onRequest: app.authenticate,
  }, async () => {
    const missing = (['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const).filter((name) => !app.env[name]);
    return { google: { configured: missing.length === 0, missing } };
  });

  const feedUrl = (request: { protocol: string; host: string }, token: string) => `${request.protocol}://${request.host}/api/calendar/feed/${token}.ics`;

  api.post('/api/calendar/feed', {
    schema: {
      tags: ['calendar'], summary: 'The secret address of the user\'s own calendar feed (made on first call; revoke, then call again, for a new one)',
      response: { 200: z.object({ success: z.literal(true), url: z.string() }) },
    },
    onRequest: app.authenticate,
  }, async (request) => {
    const { userId } = authOf(request);
    const [existing] = await app.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
    if (existing) return { success: true as const, url: feedUrl(request, existing.token) };
    const token = randomBytes(24).toString('base64url');
    await app.db.insert(calendarFeeds).values({ userId, token })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
    return { success: true as const, url: feedUrl(request, token) };
  });

  api.post('/api/calendar/feed/revoke', {
    schema: { tags: ['calendar'], summary: 'Turn the private feed off: its address stops working', response: { 200: z.object({ success: z.literal(true) }) } },
    onRequest: app.authenticate,
  }, async (request) => {
    await app.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, authOf(request).userId));
    return { success: true as const };
  });

  api.get('/api/calendar/feed/:file', {
    schema: {
      tags: ['calendar'], summary: 'The private feed, as text/calendar (the secret address is the only key)', params: z.object({ file: z.string().max(100) }),
      response: { 200: documented(z.string().meta({ description: 'An iCalendar (RFC 5545) text.' })) },
    },
  }, async (request, reply) => {
    const token = request.params.file.replace(/\.ics$/, '');
    const [feed] = token ? await app.db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1) : [];
    if (!feed) throw new AppError(404, 'LB-NOT-FOUND', 'This calendar address is not valid (it may have been turned off).');
    const { zone, name } = await zoneOf(app, feed.userId);
    const items = await feedItemsOf(app.db, feed.userId, zone);
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300')
      .send(buildIcs(items, zone, name ? `${name} · Lifeboard` : 'Lifeboard'));
  });
}
