import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startGoogleStandIn, type GoogleStandIn } from '../../api/test/google-standin';
import { signUpThroughApi } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { freePort, waitForPort } from '../support/ports';
import { signInThroughApi } from '../support/session';

/**
 * Connecting Google Calendar as a person does it: the button leads to Google's consent page, "Allow" leads back,
 * and a Google event shows in the month view. The site of the other specs has no Google OAuth client (the button
 * says what to set there: planner.spec.ts), so this one serves the same built apps against a second API whose
 * Google is the local stand-in speaking Google's OAuth 2.0 and Calendar v3 (api/test/google-standin.ts).
 */
const site = inject('site');
const work = mkdtempSync(join(tmpdir(), 'lifeboard-google-'));
const children: ChildProcess[] = [];
let google: GoogleStandIn;
let browser: Browser;
let siteB = site;

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, {
    cwd: site.repoRoot,
    env: { ...process.env, ...env },
    stdio: 'ignore',
    detached: true,
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  const [apiPort, shellPort] = await Promise.all([freePort(), freePort()]);
  const apiUrl = `http://localhost:${apiPort}`;
  const shellUrl = `http://localhost:${shellPort}`;
  siteB = { ...site, apiUrl, shellUrl };
  google = await startGoogleStandIn({ redirectUris: [`${apiUrl}/api/calendar/google/callback`] });
  start('pnpm', ['--filter', '@lifeboard/api', 'start'], {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PGLITE_DIR: join(work, 'pglite'),
    CORS_ORIGINS: shellUrl,
    APP_URL: shellUrl,
    PUBLIC_API_URL: apiUrl,
    QUEUE_POLL_SECONDS: '1',
    CALENDAR_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_OAUTH_BASE_URL: google.url,
    GOOGLE_API_BASE_URL: google.url,
  });
  start(
    process.execPath,
    ['scripts/serve-static.mjs', 'shell', '--port', String(shellPort), '--remotes', site.remotesFile, '--api', apiUrl],
    {},
  );
  await Promise.all([
    waitForPort(shellPort, "the Google site's shell server"),
    waitForPort(apiPort, "the Google site's API", 90_000),
  ]);
  browser = await launchBrowser();
}, 150_000);

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await google?.close();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(work, { recursive: true, force: true });
});

describe('Google Calendar', () => {
  it("connects through Google's consent page, shows its event in the month view, and writes a new event to Google", async () => {
    // Today at 12:00 UTC, so the month view shows it whatever the machine's zone.
    const today = new Date().toISOString().slice(0, 10);
    google.putEvent(google.account, {
      id: 'pottery',
      summary: 'Pottery class',
      start: { dateTime: `${today}T12:00:00Z`, timeZone: 'UTC' },
      end: { dateTime: `${today}T13:00:00Z`, timeZone: 'UTC' },
    });
    const { page } = await watchedPage(browser);
    const user = await signUpThroughApi(siteB, 'google');
    await signInThroughApi(page, siteB, { email: user.email, password: user.password });

    await page.goto(`${siteB.shellUrl}/calendar/connections`);
    // "Cancel" on Google's page: nothing is connected, and the page says so in words.
    await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
    await page.waitForURL(`${google.url}/o/oauth2/v2/auth?**`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByText(/Google Calendar was not connected: access was not allowed/).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).search).toBe('');

    await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
    await page.waitForURL(`${google.url}/o/oauth2/v2/auth?**`);
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.getByText(/Google Calendar is connected/).waitFor({ timeout: 20_000 });
    const account = page.getByRole('listitem', { name: `Google Calendar (${google.account})` });
    await account.getByText(/Synced just now\./).waitFor({ timeout: 30_000 });
    expect(await account.textContent()).toContain('1 event');

    await page.goto(`${siteB.shellUrl}/calendar`);
    const grid = page.locator('.lb-calendar');
    await grid.getByText('Pottery class').first().waitFor({ timeout: 20_000 });

    // Two-way: an event added in Lifeboard on the Google calendar is in Google at once.
    await page.getByText('Add an event to a synced calendar').click();
    const add = page.getByRole('form', { name: 'Add an event to a synced calendar' });
    await add.getByLabel('Title').fill('Choir rehearsal');
    await add.getByRole('button', { name: 'Add the event' }).click();
    await page.getByText(`Added "Choir rehearsal" to ${google.account}.`).waitFor({ timeout: 20_000 });
    await grid.getByText('Choir rehearsal').first().waitFor({ timeout: 20_000 });
    expect(google.eventsOf(google.account).map((event) => event.summary)).toContain('Choir rehearsal');
  });
});
