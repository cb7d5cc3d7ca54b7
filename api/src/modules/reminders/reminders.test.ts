import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, testDatabase, type TestUser } from '../../../test/helpers';
import { startSmsProvider, type SmsProviderStandIn } from '../../../test/sms-provider';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';
import { habitEntries } from '../../db/habit-schema';
import { defaultEnv } from '../../env';
import { ActionSigner } from './action-links';
import { occurrenceJobId, REMINDER_JOB } from './delivery';

const SECRET = 'a test secret of at least thirty-two characters';
let smtp: SmtpSink;
let sms: SmsProviderStandIn;
let app: FastifyInstance;
let second: FastifyInstance;

const env = () =>
  defaultEnv({
    SMTP_URL: smtp.url,
    QUEUE_POLL_SECONDS: '0.5',
    REMINDER_SCAN_SECONDS: '2',
    ACTION_LINK_SECRET: SECRET,
    SMS_API_URL: sms.url,
    SMS_ACCOUNT_SID: sms.accountSid,
    SMS_AUTH_TOKEN: sms.authToken,
    SMS_FROM: '+15005550006',
  });

beforeAll(async () => {
  smtp = await startSmtpSink();
  sms = await startSmsProvider();
  app = await createTestApp({ env: env() });
  await app.startWork();
}, 120_000);
afterAll(async () => {
  await second?.close();
  await app.close();
  await smtp.close();
  await sms.close();
});

const createReminder = (user: TestUser, params: Record<string, unknown>) =>
  user.post('/api/reminder/create', { board: user.boardId, params });
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to === address);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function link(mail: ReceivedMail, label: string): string {
  const match = new RegExp(`${label}: (\\S+)`).exec(mail.text);
  if (!match) throw new Error(`no ${label} link in:\n${mail.text}`);
  return match[1];
}
/** The path and query of a link to the API, for inject. */
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

// Each test has a user of its own and mostly waits (for the reminder's time, for a repeat that must not come):
// they run side by side.
describe.concurrent('an e-mail reminder', () => {
  it('arrives once, with its title in the subject, within a minute of its time', async ({ expect }) => {
    const user = await signUp(app);
    const remindAt = new Date(Date.now() + 3000);
    const created = await createReminder(user, {
      title: 'Water the plants',
      remind_at: remindAt.toISOString(),
      channels: ['email'],
    });
    expect(created.statusCode).toBe(201);
    const mail = await smtp.waitFor((message) => message.to === user.email, 60_000);
    expect(mail.subject).toContain('Water the plants');
    expect(Date.now() - remindAt.getTime()).toBeLessThan(60_000);
    expect(Date.now()).toBeGreaterThanOrEqual(remindAt.getTime());
    expect(mail.text).toContain('Done: http://localhost:4000/api/reminder-action?t=');
    expect(mail.html).toContain('Snooze 10 min');
    // Later scans find the same occurrence again: still one mail.
    await app.scanReminders();
    await sleep(2500);
    expect(mailsTo(user.email)).toHaveLength(1);
  }, 90_000);

  it('is sent exactly once with two API processes scanning the same database', async ({ expect }) => {
    second = await createTestApp({ env: env() });
    await second.startWork();
    const user = await signUp(app);
    await createReminder(user, {
      title: 'Call Mum',
      remind_at: new Date(Date.now() + 3000).toISOString(),
      channels: ['email'],
    });
    await Promise.all([app.scanReminders(), second.scanReminders(), app.scanReminders(), second.scanReminders()]);
    await smtp.waitFor((message) => message.to === user.email, 60_000);
    await sleep(5000);
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual(['Reminder: Call Mum']);
  }, 90_000);

  it('sends nothing for a reminder without e-mail, or one deleted before its time', async ({ expect }) => {
    const user = await signUp(app);
    const soon = new Date(Date.now() + 2500).toISOString();
    await createReminder(user, { title: 'Only push', remind_at: soon, channels: ['push'] });
    const doomed = (await createReminder(user, { title: 'Deleted', remind_at: soon, channels: ['email'] })).json()
      .reminder;
    await app.scanReminders();
    expect(
      (await user.post('/api/reminder/delete', { board: user.boardId, params: { id: doomed.id } })).statusCode,
    ).toBe(200);
    await sleep(6000);
    expect(mailsTo(user.email)).toEqual([]);
  }, 30_000);
});

describe('"Done" and "Snooze 10 min" links', () => {
  let user: TestUser;
  let mail: ReceivedMail;
  let reminderId: number;

  beforeAll(async () => {
    user = await signUp(app);
    const remindAt = new Date(Date.now() + 2000);
    reminderId = (
      await createReminder(user, { title: 'Stretch', remind_at: remindAt.toISOString(), channels: ['email'] })
    ).json().reminder.id;
    await app.scanReminders();
    mail = await smtp.waitFor((message) => message.to === user.email, 60_000);
  }, 90_000);

  it('open a page with a button (GET changes nothing); the button snoozes for 10 minutes', async () => {
    const snooze = pathOf(link(mail, 'Snooze 10 min'));
    const shown = await app.inject({ method: 'GET', url: snooze });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Snooze for 10 minutes');
    const before = Date.now();
    const done = await app.inject({
      method: 'POST',
      url: snooze,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('you get it again in 10 minutes');
    const payload = new ActionSigner(SECRET).verify(new URL(link(mail, 'Snooze 10 min')).searchParams.get('t') ?? '');
    if (!payload.ok) throw new Error('the link does not verify');
    const job = await (
      await app.queue.boss()
    ).getJobById(REMINDER_JOB, occurrenceJobId(`reminder:${reminderId}:${payload.payload.at}:snooze1`));
    expect(job?.state).toBe('created');
    expect(job?.startAfter.getTime()).toBeGreaterThanOrEqual(before + 9.5 * 60_000);
    // "Done" then cancels the snoozed one.
    expect((await app.inject({ method: 'POST', url: pathOf(link(mail, 'Done')) })).body).toContain('is done');
    expect((await (await app.queue.boss()).getJobById(REMINDER_JOB, job?.id ?? ''))?.state).toBe('cancelled');
  });

  it('refuse a forged link (403) and an expired one (410)', async () => {
    const token = new URL(link(mail, 'Done')).searchParams.get('t') ?? '';
    const [body, mac] = token.split('.');
    const changed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const forged = `${Buffer.from(JSON.stringify({ ...changed, id: changed.id + 1 })).toString('base64url')}.${mac}`;
    for (const method of ['GET', 'POST'] as const) {
      expect((await app.inject({ method, url: `/api/reminder-action?t=${forged}` })).statusCode).toBe(403);
      expect(
        (
          await app.inject({
            method,
            url: `/api/reminder-action?t=${new ActionSigner('another secret of thirty-two characters!!').sign(changed)}`,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await app.inject({
            method,
            url: `/api/reminder-action?t=${new ActionSigner(SECRET).sign({ ...changed, exp: Date.now() - 1000 })}`,
          })
        ).statusCode,
      ).toBe(410);
      expect((await app.inject({ method, url: '/api/reminder-action?t=nonsense' })).statusCode).toBe(403);
    }
  });
});

describe('habit reminder times', () => {
  it('mail a habit not yet done today, skip one already done, and "Done" checks it off', async () => {
    const user = await signUp(app);
    // The current minute (users are on UTC by default): due now, and not before the habits were made.
    const now = new Date();
    const time = now.toISOString().slice(11, 16);
    const today = now.toISOString().slice(0, 10);
    const habit = async (title: string, times: string[]) =>
      (await user.post('/api/habit/create', { board: user.boardId, params: { title, reminder_times: times } })).json()
        .habit;
    // Checked in before it gets its reminder time, so no scan can see it due and not yet done.
    const done = await habit('Floss', []);
    expect(
      (
        await user.post('/api/habit/checkin', {
          board: user.boardId,
          params: { habit_id: done.id, date: today, value: 'yes' },
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect(
      (await user.post('/api/habit/update', { board: user.boardId, params: { id: done.id, reminder_times: [time] } }))
        .statusCode,
    ).toBe(200);
    const pending = await habit('Meditate', [time]);
    await app.scanReminders();
    const mail = await smtp.waitFor((message) => message.to === user.email, 30_000);
    expect(mail.subject).toBe('Habit reminder: Meditate');
    await sleep(3000);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect((await app.inject({ method: 'POST', url: pathOf(link(mail, 'Done')) })).statusCode).toBe(200);
    const { db } = await testDatabase();
    const entries = await db
      .select()
      .from(habitEntries)
      .where(and(eq(habitEntries.habitId, pending.id), eq(habitEntries.date, today)));
    expect(entries.map((entry) => entry.value)).toEqual(['yes']);
  }, 60_000);
});

// Each test has a user of its own and mostly waits: they run side by side.
describe.concurrent("a habit's reminder channels", () => {
  // The current minute (users are on UTC by default): due now, and not before the habits were made.
  const nowParts = () => {
    const now = new Date();
    return { time: now.toISOString().slice(11, 16), today: now.toISOString().slice(0, 10) };
  };
  const createHabit = (user: TestUser, params: Record<string, unknown>) =>
    user.post('/api/habit/create', { board: user.boardId, params });

  it('by text message only: the text arrives, no mail and no bell; a habit done today sends nothing', async ({
    expect,
  }) => {
    const user = await signUp(app);
    // Unique in the database (the SMS tests use +4477…), so only this user's texts are read.
    const phone = `+4478${String(user.id).padStart(8, '0')}`;
    await user.post('/api/user/update', { phone_number: phone });
    await user.post('/api/user/update', { has_sms_enabled: true });
    const { time, today } = nowParts();
    const done = (await createHabit(user, { title: 'Floss', reminder_channels: ['sms'] })).json().habit;
    await user.post('/api/habit/checkin', {
      board: user.boardId,
      params: { habit_id: done.id, date: today, value: 'yes' },
    });
    await user.post('/api/habit/update', { board: user.boardId, params: { id: done.id, reminder_times: [time] } });
    const created = await createHabit(user, { title: 'Stretch', reminder_times: [time], reminder_channels: ['sms'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().habit.reminder_channels).toEqual(['sms']);
    await app.scanReminders();
    const text = await sms.waitFor((message) => message.to === phone, 30_000);
    expect(text.body).toMatch(/^Lifeboard reminder: Stretch \(/);
    expect(text.body).toContain('Done: http://localhost:4000/api/reminder-action?t=');
    await app.scanReminders();
    await sleep(3000);
    expect(sms.received.filter((message) => message.to === phone)).toHaveLength(1);
    expect(mailsTo(user.email)).toHaveLength(0);
    expect((await user.get('/api/notifications')).json().notifications).toEqual([]);
  }, 60_000);

  it('by the bell only: the bell has it and the inbox does not', async ({ expect }) => {
    const user = await signUp(app);
    const { time } = nowParts();
    await createHabit(user, { title: 'Read', reminder_times: [time], reminder_channels: ['bell'] });
    await app.scanReminders();
    let listed: { title: string }[] = [];
    for (let i = 0; i < 80 && listed.length === 0; i += 1) {
      listed = (await user.get('/api/notifications')).json().notifications;
      if (!listed.length) await sleep(250);
    }
    expect(listed.map((entry) => entry.title)).toEqual(['Read']);
    await sleep(2000);
    expect(mailsTo(user.email)).toHaveLength(0);
  }, 60_000);

  it('refuses text messages until the account can receive them, and unknown channels; nothing changes', async ({
    expect,
  }) => {
    const user = await signUp(app);
    const refused = await createHabit(user, { title: 'Walk', reminder_times: ['07:00'], reminder_channels: ['sms'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.reminder_channels).toEqual([
      'cannot include text messages until your account has a phone number and “Send me text messages” switched on (Account)',
    ]);
    const habit = (
      await createHabit(user, { title: 'Walk', reminder_times: ['07:00'], reminder_channels: ['email'] })
    ).json().habit;
    for (const reminder_channels of [['sms'], ['fax'], 'email']) {
      const response = await user.post('/api/habit/update', {
        board: user.boardId,
        params: { id: habit.id, reminder_channels },
      });
      expect(response.statusCode, JSON.stringify(reminder_channels)).toBe(422);
    }
    const listed = (await user.post('/api/habit/all', { board: user.boardId })).json().habits;
    expect(listed.map((h: { title: string; reminder_channels: string[] }) => [h.title, h.reminder_channels])).toEqual([
      ['Walk', ['email']],
    ]);
  });
});
