import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, inject, it } from 'vitest';
import { startSmsProvider, type SmsProviderStandIn } from '../../api/test/sms-provider';
import { apiRequest, signUpThroughApi } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { startSecondSite, type SecondSite } from '../support/second-site';
import { signInThroughApi } from '../support/session';
import { fillWhenNextMinute } from '../support/reminder-form';

/**
 * Text messages, as a person meets them on a Lifeboard whose API has an SMS provider: the site of the other specs
 * has none (texts are offered nowhere there: mail.spec.ts), so this one serves the same built apps against a second
 * API configured with the local stand-in that speaks Twilio's protocol (api/test/sms-provider.ts).
 */
const site = inject('site');
const FROM = '+15005550006';
let provider: SmsProviderStandIn;
let second: SecondSite | undefined;
let browser: Browser;
let siteB = site;

beforeAll(async () => {
  provider = await startSmsProvider();
  second = await startSecondSite(site, 'SMS', () => ({
    REMINDER_SCAN_SECONDS: '5',
    SMS_API_URL: provider.url,
    SMS_ACCOUNT_SID: provider.accountSid,
    SMS_AUTH_TOKEN: provider.authToken,
    SMS_FROM: FROM,
  }));
  siteB = second.site;
  browser = await launchBrowser();
}, 150_000);

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
  await second?.close();
  await provider?.close();
});

// The two journeys share nothing (each its own person, number and page) and mostly wait for a minute to come
// round: side by side, as two people on one site.
describe.concurrent('reminders by text message', () => {
  it('sets a phone number and texts on the account page, a reminder by text in the form, and gets one text whose Done link works', async ({
    expect,
  }) => {
    const { page } = await watchedPage(browser);
    const user = await signUpThroughApi(siteB, 'texts');
    await signInThroughApi(page, siteB, { email: user.email, password: user.password });
    const digits = String(Date.now()).slice(-6);
    const phone = `+447700${digits}`;

    // Without a number the form says where to set one, and links there.
    await page.goto(`${siteB.shellUrl}/reminders`);
    await page.getByRole('button', { name: 'Add reminder' }).first().click();
    await page
      .getByRole('link', { name: 'add your phone number and switch on “Send me text messages” on your account page' })
      .click();
    await page.waitForURL('**/account');

    // Typed as people write it; kept in E.164. Texts go on once there is a number.
    await page.getByRole('textbox', { name: 'Phone number' }).fill(`+44 7700 ${digits}`);
    await page.getByRole('form', { name: 'Phone number' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('form', { name: 'Phone number' }).getByText('Saved.').waitFor();
    const switched = page.waitForResponse((response) => response.url().endsWith('/api/user/update'));
    await page.getByLabel('Send me text messages').check();
    expect((await (await switched).json()).user).toMatchObject({ phone_number: phone, has_sms_enabled: true });

    await page.goto(`${siteB.shellUrl}/reminders`);
    await page.getByRole('button', { name: 'Add reminder' }).first().click();
    const form = page.getByRole('form', { name: 'New reminder' });
    const title = `Call the dentist ${digits}`;
    await form.getByLabel('Title').fill(title);
    const due = await fillWhenNextMinute(page, form.getByLabel('When'));
    await form.getByLabel(`Text message (to ${phone})`).check();
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/reminder/create'));
    await form.getByRole('button', { name: 'Add reminder' }).click();
    expect((await (await saved).json()).reminder).toMatchObject({ channels: ['sms'] });

    const text = await provider.waitFor((sms) => sms.to === phone, 100_000);
    expect(Date.now() - due.getTime()).toBeLessThan(60_000);
    expect(text).toMatchObject({ from: FROM, accountSid: provider.accountSid });
    const [line, done] = text.body.split('\n');
    expect(line).toContain(`Lifeboard reminder: ${title} (`);
    expect(done).toMatch(new RegExp(`^Done: ${siteB.apiUrl}/api/reminder-action\\?t=`));
    await page.goto(done.slice('Done: '.length));
    await page.getByRole('button', { name: 'Mark it done' }).click();
    await page.getByRole('heading', { name: 'Done' }).waitFor();
    expect(await page.getByText(`“${title}” is done.`).count()).toBe(1);
    // Scanned every 5 s meanwhile: still the one text.
    expect(provider.received.filter((sms) => sms.to === phone)).toHaveLength(1);
  }, 180_000);

  it("texts a habit's reminder time when the habit form chose text messages only, and rings no bell", async ({
    expect,
  }) => {
    const { page } = await watchedPage(browser);
    const user = await signUpThroughApi(siteB, 'habit-texts');
    const digits = String(Date.now()).slice(-6);
    const phone = `+447701${digits}`;
    // The account page's part was walked above: here the number and the switch are set through the API.
    await apiRequest(siteB, 'POST', '/api/user/update', { phone_number: phone }, user.token);
    await apiRequest(siteB, 'POST', '/api/user/update', { has_sms_enabled: true }, user.token);
    const zone = String(
      ((await apiRequest(siteB, 'GET', '/api/user', undefined, user.token)).body.user as { timezone?: string })
        .timezone ?? 'UTC',
    );
    await signInThroughApi(page, siteB, { email: user.email, password: user.password });

    // The next minute at least 15 s away, as the habit's owner reads a time of day (their account's zone).
    const due = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(due);
    await page.goto(`${siteB.shellUrl}/new-habit`);
    const form = page.getByRole('form', { name: 'New habit' });
    const title = `Stretch ${digits}`;
    await form.getByLabel('Name').fill(title);
    await form.getByLabel('Reminder times').fill(time);
    await form.getByLabel('E-mail').uncheck();
    await form.getByLabel(/^In Lifeboard/).uncheck();
    await form.getByLabel(/^Push notification/).uncheck();
    await form.getByLabel(`Text message (to ${phone})`).check();
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/habit/create'));
    await form.getByRole('button', { name: 'Create habit' }).click();
    expect((await (await saved).json()).habit).toMatchObject({ reminder_times: [time], reminder_channels: ['sms'] });
    // The habit's page, where the form leads, says when and how it reminds.
    await page.getByText(`Reminds you at ${time} by text message.`).waitFor();

    const text = await provider.waitFor((sms) => sms.to === phone, 100_000);
    expect(Date.now() - due.getTime()).toBeLessThan(60_000);
    expect(text.body.split('\n')[0]).toContain(`Lifeboard reminder: ${title} (`);
    const bell = await apiRequest(siteB, 'GET', '/api/notifications', undefined, user.token);
    expect(bell.body.notifications).toEqual([]);
    expect(provider.received.filter((sms) => sms.to === phone)).toHaveLength(1);
  }, 180_000);
});
