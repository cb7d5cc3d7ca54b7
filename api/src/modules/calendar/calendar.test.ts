import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signUp, testDatabase, type TestUser } from '../../../test/helpers';
import { calendarConnections, users } from '../../db/schema';
import { defaultEnv } from '../../env';
import { scanCalendarSyncs } from './caldav';
import { defaultFetchPolicy } from './safe-fetch';
import { FEED_FAILED, refreshConnection } from './subscriptions';

let app: FastifyInstance;
/** An app whose calendar fetches may reach this machine, as under `pnpm start`. */
let devApp: FastifyInstance;
let feedServer: Server;
let feedBase: string;
let feedBody = '';

beforeAll(async () => {
  app = await createTestApp();
  devApp = await createTestApp({ env: defaultEnv({ CALENDAR_FETCH_ALLOW_LOOPBACK: 'true' }) });
  feedServer = createServer((request, response) => {
    if (request.url === '/missing.ics') {
      response.writeHead(404);
      return response.end('Not here');
    }
    response.writeHead(200, { 'content-type': 'text/calendar' });
    response.end(feedBody);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => feedServer.close(resolve));
  await app.close();
  await devApp.close();
});

async function inZone(user: TestUser, timezone: string) {
  await (await testDatabase()).db.update(users).set({ timezone }).where(eq(users.id, user.id));
}
const create = async (user: TestUser, model: string, params: Record<string, unknown>) => {
  const response = await user.post(`/api/${model}/create`, { board: user.boardId, params });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()[model] as { id: number };
};
type Item = { id: string; title: string; start: string; end: string; all_day: boolean; source: string; date: string };
const range = async (user: TestUser, start_date: string, end_date: string) => {
  const response = await user.post('/api/google/events', { start_date, end_date });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ events: Item[] }>().events;
};

describe('/api/google/events', () => {
  it('never answers a changed or deleted series from its cache, when another API process made the change', async () => {
    // A second app on the same database has its own cache, as a second API process would.
    const other = await createTestApp();
    try {
      const user = await signUp(app);
      const elsewhere = asUser(other, user.token);
      const change = async (model: string, verb: 'update' | 'delete', params: Record<string, unknown>) => {
        const response = await elsewhere.post(`/api/${model}/${verb}`, { board: user.boardId, params });
        expect(response.statusCode, response.body).toBe(200);
      };
      const weekly = await create(user, 'event', {
        title: 'Piano',
        start_at: '2026-01-06T17:00:00.000Z',
        end_at: '2026-01-06T18:00:00.000Z',
        all_day: false,
        repeat: 'FREQ=WEEKLY;BYDAY=TU',
      });
      const daily = await create(user, 'plannedactivity', {
        title: 'Stretch',
        date: '2026-01-05',
        start_at: '2026-01-05T07:00:00.000Z',
        repeat: 'FREQ=DAILY',
      });
      const month = () => range(user, '2026-02-01', '2026-02-28');
      const shown = async () =>
        (await month()).map((e) => `${e.title} ${e.start.slice(5, 16)}`).filter((line) => !line.startsWith('Stretch'));
      // Asked twice: the second answer comes from the cache and is the same.
      expect(await month()).toEqual(await month());
      expect(await shown()).toEqual([
        'Piano 02-03T17:00',
        'Piano 02-10T17:00',
        'Piano 02-17T17:00',
        'Piano 02-24T17:00',
      ]);

      await change('event', 'update', { id: weekly.id, title: 'Piano lesson' });
      expect((await shown())[0]).toBe('Piano lesson 02-03T17:00');
      await change('event', 'update', { id: weekly.id, repeat: 'FREQ=WEEKLY;BYDAY=TH' });
      expect(await shown()).toEqual([
        'Piano lesson 02-05T17:00',
        'Piano lesson 02-12T17:00',
        'Piano lesson 02-19T17:00',
        'Piano lesson 02-26T17:00',
      ]);
      await change('event', 'update', { id: weekly.id, skip_dates: ['2026-02-12'] });
      expect(await shown()).toHaveLength(3);
      await change('event', 'update', {
        id: weekly.id,
        start_at: '2026-01-08T18:30:00.000Z',
        end_at: '2026-01-08T19:00:00.000Z',
      });
      expect((await shown())[0]).toBe('Piano lesson 02-05T18:30');
      await change('event', 'delete', { id: weekly.id });
      expect(await shown()).toEqual([]);

      expect((await month()).filter((e) => e.title === 'Stretch')).toHaveLength(28);
      await change('plannedactivity', 'update', { id: daily.id, repeat: 'FREQ=DAILY;INTERVAL=2' });
      expect((await month()).filter((e) => e.title === 'Stretch')).toHaveLength(14);
      await change('plannedactivity', 'delete', { id: daily.id });
      expect(await month()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('writes each item as its fields say: escaped titles, the keys in order, all-day first at the same midnight', async () => {
    const user = await signUp(app);
    const title = 'Say "hi" \\ to </script>\n🎹 ü';
    const event = await create(user, 'event', {
      title,
      start_at: '2026-04-01T00:00:00.000Z',
      end_at: '2026-04-01T00:30:00.000Z',
      all_day: false,
      repeat: 'FREQ=DAILY;COUNT=2',
    });
    const planned = await create(user, 'plannedactivity', { title: 'Plan "B"', date: '2026-04-01' });
    const answer = (await user.post('/api/google/events', { start_date: '2026-04-01', end_date: '2026-04-01' })).body;
    const events = (JSON.parse(answer) as { events: Record<string, unknown>[] }).events;
    expect(events).toEqual([
      {
        id: `planned:${planned.id}`,
        title: 'Plan "B"',
        all_day: true,
        source: 'planned',
        series: `planned:${planned.id}`,
        date: '2026-04-01',
        repeat: null,
        start: '2026-04-01',
        end: '2026-04-02',
        board: user.boardId,
        done: false,
      },
      {
        id: `event:${event.id}:2026-04-01T00:00:00.000Z`,
        title,
        all_day: false,
        source: 'event',
        series: `event:${event.id}`,
        date: '2026-04-01',
        repeat: 'FREQ=DAILY;COUNT=2',
        start: '2026-04-01T00:00:00.000Z',
        end: '2026-04-01T00:30:00.000Z',
        board: user.boardId,
      },
    ]);
    // The keys in the contract's order, as the object would be serialized.
    expect(events.map((item) => Object.keys(item).join())).toEqual([
      'id,title,all_day,source,series,date,repeat,start,end,board,done',
      'id,title,all_day,source,series,date,repeat,start,end,board',
    ]);
  });

  it("expands a series again, not from the cache, when the user's zone changes", async () => {
    const user = await signUp(app);
    await create(user, 'event', {
      title: 'Standup',
      start_at: '2026-03-02T14:00:00.000Z',
      all_day: false,
      repeat: 'FREQ=WEEKLY;BYDAY=MO,WE',
    });
    const first = (await user.post('/api/google/events', { start_date: '2026-03-01', end_date: '2026-03-31' })).body;
    await inZone(user, 'America/New_York');
    const inNewYork = await range(user, '2026-03-01', '2026-03-31');
    // A new zone is a new answer (the same rule expands at other instants), not the cached one.
    expect(JSON.stringify({ events: inNewYork })).not.toBe(first);
    expect(inNewYork[0].start).toBe('2026-03-02T14:00:00.000Z');
    expect(inNewYork.find((e) => e.date === '2026-03-09')!.start).toBe('2026-03-09T13:00:00.000Z');
  });

  it('shows an event repeating FREQ=WEEKLY once per week of the range', async () => {
    const user = await signUp(app);
    await create(user, 'event', {
      title: 'Team sync',
      start_at: '2026-01-05T10:00:00.000Z',
      end_at: '2026-01-05T11:00:00.000Z',
      all_day: false,
      repeat: 'FREQ=WEEKLY',
    });
    const events = await range(user, '2026-02-01', '2026-02-28');
    expect(events.map((e) => e.start)).toEqual([
      '2026-02-02T10:00:00.000Z',
      '2026-02-09T10:00:00.000Z',
      '2026-02-16T10:00:00.000Z',
      '2026-02-23T10:00:00.000Z',
    ]);
    expect(events.every((e) => e.source === 'event' && e.title === 'Team sync' && !e.all_day)).toBe(true);
    expect(new Set(events.map((e) => e.id)).size).toBe(4);
  });

  it("expands in the user's zone across DST and merges planned activities, skipping removed dates", async () => {
    const user = await signUp(app);
    await inZone(user, 'America/New_York');
    // Mondays 09:00 New York; the clocks change on Sunday 2026-03-08.
    await create(user, 'event', {
      title: 'Standup',
      start_at: '2026-03-02T14:00:00.000Z',
      all_day: false,
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
    });
    await create(user, 'plannedactivity', {
      title: 'Write',
      date: '2026-03-02',
      repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      skip_dates: ['2026-03-04'],
    });
    const events = await range(user, '2026-03-02', '2026-03-10');
    expect(events.filter((e) => e.title === 'Standup').map((e) => e.start)).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
    expect(events.filter((e) => e.title === 'Write').map((e) => e.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-05',
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(events.find((e) => e.title === 'Write')).toMatchObject({
      all_day: true,
      start: '2026-03-02',
      end: '2026-03-03',
      source: 'planned',
    });
  });

  it("never shows another user's items", async () => {
    const owner = await signUp(app);
    await create(owner, 'event', { title: 'Private', start_at: '2026-05-05T10:00:00.000Z', all_day: false });
    const other = await signUp(app);
    expect(await range(other, '2026-05-01', '2026-05-31')).toEqual([]);
  });
});

const ics = (events: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${events}END:VCALENDAR\r\n`;

describe('ICS subscriptions', () => {
  it("a subscribed feed's events, repeats, exceptions and overrides appear in /api/google/events at once", async () => {
    feedBody = ics(
      [
        'BEGIN:VEVENT\r\nUID:yoga@x\r\nSUMMARY:Yoga\r\nDTSTART;TZID=Europe/London:20260323T180000\r\nDTEND;TZID=Europe/London:20260323T190000\r\nRRULE:FREQ=WEEKLY;COUNT=4\r\nEXDATE;TZID=Europe/London:20260406T180000\r\nEND:VEVENT\r\n',
        'BEGIN:VEVENT\r\nUID:yoga@x\r\nRECURRENCE-ID;TZID=Europe/London:20260330T180000\r\nSUMMARY:Yoga (moved)\r\nDTSTART;TZID=Europe/London:20260331T180000\r\nDTEND;TZID=Europe/London:20260331T190000\r\nEND:VEVENT\r\n',
        'BEGIN:VEVENT\r\nUID:holiday@x\r\nSUMMARY:Holiday\r\nDTSTART;VALUE=DATE:20260325\r\nDTEND;VALUE=DATE:20260327\r\nEND:VEVENT\r\n',
      ].join(''),
    );
    const user = await signUp(devApp);
    await inZone(user, 'Europe/London');
    const response = await user.post('/api/calendar/subscribe', { url: `${feedBase}/work.ics`, name: 'Work' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().connection).toMatchObject({ name: 'Work', event_count: 3, last_error: null });
    const events = await range(user, '2026-03-20', '2026-04-30');
    expect(events.map((e) => [e.title, e.start, e.source])).toEqual([
      ['Yoga', '2026-03-23T18:00:00.000Z', 'ics'],
      ['Holiday', '2026-03-25', 'ics'],
      ['Yoga (moved)', '2026-03-31T17:00:00.000Z', 'ics'],
      ['Yoga', '2026-04-13T17:00:00.000Z', 'ics'],
    ]);
    expect(events[1]).toMatchObject({ all_day: true, end: '2026-03-27' });
    const listed = (await user.post('/api/calendar/connections')).json().connections;
    expect(listed).toHaveLength(1);
    expect((await user.post('/api/calendar/connections/delete', { id: listed[0].id })).statusCode).toBe(200);
    expect(await range(user, '2026-03-20', '2026-04-30')).toEqual([]);
  });

  it('refuses an address on this machine in production, a non-calendar answer and a missing host, keeping nothing', async () => {
    feedBody = ics('BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:A\r\nDTSTART:20260101T100000Z\r\nEND:VEVENT\r\n');
    const user = await signUp(app);
    const refused = await user.post('/api/calendar/subscribe', { url: `${feedBase}/a.ics`, name: 'Local' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: FEED_FAILED, errors: { url: [FEED_FAILED] } });
    const dev = await signUp(devApp);
    feedBody = '<html>not a calendar</html>';
    const notIcs = await dev.post('/api/calendar/subscribe', { url: `${feedBase}/a.ics` });
    expect(notIcs.statusCode).toBe(422);
    expect(notIcs.json().message).toBe(FEED_FAILED);
    const rows = await (
      await testDatabase()
    ).db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, dev.id));
    expect(rows).toEqual([]);
  });

  it('says one thing in words for every failed subscription, so the answer tells nothing about the host', async () => {
    const dev = await signUp(devApp);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const answers = [];
    for (const [url, body] of [
      [`${feedBase}/missing.ics`, ''],
      [`${feedBase}/a.ics`, '<html>not a calendar</html>'],
      // ical.js fails inside on this one ("Cannot read properties of undefined").
      [`${feedBase}/a.ics`, 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260101T100000Z\r\n'],
      [`http://127.0.0.1:${closedPort}/a.ics`, ''],
      ['http://no-such-host.invalid/a.ics', ''],
    ]) {
      feedBody = body;
      const response = await dev.post('/api/calendar/subscribe', { url });
      expect(response.statusCode, url).toBe(422);
      answers.push(response.body);
    }
    expect(new Set(answers)).toEqual(
      new Set([JSON.stringify({ message: FEED_FAILED, errors: { url: [FEED_FAILED] } })]),
    );
  });

  it('keeps the reason of a failed feed in the log and on the connection only the words', async () => {
    const dev = await signUp(devApp);
    feedBody = ics('BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:A\r\nDTSTART:20260101T100000Z\r\nEND:VEVENT\r\n');
    const made = await dev.post('/api/calendar/subscribe', { url: `${feedBase}/a.ics` });
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await (
      await testDatabase()
    ).db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, made.json().connection.id));
    const logged: Record<string, unknown>[] = [];
    const log = { warn: (details: Record<string, unknown>) => logged.push(details) };
    const db = (await testDatabase()).db;
    const policy = { ...defaultFetchPolicy, allowLoopback: true };
    feedBody = '<html>not a calendar</html>';
    expect(await refreshConnection(db, row, 'UTC', policy, log)).toEqual({ ok: false, error: FEED_FAILED });
    expect(await refreshConnection(db, `${feedBase}/missing.ics`, 'UTC', policy, log)).toMatchObject({ ok: false });
    expect(logged).toEqual([
      expect.objectContaining({ connection: row.id, reason: expect.stringMatching(/not an iCalendar file/) }),
      expect.objectContaining({ url: `${feedBase}/missing.ics`, reason: 'the address answered 404' }),
    ]);
    const refreshed = await dev.post('/api/calendar/connections/refresh', { id: row.id });
    expect(refreshed.json().connection.last_error).toBe(FEED_FAILED);
  });
});

describe('refreshing a subscription', () => {
  it('is a job on the queue: a stale subscription is fetched again by the sync job, once per period', async () => {
    const worker = await createTestApp({
      env: defaultEnv({ CALENDAR_FETCH_ALLOW_LOOPBACK: 'true', QUEUE_POLL_SECONDS: '0.5' }),
    });
    try {
      await worker.startWork();
      feedBody = ics(
        'BEGIN:VEVENT\r\nUID:run@x\r\nSUMMARY:Run\r\nDTSTART:20260601T070000Z\r\nDTEND:20260601T080000Z\r\nEND:VEVENT\r\n',
      );
      const user = await signUp(worker);
      const subscribed = await user.post('/api/calendar/subscribe', { url: `${feedBase}/club.ics`, name: 'Club' });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      const id = subscribed.json().connection.id as number;
      // The club moves the run; the subscription was last fetched an hour ago.
      feedBody = ics(
        'BEGIN:VEVENT\r\nUID:run@x\r\nSUMMARY:Long run\r\nDTSTART:20260602T070000Z\r\nDTEND:20260602T090000Z\r\nEND:VEVENT\r\n',
      );
      const { db } = await testDatabase();
      await db
        .update(calendarConnections)
        .set({ lastSyncedAt: new Date(Date.now() - 3_600_000) })
        .where(eq(calendarConnections.id, id));
      const now = new Date();
      expect(await scanCalendarSyncs(db, worker.queue, 30, ['ics'], now)).toBeGreaterThanOrEqual(1);
      // A second scan in the same period (another API process) queues nothing more for it.
      expect(await scanCalendarSyncs(db, worker.queue, 30, ['ics'], now)).toBe(0);
      await expect
        .poll(
          async () =>
            (await user.post('/api/google/events', { start_date: '2026-06-01', end_date: '2026-06-03' }))
              .json()
              .events.map((e: { title: string }) => e.title),
          { timeout: 20_000 },
        )
        .toEqual(['Long run']);
      const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id));
      expect(row.lastError).toBeNull();
      expect(row.lastSyncedAt!.getTime()).toBeGreaterThan(now.getTime() - 1000);
    } finally {
      await worker.close();
    }
  }, 60_000);
});

describe('the private feed', () => {
  it('round trip: our feed, subscribed to, gives the same occurrences as the items it came from', async () => {
    const owner = await signUp(devApp);
    await inZone(owner, 'Europe/London');
    await create(owner, 'event', {
      title: 'Choir; rehearsal, weekly',
      start_at: '2026-03-16T19:30:00.000Z',
      end_at: '2026-03-16T21:00:00.000Z',
      all_day: false,
      repeat: 'FREQ=WEEKLY',
      skip_dates: ['2026-04-06'],
    });
    await create(owner, 'event', {
      title: 'Festival',
      start_at: '2026-04-10T08:00:00.000Z',
      end_at: '2026-04-12T08:00:00.000Z',
      all_day: true,
    });
    await create(owner, 'plannedactivity', {
      title: 'Deep work',
      date: '2026-03-27',
      start_at: '2026-03-27T09:00:00.000Z',
      end_at: '2026-03-27T11:00:00.000Z',
      repeat: 'FREQ=DAILY;COUNT=5',
    });
    await create(owner, 'plannedactivity', { title: 'Read', date: '2026-03-28' });

    const feed = await owner.post('/api/calendar/feed');
    expect(feed.statusCode).toBe(200);
    const { success, url } = feed.json<{ success: boolean; url: string }>();
    expect(success).toBe(true);
    expect((await owner.post('/api/calendar/feed')).json().url).toBe(url);
    const path = new URL(url).pathname;
    const served = await devApp.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/calendar/);
    expect(served.body).toContain('RRULE:FREQ=WEEKLY');
    expect(served.body).toContain('DTSTART;TZID=Europe/London:20260316T193000');

    feedBody = served.body;
    const subscriber = await signUp(devApp);
    await inZone(subscriber, 'Europe/London');
    expect(
      (await subscriber.post('/api/calendar/subscribe', { url: `${feedBase}${path}`, name: 'Owner' })).statusCode,
    ).toBe(201);
    const shape = (events: Item[]) =>
      events
        .map((e) => [e.title, e.start, e.end, e.all_day, e.date])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1])) || String(a[0]).localeCompare(String(b[0])));
    const original = await range(owner, '2026-03-01', '2026-04-30');
    const imported = await range(subscriber, '2026-03-01', '2026-04-30');
    expect(original.length).toBeGreaterThan(10);
    expect(shape(imported)).toEqual(shape(original));

    // Revoked: the address stops working; a new one can be made.
    expect((await owner.post('/api/calendar/feed/revoke')).statusCode).toBe(200);
    expect((await devApp.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await owner.post('/api/calendar/feed')).json().url).not.toBe(url);
  });
});

describe('calendar providers', () => {
  it('says which Google settings the server still needs (with the key that seals its tokens)', async () => {
    const user = await signUp(app);
    const bare = await user.post('/api/calendar/providers', {});
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().google).toEqual({
      configured: false,
      missing: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'CALENDAR_CREDENTIALS_KEY'],
    });
    const half = await createTestApp({ env: defaultEnv({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }) });
    try {
      const other = await signUp(half);
      expect((await other.post('/api/calendar/providers', {})).json().google).toEqual({
        configured: false,
        missing: ['GOOGLE_CLIENT_SECRET', 'CALENDAR_CREDENTIALS_KEY'],
      });
    } finally {
      await half.close();
    }
  });
});
