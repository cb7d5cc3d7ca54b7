import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleStandIn, type GoogleStandIn } from '../../../test/google-standin';
import { createTestApp, signUp, testDatabase, type TestUser } from '../../../test/helpers';
import { caldavCalendars, calendarConnections } from '../../db/schema';
import { defaultEnv } from '../../env';
import { CredentialBox } from './credentials';
import { makeState } from './google';

/*
 * Google Calendar through Google's real client libraries, against a local stand-in that speaks Google's OAuth 2.0
 * and Calendar v3 protocol (api/test/google-standin.ts): consent, callback, first sync, incremental syncs, a
 * refreshed access token, a sync token Google dropped (410), access removed in Google, and disconnecting.
 */

const KEY = randomBytes(32).toString('base64');
const CALLBACK = 'http://localhost:4000/api/calendar/google/callback';
const BERLIN = 'Europe/Berlin';
let google: GoogleStandIn;
let app: FastifyInstance;
/** No Google client set. */
let bareApp: FastifyInstance;

beforeAll(async () => {
  // Two items a page: every list is paged, as Google may page any answer.
  google = await startGoogleStandIn({ redirectUris: [CALLBACK], pageSize: 2 });
  app = await createTestApp({
    env: defaultEnv({
      CALENDAR_CREDENTIALS_KEY: KEY,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_OAUTH_BASE_URL: google.url,
      GOOGLE_API_BASE_URL: google.url,
      QUEUE_POLL_SECONDS: '0.5',
    }),
  });
  await app.startWork();
  bareApp = await createTestApp({ env: defaultEnv({ CALENDAR_CREDENTIALS_KEY: KEY }) });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await bareApp?.close();
  await google?.close();
});

interface Connection {
  id: number;
  name: string;
  provider: string;
  username?: string;
  last_synced_at: string | null;
  last_error: string | null;
  event_count: number;
  calendars?: { id: number; name: string; color: string | null; selected: boolean; event_count: number }[];
}
type Item = {
  id: string;
  title: string;
  start: string;
  end: string;
  all_day: boolean;
  source: string;
  series: string;
  color?: string;
};

const connections = async (user: TestUser) =>
  (await user.post('/api/calendar/connections')).json<{ connections: Connection[] }>().connections;

async function synced(user: TestUser, id: number, since: string | null): Promise<Connection> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await connections(user)).find((c) => c.id === id);
    if (found?.last_synced_at && (!since || found.last_synced_at > since)) return found;
    if (Date.now() > deadline) throw new Error(`no sync of connection ${id} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
/**
 * Syncs now and waits for that sync: one that started after the asking (a sync already under way, say the one a
 * new connection queued twice, may end after it and must not count: it read the server before the change).
 */
async function syncNow(user: TestUser, id: number): Promise<Connection> {
  const asked = new Date().toISOString();
  const response = await user.post('/api/calendar/connections/refresh', { id });
  expect(response.statusCode, response.body).toBe(200);
  return synced(user, id, asked);
}
const googleItems = async (user: TestUser, start_date: string, end_date: string) => {
  const response = await user.post('/api/google/events', { start_date, end_date });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ events: Item[] }>().events.filter((e) => e.source === 'google');
};

/** Consent as the person gives it in the browser: the answer's redirect is followed into the API's callback. */
async function connect(user: TestUser, answer: 'allow' | 'deny' = 'allow'): Promise<string> {
  const started = await user.post('/api/calendar/google/connect');
  expect(started.statusCode, started.body).toBe(200);
  const callback = new URL(await google.consent(started.json<{ url: string }>().url, answer));
  expect(callback.origin + callback.pathname).toBe(CALLBACK);
  return callbackAnswer(callback.pathname + callback.search);
}
async function callbackAnswer(path: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(302);
  return String(response.headers.location);
}

/**
 * A new account connected to Google, with `event` (a repeating one) put in its primary calendar and synced; `shown`
 * is what Lifeboard's calendar shows of the items titled `title…` from `from` to `to`, as "title start".
 */
async function repeatingInGoogle(event: Parameters<GoogleStandIn['putEvent']>[1], from: string, to: string) {
  const user = await signUp(app);
  expect(await connect(user)).toMatch(/google=connected$/);
  const [made] = await connections(user);
  await synced(user, made.id, null);
  google.putEvent(google.account, event);
  await syncNow(user, made.id);
  const title = event.summary ?? '';
  const shown = async () =>
    (await googleItems(user, from, to))
      .filter((i) => i.title.startsWith(title))
      .map((i) => `${i.title} ${i.start.slice(0, 16)}`);
  return { user, made, primary: google.account, shown };
}

describe('Google Calendar', () => {
  it('says what to set when the server has no Google client, and starts nothing', async () => {
    const user = await signUp(bareApp);
    const providers = (await user.post('/api/calendar/providers')).json<{
      google: { configured: boolean; missing: string[] };
    }>();
    expect(providers.google).toEqual({ configured: false, missing: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] });
    const refused = await user.post('/api/calendar/google/connect');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    const configured = await signUp(app);
    const ready = (await configured.post('/api/calendar/providers')).json<{ google: { configured: boolean } }>();
    expect(ready.google.configured).toBe(true);
  });

  it('connects with consent, syncs the chosen calendars incrementally, refreshes tokens, resyncs after 410, and disconnects', async () => {
    google.addCalendar('family@group.calendar.google.com', 'Family', { color: '#7cb342' });
    google.addCalendar('holidays@group.v.calendar.google.com', 'Holidays', { selected: false, accessRole: 'reader' });
    const primary = google.account;
    // A weekly series of four (9:00 in Berlin): the second moved to 11:00, the third cancelled.
    google.putEvent(primary, {
      id: 'standup',
      summary: 'Stand-up',
      start: { dateTime: '2026-03-02T09:00:00+01:00', timeZone: BERLIN },
      end: { dateTime: '2026-03-02T09:30:00+01:00', timeZone: BERLIN },
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
    });
    google.putEvent(primary, {
      id: 'standup_20260309T080000Z',
      recurringEventId: 'standup',
      originalStartTime: { dateTime: '2026-03-09T09:00:00+01:00', timeZone: BERLIN },
      summary: 'Stand-up (moved)',
      start: { dateTime: '2026-03-09T11:00:00+01:00', timeZone: BERLIN },
      end: { dateTime: '2026-03-09T11:30:00+01:00', timeZone: BERLIN },
    });
    google.putEvent(primary, {
      id: 'standup_20260316T080000Z',
      recurringEventId: 'standup',
      originalStartTime: { dateTime: '2026-03-16T09:00:00+01:00', timeZone: BERLIN },
      status: 'cancelled',
    });
    google.putEvent('family@group.calendar.google.com', {
      id: 'trip',
      summary: 'Trip to the lake',
      start: { date: '2026-03-06' },
      end: { date: '2026-03-09' },
    });
    google.putEvent('holidays@group.v.calendar.google.com', {
      id: 'holiday',
      summary: 'A holiday',
      start: { date: '2026-03-10' },
      end: { date: '2026-03-11' },
    });

    const user = await signUp(app);
    const started = await user.post('/api/calendar/google/connect');
    const consentUrl = new URL(started.json<{ url: string }>().url);
    expect(consentUrl.origin + consentUrl.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(consentUrl.searchParams.get('access_type')).toBe('offline');
    expect(consentUrl.searchParams.get('prompt')).toBe('consent');
    expect(consentUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(consentUrl.searchParams.get('scope')).toBe(
      'https://www.googleapis.com/auth/calendar.readonly https://www.googleapis.com/auth/calendar.events',
    );
    expect(consentUrl.searchParams.get('state')).toBeTruthy();

    const back = new URL(await google.consent(consentUrl.href, 'allow'));
    expect(await callbackAnswer(back.pathname + back.search)).toBe(
      'http://localhost:3000/calendar/connections?google=connected',
    );
    expect(google.grants).toContainEqual({ grantType: 'authorization_code', ok: true });
    const [made] = await connections(user);
    expect(made).toMatchObject({ provider: 'google', username: primary, name: `Google Calendar (${primary})` });
    // The tokens are kept sealed: neither token is in the row as text.
    const db = (await testDatabase()).db;
    const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, made.id));
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toMatch(/1\/\/0g|ya29\./);

    const first = await synced(user, made.id, null);
    expect(first.last_error).toBeNull();
    expect(first.calendars!.map((c) => [c.name, c.selected, c.event_count])).toEqual([
      ['Family', true, 1],
      ['Holidays', false, 0],
      ['ada@example.com', true, 2],
    ]);
    let items = await googleItems(user, '2026-03-01', '2026-03-31');
    expect(items.map((i) => [i.title, i.start, i.end])).toEqual([
      ['Stand-up', '2026-03-02T08:00:00.000Z', '2026-03-02T08:30:00.000Z'],
      ['Trip to the lake', '2026-03-06', '2026-03-09'],
      ['Stand-up (moved)', '2026-03-09T10:00:00.000Z', '2026-03-09T10:30:00.000Z'],
      // 16 March was cancelled; 23 March is after the switch to summer time (CEST): still 9:00 in Berlin.
      ['Stand-up', '2026-03-23T08:00:00.000Z', '2026-03-23T08:30:00.000Z'],
    ]);
    expect(items.find((i) => i.title === 'Trip to the lake')).toMatchObject({ all_day: true, color: '#7cb342' });

    // Incremental: only what changed since the sync token comes, and a deletion arrives as "cancelled".
    google.putEvent(primary, {
      id: 'dentist',
      summary: 'Dentist',
      start: { dateTime: '2026-03-12T15:00:00Z' },
      end: { dateTime: '2026-03-12T16:00:00Z' },
    });
    google.deleteEvent('family@group.calendar.google.com', 'trip');
    const callsBefore = google.calls.length;
    await syncNow(user, made.id);
    const lists = google.calls.slice(callsBefore).filter((c) => c.path.endsWith('/events'));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((c) => c.query.has('syncToken') || c.query.has('pageToken'))).toBe(true);
    items = await googleItems(user, '2026-03-01', '2026-03-31');
    expect(items.map((i) => i.title)).toEqual(['Stand-up', 'Stand-up (moved)', 'Dentist', 'Stand-up']);

    // An expired access token: the library refreshes it and the new one is kept (sealed).
    google.expireAccessTokens();
    const refreshesBefore = google.grants.filter((g) => g.grantType === 'refresh_token' && g.ok).length;
    const afterRefresh = await syncNow(user, made.id);
    expect(afterRefresh.last_error).toBeNull();
    expect(google.grants.filter((g) => g.grantType === 'refresh_token' && g.ok).length).toBe(refreshesBefore + 1);
    const [refreshed] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, made.id));
    expect(refreshed.secret).not.toBe(row.secret);
    // The next sync uses the saved token: no second refresh.
    await syncNow(user, made.id);
    expect(google.grants.filter((g) => g.grantType === 'refresh_token' && g.ok).length).toBe(refreshesBefore + 1);

    // Google drops the sync token (410 Gone): the calendar is fetched whole, with nothing doubled or lost.
    google.invalidateSyncTokens(primary);
    google.putEvent(primary, {
      id: 'dentist',
      summary: 'Dentist (moved)',
      start: { dateTime: '2026-03-13T15:00:00Z' },
      end: { dateTime: '2026-03-13T16:00:00Z' },
    });
    const beforeGone = google.calls.length;
    const resynced = await syncNow(user, made.id);
    expect(resynced.last_error).toBeNull();
    const after = google.calls.slice(beforeGone).filter((c) => c.path.includes(encodeURIComponent(primary)));
    expect(after.map((c) => c.status)).toContain(410);
    expect(after.at(-1)!.query.has('syncToken')).toBe(false);
    items = await googleItems(user, '2026-03-01', '2026-03-31');
    expect(items.map((i) => [i.title, i.start])).toEqual([
      ['Stand-up', '2026-03-02T08:00:00.000Z'],
      ['Stand-up (moved)', '2026-03-09T10:00:00.000Z'],
      ['Dentist (moved)', '2026-03-13T15:00:00.000Z'],
      ['Stand-up', '2026-03-23T08:00:00.000Z'],
    ]);

    // Choosing the holidays calendar: its events come with the next sync.
    const chosen = first.calendars!.map((c) => c.id);
    const chosenAt = new Date().toISOString();
    expect((await user.post('/api/calendar/caldav/calendars', { id: made.id, selected: chosen })).statusCode).toBe(200);
    await synced(user, made.id, chosenAt);
    expect((await googleItems(user, '2026-03-10', '2026-03-10')).map((i) => i.title)).toEqual(['A holiday']);

    // Another person can neither see nor disconnect it.
    const stranger = await signUp(app);
    expect((await stranger.post('/api/calendar/google/disconnect', { id: made.id })).statusCode).toBe(404);
    expect(await googleItems(stranger, '2026-03-01', '2026-03-31')).toEqual([]);

    // Disconnecting revokes the grant at Google and deletes Lifeboard's copy.
    const revokedBefore = google.revoked.length;
    const gone = await user.post('/api/calendar/google/disconnect', { id: made.id });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ success: true, revoked: true });
    expect(google.revoked.length).toBe(revokedBefore + 1);
    expect(await connections(user)).toEqual([]);
    expect(await googleItems(user, '2026-03-01', '2026-03-31')).toEqual([]);
    const calendarsLeft = await db.select().from(caldavCalendars).where(eq(caldavCalendars.connectionId, made.id));
    expect(calendarsLeft).toEqual([]);
  });

  it('writes events made, changed and deleted in Lifeboard to Google, and a newer version in Google wins', async () => {
    const user = await signUp(app);
    expect(await connect(user)).toMatch(/google=connected$/);
    const [made] = await connections(user);
    const account = await synced(user, made.id, null);
    const own = account.calendars!.find((c) => c.name === google.account)!;
    const inGoogle = (title: string) => google.eventsOf(google.account).find((event) => event.summary === title);

    const created = await user.post('/api/calendar/caldav/events/create', {
      calendar_id: own.id,
      title: 'Piano lesson',
      start: '2026-04-07T16:00:00.000Z',
      end: '2026-04-07T17:00:00.000Z',
      all_day: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ event: { id: number } }>().event.id;
    expect(inGoogle('Piano lesson')).toMatchObject({
      start: { dateTime: '2026-04-07T16:00:00.000Z' },
      end: { dateTime: '2026-04-07T17:00:00.000Z' },
    });
    expect((await googleItems(user, '2026-04-07', '2026-04-07')).map((i) => [i.title, i.start])).toEqual([
      ['Piano lesson', '2026-04-07T16:00:00.000Z'],
    ]);

    const allDay = await user.post('/api/calendar/caldav/events/create', {
      calendar_id: own.id,
      title: 'Camping',
      start: '2026-04-10T00:00:00.000Z',
      end: '2026-04-12T00:00:00.000Z',
      all_day: true,
    });
    expect(allDay.statusCode, allDay.body).toBe(201);
    expect(inGoogle('Camping')).toMatchObject({ start: { date: '2026-04-10' }, end: { date: '2026-04-12' } });

    const moved = await user.post('/api/calendar/caldav/events/update', {
      id,
      title: 'Piano lesson (moved)',
      start: '2026-04-08T16:00:00.000Z',
      end: '2026-04-08T17:00:00.000Z',
      all_day: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(inGoogle('Piano lesson (moved)')).toMatchObject({ start: { dateTime: '2026-04-08T16:00:00.000Z' } });

    // Changed in Google meanwhile: Lifeboard's change is refused (If-Match), and Google's version is shown.
    const piano = inGoogle('Piano lesson (moved)')!;
    google.putEvent(google.account, { ...piano, summary: 'Piano with Mia' });
    const stale = await user.post('/api/calendar/caldav/events/update', { id, title: 'Piano (from Lifeboard)' });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<{ error: string }>().error).toMatch(/changed in Google Calendar since Lifeboard last synced/);
    expect(inGoogle('Piano with Mia')).toBeTruthy();
    expect((await googleItems(user, '2026-04-08', '2026-04-08')).map((i) => i.title)).toEqual(['Piano with Mia']);

    // Deleting it now (Lifeboard has the newest version) deletes it in Google.
    const deleted = await user.post('/api/calendar/caldav/events/delete', { id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(inGoogle('Piano with Mia')).toBeUndefined();
    expect(await googleItems(user, '2026-04-08', '2026-04-08')).toEqual([]);

    // A calendar the account may only read: the write is refused in words, and nothing is made.
    const holidays = account.calendars!.find((c) => c.name === 'Holidays')!;
    await user.post('/api/calendar/caldav/calendars', { id: made.id, selected: [own.id, holidays.id] });
    const refused = await user.post('/api/calendar/caldav/events/create', {
      calendar_id: holidays.id,
      title: 'Day off',
      start: '2026-04-14T00:00:00.000Z',
      end: '2026-04-15T00:00:00.000Z',
      all_day: true,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'You can only read this Google calendar: make the event on a calendar of your own.',
    );
    expect(google.eventsOf('holidays@group.v.calendar.google.com').map((e) => e.summary)).toEqual(['A holiday']);

    // Another person cannot change it.
    const stranger = await signUp(app);
    const camping = (await googleItems(user, '2026-04-10', '2026-04-10'))[0];
    const campingId = Number(camping.series.split(':')[1]);
    expect((await stranger.post('/api/calendar/caldav/events/delete', { id: campingId })).statusCode).toBe(404);
    expect(inGoogle('Camping')).toBeTruthy();

    // Disconnected through the list's plain "delete" too, the grant is revoked at Google.
    const revokedBefore = google.revoked.length;
    expect((await user.post('/api/calendar/connections/delete', { id: made.id })).statusCode).toBe(200);
    expect(google.revoked.length).toBe(revokedBefore + 1);
    expect(await connections(user)).toEqual([]);
  });

  it('moves and deletes one occurrence, or it and all later ones, of a repeating Google event, and a sync keeps it so', async () => {
    const { user, made, primary, shown } = await repeatingInGoogle(
      {
        id: 'swim1',
        summary: 'Swim',
        start: { dateTime: '2026-05-04T09:00:00+02:00', timeZone: BERLIN },
        end: { dateTime: '2026-05-04T10:00:00+02:00', timeZone: BERLIN },
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
      },
      '2026-05-01',
      '2026-06-05',
    );
    // What Google's own calendar shows of a series in the same weeks.
    const inGoogle = (id = 'swim1') =>
      google
        .instancesOf(primary, id)
        .map((e) => e.start?.dateTime?.slice(0, 16) ?? '')
        .filter((start) => start < '2026-06-05');
    expect(await shown()).toEqual([
      'Swim 2026-05-04T07:00',
      'Swim 2026-05-11T07:00',
      'Swim 2026-05-18T07:00',
      'Swim 2026-05-25T07:00',
      'Swim 2026-06-01T07:00',
    ]);
    const series = Number((await googleItems(user, '2026-05-04', '2026-05-04'))[0].series.split(':')[1]);

    // This one moves: Google's instance is patched (found by its original start), as Google's own apps do.
    const moved = await user.post('/api/calendar/caldav/events/update', {
      id: series,
      occurrence: '2026-05-11T07:00:00.000Z',
      scope: 'one',
      start: '2026-05-12T16:00:00.000Z',
      end: '2026-05-12T17:00:00.000Z',
      all_day: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(google.eventsOf(primary).find((e) => e.id === 'swim1_20260511T070000Z')).toMatchObject({
      recurringEventId: 'swim1',
      originalStartTime: { dateTime: '2026-05-11T07:00:00.000Z' },
      start: { dateTime: '2026-05-12T16:00:00.000Z', timeZone: BERLIN },
    });
    // This one goes: the instance is cancelled.
    const gone = await user.post('/api/calendar/caldav/events/delete', {
      id: series,
      occurrence: '2026-05-18T07:00:00.000Z',
      scope: 'one',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(inGoogle()).toEqual(['2026-05-04T07:00', '2026-05-12T16:00', '2026-05-25T07:00', '2026-06-01T07:00']);
    expect(await shown()).toEqual([
      'Swim 2026-05-04T07:00',
      'Swim 2026-05-12T16:00',
      'Swim 2026-05-25T07:00',
      'Swim 2026-06-01T07:00',
    ]);

    // The series is renamed in Google; the next syncs keep the move and the deletion, once each.
    const master = google.eventsOf(primary).find((e) => e.id === 'swim1')!;
    google.putEvent(primary, { ...master, summary: 'Swimming' });
    await syncNow(user, made.id);
    await syncNow(user, made.id);
    expect(await shown()).toEqual([
      'Swimming 2026-05-04T07:00',
      'Swim 2026-05-12T16:00',
      'Swimming 2026-05-25T07:00',
      'Swimming 2026-06-01T07:00',
    ]);

    // Changed in Google since the last sync: the change is refused, and the new series made for it goes again.
    const count = google.eventsOf(primary).length;
    google.putEvent(primary, { ...google.eventsOf(primary).find((e) => e.id === 'swim1')! });
    const stale = await user.post('/api/calendar/caldav/events/update', {
      id: series,
      occurrence: '2026-05-25T07:00:00.000Z',
      scope: 'future',
      start: '2026-05-26T08:00:00.000Z',
      end: '2026-05-26T09:00:00.000Z',
      all_day: false,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(google.eventsOf(primary)).toHaveLength(count);
    expect(google.eventsOf(primary).find((e) => e.id === 'swim1')!.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO']);

    // This and all future ones move: the series' RRULE ends (UNTIL) and a new series starts, on Tuesdays.
    const future = await user.post('/api/calendar/caldav/events/update', {
      id: series,
      occurrence: '2026-05-25T07:00:00.000Z',
      scope: 'future',
      start: '2026-05-26T08:00:00.000Z',
      end: '2026-05-26T09:00:00.000Z',
      all_day: false,
    });
    expect(future.statusCode, future.body).toBe(200);
    expect(google.eventsOf(primary).find((e) => e.id === 'swim1')!.recurrence).toEqual([
      expect.stringMatching(/^RRULE:FREQ=WEEKLY;.*UNTIL=20260525T065959Z/),
    ]);
    const next = google.eventsOf(primary).find((e) => e.summary === 'Swimming' && e.id !== 'swim1')!;
    expect(next).toMatchObject({
      start: { dateTime: '2026-05-26T08:00:00.000Z', timeZone: BERLIN },
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'],
    });
    expect(inGoogle()).toEqual(['2026-05-04T07:00', '2026-05-12T16:00']);
    await syncNow(user, made.id);
    expect(await shown()).toEqual([
      'Swimming 2026-05-04T07:00',
      'Swim 2026-05-12T16:00',
      'Swimming 2026-05-26T08:00',
      'Swimming 2026-06-02T08:00',
    ]);

    // This and all future ones go, on the new series; from its first day on, the whole event goes.
    const later = (await googleItems(user, '2026-06-02', '2026-06-02')).find((i) => i.title === 'Swimming')!;
    const laterId = Number(later.series.split(':')[1]);
    const cut = await user.post('/api/calendar/caldav/events/delete', {
      id: laterId,
      occurrence: later.start,
      scope: 'future',
    });
    expect(cut.statusCode, cut.body).toBe(200);
    expect(inGoogle(next.id)).toEqual(['2026-05-26T08:00']);
    await syncNow(user, made.id);
    expect((await shown()).slice(-1)).toEqual(['Swimming 2026-05-26T08:00']);
    const all = await user.post('/api/calendar/caldav/events/delete', {
      id: laterId,
      occurrence: '2026-05-26T08:00:00.000Z',
      scope: 'future',
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(google.eventsOf(primary).some((e) => e.id === next.id)).toBe(false);
    await syncNow(user, made.id);
    expect(await shown()).toEqual(['Swimming 2026-05-04T07:00', 'Swim 2026-05-12T16:00']);

    // An all-day series: its instance is named by its date.
    google.putEvent(primary, {
      id: 'bins1',
      summary: 'Bins out',
      start: { date: '2026-05-05' },
      end: { date: '2026-05-06' },
      recurrence: ['RRULE:FREQ=WEEKLY'],
    });
    await syncNow(user, made.id);
    const bins = (await googleItems(user, '2026-05-12', '2026-05-12')).find((i) => i.title === 'Bins out')!;
    expect(bins.start).toBe('2026-05-12');
    const skipped = await user.post('/api/calendar/caldav/events/delete', {
      id: Number(bins.series.split(':')[1]),
      occurrence: bins.start,
      scope: 'one',
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const binDays = async () =>
      (await googleItems(user, '2026-05-01', '2026-05-25')).filter((i) => i.title === 'Bins out').map((i) => i.start);
    expect(
      google
        .instancesOf(primary, 'bins1')
        .map((e) => e.start?.date)
        .slice(0, 3),
    ).toEqual(['2026-05-05', '2026-05-19', '2026-05-26']);
    await syncNow(user, made.id);
    expect(await binDays()).toEqual(['2026-05-05', '2026-05-19']);
    await user.post('/api/calendar/connections/delete', { id: made.id });
  });

  it('renames one occurrence, or it and all later ones, of a repeating Google event, and syncs keep it so', async () => {
    const { user, made, primary, shown } = await repeatingInGoogle(
      {
        id: 'run1',
        summary: 'Run',
        location: 'Park',
        start: { dateTime: '2026-07-07T18:00:00+02:00', timeZone: BERLIN },
        end: { dateTime: '2026-07-07T19:00:00+02:00', timeZone: BERLIN },
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'],
      },
      '2026-07-01',
      '2026-08-07',
    );
    const series = Number(
      (await googleItems(user, '2026-07-07', '2026-07-07')).find((i) => i.title === 'Run')!.series.split(':')[1],
    );
    const rename = (title: string, occurrence: string, scope: 'one' | 'future', id = series) =>
      user.post('/api/calendar/caldav/events/update', { id, occurrence, scope, title });

    // This one: Google's instance (found by its original start) gets the new title and stays where it is.
    const one = await rename('Run (hills)', '2026-07-14T16:00:00.000Z', 'one');
    expect(one.statusCode, one.body).toBe(200);
    expect(google.eventsOf(primary).find((e) => e.id === 'run1_20260714T160000Z')).toMatchObject({
      recurringEventId: 'run1',
      summary: 'Run (hills)',
      start: { dateTime: '2026-07-14T16:00:00.000Z', timeZone: BERLIN },
    });
    expect(google.eventsOf(primary).find((e) => e.id === 'run1')!.summary).toBe('Run');
    const expected = [
      'Run 2026-07-07T16:00',
      'Run (hills) 2026-07-14T16:00',
      'Run 2026-07-21T16:00',
      'Run 2026-07-28T16:00',
      'Run 2026-08-04T16:00',
    ];
    expect(await shown()).toEqual(expected);
    // Renamed again, the day listed on its own is patched whole; two syncs later it is neither undone nor doubled.
    const day = (await googleItems(user, '2026-07-14', '2026-07-14')).find((i) => i.title.startsWith('Run'))!;
    const again = await rename('Run (hill sprints)', day.start, 'one', Number(day.series.split(':')[1]));
    expect(again.statusCode, again.body).toBe(200);
    expected[1] = 'Run (hill sprints) 2026-07-14T16:00';
    await syncNow(user, made.id);
    await syncNow(user, made.id);
    expect(await shown()).toEqual(expected);

    // Changed in Google since the last sync: the rename is refused and nothing is written, either way.
    for (const scope of ['one', 'future'] as const) {
      google.putEvent(primary, { ...google.eventsOf(primary).find((e) => e.id === 'run1')! });
      const before = JSON.stringify(google.eventsOf(primary));
      const stale = await rename('Run (stale)', '2026-07-21T16:00:00.000Z', scope);
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json<{ error: string }>().error).toMatch(/changed in Google Calendar/);
      expect(JSON.stringify(google.eventsOf(primary))).toBe(before);
    }

    // This and all future ones: the RRULE ends (UNTIL) and a new series with the new title starts that day, same time.
    const future = await rename('Run (track)', '2026-07-28T16:00:00.000Z', 'future');
    expect(future.statusCode, future.body).toBe(200);
    expect(google.eventsOf(primary).find((e) => e.id === 'run1')!.recurrence).toEqual([
      expect.stringMatching(/^RRULE:FREQ=WEEKLY;.*UNTIL=20260728T155959Z/),
    ]);
    expect(google.eventsOf(primary).find((e) => e.summary === 'Run (track)')).toMatchObject({
      location: 'Park',
      start: { dateTime: '2026-07-28T16:00:00.000Z', timeZone: BERLIN },
      end: { dateTime: '2026-07-28T17:00:00.000Z', timeZone: BERLIN },
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'],
    });
    expected.splice(3, 2, 'Run (track) 2026-07-28T16:00', 'Run (track) 2026-08-04T16:00');
    expect(await shown()).toEqual(expected);
    await syncNow(user, made.id);
    await syncNow(user, made.id);
    expect(await shown()).toEqual(expected);
    await user.post('/api/calendar/connections/delete', { id: made.id });
  });

  it('changes one day after another of a repeating Google event even when Google gives the series a new ETag for each; a change made in Google between them is still refused', async () => {
    google.touchSeriesOnInstanceChange(true);
    try {
      // Tuesdays at 07:00 in Berlin (05:00 UTC in September).
      const { user, primary, shown } = await repeatingInGoogle(
        {
          id: 'bike1',
          summary: 'Bike',
          start: { dateTime: '2026-09-01T07:00:00+02:00', timeZone: BERLIN },
          end: { dateTime: '2026-09-01T08:00:00+02:00', timeZone: BERLIN },
          recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'],
        },
        '2026-09-01',
        '2026-09-30',
      );
      const series = Number(
        (await googleItems(user, '2026-09-01', '2026-09-01')).find((i) => i.title === 'Bike')!.series.split(':')[1],
      );
      const one = (occurrence: string, fields: Record<string, unknown>) =>
        user.post('/api/calendar/caldav/events/update', { id: series, occurrence, scope: 'one', ...fields });
      // Renamed, moved and deleted, one day after another: each is written.
      for (const response of [
        await one('2026-09-08T05:00:00.000Z', { title: 'Bike (hills)' }),
        await one('2026-09-15T05:00:00.000Z', {
          start: '2026-09-16T16:00:00.000Z',
          end: '2026-09-16T17:00:00.000Z',
          all_day: false,
        }),
        await user.post('/api/calendar/caldav/events/delete', {
          id: series,
          occurrence: '2026-09-22T05:00:00.000Z',
          scope: 'one',
        }),
      ])
        expect(response.statusCode, response.body).toBe(200);
      const expected = [
        'Bike 2026-09-01T05:00',
        'Bike (hills) 2026-09-08T05:00',
        'Bike 2026-09-16T16:00',
        'Bike 2026-09-29T05:00',
      ];
      expect(await shown()).toEqual(expected);
      expect(
        google.instancesOf(primary, 'bike1').map((e) => `${e.summary} ${e.start?.dateTime?.slice(0, 16)}`),
      ).toEqual(expect.arrayContaining(expected));

      // The series renamed in Google by someone else meanwhile: the next change to one day is refused and writes
      // nothing; Lifeboard then shows Google's version, and the change made again is written.
      google.putEvent(primary, { ...google.eventsOf(primary).find((e) => e.id === 'bike1')!, summary: 'Bike ride' });
      const inGoogle = JSON.stringify(google.eventsOf(primary));
      const stale = await one('2026-09-29T05:00:00.000Z', { title: 'Bike (race)' });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json<{ error: string }>().error).toMatch(/changed in Google Calendar/);
      expect(JSON.stringify(google.eventsOf(primary))).toBe(inGoogle);
      const again = await one('2026-09-29T05:00:00.000Z', { title: 'Bike (race)' });
      expect(again.statusCode, again.body).toBe(200);
      expect(await shown()).toEqual([
        'Bike ride 2026-09-01T05:00',
        'Bike (hills) 2026-09-08T05:00',
        'Bike 2026-09-16T16:00',
        'Bike (race) 2026-09-29T05:00',
      ]);
    } finally {
      google.touchSeriesOnInstanceChange(false);
    }
  });

  it('moved or renamed from a day on, the later days moved, renamed or cancelled on their own follow into the new series in Google', async () => {
    // Thursdays at 18:00 in Berlin (16:00 UTC, summer time).
    const { user, made, primary, shown } = await repeatingInGoogle(
      {
        id: 'row1',
        summary: 'Row',
        location: 'Boathouse',
        start: { dateTime: '2026-06-04T18:00:00+02:00', timeZone: BERLIN },
        end: { dateTime: '2026-06-04T19:00:00+02:00', timeZone: BERLIN },
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TH'],
      },
      '2026-06-01',
      '2026-07-15',
    );
    // What Google's own calendar shows of a series in the same weeks.
    const inGoogle = (id: string) =>
      google
        .instancesOf(primary, id)
        .filter((e) => (e.start?.dateTime ?? '') < '2026-07-15')
        .map((e) => `${e.summary} ${e.start?.dateTime?.slice(0, 16)}`);
    const seriesOn = async (day: string) =>
      Number((await googleItems(user, day, day)).find((i) => i.title.startsWith('Row'))!.series.split(':')[1]);
    const series = await seriesOn('2026-06-04');
    const update = (id: number, occurrence: string, scope: 'one' | 'future', fields: Record<string, unknown>) =>
      user.post('/api/calendar/caldav/events/update', { id, occurrence, scope, ...fields });
    const newSeries = (title: string, ...known: string[]) =>
      google.eventsOf(primary).find((e) => e.summary === title && e.recurrence && !['row1', ...known].includes(e.id))!;

    // 18 June moved to Friday; 2 July cancelled; 9 July renamed: each on its own.
    for (const response of [
      await update(series, '2026-06-18T16:00:00.000Z', 'one', {
        start: '2026-06-19T17:00:00.000Z',
        end: '2026-06-19T18:00:00.000Z',
        all_day: false,
      }),
      await user.post('/api/calendar/caldav/events/delete', {
        id: series,
        occurrence: '2026-07-02T16:00:00.000Z',
        scope: 'one',
      }),
      await update(series, '2026-07-09T16:00:00.000Z', 'one', { title: 'Row (relay)' }),
    ])
      expect(response.statusCode, response.body).toBe(200);

    // Renamed from 11 June on: the new series' instances take over the moved, cancelled and renamed days.
    const renamed = await update(series, '2026-06-11T16:00:00.000Z', 'future', { title: 'Row (river)' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(inGoogle('row1')).toEqual(['Row 2026-06-04T16:00']);
    // The old series' exceptions past its end are gone from Google.
    expect(google.eventsOf(primary).filter((e) => e.recurringEventId === 'row1')).toEqual([]);
    const river = newSeries('Row (river)');
    const expected = [
      'Row (river) 2026-06-11T16:00',
      'Row (river) 2026-06-19T17:00',
      'Row (river) 2026-06-25T16:00',
      'Row (relay) 2026-07-09T16:00',
    ];
    expect(inGoogle(river.id)).toEqual(expected);
    await syncNow(user, made.id);
    await syncNow(user, made.id);
    expect(await shown()).toEqual(['Row 2026-06-04T16:00', ...expected]);

    // The new series moved from 25 June on to Fridays an hour later: the day moved on its own stays, the cancelled
    // day stays cancelled (now the Friday), the renamed day keeps its title at the new time.
    const moved = await update(await seriesOn('2026-06-25'), '2026-06-25T16:00:00.000Z', 'future', {
      start: '2026-06-26T17:00:00.000Z',
      end: '2026-06-26T18:00:00.000Z',
      all_day: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(inGoogle(river.id)).toEqual(expected.slice(0, 2));
    const fridays = newSeries('Row (river)', river.id);
    expect(fridays).toMatchObject({ location: 'Boathouse', recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=FR'] });
    expect(inGoogle(fridays.id)).toEqual(['Row (river) 2026-06-26T17:00', 'Row (relay) 2026-07-10T17:00']);
    await syncNow(user, made.id);
    await syncNow(user, made.id);
    expect(await shown()).toEqual([
      'Row 2026-06-04T16:00',
      ...expected.slice(0, 2),
      'Row (river) 2026-06-26T17:00',
      'Row (relay) 2026-07-10T17:00',
    ]);
    await user.post('/api/calendar/connections/delete', { id: made.id });
  });

  it('moved from a day on to another weekday and time, across the change to summer time, the later changed days keep their local times in Google', async () => {
    const user = await signUp(app);
    expect(await connect(user)).toMatch(/google=connected$/);
    const [made] = await connections(user);
    await synced(user, made.id, null);
    const primary = google.account;
    // Mondays at 09:00 in Berlin: 08:00 UTC in winter, 07:00 UTC from 29 March (summer time).
    google.putEvent(primary, {
      id: 'team1',
      summary: 'Team',
      start: { dateTime: '2026-03-02T09:00:00+01:00', timeZone: BERLIN },
      end: { dateTime: '2026-03-02T10:00:00+01:00', timeZone: BERLIN },
      // 13 April skipped by another app, as an EXDATE line of the series.
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO', 'EXDATE;TZID=Europe/Berlin:20260413T090000'],
    });
    await syncNow(user, made.id);
    const inApril = (id: string) =>
      google
        .instancesOf(primary, id)
        .map((e) => `${e.summary} ${e.start?.dateTime?.slice(0, 16)}`)
        .filter((shown) => shown.includes(' 2026-04-'));
    expect(inApril('team1')).toEqual(['Team 2026-04-06T07:00', 'Team 2026-04-20T07:00', 'Team 2026-04-27T07:00']);
    const series = Number(
      (await googleItems(user, '2026-03-02', '2026-03-02')).find((i) => i.title === 'Team')!.series.split(':')[1],
    );
    const change = (occurrence: string, scope: 'one' | 'future', fields: Record<string, unknown>) =>
      user.post('/api/calendar/caldav/events/update', { id: series, occurrence, scope, ...fields });
    // 23 March moved to Friday 16:00; 30 March (summer time) renamed; 6 April cancelled.
    for (const response of [
      await change('2026-03-23T08:00:00.000Z', 'one', {
        start: '2026-03-27T15:00:00.000Z',
        end: '2026-03-27T16:00:00.000Z',
        all_day: false,
      }),
      await change('2026-03-30T07:00:00.000Z', 'one', { title: 'Team (offsite)' }),
      await user.post('/api/calendar/caldav/events/delete', {
        id: series,
        occurrence: '2026-04-06T07:00:00.000Z',
        scope: 'one',
      }),
    ])
      expect(response.statusCode, response.body).toBe(200);

    // From 16 March on, Tuesdays at 10:00 Berlin (09:00 UTC in winter).
    const moved = await change('2026-03-16T08:00:00.000Z', 'future', {
      start: '2026-03-17T09:00:00.000Z',
      end: '2026-03-17T10:00:00.000Z',
      all_day: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const tuesdays = google.eventsOf(primary).find((e) => e.summary === 'Team' && e.recurrence && e.id !== 'team1')!;
    expect(tuesdays.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=TU', 'EXDATE:20260414T080000Z']);
    const expected = [
      'Team 2026-03-17T09:00',
      // 24 March stands for the day moved on its own: it stays on Friday.
      'Team 2026-03-27T15:00',
      // 31 March, renamed on its own, at the new time: 10:00 Berlin summer time is 08:00 UTC.
      'Team (offsite) 2026-03-31T08:00',
      // 7 April stays cancelled, 14 April skipped.
      'Team 2026-04-21T08:00',
    ];
    expect(
      google
        .instancesOf(primary, tuesdays.id)
        .filter((e) => (e.start?.dateTime ?? '') < '2026-04-22')
        .map((e) => `${e.summary} ${e.start?.dateTime?.slice(0, 16)}`),
    ).toEqual(expected);
    await syncNow(user, made.id);
    expect(
      (await googleItems(user, '2026-03-16', '2026-04-21'))
        .filter((i) => i.title.startsWith('Team'))
        .map((i) => `${i.title} ${i.start.slice(0, 16)}`),
    ).toEqual(expected);
    await user.post('/api/calendar/connections/delete', { id: made.id });
  });

  it('turned all day from a day on, then to a time, the later days moved, renamed or cancelled on their own keep their dates in Google', async () => {
    // Thursdays at 00:30 in Berlin: Wednesday 23:30 UTC in winter, 22:30 UTC from 29 March (summer time).
    const { user, made, primary, shown } = await repeatingInGoogle(
      {
        id: 'yoga1',
        summary: 'Yoga',
        start: { dateTime: '2026-03-05T00:30:00+01:00', timeZone: BERLIN },
        end: { dateTime: '2026-03-05T01:30:00+01:00', timeZone: BERLIN },
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TH'],
      },
      '2026-03-01',
      '2026-04-19',
    );
    expect((await user.post('/api/user/update', { timezone: BERLIN })).statusCode).toBe(200);
    const seriesOn = async (day: string) =>
      Number((await googleItems(user, day, day)).find((i) => i.title.startsWith('Yoga'))!.series.split(':')[1]);
    const update = (id: number, occurrence: string, scope: 'one' | 'future', fields: Record<string, unknown>) =>
      user.post('/api/calendar/caldav/events/update', { id, occurrence, scope, ...fields });
    const inGoogle = (id: string) =>
      google
        .instancesOf(primary, id)
        .map((e) => `${e.summary} ${e.start?.date ?? e.start?.dateTime?.slice(0, 16)}`)
        .filter((shown) => shown.split(' ').pop()! < '2026-04-19');
    const series = await seriesOn('2026-03-05');
    // 19 March moved to Friday 20 March 18:00; 2 April cancelled; 9 April renamed: each on its own.
    for (const response of [
      await update(series, '2026-03-18T23:30:00.000Z', 'one', {
        start: '2026-03-20T17:00:00.000Z',
        end: '2026-03-20T18:00:00.000Z',
        all_day: false,
      }),
      await user.post('/api/calendar/caldav/events/delete', {
        id: series,
        occurrence: '2026-04-01T22:30:00.000Z',
        scope: 'one',
      }),
      await update(series, '2026-04-08T22:30:00.000Z', 'one', { title: 'Yoga (outdoor)' }),
    ])
      expect(response.statusCode, response.body).toBe(200);

    // From 12 March on, all day: each later day on the date it had in Berlin (not the day before, as in UTC).
    const allDay = await update(series, '2026-03-11T23:30:00.000Z', 'future', {
      start: '2026-03-12T00:00:00.000Z',
      end: '2026-03-13T00:00:00.000Z',
      all_day: true,
    });
    expect(allDay.statusCode, allDay.body).toBe(200);
    expect(google.eventsOf(primary).filter((e) => e.recurringEventId === 'yoga1')).toEqual([]);
    const days = google.eventsOf(primary).find((e) => e.summary === 'Yoga' && e.recurrence && e.id !== 'yoga1')!;
    expect(days).toMatchObject({
      start: { date: '2026-03-12' },
      end: { date: '2026-03-13' },
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TH'],
    });
    expect(inGoogle(days.id)).toEqual([
      'Yoga 2026-03-12',
      'Yoga 2026-03-20',
      'Yoga 2026-03-26',
      'Yoga (outdoor) 2026-04-09',
      'Yoga 2026-04-16',
    ]);
    await syncNow(user, made.id);
    expect(await shown()).toEqual([
      'Yoga 2026-03-04T23:30',
      'Yoga 2026-03-12',
      'Yoga 2026-03-20',
      'Yoga 2026-03-26',
      'Yoga (outdoor) 2026-04-09',
      'Yoga 2026-04-16',
    ]);

    // 16 April moved to Friday on its own; then from 26 March on, at 07:00 in Berlin (the person's zone, which the
    // new series repeats in): 06:00 UTC in winter, 05:00 UTC in summer time.
    const moved = await update(await seriesOn('2026-04-16'), '2026-04-16T00:00:00.000Z', 'one', {
      start: '2026-04-17T00:00:00.000Z',
      end: '2026-04-18T00:00:00.000Z',
      all_day: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const timed = await update(await seriesOn('2026-03-26'), '2026-03-26T00:00:00.000Z', 'future', {
      start: '2026-03-26T06:00:00.000Z',
      end: '2026-03-26T07:00:00.000Z',
      all_day: false,
    });
    expect(timed.statusCode, timed.body).toBe(200);
    expect(inGoogle(days.id)).toEqual(['Yoga 2026-03-12', 'Yoga 2026-03-20']);
    const mornings = google
      .eventsOf(primary)
      .find((e) => e.summary === 'Yoga' && e.recurrence && ![days.id, 'yoga1'].includes(e.id))!;
    expect(mornings.start).toEqual({ dateTime: '2026-03-26T06:00:00.000Z', timeZone: BERLIN });
    expect(inGoogle(mornings.id)).toEqual([
      'Yoga 2026-03-26T06:00',
      'Yoga (outdoor) 2026-04-09T05:00',
      'Yoga 2026-04-17T05:00',
    ]);
    await syncNow(user, made.id);
    await syncNow(user, made.id);
    expect(await shown()).toEqual([
      'Yoga 2026-03-04T23:30',
      'Yoga 2026-03-12',
      'Yoga 2026-03-20',
      'Yoga 2026-03-26T06:00',
      'Yoga (outdoor) 2026-04-09T05:00',
      'Yoga 2026-04-17T05:00',
    ]);

    // That series every time all day, then every time at 19:00: the cancelled day stays cancelled, the renamed one
    // keeps its title, the moved one stays on Friday; no instance is left named in the old form.
    const everyTime = async (fields: Record<string, unknown>) => {
      const response = await user.post('/api/calendar/caldav/events/update', {
        id: await seriesOn('2026-03-26'),
        ...fields,
      });
      expect(response.statusCode, response.body).toBe(200);
      const left = google.eventsOf(primary).filter((e) => e.recurringEventId === mornings.id);
      expect(left.every((e) => Boolean(e.originalStartTime?.date) === Boolean(fields.all_day))).toBe(true);
      await syncNow(user, made.id);
      await syncNow(user, made.id);
    };
    await everyTime({ start: '2026-03-26T00:00:00.000Z', end: '2026-03-27T00:00:00.000Z', all_day: true });
    expect(google.eventsOf(primary).find((e) => e.id === mornings.id)!.start).toEqual({ date: '2026-03-26' });
    expect(inGoogle(mornings.id)).toEqual(['Yoga 2026-03-26', 'Yoga (outdoor) 2026-04-09', 'Yoga 2026-04-17']);
    expect((await shown()).slice(3)).toEqual(['Yoga 2026-03-26', 'Yoga (outdoor) 2026-04-09', 'Yoga 2026-04-17']);
    // 19:00 in Berlin: 18:00 UTC in winter, 17:00 UTC in summer time.
    await everyTime({ start: '2026-03-26T18:00:00.000Z', end: '2026-03-26T19:00:00.000Z', all_day: false });
    expect(google.eventsOf(primary).find((e) => e.id === mornings.id)!.start).toEqual({
      dateTime: '2026-03-26T18:00:00.000Z',
      timeZone: BERLIN,
    });
    const evenings = ['Yoga 2026-03-26T18:00', 'Yoga (outdoor) 2026-04-09T17:00', 'Yoga 2026-04-17T17:00'];
    expect(inGoogle(mornings.id)).toEqual(evenings);
    expect((await shown()).slice(3)).toEqual(evenings);
    await user.post('/api/calendar/connections/delete', { id: made.id });
  });

  it('keeps the last copy and says so in words when the access was removed in Google', async () => {
    // Its own event: the test holds whether or not the earlier tests left any in the account.
    google.putEvent(google.account, {
      id: 'dentist',
      summary: 'Dentist',
      start: { dateTime: '2026-04-02T09:00:00Z' },
      end: { dateTime: '2026-04-02T09:30:00Z' },
    });
    const user = await signUp(app);
    expect(await connect(user)).toMatch(/google=connected$/);
    const [made] = await connections(user);
    const first = await synced(user, made.id, null);
    const count = first.event_count;
    expect(count).toBeGreaterThan(0);
    google.removeAccess();
    const failed = await syncNow(user, made.id);
    expect(failed.last_error).toMatch(/Google no longer lets Lifeboard read this calendar/);
    expect(failed.event_count).toBe(count);
    // Connecting the same account again renews the access on the same connection.
    expect(await connect(user)).toMatch(/google=connected$/);
    const renewed = await connections(user);
    expect(renewed.map((c) => c.id)).toEqual([made.id]);
    expect((await syncNow(user, made.id)).last_error).toBeNull();
  });

  it('makes nothing when consent is denied, or the state is forged, expired or from nowhere', async () => {
    const user = await signUp(app);
    expect(await connect(user, 'deny')).toBe('http://localhost:3000/calendar/connections?google=denied');
    expect(await connections(user)).toEqual([]);

    const started = await user.post('/api/calendar/google/connect');
    const back = new URL(await google.consent(started.json<{ url: string }>().url, 'allow'));
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const forged = `${state.slice(0, -4)}${state.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const box = new CredentialBox(KEY);
    const expired = makeState(box, user.id, Date.now() - 11 * 60 * 1000);
    const otherKey = makeState(new CredentialBox(randomBytes(32).toString('base64')), user.id);
    for (const bad of [forged, expired, otherKey, '']) {
      expect(
        await callbackAnswer(
          `/api/calendar/google/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(bad)}`,
        ),
      ).toBe('http://localhost:3000/calendar/connections?google=expired');
    }
    // A code Google does not know (or one already used) is refused by Google: nothing is kept.
    expect(
      await callbackAnswer(
        `/api/calendar/google/callback?code=made-up&state=${encodeURIComponent(makeState(box, user.id))}`,
      ),
    ).toBe('http://localhost:3000/calendar/connections?google=failed');
    expect(google.grants.at(-1)).toEqual({ grantType: 'authorization_code', ok: false });
    expect(await connections(user)).toEqual([]);
    // The genuine answer still works once.
    const good = `/api/calendar/google/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
    expect(await callbackAnswer(good)).toMatch(/google=connected$/);
    expect(await callbackAnswer(good)).toMatch(/google=failed$/);
    expect((await connections(user)).length).toBe(1);
  });
});
