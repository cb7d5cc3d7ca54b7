import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';
import { defaultEnv } from '../../env';
import { ActionSigner } from '../reminders/action-links';
import { occurrenceJobId } from '../reminders/delivery';
import { DAILY_EMAIL_JOB } from './jobs';

const SECRET = 'the daily e-mail tests sign with this secret';
let smtp: SmtpSink;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // No periodic scans: the tests call the scan with their own clock.
  app = await createTestApp({
    env: defaultEnv({
      SMTP_URL: smtp.url,
      QUEUE_POLL_SECONDS: '0.5',
      REMINDER_SCAN_SECONDS: '60',
      ACTION_LINK_SECRET: SECRET,
    }),
  });
  await app.startWork();
}, 120_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const create = async (user: TestUser, model: string, params: Record<string, unknown>) => {
  const response = await user.post(`/api/${model}/create`, { board: user.boardId, params });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()[model] as { id: number };
};
const checkIn = async (user: TestUser, habit: { id: number }, date: string) =>
  expect(
    (await user.post('/api/habit/checkin', { board: user.boardId, params: { habit_id: habit.id, date, value: 'yes' } }))
      .statusCode,
  ).toBe(200);

async function dailyUser(timezone: string, wanted = true): Promise<TestUser> {
  const user = await signUp(app);
  expect((await user.post('/api/user/update', { timezone })).statusCode).toBe(200);
  if (wanted) expect((await user.post('/api/user/update', { send_daily_emails: true })).statusCode).toBe(200);
  return user;
}

function link(mail: ReceivedMail, label: string): string {
  const match = new RegExp(`${label}: (\\S+)`).exec(mail.text);
  if (!match) throw new Error(`no ${label} link in:\n${mail.text}`);
  return match[1];
}
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

// 8 March 2026 is the day New York moves to summer time: its 07:00 is 11:00 UTC that day (12:00 UTC the day before).
const DAY = '2026-03-08';

describe('the daily e-mail', () => {
  let user: TestUser;
  let mail: ReceivedMail;

  beforeAll(async () => {
    user = await dailyUser('America/New_York');
    await create(user, 'plannedactivity', { title: 'Write the report', date: DAY });
    await create(user, 'habit', { title: 'Meditate', reminder_times: ['07:30'] });
    await create(user, 'habit', { title: 'Long run', weekdays: [6] }); // Saturdays only: not due on a Sunday
    // Done on the day already, and met for its week already: not "to do", as on the home page.
    await checkIn(user, await create(user, 'habit', { title: 'Stretch' }), DAY);
    await checkIn(
      user,
      await create(user, 'habit', { title: 'Swim', frequency_num: 1, frequency_den: 7 }),
      '2026-03-06',
    );
    // 06:44 in New York, before the 07:00 e-mail: already sent, so not among the reminders still to come.
    await create(user, 'reminder', { title: 'Take pills', remind_at: '2026-03-08T10:44:00.000Z', channels: ['email'] });
    await create(user, 'reminder', {
      title: 'Call the bank',
      remind_at: '2026-03-08T16:30:00.000Z',
      channels: ['email'],
    });
    await create(user, 'event', {
      title: 'Dentist',
      start_at: '2026-03-08T13:00:00.000Z',
      end_at: '2026-03-08T14:00:00.000Z',
      all_day: false,
    });
    await create(user, 'event', {
      title: "Yesterday's party",
      start_at: '2026-03-07T23:00:00.000Z',
      end_at: '2026-03-08T01:00:00.000Z',
      all_day: false,
    });
  });

  it("is queued for 07:00 in the user's zone (across the DST change), once however often the scan runs", async () => {
    const before = await app.scanDailyEmails(new Date('2026-03-08T09:30:00Z')); // 05:30 in New York
    expect(before).toBe(0);
    const queued = await Promise.all([
      app.scanDailyEmails(new Date('2026-03-08T10:59:30Z')),
      app.scanDailyEmails(new Date('2026-03-08T11:00:10Z')),
    ]);
    expect(queued.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    mail = await smtp.waitFor((m) => m.to === user.email, 30_000);
    expect(await app.scanDailyEmails(new Date('2026-03-08T11:20:00Z'))).toBe(0);
    await sleep(2000);
    expect(smtp.received.filter((m) => m.to === user.email)).toHaveLength(1);
  }, 60_000);

  it("says the day's plan, habits due, reminders and events, in text and HTML", () => {
    expect(mail.subject).toBe('Your day: Sunday 8 March');
    expect(mail.text).toContain('Your plan:\n• Write the report');
    expect(mail.text).toContain('Habits to do:\n• Meditate (at 07:30)');
    expect(mail.text).not.toContain('Long run');
    expect(mail.text).not.toContain('Stretch');
    expect(mail.text).not.toContain('Swim');
    expect(mail.text).toContain('Reminders still to come:\n• 12:30 Call the bank');
    expect(mail.text).not.toContain('Take pills');
    expect(mail.text).toContain('Events:\n• 09:00 Dentist');
    expect(mail.text).not.toContain('party');
    expect(mail.html).toContain('Write the report');
  });

  it('carries a one-click List-Unsubscribe that turns the daily e-mail off', async () => {
    const url = link(mail, 'Stop these daily e-mails');
    // mailparser gathers the List-* headers under `list`.
    const list = mail.headers.get('list') as { unsubscribe?: { url?: string }; 'unsubscribe-post'?: { name?: string } };
    expect(list.unsubscribe?.url).toBe(url);
    expect(JSON.stringify(list['unsubscribe-post'])).toContain('List-Unsubscribe=One-Click');
    // Opening it changes nothing; a forged one or a reminder's token is refused.
    expect((await app.inject({ method: 'GET', url: pathOf(url) })).body).toContain('Stop the daily e-mails');
    expect((await user.get('/api/user')).json().user.send_daily_emails).toBe(true);
    const reminderToken = new ActionSigner(SECRET).sign({
      kind: 'r',
      id: 1,
      at: 0,
      action: 'done',
      snoozes: 0,
      exp: Date.now() + 60_000,
    });
    expect((await app.inject({ method: 'POST', url: `/api/unsubscribe?t=${reminderToken}` })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `${pathOf(url)}x` })).statusCode).toBe(403);
    // What a mail client sends for RFC 8058 one-click.
    const done = await app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('no more daily e-mails');
    expect((await user.get('/api/user')).json().user.send_daily_emails).toBe(false);
  });

  it('is skipped when there is nothing to say, and never sent to those who did not ask', async () => {
    const quiet = await dailyUser('Europe/London');
    const unasked = await dailyUser('Europe/London', false);
    await create(unasked, 'habit', { title: 'Read' });
    // 07:00 in London on 8 March 2026 is 07:00 UTC.
    expect(await app.scanDailyEmails(new Date('2026-03-08T07:00:30Z'))).toBeGreaterThanOrEqual(1);
    const boss = await app.queue.boss();
    const job = (user: TestUser) => boss.getJobById(DAILY_EMAIL_JOB, occurrenceJobId(`daily:${user.id}:${DAY}`));
    const until = Date.now() + 20_000;
    while ((await job(quiet))?.state !== 'completed' && Date.now() < until) await sleep(250);
    expect((await job(quiet))?.state).toBe('completed');
    expect(await job(unasked)).toBeNull();
    expect(smtp.received.filter((m) => m.to === quiet.email || m.to === unasked.email)).toEqual([]);
  }, 30_000);
});
