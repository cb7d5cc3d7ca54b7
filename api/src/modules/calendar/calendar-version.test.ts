import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signUp, testDatabase, type TestUser } from '../../../test/helpers';
import type { Db } from '../../db/client';
import { caldavCalendars, caldavObjects, calendarConnections, users, type FeedSeries } from '../../db/schema';
import { calendarStateOf } from './service';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  app = await createTestApp();
  db = (await testDatabase()).db;
});
afterAll(() => app.close());

const versionOf = async (user: TestUser) => (await calendarStateOf(db, user.id)).version;
/** Whether `write` grew the user's calendar version. */
const grows = async (user: TestUser, write: () => Promise<unknown>) => {
  const before = await versionOf(user);
  await write();
  return (await versionOf(user)) > before;
};
const create = async (user: TestUser, model: string, params: Record<string, unknown>) => {
  const response = await user.post(`/api/${model}/create`, { board: user.boardId, params });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()[model] as { id: number };
};
const series = (title: string): FeedSeries => ({
  uid: `${title}@example.com`,
  title,
  start: '2026-05-01T09:00:00.000Z',
  durationMs: 3_600_000,
  all_day: false,
  rrule: null,
  exdates: [],
  tzid: null,
});
const event = (title: string) => ({ title, start_at: '2026-05-01T09:00:00.000Z', all_day: false });

describe('the calendar version (migration 0023)', () => {
  it("grows with every write to what the user's calendar shows, and only the writer's", async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const otherBefore = await versionOf(other);

    let swim = { id: 0 };
    expect(await grows(user, async () => (swim = await create(user, 'event', event('Swim'))))).toBe(true);
    expect(
      await grows(user, () =>
        user.post('/api/event/update', { board: user.boardId, params: { id: swim.id, title: 'Run' } }),
      ),
    ).toBe(true);
    expect(
      await grows(user, () => user.post('/api/event/delete', { board: user.boardId, params: { id: swim.id } })),
    ).toBe(true);
    expect(await grows(user, () => create(user, 'plannedactivity', { title: 'Read', date: '2026-05-02' }))).toBe(true);

    let connection = { id: 0 };
    expect(
      await grows(user, async () => {
        [connection] = await db
          .insert(calendarConnections)
          .values({ userId: user.id, provider: 'caldav', name: 'Work', events: [] })
          .returning();
      }),
    ).toBe(true);
    expect(
      await grows(user, () =>
        db
          .update(calendarConnections)
          .set({ events: [series('Feed')] })
          .where(eq(calendarConnections.id, connection.id)),
      ),
    ).toBe(true);
    // A sync's bookkeeping changes nothing shown.
    expect(
      await grows(user, () =>
        db
          .update(calendarConnections)
          .set({ lastSyncedAt: new Date(), syncToken: 'next', lastError: null })
          .where(eq(calendarConnections.id, connection.id)),
      ),
    ).toBe(false);

    let calendar = { id: 0 };
    expect(
      await grows(user, async () => {
        [calendar] = await db
          .insert(caldavCalendars)
          .values({ connectionId: connection.id, url: '/cal/', name: 'Home' })
          .returning();
      }),
    ).toBe(true);
    expect(
      await grows(user, () =>
        db.update(caldavCalendars).set({ ctag: 'c2' }).where(eq(caldavCalendars.id, calendar.id)),
      ),
    ).toBe(false);
    for (const change of [{ color: '#ff0000' }, { name: 'House' }, { selected: false }])
      expect(
        await grows(user, () => db.update(caldavCalendars).set(change).where(eq(caldavCalendars.id, calendar.id))),
      ).toBe(true);

    let object = { id: 0 };
    expect(
      await grows(user, async () => {
        [object] = await db
          .insert(caldavObjects)
          .values({ calendarId: calendar.id, url: '/cal/a.ics', ics: 'BEGIN:VCALENDAR', events: [series('Yoga')] })
          .returning();
      }),
    ).toBe(true);
    expect(
      await grows(user, () => db.update(caldavObjects).set({ etag: '"2"' }).where(eq(caldavObjects.id, object.id))),
    ).toBe(false);
    expect(
      await grows(user, () =>
        db
          .update(caldavObjects)
          .set({ events: [series('Pilates')] })
          .where(eq(caldavObjects.id, object.id)),
      ),
    ).toBe(true);
    expect(await grows(user, () => db.delete(caldavObjects).where(eq(caldavObjects.id, object.id)))).toBe(true);
    expect(
      await grows(user, () => db.delete(calendarConnections).where(eq(calendarConnections.id, connection.id))),
    ).toBe(true);

    expect(await versionOf(other)).toBe(otherBefore);
  });

  it('lets a user with calendar items and a synced calendar be deleted', async () => {
    const user = await signUp(app);
    await create(user, 'event', event('Swim'));
    const [connection] = await db
      .insert(calendarConnections)
      .values({ userId: user.id, provider: 'caldav', name: 'Work' })
      .returning();
    const [calendar] = await db
      .insert(caldavCalendars)
      .values({ connectionId: connection.id, url: '/cal/', name: 'Home' })
      .returning();
    await db
      .insert(caldavObjects)
      .values({ calendarId: calendar.id, url: '/cal/a.ics', ics: 'BEGIN:VCALENDAR', events: [series('Yoga')] });
    await db.delete(users).where(eq(users.id, user.id));
    expect((await db.select().from(users).where(eq(users.id, user.id))).length).toBe(0);
  });

  it("answers a range never asked before with the other process's writes to every kind of source", async () => {
    // The second app has its own caches, as a second API process would; `user` asks only through the first one.
    const other = await createTestApp();
    try {
      const user = await signUp(app);
      const elsewhere = asUser(other, user.token);
      const change = async (model: string, verb: 'create' | 'update' | 'delete', params: Record<string, unknown>) => {
        const response = await elsewhere.post(`/api/${model}/${verb}`, { board: user.boardId, params });
        expect(response.statusCode, response.body).toBe(verb === 'create' ? 201 : 200);
        return response.json()[model] as { id: number };
      };
      // Each call a range not asked before (a day later each time), so no whole answer is kept for it.
      let day = 0;
      const shown = async () => {
        day += 1;
        const start = new Date(Date.UTC(2026, 5, day)).toISOString().slice(0, 10);
        const end = new Date(Date.UTC(2026, 5, day + 20)).toISOString().slice(0, 10);
        const response = await user.post('/api/google/events', { start_date: start, end_date: end });
        expect(response.statusCode, response.body).toBe(200);
        const items = response.json<{ events: { title: string; calendar?: string; color?: string }[] }>().events;
        return [...new Set(items.map((e) => [e.title, e.calendar, e.color].filter(Boolean).join(' · ')))].sort();
      };

      const piano = await change('event', 'create', {
        title: 'Piano',
        start_at: '2026-05-05T17:00:00.000Z',
        end_at: '2026-05-05T18:00:00.000Z',
        repeat: 'FREQ=WEEKLY;BYDAY=TU',
      });
      expect(await shown()).toEqual(['Piano']);
      await change('event', 'update', { id: piano.id, title: 'Piano lesson' });
      expect(await shown()).toEqual(['Piano lesson']);
      await change('event', 'update', { id: piano.id, repeat: null });
      expect(await shown()).toEqual([]);
      await change('event', 'update', { id: piano.id, repeat: 'FREQ=DAILY' });
      expect(await shown()).toEqual(['Piano lesson']);
      await change('event', 'delete', { id: piano.id });
      expect(await shown()).toEqual([]);

      const stretch = await change('plannedactivity', 'create', {
        title: 'Stretch',
        date: '2026-05-04',
        start_at: '2026-05-04T07:00:00.000Z',
        repeat: 'FREQ=DAILY',
      });
      expect(await shown()).toEqual(['Stretch']);
      await change('plannedactivity', 'update', { id: stretch.id, title: 'Stretch well' });
      expect(await shown()).toEqual(['Stretch well']);
      await change('plannedactivity', 'delete', { id: stretch.id });
      expect(await shown()).toEqual([]);

      // A single event is read with each range: made elsewhere, it shows in the next one.
      await change('event', 'create', { title: 'Dentist', start_at: '2026-06-25T09:00:00.000Z' });
      expect(await shown()).toEqual(['Dentist']);

      const daily = (title: string): FeedSeries => ({ ...series(title), rrule: 'FREQ=DAILY' });
      const [feed] = await db
        .insert(calendarConnections)
        .values({ userId: user.id, provider: 'ics', name: 'Club', events: [daily('Swim')] })
        .returning();
      expect(await shown()).toEqual(['Dentist', 'Swim · Club']);
      await db.update(calendarConnections).set({ name: 'Swim club' }).where(eq(calendarConnections.id, feed.id));
      expect(await shown()).toEqual(['Dentist', 'Swim · Swim club']);
      await db
        .update(calendarConnections)
        .set({ events: [daily('Dive')] })
        .where(eq(calendarConnections.id, feed.id));
      expect(await shown()).toEqual(['Dentist', 'Dive · Swim club']);
      await db.delete(calendarConnections).where(eq(calendarConnections.id, feed.id));
      expect(await shown()).toEqual(['Dentist']);

      const [account] = await db
        .insert(calendarConnections)
        .values({ userId: user.id, provider: 'caldav', name: 'Work', events: [] })
        .returning();
      const [calendar] = await db
        .insert(caldavCalendars)
        .values({ connectionId: account.id, url: '/cal/', name: 'Home', selected: true })
        .returning();
      const [object] = await db
        .insert(caldavObjects)
        .values({ calendarId: calendar.id, url: '/cal/a.ics', ics: 'BEGIN:VCALENDAR', events: [daily('Yoga')] })
        .returning();
      expect(await shown()).toEqual(['Dentist', 'Yoga · Home']);
      await db.update(caldavCalendars).set({ color: '#ff0000' }).where(eq(caldavCalendars.id, calendar.id));
      expect(await shown()).toEqual(['Dentist', 'Yoga · Home · #ff0000']);
      await db.update(caldavCalendars).set({ name: 'House' }).where(eq(caldavCalendars.id, calendar.id));
      expect(await shown()).toEqual(['Dentist', 'Yoga · House · #ff0000']);
      await db
        .update(caldavObjects)
        .set({ events: [daily('Pilates')] })
        .where(eq(caldavObjects.id, object.id));
      expect(await shown()).toEqual(['Dentist', 'Pilates · House · #ff0000']);
      await db.update(caldavCalendars).set({ selected: false }).where(eq(caldavCalendars.id, calendar.id));
      expect(await shown()).toEqual(['Dentist']);
      await db.update(caldavCalendars).set({ selected: true }).where(eq(caldavCalendars.id, calendar.id));
      expect(await shown()).toEqual(['Dentist', 'Pilates · House · #ff0000']);
      await db.delete(caldavObjects).where(eq(caldavObjects.id, object.id));
      expect(await shown()).toEqual(['Dentist']);
    } finally {
      await other.close();
    }
  });
});
