import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, testDatabase, type TestUser } from '../../../test/helpers';
import { startRadicale, type Radicale } from '../../../test/radicale';
import { caldavCalendars, caldavObjects, calendarConnections, users as people } from '../../db/schema';
import { defaultEnv } from '../../env';

/*
 * CalDAV two-way sync against a real Radicale server on loopback: what another calendar app does on the server
 * shows in Lifeboard after a sync (run as a job on the queue), and what Lifeboard does is on the server at once.
 */

const KEY = randomBytes(32).toString('base64');
let radicale: Radicale;
/** Loopback allowed (as under `pnpm start`), a key set, and the queue worked: the full setup. */
let app: FastifyInstance;
/** The production defaults: loopback refused. */
let strictApp: FastifyInstance;
/** No CALENDAR_CREDENTIALS_KEY. */
let keylessApp: FastifyInstance;

const users = {
  alice: 'alice-app-password',
  bob: 'bob-app-password',
  carol: 'carol-app-password',
  dave: 'dave-app-password',
  erin: 'erin-app-password',
  frank: 'frank-app-password',
  grace: 'grace-app-password',
  heidi: 'heidi-app-password',
  ivan: 'ivan-app-password',
};

beforeAll(async () => {
  radicale = await startRadicale(users);
  app = await createTestApp({
    env: defaultEnv({
      CALENDAR_FETCH_ALLOW_LOOPBACK: 'true',
      CALENDAR_CREDENTIALS_KEY: KEY,
      QUEUE_POLL_SECONDS: '0.5',
    }),
  });
  await app.startWork();
  strictApp = await createTestApp({ env: defaultEnv({ CALENDAR_CREDENTIALS_KEY: KEY }) });
  keylessApp = await createTestApp({ env: defaultEnv({ CALENDAR_FETCH_ALLOW_LOOPBACK: 'true' }) });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await strictApp?.close();
  await keylessApp?.close();
  await radicale?.stop();
});

const vevent = (uid: string, summary: string, start: string, end: string, extra = '') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Another app//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${start}`,
    `DTEND:${end}`,
    ...(extra ? [extra] : []),
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

interface Calendar {
  id: number;
  name: string;
  color: string | null;
  selected: boolean;
  event_count: number;
}
interface Connection {
  id: number;
  name: string;
  provider: string;
  username?: string;
  last_synced_at: string | null;
  last_error: string | null;
  event_count: number;
  calendars?: Calendar[];
}
type Item = {
  id: string;
  title: string;
  start: string;
  end: string;
  source: string;
  series: string;
  calendar?: string;
  color?: string;
  calendar_id?: number;
};

const connections = async (user: TestUser) =>
  (await user.post('/api/calendar/connections')).json<{ connections: Connection[] }>().connections;

/** Waits until the account's sync job has run after `since` (the queue is worked every half second). */
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

const range = async (user: TestUser, start_date: string, end_date: string) => {
  const response = await user.post('/api/google/events', { start_date, end_date });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ events: Item[] }>().events.filter((e) => e.source === 'caldav');
};

/**
 * A person connected to `user`'s Radicale account whose calendar `slug` holds one repeating event (`file`), after
 * the first sync; with what Lifeboard shows of it from February to mid-March, and the server's objects as text.
 */
async function repeatingOnServer(user: keyof typeof users, slug: string, file: string, ics: string) {
  await radicale.makeCalendar(user, slug, slug[0].toUpperCase() + slug.slice(1));
  expect((await radicale.request(user, 'PUT', `/${user}/${slug}/${file}`, ics)).status).toBe(201);
  const person = await signUp(app);
  const id = (
    await person.post('/api/calendar/caldav/connect', {
      server_url: radicale.url,
      username: user,
      password: users[user],
    })
  ).json<{ connection: Connection }>().connection.id;
  await synced(person, id, null);
  const shown = async () =>
    (await range(person, '2026-02-01', '2026-03-14')).map((e) => `${e.title} ${e.start.slice(0, 16)}`);
  const server = async (path = `/${user}/${slug}/${file}`) => (await radicale.request(user, 'GET', path)).text();
  const objects = async () =>
    [
      ...(
        await (await radicale.request(user, 'PROPFIND', `/${user}/${slug}/`, undefined, { depth: '1' })).text()
      ).matchAll(/<href>([^<]+\.ics)<\/href>/g),
    ].map((m) => m[1]);
  const [first] = await range(person, '2026-02-01', '2026-02-07');
  return { person, id, objectId: Number(first.series.split(':')[1]), shown, server, objects };
}

/** Of the weekly Thursday 18:00 UTC swim: 19 February moved to Friday, 5 March deleted, 12 March renamed, each alone. */
async function changeThreeThursdays(person: TestUser, objectId: number) {
  const change = (occurrence: string, fields: Record<string, unknown>) =>
    person.post('/api/calendar/caldav/events/update', { id: objectId, occurrence, scope: 'one', ...fields });
  for (const response of [
    await change('2026-02-19T18:00:00.000Z', {
      start: '2026-02-20T17:00:00.000Z',
      end: '2026-02-20T18:00:00.000Z',
      all_day: false,
    }),
    await person.post('/api/calendar/caldav/events/delete', {
      id: objectId,
      occurrence: '2026-03-05T18:00:00.000Z',
      scope: 'one',
    }),
    await change('2026-03-12T18:00:00.000Z', { title: 'Swim (relay)' }),
  ])
    expect(response.statusCode, response.body).toBe(200);
}

describe('CalDAV accounts against Radicale', () => {
  it("syncs both ways: remote events appear with their repeats, and Lifeboard's creates, updates and deletes reach the server", async () => {
    const work = await radicale.makeCalendar('alice', 'work', 'Work', '#FF8800FF');
    await radicale.makeCalendar('alice', 'home', 'Home');
    const standup = vevent(
      'standup-1',
      'Standup',
      '20260105T090000Z',
      '20260105T093000Z',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
    );
    expect((await radicale.request('alice', 'PUT', '/alice/work/standup-1.ics', standup)).status).toBe(201);

    const user = await signUp(app);
    const connected = await user.post('/api/calendar/caldav/connect', {
      server_url: radicale.url,
      username: 'alice',
      password: users.alice,
      name: 'My Radicale',
    });
    expect(connected.statusCode, connected.body).toBe(201);
    const connection = connected.json<{ connection: Connection }>().connection;
    expect(connection).toMatchObject({ name: 'My Radicale', provider: 'caldav', username: 'alice' });
    expect(connection.calendars!.map((c) => [c.name, c.selected, c.color])).toEqual([
      ['Home', true, null],
      ['Work', true, '#ff8800'],
    ]);
    expect(connected.body).not.toContain(users.alice);
    // The password is kept encrypted, bound to its owner.
    const [row] = await (
      await testDatabase()
    ).db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(users.alice);
    expect(row.secret).not.toContain(Buffer.from(users.alice).toString('base64'));

    // Remote → Lifeboard: the first sync runs as a job.
    const first = await synced(user, connection.id, null);
    expect(first.last_error).toBeNull();
    let events = await range(user, '2026-02-01', '2026-02-28');
    expect(events.map((e) => [e.title, e.start, e.calendar, e.color])).toEqual([
      ['Standup', '2026-02-02T09:00:00.000Z', 'Work', '#ff8800'],
      ['Standup', '2026-02-09T09:00:00.000Z', 'Work', '#ff8800'],
      ['Standup', '2026-02-16T09:00:00.000Z', 'Work', '#ff8800'],
      ['Standup', '2026-02-23T09:00:00.000Z', 'Work', '#ff8800'],
    ]);
    const workId = events[0].calendar_id!;
    const standupId = Number(events[0].series.split(':')[1]);

    // Lifeboard → remote: create.
    const created = await user.post('/api/calendar/caldav/events/create', {
      calendar_id: workId,
      title: 'Dentist',
      start: '2026-02-11T14:00:00.000Z',
      end: '2026-02-11T15:00:00.000Z',
      all_day: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const dentistId = created.json<{ event: { id: number } }>().event.id;
    const listing = await (
      await radicale.request('alice', 'PROPFIND', '/alice/work/', undefined, { depth: '1' })
    ).text();
    const dentistPath = [...listing.matchAll(/<href>([^<]+\.ics)<\/href>/g)]
      .map((m) => m[1])
      .find((href) => !href.includes('standup'))!;
    expect(dentistPath).toBeTruthy();
    let remote = await (await radicale.request('alice', 'GET', dentistPath)).text();
    expect(remote).toContain('SUMMARY:Dentist');
    expect(remote).toContain('DTSTART:20260211T140000Z');
    events = await range(user, '2026-02-01', '2026-02-28');
    expect(events.filter((e) => e.title === 'Dentist').map((e) => [e.start, e.end])).toEqual([
      ['2026-02-11T14:00:00.000Z', '2026-02-11T15:00:00.000Z'],
    ]);

    // Lifeboard → remote: update (title and time; what Lifeboard does not know is kept).
    const updated = await user.post('/api/calendar/caldav/events/update', {
      id: dentistId,
      title: 'Dentist (moved)',
      start: '2026-02-12T08:00:00.000Z',
      end: '2026-02-12T09:00:00.000Z',
      all_day: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    remote = await (await radicale.request('alice', 'GET', dentistPath)).text();
    expect(remote).toContain('SUMMARY:Dentist (moved)');
    expect(remote).toContain('DTSTART:20260212T080000Z');
    expect(remote).toContain('SEQUENCE:1');

    // Lifeboard → remote: delete.
    const deleted = await user.post('/api/calendar/caldav/events/delete', { id: dentistId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await radicale.request('alice', 'GET', dentistPath)).status).toBe(404);
    expect((await range(user, '2026-02-01', '2026-02-28')).some((e) => e.title.startsWith('Dentist'))).toBe(false);

    // Remote → Lifeboard: create, update and delete made by another app come back on "Sync now".
    await radicale.request(
      'alice',
      'PUT',
      '/alice/home/party.ics',
      vevent('party-1', 'Party', '20260214T190000Z', '20260214T230000Z'),
    );
    await radicale.request(
      'alice',
      'PUT',
      '/alice/work/standup-1.ics',
      standup.replace('SUMMARY:Standup', 'SUMMARY:Daily standup').replace('BYDAY=MO', 'BYDAY=TU'),
    );
    let after = await syncNow(user, connection.id);
    expect(after.last_error).toBeNull();
    events = await range(user, '2026-02-01', '2026-02-28');
    expect(events.map((e) => [e.title, e.start.slice(0, 10), e.calendar])).toEqual([
      ['Daily standup', '2026-02-03', 'Work'],
      ['Daily standup', '2026-02-10', 'Work'],
      ['Party', '2026-02-14', 'Home'],
      ['Daily standup', '2026-02-17', 'Work'],
      ['Daily standup', '2026-02-24', 'Work'],
    ]);
    expect((await radicale.request('alice', 'DELETE', '/alice/home/party.ics')).status).toBe(200);
    // A calendar made on the server later is listed, unchosen: its events stay out until the person picks it.
    await radicale.makeCalendar('alice', 'later', 'Later');
    await radicale.request(
      'alice',
      'PUT',
      '/alice/later/l.ics',
      vevent('later-1', 'Not chosen', '20260210T100000Z', '20260210T110000Z'),
    );
    after = await syncNow(user, connection.id);
    expect(after.calendars!.map((c) => [c.name, c.selected])).toEqual([
      ['Home', true],
      ['Later', false],
      ['Work', true],
    ]);
    events = await range(user, '2026-02-01', '2026-02-28');
    expect(events.some((e) => e.title === 'Party' || e.title === 'Not chosen')).toBe(false);
    expect(after.calendars!.find((c) => c.name === 'Home')!.event_count).toBe(0);

    // A change made elsewhere since the last sync wins: Lifeboard's write on its stale copy is refused, and the newer version shown.
    await radicale.request(
      'alice',
      'PUT',
      '/alice/work/standup-1.ics',
      standup.replace('SUMMARY:Standup', 'SUMMARY:Standup (room 4)'),
    );
    const stale = await user.post('/api/calendar/caldav/events/update', {
      id: standupId,
      title: 'Standup from Lifeboard',
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<{ error: string }>().error).toMatch(/changed in another calendar app/);
    expect((await range(user, '2026-02-01', '2026-02-08')).map((e) => e.title)).toEqual(['Standup (room 4)']);
    expect(await (await radicale.request('alice', 'GET', '/alice/work/standup-1.ics')).text()).toContain(
      'SUMMARY:Standup (room 4)',
    );
    // Now current, the same change goes through.
    expect(
      (await user.post('/api/calendar/caldav/events/update', { id: standupId, title: 'Standup from Lifeboard' }))
        .statusCode,
    ).toBe(200);
    expect(await (await radicale.request('alice', 'GET', '/alice/work/standup-1.ics')).text()).toContain(
      'SUMMARY:Standup from Lifeboard',
    );

    // Unchoosing a calendar takes its events out of Lifeboard; the server keeps them.
    const homeId = after.calendars!.find((c) => c.name === 'Home')!.id;
    const chosen = await user.post('/api/calendar/caldav/calendars', { id: connection.id, selected: [homeId] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await range(user, '2026-02-01', '2026-02-28')).toEqual([]);
    expect((await radicale.request('alice', 'GET', '/alice/work/standup-1.ics')).status).toBe(200);
    const refused = await user.post('/api/calendar/caldav/events/create', {
      calendar_id: workId,
      title: 'x',
      start: '2026-02-11T14:00:00.000Z',
      end: '2026-02-11T15:00:00.000Z',
      all_day: false,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(
      '"Work" is not synced: choose it on the connections screen first.',
    );
    expect(work).toContain('/alice/work/');
  }, 60_000);

  it('fetches only what changed: an unchanged calendar (ctag) or object (ETag) is not fetched again', async () => {
    await radicale.makeCalendar('carol', 'main', 'Main');
    await radicale.request(
      'carol',
      'PUT',
      '/carol/main/a.ics',
      vevent('a-1', 'Alpha', '20260401T100000Z', '20260401T110000Z'),
    );
    await radicale.request(
      'carol',
      'PUT',
      '/carol/main/b.ics',
      vevent('b-1', 'Beta', '20260402T100000Z', '20260402T110000Z'),
    );
    const carol = await signUp(app);
    const id = (
      await carol.post('/api/calendar/caldav/connect', {
        server_url: radicale.url,
        username: 'carol',
        password: users.carol,
      })
    ).json<{ connection: Connection }>().connection.id;
    await synced(carol, id, null);
    // Lifeboard's copies are marked: a copy fetched again loses its mark.
    const { db } = await testDatabase();
    // This connection's copies only (a database kept from an earlier run holds other copies of carol's calendar).
    const copies = async () =>
      (
        await db
          .select({ object: caldavObjects })
          .from(caldavObjects)
          .innerJoin(caldavCalendars, eq(caldavCalendars.id, caldavObjects.calendarId))
          .where(eq(caldavCalendars.connectionId, id))
      ).map((row) => row.object);
    const mark = async () => {
      for (const object of await copies())
        await db
          .update(caldavObjects)
          .set({ events: object.events.map((e) => ({ ...e, title: `${e.title} (copy)` })) })
          .where(eq(caldavObjects.id, object.id));
    };
    const titles = async () => (await range(carol, '2026-04-01', '2026-04-02')).map((e) => e.title);
    await mark();
    // Alpha's ETag is made to look stale: with the calendar's ctag unchanged, not even the ETags are listed.
    const [alpha] = (await copies()).filter((object) => object.url.endsWith('/carol/main/a.ics'));
    await db.update(caldavObjects).set({ etag: '"stale"' }).where(eq(caldavObjects.id, alpha.id));
    await syncNow(carol, id);
    expect(await titles()).toEqual(['Alpha (copy)', 'Beta (copy)']);
    // Beta changes there: the ctag changes, the ETags are compared, and only the objects whose ETag differs are fetched.
    await radicale.request(
      'carol',
      'PUT',
      '/carol/main/b.ics',
      vevent('b-1', 'Beta 2', '20260402T100000Z', '20260402T110000Z'),
    );
    await mark();
    await radicale.request(
      'carol',
      'PUT',
      '/carol/main/c.ics',
      vevent('c-1', 'Gamma', '20260401T120000Z', '20260401T130000Z'),
    );
    await syncNow(carol, id);
    expect(await titles()).toEqual(['Alpha', 'Gamma', 'Beta 2']);
    await mark();
    await radicale.request('carol', 'DELETE', '/carol/main/c.ics');
    await syncNow(carol, id);
    expect(await titles()).toEqual(['Alpha (copy)', 'Beta 2 (copy)']);
  }, 30_000);

  it('moves and deletes one occurrence, or it and all later ones, of a repeating event on the server, and a sync keeps it so', async () => {
    const yoga = vevent(
      'yoga-1',
      'Yoga',
      '20260105T180000Z',
      '20260105T190000Z',
      'RRULE:FREQ=WEEKLY;BYDAY=MO\r\nLOCATION:Hall',
    );
    const {
      person: dave,
      id,
      objectId,
      shown,
      server,
      objects,
    } = await repeatingOnServer('dave', 'team', 'yoga.ics', yoga);

    // This one moves: an override (RECURRENCE-ID) in the same object, as Apple Calendar or Thunderbird write it.
    const moved = await dave.post('/api/calendar/caldav/events/update', {
      id: objectId,
      occurrence: '2026-02-09T18:00:00.000Z',
      scope: 'one',
      start: '2026-02-10T07:00:00.000Z',
      end: '2026-02-10T08:00:00.000Z',
      all_day: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    let text = await server();
    expect(text).toContain('RECURRENCE-ID:20260209T180000Z');
    expect(text).toContain('DTSTART:20260210T070000Z');
    expect(text.match(/UID:yoga-1/g)).toHaveLength(2);
    expect(text.match(/LOCATION:Hall/g)).toHaveLength(2);
    expect(await objects()).toEqual(['/dave/team/yoga.ics']);
    expect(await shown()).toEqual([
      'Yoga 2026-02-02T18:00',
      'Yoga 2026-02-10T07:00',
      'Yoga 2026-02-16T18:00',
      'Yoga 2026-02-23T18:00',
      'Yoga 2026-03-02T18:00',
      'Yoga 2026-03-09T18:00',
    ]);

    // This one goes: an EXDATE on the series.
    const gone = await dave.post('/api/calendar/caldav/events/delete', {
      id: objectId,
      occurrence: '2026-02-16T18:00:00.000Z',
      scope: 'one',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await server()).toContain('EXDATE:20260216T180000Z');

    // Another app renames the series; the next sync takes its version and keeps the move and the deletion, once each.
    text = await server();
    expect(
      (
        await radicale.request(
          'dave',
          'PUT',
          '/dave/team/yoga.ics',
          text.replace(/SUMMARY:Yoga/g, 'SUMMARY:Yoga class'),
        )
      ).status,
    ).toBe(201);
    // Before a sync, Lifeboard's copy is older than the server's: its change is refused and nothing is written.
    const stale = await dave.post('/api/calendar/caldav/events/delete', {
      id: objectId,
      occurrence: '2026-02-23T18:00:00.000Z',
      scope: 'one',
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await server()).not.toContain('20260223');
    await syncNow(dave, id);
    await syncNow(dave, id);
    expect(await shown()).toEqual([
      'Yoga class 2026-02-02T18:00',
      'Yoga class 2026-02-10T07:00',
      'Yoga class 2026-02-23T18:00',
      'Yoga class 2026-03-02T18:00',
      'Yoga class 2026-03-09T18:00',
    ]);

    // The moved one moves again (its override changes; no second one), then goes (an EXDATE for its first day).
    const again = await dave.post('/api/calendar/caldav/events/update', {
      id: objectId,
      occurrence: '2026-02-10T07:00:00.000Z',
      scope: 'one',
      start: '2026-02-11T07:00:00.000Z',
      end: '2026-02-11T08:00:00.000Z',
      all_day: false,
    });
    expect(again.statusCode, again.body).toBe(200);
    text = await server();
    expect(text.match(/RECURRENCE-ID/g)).toHaveLength(1);
    expect(text).toContain('DTSTART:20260211T070000Z');
    // Renamed where it is now, the moved one alone takes the new title.
    const renamed = await dave.post('/api/calendar/caldav/events/update', {
      id: objectId,
      occurrence: '2026-02-11T07:00:00.000Z',
      scope: 'one',
      title: 'Yoga (gym hall)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await shown()).slice(0, 3)).toEqual([
      'Yoga class 2026-02-02T18:00',
      'Yoga (gym hall) 2026-02-11T07:00',
      'Yoga class 2026-02-23T18:00',
    ]);

    // This and all future ones move: the series ends (UNTIL) and a new one starts at the new time, on Tuesdays.
    const future = await dave.post('/api/calendar/caldav/events/update', {
      id: objectId,
      occurrence: '2026-03-02T18:00:00.000Z',
      scope: 'future',
      start: '2026-03-03T19:00:00.000Z',
      end: '2026-03-03T20:00:00.000Z',
      all_day: false,
    });
    expect(future.statusCode, future.body).toBe(200);
    expect(await server()).toMatch(
      /RRULE:FREQ=WEEKLY;(BYDAY=MO;UNTIL=20260302T175959Z|UNTIL=20260302T175959Z;BYDAY=MO)/,
    );
    const split = (await objects()).find((path) => !path.endsWith('/yoga.ics'))!;
    const next = await server(split);
    expect(next).toContain('SUMMARY:Yoga class');
    expect(next).toContain('DTSTART:20260303T190000Z');
    expect(next).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU');
    expect(next).not.toContain('UID:yoga-1');
    await syncNow(dave, id);
    expect(await shown()).toEqual([
      'Yoga class 2026-02-02T18:00',
      'Yoga (gym hall) 2026-02-11T07:00',
      'Yoga class 2026-02-23T18:00',
      'Yoga class 2026-03-03T19:00',
      'Yoga class 2026-03-10T19:00',
    ]);

    // This and all future ones go, on the new series: its rule ends; the series' first day on, the object goes.
    const later = (await range(dave, '2026-03-10', '2026-03-10'))[0];
    const cut = await dave.post('/api/calendar/caldav/events/delete', {
      id: Number(later.series.split(':')[1]),
      occurrence: later.start,
      scope: 'future',
    });
    expect(cut.statusCode, cut.body).toBe(200);
    expect(await server(split)).toMatch(/UNTIL=20260310T185959Z/);
    await syncNow(dave, id);
    expect((await shown()).slice(-2)).toEqual(['Yoga class 2026-02-23T18:00', 'Yoga class 2026-03-03T19:00']);
    const all = await dave.post('/api/calendar/caldav/events/delete', {
      id: Number(later.series.split(':')[1]),
      occurrence: '2026-03-03T19:00:00.000Z',
      scope: 'future',
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(await objects()).toEqual(['/dave/team/yoga.ics']);

    // A day that is not one of the event's is refused in words, and nothing changes.
    const before = await server();
    const wrong = await dave.post('/api/calendar/caldav/events/delete', {
      id: objectId,
      occurrence: '2026-02-03T18:00:00.000Z',
      scope: 'one',
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<{ error: string }>().error).toMatch(/not one of this event.s days/);
    expect(await server()).toBe(before);
  }, 60_000);

  it('renames one occurrence, or it and all later ones, of a repeating event on the server, and syncs keep it so', async () => {
    const swim = vevent(
      'swim-1',
      'Swim',
      '20260105T180000Z',
      '20260105T190000Z',
      'RRULE:FREQ=WEEKLY;BYDAY=MO\r\nLOCATION:Pool',
    );
    const {
      person: erin,
      id,
      objectId,
      shown,
      server,
      objects,
    } = await repeatingOnServer('erin', 'personal', 'swim.ics', swim);
    const rename = (title: string, occurrence: string, scope: 'one' | 'future', object = objectId) =>
      erin.post('/api/calendar/caldav/events/update', { id: object, occurrence, scope, title });

    // This one: an override in place (RECURRENCE-ID, same times) with the new title, in the same object.
    const one = await rename('Swim (pool)', '2026-02-09T18:00:00.000Z', 'one');
    expect(one.statusCode, one.body).toBe(200);
    let text = await server();
    expect(text).toContain('RECURRENCE-ID:20260209T180000Z');
    expect(text).toContain('DTSTART:20260209T180000Z');
    expect(text).toContain('SUMMARY:Swim (pool)');
    expect(text.match(/LOCATION:Pool/g)).toHaveLength(2);
    expect(await objects()).toEqual(['/erin/personal/swim.ics']);
    const expected = [
      'Swim 2026-02-02T18:00',
      'Swim (pool) 2026-02-09T18:00',
      'Swim 2026-02-16T18:00',
      'Swim 2026-02-23T18:00',
      'Swim 2026-03-02T18:00',
      'Swim 2026-03-09T18:00',
    ];
    expect(await shown()).toEqual(expected);
    // Renamed again, the day listed on its own changes its override; no second one.
    const renamedDay = (await range(erin, '2026-02-09', '2026-02-09'))[0];
    const again = await rename('Swim (lanes 1-3)', renamedDay.start, 'one', Number(renamedDay.series.split(':')[1]));
    expect(again.statusCode, again.body).toBe(200);
    expect((await server()).match(/RECURRENCE-ID/g)).toHaveLength(1);
    expected[1] = 'Swim (lanes 1-3) 2026-02-09T18:00';
    // Two syncs later, neither undone nor doubled.
    await syncNow(erin, id);
    await syncNow(erin, id);
    expect(await shown()).toEqual(expected);

    // Changed by another app since the last sync: the rename is refused and nothing is written, either way.
    // (A refusal takes the server's version, so each try meets a newer change.)
    for (const [scope, place] of [
      ['one', 'Lido'],
      ['future', 'Lido (north)'],
    ] as const) {
      text = await server();
      const elsewhere = text.replace(/LOCATION:[^\r]*\r\n/g, `LOCATION:${place}\r\n`);
      expect((await radicale.request('erin', 'PUT', '/erin/personal/swim.ics', elsewhere)).status).toBe(201);
      const changedThere = await server();
      const stale = await rename('Swim (stale)', '2026-02-23T18:00:00.000Z', scope);
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json<{ error: string }>().error).toMatch(/changed in another calendar app/);
      expect(await server()).toBe(changedThere);
      expect(await objects()).toEqual(['/erin/personal/swim.ics']);
    }

    // This and all future ones: the series ends (UNTIL) and a new one with the new title starts that day, same time.
    const future = await rename('Swim (outdoor)', '2026-03-02T18:00:00.000Z', 'future');
    expect(future.statusCode, future.body).toBe(200);
    expect(await server()).toMatch(
      /RRULE:FREQ=WEEKLY;(BYDAY=MO;UNTIL=20260302T175959Z|UNTIL=20260302T175959Z;BYDAY=MO)/,
    );
    const split = (await objects()).find((path) => !path.endsWith('/swim.ics'))!;
    const next = await server(split);
    expect(next).toContain('SUMMARY:Swim (outdoor)');
    expect(next).toContain('DTSTART:20260302T180000Z');
    expect(next).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(next).toContain('LOCATION:Lido (north)');
    expect(next).not.toContain('UID:swim-1');
    expected.splice(4, 2, 'Swim (outdoor) 2026-03-02T18:00', 'Swim (outdoor) 2026-03-09T18:00');
    expect(await shown()).toEqual(expected);
    await syncNow(erin, id);
    await syncNow(erin, id);
    expect(await shown()).toEqual(expected);
    expect(await objects()).toHaveLength(2);
  }, 60_000);

  it('renamed from a day on, the later days moved, renamed or deleted on their own follow into the new series on the server', async () => {
    const swim = vevent('swim-2', 'Swim', '20260108T180000Z', '20260108T190000Z', 'RRULE:FREQ=WEEKLY;BYDAY=TH');
    const { person, id, objectId, shown, server, objects } = await repeatingOnServer(
      'frank',
      'sport',
      'swim.ics',
      swim,
    );
    await changeThreeThursdays(person, objectId);

    const future = await person.post('/api/calendar/caldav/events/update', {
      id: objectId,
      occurrence: '2026-02-12T18:00:00.000Z',
      scope: 'future',
      title: 'Swim (outdoor)',
    });
    expect(future.statusCode, future.body).toBe(200);
    const old = await server();
    expect(old).toMatch(/UNTIL=20260212T175959Z/);
    expect(old).not.toMatch(/RECURRENCE-ID|EXDATE/);
    const split = (await objects()).find((path) => !path.endsWith('/swim.ics'))!;
    const next = await server(split);
    expect(next).toContain('EXDATE:20260305T180000Z');
    const overrides = next.split('BEGIN:VEVENT').filter((part) => part.includes('RECURRENCE-ID'));
    expect(overrides).toHaveLength(2);
    // The moved day: still on Friday at its own time, with the new title.
    expect(overrides.find((part) => part.includes('RECURRENCE-ID:20260219T180000Z'))).toMatch(
      /DTSTART:20260220T170000Z[\s\S]*SUMMARY:Swim \(outdoor\)|SUMMARY:Swim \(outdoor\)[\s\S]*DTSTART:20260220T170000Z/,
    );
    // The renamed day keeps its own title.
    expect(overrides.find((part) => part.includes('RECURRENCE-ID:20260312T180000Z'))).toContain('SUMMARY:Swim (relay)');
    const expected = [
      'Swim 2026-02-05T18:00',
      'Swim (outdoor) 2026-02-12T18:00',
      'Swim (outdoor) 2026-02-20T17:00',
      'Swim (outdoor) 2026-02-26T18:00',
      'Swim (relay) 2026-03-12T18:00',
    ];
    expect(await shown()).toEqual(expected);
    // Synced back from the server twice: the same days, none doubled, the deleted one still gone.
    await syncNow(person, id);
    await syncNow(person, id);
    expect(await shown()).toEqual(expected);
    expect(await objects()).toHaveLength(2);
  }, 60_000);

  it('moved every time to another weekday and hour, the days deleted or changed on their own move with it on the server', async () => {
    const run = vevent('run-3', 'Run', '20260106T070000Z', '20260106T080000Z', 'RRULE:FREQ=WEEKLY;BYDAY=TU');
    const { person, id, objectId, shown, server } = await repeatingOnServer('grace', 'runs', 'run.ics', run);
    // Tuesday 17 February deleted and 3 March renamed, each on its own.
    for (const response of [
      await person.post('/api/calendar/caldav/events/delete', {
        id: objectId,
        occurrence: '2026-02-17T07:00:00.000Z',
        scope: 'one',
      }),
      await person.post('/api/calendar/caldav/events/update', {
        id: objectId,
        occurrence: '2026-03-03T07:00:00.000Z',
        scope: 'one',
        title: 'Run (hills)',
      }),
    ])
      expect(response.statusCode, response.body).toBe(200);
    // Every time: to Wednesdays, an hour later.
    const moved = await person.post('/api/calendar/caldav/events/update', {
      id: objectId,
      start: '2026-01-07T08:00:00.000Z',
      end: '2026-01-07T09:00:00.000Z',
      all_day: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const text = await server();
    expect(text).toContain('EXDATE:20260218T080000Z');
    expect(text).toContain('RECURRENCE-ID:20260304T080000Z');
    const expected = [
      'Run 2026-02-04T08:00',
      'Run 2026-02-11T08:00',
      'Run 2026-02-25T08:00',
      'Run (hills) 2026-03-04T08:00',
      'Run 2026-03-11T08:00',
    ];
    expect(await shown()).toEqual(expected);
    await syncNow(person, id);
    expect(await shown()).toEqual(expected);
  }, 60_000);

  it('turned from all day to 09:00 in Berlin, a series is kept on the server in that zone and stays at 09:00 after the change to summer time', async () => {
    const swim = vevent('swim-5', 'Swim', '20260202T180000Z', '20260202T190000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO');
    const { person, id, objectId, server } = await repeatingOnServer('ivan', 'lake', 'swim.ics', swim);
    await (await testDatabase()).db.update(people).set({ timezone: 'Europe/Berlin' }).where(eq(people.id, person.id));
    const every = (fields: Record<string, unknown>) =>
      person.post('/api/calendar/caldav/events/update', { id: objectId, ...fields });
    for (const response of [
      await every({ start: '2026-02-02T00:00:00.000Z', end: '2026-02-03T00:00:00.000Z', all_day: true }),
      // 09:00 in Berlin on 2 February (winter time).
      await every({ start: '2026-02-02T08:00:00.000Z', end: '2026-02-02T09:00:00.000Z', all_day: false }),
    ])
      expect(response.statusCode, response.body).toBe(200);
    const stored = await server();
    expect(stored).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
    expect(stored).toContain('DTSTART;TZID=Europe/Berlin:20260202T090000');
    const mondays = async () =>
      (await range(person, '2026-03-16', '2026-04-07')).map((e) => `${e.title} ${e.start.slice(0, 16)}`);
    const expected = [
      'Swim 2026-03-16T08:00',
      'Swim 2026-03-23T08:00',
      'Swim 2026-03-30T07:00',
      'Swim 2026-04-06T07:00',
    ];
    expect(await mondays()).toEqual(expected);
    await syncNow(person, id);
    expect(await mondays()).toEqual(expected);
  }, 60_000);

  it('turned all day from a day on, then to a time every time, the days changed or deleted on their own keep their dates on the server', async () => {
    const swim = vevent('swim-4', 'Swim', '20260108T180000Z', '20260108T190000Z', 'RRULE:FREQ=WEEKLY;BYDAY=TH');
    const { person, id, objectId, shown, server, objects } = await repeatingOnServer('heidi', 'pool', 'swim.ics', swim);
    await changeThreeThursdays(person, objectId);

    // From 12 February on, all day.
    const turned = await person.post('/api/calendar/caldav/events/update', {
      id: objectId,
      occurrence: '2026-02-12T18:00:00.000Z',
      scope: 'future',
      start: '2026-02-12T00:00:00.000Z',
      end: '2026-02-13T00:00:00.000Z',
      all_day: true,
    });
    expect(turned.statusCode, turned.body).toBe(200);
    expect(await server()).not.toMatch(/RECURRENCE-ID|EXDATE/);
    const path = (await objects()).find((object) => !object.endsWith('/swim.ics'))!;
    const part = (text: string, recurrenceId: string) =>
      text.split('BEGIN:VEVENT').find((vevent) => vevent.includes(`${recurrenceId}\r\n`)) ?? '';
    let next = await server(path);
    expect(next).toContain('DTSTART;VALUE=DATE:20260212');
    expect(next).toContain('EXDATE;VALUE=DATE:20260305');
    expect(part(next, 'RECURRENCE-ID;VALUE=DATE:20260219')).toContain('DTSTART;VALUE=DATE:20260220');
    expect(part(next, 'RECURRENCE-ID;VALUE=DATE:20260312')).toContain('SUMMARY:Swim (relay)');
    let expected = [
      'Swim 2026-02-05T18:00',
      'Swim 2026-02-12',
      'Swim 2026-02-20',
      'Swim 2026-02-26',
      'Swim (relay) 2026-03-12',
    ];
    expect(await shown()).toEqual(expected);
    await syncNow(person, id);
    expect(await shown()).toEqual(expected);

    // The new series, every time, at 07:00: each day at 07:00 on its date, the deleted one still gone.
    const [item] = (await range(person, '2026-02-12', '2026-02-12')).filter((e) => e.title === 'Swim');
    const timed = await person.post('/api/calendar/caldav/events/update', {
      id: Number(item.series.split(':')[1]),
      start: '2026-02-12T07:00:00.000Z',
      end: '2026-02-12T08:00:00.000Z',
      all_day: false,
    });
    expect(timed.statusCode, timed.body).toBe(200);
    next = await server(path);
    expect(next).toContain('EXDATE:20260305T070000Z');
    expect(part(next, 'RECURRENCE-ID:20260219T070000Z')).toContain('DTSTART:20260220T070000Z');
    expect(part(next, 'RECURRENCE-ID:20260312T070000Z')).toContain('DTSTART:20260312T070000Z');
    expected = [
      'Swim 2026-02-05T18:00',
      'Swim 2026-02-12T07:00',
      'Swim 2026-02-20T07:00',
      'Swim 2026-02-26T07:00',
      'Swim (relay) 2026-03-12T07:00',
    ];
    expect(await shown()).toEqual(expected);
    await syncNow(person, id);
    await syncNow(person, id);
    expect(await shown()).toEqual(expected);
  }, 60_000);

  it("answers another user's CalDAV event as not found", async () => {
    await radicale.makeCalendar('bob', 'main', 'Main');
    await radicale.request(
      'bob',
      'PUT',
      '/bob/main/b.ics',
      vevent('b-1', 'Bob only', '20260301T100000Z', '20260301T110000Z'),
    );
    const bob = await signUp(app);
    const id = (
      await bob.post('/api/calendar/caldav/connect', { server_url: radicale.url, username: 'bob', password: users.bob })
    ).json<{ connection: Connection }>().connection.id;
    await synced(bob, id, null);
    const [item] = await range(bob, '2026-03-01', '2026-03-01');
    expect(item?.title).toBe('Bob only');
    const mallory = await signUp(app);
    const objectId = Number(item.series.split(':')[1]);
    expect((await mallory.post('/api/calendar/caldav/events/delete', { id: objectId })).statusCode).toBe(404);
    expect(
      (
        await mallory.post('/api/calendar/caldav/events/create', {
          calendar_id: item.calendar_id,
          title: 'x',
          start: '2026-03-01T10:00:00Z',
          end: '2026-03-01T11:00:00Z',
          all_day: false,
        })
      ).statusCode,
    ).toBe(404);
    expect((await radicale.request('bob', 'GET', '/bob/main/b.ics')).status).toBe(200);
  }, 30_000);

  it('refuses a wrong password, an unreachable server and (in production) this machine, saying why and keeping nothing', async () => {
    const user = await signUp(app);
    const wrong = await user.post('/api/calendar/caldav/connect', {
      server_url: radicale.url,
      username: 'alice',
      password: 'not-it',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.password[0]).toMatch(
      /did not accept the user name or password/,
    );
    const closed = await user.post('/api/calendar/caldav/connect', {
      server_url: 'http://127.0.0.1:9',
      username: 'alice',
      password: users.alice,
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.json<{ errors: Record<string, string[]> }>().errors.server_url[0]).toMatch(/could not be reached/);
    expect(await connections(user)).toEqual([]);

    const strict = await signUp(strictApp);
    const local = await strict.post('/api/calendar/caldav/connect', {
      server_url: radicale.url,
      username: 'alice',
      password: users.alice,
    });
    expect(local.statusCode).toBe(422);
    expect(local.json<{ errors: Record<string, string[]> }>().errors.server_url[0]).toMatch(
      /may not connect to this address: 127\.0\.0\.1 is this server itself/,
    );
    expect(await connections(strict)).toEqual([]);
  });

  it('says what to set when the server has no CALENDAR_CREDENTIALS_KEY', async () => {
    const user = await signUp(keylessApp);
    const providers = (await user.post('/api/calendar/providers')).json<{
      caldav: { configured: boolean; missing: string[] };
    }>();
    expect(providers.caldav).toEqual({ configured: false, missing: ['CALENDAR_CREDENTIALS_KEY'] });
    const refused = await user.post('/api/calendar/caldav/connect', {
      server_url: radicale.url,
      username: 'alice',
      password: users.alice,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(
      /not set up on this server: whoever runs it sets CALENDAR_CREDENTIALS_KEY/,
    );
    expect((await (await signUp(app)).post('/api/calendar/providers')).json<{ caldav: unknown }>().caldav).toEqual({
      configured: true,
      missing: [],
    });
  });
});
