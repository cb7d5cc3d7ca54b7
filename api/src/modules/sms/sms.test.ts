import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';
import { invalidNumber, startSmsProvider, type SmsProviderStandIn } from '../../../test/sms-provider';
import { defaultEnv } from '../../env';
import { occurrenceJobId, reminderText, SMS_MAX_LENGTH } from '../reminders/delivery';
import { SMS_JOB } from './jobs';
import { sendSms, SmsRefused } from './client';

const FROM = '+15005550006';
let provider: SmsProviderStandIn;
let app: FastifyInstance;
let unconfigured: FastifyInstance;

beforeAll(async () => {
  provider = await startSmsProvider();
  app = await createTestApp({
    env: defaultEnv({
      SMS_API_URL: provider.url,
      SMS_ACCOUNT_SID: provider.accountSid,
      SMS_AUTH_TOKEN: provider.authToken,
      SMS_FROM: FROM,
      // No mail server: a reminder's e-mail fails and its job retries, which must send no second text.
      QUEUE_POLL_SECONDS: '0.5',
      REMINDER_SCAN_SECONDS: '60',
      SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true',
    }),
  });
  await app.startWork();
  unconfigured = await createTestApp();
}, 120_000);
afterAll(async () => {
  await app.close();
  await unconfigured.close();
  await provider.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * A number of the user's own, so each test reads only its own texts: made from the user's id, unique in the database.
 * (On PostgreSQL the test files and runs share it, and every test API's scan also delivers other runs' recent reminders.)
 */
const numberOf = (user: TestUser) => `+4477${String(user.id).padStart(8, '0')}`;
const textsTo = (to: string) => provider.received.filter((sms) => sms.to === to);

async function texter(): Promise<TestUser & { phone: string }> {
  const user = await signUp(app);
  const phone = numberOf(user);
  // Typed with spaces, as people do; kept in E.164.
  const typed = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
  expect((await user.post('/api/user/update', { phone_number: typed })).json().user.phone_number).toBe(phone);
  expect((await user.post('/api/user/update', { has_sms_enabled: true })).json().user.has_sms_enabled).toBe(true);
  return { ...user, phone };
}

async function remindSoon(
  user: TestUser,
  title: string,
  channels: string[],
): Promise<{ id: number; remind_at: string }> {
  const created = await user.post('/api/reminder/create', {
    board: user.boardId,
    params: { title, remind_at: new Date(Date.now() + 1500).toISOString(), channels },
  });
  expect(created.statusCode, created.body).toBe(201);
  await app.scanReminders();
  return created.json().reminder;
}

describe('text messages without an SMS provider', () => {
  it('are not offered, not accepted on a reminder, and cannot be switched on', async () => {
    const user = await signUp(unconfigured);
    expect((await user.get('/api/sms/config')).json()).toEqual({ success: true, configured: false });
    expect((await user.post('/api/user/update', { phone_number: '+447700900123' })).statusCode).toBe(200);
    const on = await user.post('/api/user/update', { has_sms_enabled: true });
    expect(on.statusCode).toBe(422);
    expect(on.json().errors).toEqual({
      has_sms_enabled: ['cannot be turned on: this Lifeboard has no SMS provider set up'],
    });
    const created = await user.post('/api/reminder/create', {
      board: user.boardId,
      params: { title: 'Text me', remind_at: new Date().toISOString(), channels: ['email', 'sms'] },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().message).toBe('Text messages are not available: this Lifeboard has no SMS provider set up.');
    const made = await user.post('/api/reminder/create', {
      board: user.boardId,
      params: { title: 'Mail me', remind_at: new Date().toISOString(), channels: ['email'] },
    });
    const changed = await user.post('/api/reminder/update', {
      board: user.boardId,
      params: { id: made.json().reminder.id, channels: ['sms'] },
    });
    expect(changed.statusCode).toBe(422);
    expect(
      (await user.post('/api/reminder/get', { board: user.boardId, params: { id: made.json().reminder.id } })).json()
        .reminder.channels,
    ).toEqual(['email']);
  });
});

describe('the phone number and the texts switch', () => {
  it('keeps numbers in E.164, refuses others with a message, and needs a number before texts go on', async () => {
    const user = await signUp(app);
    expect((await user.get('/api/sms/config')).json()).toEqual({ success: true, configured: true });
    const first = await user.post('/api/user/update', { has_sms_enabled: true });
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({
      message: 'Add your phone number first, then switch on text messages.',
      errors: { has_sms_enabled: ['needs your phone number: add it first'] },
    });
    for (const bad of ['07700 900123', '+44 7700 9OO123', '12345', '+0 7700 900123']) {
      const response = await user.post('/api/user/update', { phone_number: bad });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.phone_number).toEqual([
        'must be an international number: + and the country code, then the number, e.g. +44 7700 900123',
      ]);
    }
    expect((await user.get('/api/user')).json().user.phone_number).toBeNull();
    expect((await user.post('/api/user/update', { phone_number: '+1 (415) 555-0123' })).json().user.phone_number).toBe(
      '+14155550123',
    );
    expect((await user.post('/api/user/update', { has_sms_enabled: true })).json().user.has_sms_enabled).toBe(true);
    // Without a number there is nowhere to text: removing it switches texts off.
    expect((await user.post('/api/user/update', { phone_number: null })).json().user).toMatchObject({
      phone_number: null,
      has_sms_enabled: false,
    });
  });

  it('refuses a text-message reminder until the account has a number and texts on, saying where to set them', async () => {
    const user = await signUp(app);
    const params = { title: 'Text me', remind_at: new Date(Date.now() + 3_600_000).toISOString(), channels: ['sms'] };
    const refused = await user.post('/api/reminder/create', { board: user.boardId, params });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'To get reminders by text message, add your phone number and switch on “Send me text messages” on your account page.',
    );
    await user.post('/api/user/update', { phone_number: numberOf(user) });
    expect((await user.post('/api/reminder/create', { board: user.boardId, params })).statusCode).toBe(422);
    await user.post('/api/user/update', { has_sms_enabled: true });
    expect((await user.post('/api/reminder/create', { board: user.boardId, params })).statusCode).toBe(201);
  });
});

// Each test has a user and number of its own and mostly waits (for a text, for a retry that must not send
// another): they run side by side.
describe.concurrent('text-message reminders', () => {
  it('sends one text to the phone, from the configured sender, with the title and a Done link that works', async ({
    expect,
  }) => {
    const user = await texter();
    const reminder = await remindSoon(user, 'Take your pills', ['sms', 'email']);
    const sms = await provider.waitFor((message) => message.to === user.phone);
    expect(sms).toMatchObject({ accountSid: provider.accountSid, from: FROM });
    const [line, done] = sms.body.split('\n');
    expect(line).toMatch(/^Lifeboard reminder: Take your pills \(\w+day \d+ \w+ at \d\d:\d\d\)$/);
    expect(done).toMatch(/^Done: http:\/\/localhost:4000\/api\/reminder-action\?t=[\w-]+\.[\w-]+$/);
    // The mail keeps failing (no SMTP server), so the reminder's job runs again; scanned again too: still one text.
    await app.scanReminders();
    await sleep(8000);
    expect(textsTo(user.phone)).toHaveLength(1);
    const at = new Date(reminder.remind_at).getTime();
    expect(
      (await (await app.queue.boss()).getJobById(SMS_JOB, occurrenceJobId(`reminder:${reminder.id}:${at}:sms`)))?.state,
    ).toBe('completed');
    const path = done.slice('Done: http://localhost:4000'.length);
    const acted = await app.inject({ method: 'POST', url: path, payload: {} });
    expect(acted.statusCode).toBe(200);
    expect(acted.body).toContain('“Take your pills” is done.');
  }, 60_000);

  it('sends nothing once the account has switched texts off', async ({ expect }) => {
    const user = await texter();
    await remindSoon(user, 'Quiet please', ['sms', 'bell']);
    await user.post('/api/user/update', { has_sms_enabled: false });
    for (let i = 0; i < 40 && (await user.get('/api/notifications')).json().notifications.length === 0; i += 1)
      await sleep(250);
    await sleep(2000);
    expect(textsTo(user.phone)).toHaveLength(0);
  }, 60_000);

  it('fails for good, without retrying, when the provider refuses the number; the admin sees why', async ({
    expect,
  }) => {
    const user = await texter();
    provider.answer(user.phone, invalidNumber(user.phone));
    const before = provider.refused.length;
    await remindSoon(user, 'Never arrives', ['sms']);
    let failed: Awaited<ReturnType<FastifyInstance['queue']['failedJobs']>>[number] | undefined;
    for (let i = 0; i < 120 && !failed; i += 1) {
      failed = (await app.queue.failedJobs()).find(
        (job) => job.kind === SMS_JOB && (job.data as { userId: number }).userId === user.id,
      );
      if (!failed) await sleep(250);
    }
    expect(failed).toMatchObject({
      attempts: 1,
      error: `the SMS provider answered 400 (error 21211): The 'To' number ${user.phone} is not a valid phone number.`,
    });
    await sleep(6000);
    // One request, no retry, nothing sent.
    expect(provider.refused.slice(before).filter((entry) => entry.reason.includes(user.phone))).toHaveLength(1);
    expect(textsTo(user.phone)).toHaveLength(0);
  }, 60_000);

  it('retries while the provider is down (5xx), then sends the text once', async ({ expect }) => {
    const user = await texter();
    provider.answer(user.phone, { status: 503, code: 20503, message: 'Service Unavailable' }, 1);
    await remindSoon(user, 'Stretch', ['sms']);
    const sms = await provider.waitFor((message) => message.to === user.phone, 40_000);
    expect(sms.body).toMatch(/^Lifeboard reminder: Stretch /);
    expect(provider.refused.filter((entry) => entry.status === 503)).toHaveLength(1);
    await sleep(2000);
    expect(textsTo(user.phone)).toHaveLength(1);
  }, 60_000);
});

describe('the SMS client', () => {
  const config = () => ({
    apiUrl: provider.url,
    accountSid: provider.accountSid,
    authToken: provider.authToken,
    from: FROM,
  });

  it('speaks Twilio: Basic auth, form fields, the sid of the queued message', async () => {
    const sent = await sendSms(config(), { to: '+447700900999', body: 'Hello ünïcode & = +' });
    expect(sent).toEqual({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued' });
    expect(provider.received.find((sms) => sms.sid === sent.sid)).toMatchObject({
      to: '+447700900999',
      from: FROM,
      body: 'Hello ünïcode & = +',
    });
  });

  it('tells a refusal (4xx) from a passing failure (5xx, 429, no answer)', async () => {
    const refusal = await sendSms({ ...config(), authToken: 'wrong' }, { to: '+447700900998', body: 'x' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(SmsRefused);
    expect(refusal).toMatchObject({
      status: 401,
      code: 20003,
      message: 'the SMS provider answered 401 (error 20003): Authenticate',
    });
    provider.answer('+447700900997', { status: 429, code: 20429, message: 'Too Many Requests' }, 1);
    const busy = await sendSms(config(), { to: '+447700900997', body: 'x' }).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(Error);
    expect(busy).not.toBeInstanceOf(SmsRefused);
    const down = await sendSms({ ...config(), apiUrl: 'http://127.0.0.1:9' }, { to: '+447700900996', body: 'x' }).catch(
      (error: unknown) => error,
    );
    expect(down).toBeInstanceOf(Error);
    expect(down).not.toBeInstanceOf(SmsRefused);
  });

  it('leaves the Done link out of a text that would need more than three parts', () => {
    const done = { label: 'Done', url: `http://localhost:4000/api/reminder-action?t=${'x'.repeat(200)}` };
    expect(reminderText('Pills', 'Friday 27 November at 09:30', done)).toBe(
      `Lifeboard reminder: Pills (Friday 27 November at 09:30)\nDone: ${done.url}`,
    );
    const long = reminderText('P'.repeat(200), 'Friday 27 November at 09:30', done);
    expect(long).toBe(`Lifeboard reminder: ${'P'.repeat(200)} (Friday 27 November at 09:30)`);
    expect(long.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
  });
});
