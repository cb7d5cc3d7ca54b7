import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, signUpThroughApi } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import type { PageWatch } from '../support/browser';
import { signInThroughApi } from '../support/session';
import { fillWhenNextMinute } from '../support/reminder-form';

const site = inject('site');
let browser: Browser;
let watch: PageWatch;
let page: Page;

interface InboxMail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

/** Waits for a mail to an address in MailDev (read through its REST API, as a person would read the inbox). */
async function mailTo(address: string, subject: RegExp, timeoutMs: number): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const inbox = (await (await fetch(`${site.mailUrl}/api/email`)).json()) as InboxMail[];
    const found = inbox.find((mail) => mail.to.some((to) => to.address === address) && subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no mail "${subject}" to ${address} within ${timeoutMs / 1000} s`);
}

function linkIn(mail: InboxMail, label: string): string {
  const match = new RegExp(`${label}: (\\S+)`).exec(mail.text);
  if (!match) throw new Error(`no "${label}" link in:\n${mail.text}`);
  return match[1];
}

beforeAll(async () => {
  browser = await launchBrowser();
  watch = await watchedPage(browser);
  page = watch.page;
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

describe('mail that arrives', () => {
  it('resets a forgotten password from the link in the mail', async () => {
    const user = await signUpThroughApi(site, 'forgot');
    await page.goto(`${site.shellUrl}/forgot-password`);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').getByText(`If an account exists for ${user.email}`).waitFor();

    const mail = await mailTo(user.email, /Reset your Lifeboard password/, 60_000);
    expect(mail.html).toContain('Choose a new password');
    await page.goto(linkIn(mail, 'Choose a new password'));
    await page.waitForURL('**/reset-password?**');
    expect(await page.getByLabel('Reset code').count()).toBe(0);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(user.email);
    await page.getByLabel('New password', { exact: true }).fill('a fresh password from the mail');
    await page.getByLabel('New password again').fill('a fresh password from the mail');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    expect(
      (await apiRequest(site, 'POST', '/api/login', { email: user.email, password: 'a fresh password from the mail' }))
        .status,
    ).toBe(200);
    expect((await apiRequest(site, 'POST', '/api/login', { email: user.email, password: user.password })).status).toBe(
      422,
    );
  }, 120_000);

  it('sets a reminder in the form, gets its mail in the inbox and in the bell, and marks it done from the mail', async () => {
    const user = await signUpThroughApi(site, 'reminder');
    await signInThroughApi(page, site, { email: user.email, password: user.password });
    await page.goto(`${site.shellUrl}/reminders`);
    const smsConfig = page.waitForResponse((response) => response.url().endsWith('/api/sms/config'));
    await page.getByRole('button', { name: 'Add reminder' }).first().click();
    const form = page.getByRole('form', { name: 'New reminder' });
    const title = `Take the bins out ${Date.now()}`;
    await form.getByLabel('Title').fill(title);
    const due = await fillWhenNextMinute(page, form.getByLabel('When'));
    // Repeats are picked from presets. This site has no SMS provider: text messages are neither offered nor mentioned.
    await form.getByLabel('How often').selectOption({ label: 'Every weekday (Mon–Fri)' });
    await form.getByLabel('Until (optional)').waitFor();
    await form.getByLabel('How often').selectOption({ label: 'Does not repeat' });
    expect((await (await smsConfig).json()).configured).toBe(false);
    expect(await form.getByText(/text message|SMS/i).count()).toBe(0);
    await form.getByLabel('E-mail').check();
    await form.getByLabel(/^In Lifeboard/).check();
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/reminder/create'));
    await form.getByRole('button', { name: 'Add reminder' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    const reminder = (await answer.json()).reminder as { remind_at: string; channels: string[]; repeat: string | null };
    expect(reminder).toMatchObject({ remind_at: due.toISOString(), channels: ['email', 'bell'], repeat: null });

    const mail = await mailTo(user.email, new RegExp(title), 100_000);
    expect(Date.now() - due.getTime()).toBeLessThan(60_000);
    expect(mail.subject).toBe(`Reminder: ${title}`);

    // The same delivery put it in the bell, which counts it unread (the count is asked for on focus and every minute).
    await page.reload();
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    const entry = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: title });
    await entry.getByRole('button', { name: 'Done' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(linkIn(mail, 'Done'));
    await page.getByRole('button', { name: 'Mark it done' }).click();
    await page.getByRole('heading', { name: 'Done' }).waitFor();
    expect(await page.getByText(`“${title}” is done.`).count()).toBe(1);
    // A changed link is refused.
    const forged = await fetch(linkIn(mail, 'Done').replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    expect(forged.status).toBe(403);

    // Done from the mail is done in the bell too: read, and no Done or Snooze left on it.
    await page.goto(`${site.shellUrl}/reminders`);
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    const acted = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: title });
    await acted.waitFor();
    expect(await acted.getByRole('button', { name: 'Done' }).count()).toBe(0);
    expect(await acted.getByRole('button', { name: 'Mark read' }).count()).toBe(0);
  }, 180_000);
});

describe('invitations by mail', () => {
  it('sends an invitation that arrives in the inbox; its link signs the invitee up and marks it accepted', async () => {
    const user = await signUpThroughApi(site, 'inviter');
    await signInThroughApi(page, site, { email: user.email, password: user.password });
    await page.goto(`${site.shellUrl}/invitations`);
    const invitee = `invitee-${Date.now()}@example.com`;
    const form = page.getByRole('form', { name: 'Invite by e-mail' });
    await form.getByLabel('E-mail address').fill(invitee);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('list', { name: 'Sent invitations' }).getByText(invitee).waitFor();

    const mail = await mailTo(invitee, /You are invited to Lifeboard/, 60_000);
    // The invitee opens the link in a browser of their own.
    const context = await browser.newContext();
    try {
      const guest = await context.newPage();
      await guest.goto(linkIn(mail, 'Create your account'));
      await guest.getByLabel('Name').fill('Invited Ivy');
      const emailField = guest.getByLabel('E-mail');
      if (!(await emailField.inputValue())) await emailField.fill(invitee);
      await guest.getByLabel('Password', { exact: true }).fill('an invited strong password 42');
      const created = guest.waitForResponse((response) => response.url().endsWith('/api/register'));
      await guest.getByRole('button', { name: 'Create account' }).click();
      expect((await created).status()).toBe(201);
    } finally {
      await context.close();
    }
    await page.reload();
    const sent = page
      .getByRole('list', { name: 'Sent invitations' })
      .getByRole('listitem')
      .filter({ hasText: invitee });
    await sent.getByText(/accepted on/).waitFor();
  }, 120_000);
});

describe('push notifications', () => {
  it('offers push on /devices, and the service worker shows a push with Done and Snooze 10 min', async () => {
    const user = await signUpThroughApi(site, 'push');
    await signInThroughApi(page, site, { email: user.email, password: user.password });
    await page.context().grantPermissions(['notifications'], { origin: site.shellUrl });
    await page.goto(`${site.shellUrl}/devices`);
    await page.getByRole('heading', { name: 'Push notifications' }).waitFor();
    await page.getByRole('button', { name: 'Turn on push notifications in this browser' }).waitFor();
    expect(await page.getByText('No device gets push notifications yet.').count()).toBe(1);

    // Headless Chromium has no vendor push service to subscribe to (the server's side is tested against a local
    // stand-in in api/src/modules/push): the shell's service worker gets its push through DevTools instead.
    const devtools = await page.context().newCDPSession(page);
    // The push goes to the registration the browser process holds: wait until it reports the worker activated
    // there. The page's `activated` can come first, and a push delivered before the browser's is dropped.
    const registration = new Promise<string>((resolve) => {
      let ours: string | undefined;
      const activated = new Set<string>();
      const check = () => {
        if (ours !== undefined && activated.has(ours)) resolve(ours);
      };
      devtools.on(
        'ServiceWorker.workerRegistrationUpdated',
        ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
          ours ??= registrations.find((r) => r.scopeURL === `${site.shellUrl}/` && !r.isDeleted)?.registrationId;
          check();
        },
      );
      devtools.on(
        'ServiceWorker.workerVersionUpdated',
        ({ versions }: { versions: { registrationId: string; status: string }[] }) => {
          for (const version of versions) if (version.status === 'activated') activated.add(version.registrationId);
          check();
        },
      );
    });
    const workerProblems: string[] = [];
    devtools.on('ServiceWorker.workerErrorReported', ({ errorMessage }: { errorMessage: { errorMessage: string } }) =>
      workerProblems.push(errorMessage.errorMessage),
    );
    await devtools.send('ServiceWorker.enable');
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    });
    // Chromium reads `getNotifications()` against the notifications on display, and drops from its store one it
    // wrote before the read began but had not put on display yet: a read racing the worker's showNotification
    // loses that notification for good. So the test watches the worker's own call settle,
    // then reads once, as a page would after the push.
    const workerUrl = `${site.shellUrl}/sw.js`;
    const worker =
      page
        .context()
        .serviceWorkers()
        .find((w) => w.url() === workerUrl) ??
      (await page.context().waitForEvent('serviceworker', { predicate: (w) => w.url() === workerUrl }));
    await worker.evaluate(() => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; shown?: Promise<string> };
      const { registration } = scope;
      const show = registration.showNotification.bind(registration);
      scope.shown = new Promise<string>((resolve) => {
        registration.showNotification = (...args) => {
          const showing = show(...args);
          showing.then(
            () => resolve('shown'),
            (error: unknown) => resolve(`showNotification failed: ${String(error)}`),
          );
          return showing;
        };
      });
    });
    const message = {
      title: 'Take your pills',
      body: 'Reminder for Wednesday 25 November at 19:00',
      tag: 'reminder:1:1764097200000',
      url: `${site.shellUrl}/reminders`,
      actions: [
        { action: 'done', title: 'Done', url: `${site.apiUrl}/api/reminder-action?t=x` },
        { action: 'snooze', title: 'Snooze 10 min', url: `${site.apiUrl}/api/reminder-action?t=y` },
      ],
    };
    await devtools.send('ServiceWorker.deliverPushMessage', {
      origin: site.shellUrl,
      registrationId: await registration,
      data: JSON.stringify(message),
    });
    const outcome = await worker.evaluate(() =>
      Promise.race([
        (self as unknown as { shown: Promise<string> }).shown,
        new Promise<string>((resolve) => setTimeout(() => resolve('the worker showed nothing within 10 s'), 10_000)),
      ]),
    );
    expect(outcome).toBe('shown');
    const shown = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      const notifications = await ready.getNotifications();
      return notifications.map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        actions: (n as Notification & { actions: { title: string }[] }).actions.map((a) => a.title),
      }));
    });
    expect(workerProblems).toEqual([]);
    expect(shown).toEqual([
      {
        title: 'Take your pills',
        body: 'Reminder for Wednesday 25 November at 19:00',
        tag: 'reminder:1:1764097200000',
        actions: ['Done', 'Snooze 10 min'],
      },
    ]);
    await devtools.detach();
  }, 60_000);
});
