import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { defaultEnv } from '../../env';
import { occurrenceJobId, REMINDER_JOB } from '../reminders/delivery';

let smtp: SmtpSink;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await createTestApp({
    env: defaultEnv({ SMTP_URL: smtp.url, QUEUE_POLL_SECONDS: '0.5', REMINDER_SCAN_SECONDS: '60' }),
  });
  await app.startWork();
}, 120_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Listed {
  id: number;
  title: string;
  body: string;
  read: boolean;
  actionable: boolean;
}

async function bell(user: TestUser): Promise<{ notifications: Listed[]; unread: number }> {
  const response = await user.get('/api/notifications');
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** A reminder due in a moment, then the bell once it has something (or the deadline passed). */
async function remindSoon(
  user: TestUser,
  title: string,
  channels: string[],
): Promise<{ id: number; remind_at: string }> {
  const created = await user.post('/api/reminder/create', {
    board: user.boardId,
    params: { title, remind_at: new Date(Date.now() + 1500).toISOString(), channels },
  });
  expect(created.statusCode).toBe(201);
  await app.scanReminders();
  return created.json().reminder;
}

async function waitForBell(user: TestUser, count: number, timeoutMs = 30_000): Promise<Listed[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { notifications } = await bell(user);
    if (notifications.length >= count || Date.now() > until) return notifications;
    await sleep(300);
  }
}

describe('the in-app bell', () => {
  it('gets a bell reminder once, counts it unread, and sends no mail for it', async () => {
    const user = await signUp(app);
    expect((await user.get('/api/notifications/unread')).json()).toEqual({ success: true, unread: 0 });
    await remindSoon(user, 'Water the plants', ['bell']);
    const [first] = await waitForBell(user, 1);
    expect(first).toMatchObject({ title: 'Water the plants', read: false, actionable: true });
    expect(first.body).toMatch(/^Reminder for \w+day \d+ \w+ at \d\d:\d\d$/);
    // Scanned again, the same occurrence adds nothing.
    await app.scanReminders();
    await sleep(2000);
    expect((await bell(user)).notifications).toHaveLength(1);
    expect((await user.get('/api/notifications/unread')).json().unread).toBe(1);
    expect(smtp.received.filter((mail) => mail.to === user.email)).toEqual([]);
  }, 60_000);

  it("delivers e-mail and bell from the same job; Done in the bell acts like the mail's link", async () => {
    const user = await signUp(app);
    const reminder = await remindSoon(user, 'Call Mum', ['email', 'bell']);
    await smtp.waitFor((mail) => mail.to === user.email, 30_000);
    const [entry] = await waitForBell(user, 1);
    const done = await user.post('/api/notifications/act', { id: entry.id, action: 'done' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      message: '“Call Mum” is done. No more reminders for this time.',
      notification: { read: true, actionable: false },
    });
    expect((await user.get('/api/notifications/unread')).json().unread).toBe(0);
    // Once acted on, not again; and the mail's link leaves the bell as it is.
    expect((await user.post('/api/notifications/act', { id: entry.id, action: 'snooze' })).statusCode).toBe(422);
    expect(reminder.id).toBeGreaterThan(0);
  }, 60_000);

  it('snoozes for 10 minutes: the snooze is its own job, and the entry stops offering the actions', async () => {
    const user = await signUp(app);
    const reminder = await remindSoon(user, 'Stretch', ['bell']);
    const [entry] = await waitForBell(user, 1);
    const before = Date.now();
    const snoozed = await user.post('/api/notifications/act', { id: entry.id, action: 'snooze' });
    expect(snoozed.json()).toMatchObject({
      message: '“Stretch” is snoozed: you get it again in 10 minutes.',
      notification: { actionable: false },
    });
    const at = new Date(reminder.remind_at).getTime();
    const job = await (
      await app.queue.boss()
    ).getJobById(REMINDER_JOB, occurrenceJobId(`reminder:${reminder.id}:${at}:snooze1`));
    expect(job?.state).toBe('created');
    expect(job?.startAfter.getTime()).toBeGreaterThanOrEqual(before + 9.5 * 60_000);
  }, 60_000);

  it("marks read one by one or all at once; another user's entry is 404", async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    await remindSoon(user, 'One', ['bell']);
    await remindSoon(user, 'Two', ['bell']);
    const entries = await waitForBell(user, 2);
    expect(entries).toHaveLength(2);
    expect((await other.post('/api/notifications/act', { id: entries[0].id, action: 'done' })).statusCode).toBe(404);
    expect((await other.post('/api/notifications/read', { ids: [entries[0].id] })).json().unread).toBe(0);
    expect((await user.get('/api/notifications/unread')).json().unread).toBe(2);
    expect((await user.post('/api/notifications/read', { ids: [entries[0].id] })).json().unread).toBe(1);
    expect((await user.post('/api/notifications/read', {})).json().unread).toBe(0);
    expect((await user.post('/api/notifications/read', { ids: [] })).statusCode).toBe(422);
    expect((await bell(user)).notifications.every((entry) => entry.read)).toBe(true);
  }, 60_000);

  it('refuses SMS on a server with no SMS provider (src/modules/sms/sms.test.ts has one)', async () => {
    const user = await signUp(app);
    const created = await user.post('/api/reminder/create', {
      board: user.boardId,
      params: { title: 'Text me', remind_at: new Date().toISOString(), channels: ['sms'] },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({
      channels: ['cannot include text messages: this Lifeboard has no SMS provider set up'],
    });
  });
});
