import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startGoogleStandIn, type GoogleStandIn } from '../../api/test/google-standin';
import { signUpThroughApi } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { startSecondSite, type SecondSite } from '../support/second-site';
import { signInThroughApi } from '../support/session';
import { deleteOneDay, moveOneDay } from '../support/calendar-grid';

/**
 * Connecting Google Calendar as a person does it: the button leads to Google's consent page, "Allow" leads back,
 * and a Google event shows in the month view. The site of the other specs has no Google OAuth client (the button
 * says what to set there: planner.spec.ts), so this one serves the same built apps against a second API whose
 * Google is the local stand-in speaking Google's OAuth 2.0 and Calendar v3 (api/test/google-standin.ts).
 */
const site = inject('site');
let google: GoogleStandIn;
let second: SecondSite | undefined;
let browser: Browser;
let siteB = site;

beforeAll(async () => {
  second = await startSecondSite(site, 'Google', async ({ apiUrl }) => {
    google = await startGoogleStandIn({ redirectUris: [`${apiUrl}/api/calendar/google/callback`] });
    return {
      CALENDAR_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_OAUTH_BASE_URL: google.url,
      GOOGLE_API_BASE_URL: google.url,
    };
  });
  siteB = second.site;
  browser = await launchBrowser();
}, 150_000);

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
  await second?.close();
  await google?.close();
});

describe('Google Calendar', () => {
  it("connects through Google's consent page, shows its event in the month view, writes a new event to Google, and deletes and moves one day of a repeating one there", async () => {
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

    // One day of a repeating Google event: deleted, then another one moved, "this one" only, as Google's apps do it.
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    google.putEvent(google.account, {
      id: 'swim',
      summary: 'Morning swim',
      start: { dateTime: `${today}T12:00:00Z`, timeZone: 'UTC' },
      end: { dateTime: `${today}T13:00:00Z`, timeZone: 'UTC' },
      recurrence: ['RRULE:FREQ=DAILY;COUNT=2'],
    });
    await page.goto(`${siteB.shellUrl}/calendar/connections`);
    await account.getByRole('button', { name: 'Sync now' }).click();
    await account.getByText(`${google.account} (3 events)`).waitFor({ timeout: 30_000 });
    await page.goto(`${siteB.shellUrl}/calendar`);
    const cell = (date: string) => grid.locator(`[role="cell"][data-date="${date}"]`);
    await deleteOneDay(
      page,
      cell(today).getByText('Morning swim'),
      `Deleted "Morning swim" on that day from ${google.account}.`,
    );
    const inGoogle = () => google.instancesOf(google.account, 'swim').map((event) => event.start?.dateTime);
    expect(inGoogle()).toEqual([`${day(1)}T12:00:00.000Z`]);
    await cell(today).getByText('Morning swim').waitFor({ state: 'detached', timeout: 20_000 });

    await moveOneDay(
      page,
      cell(day(1)).getByText('Morning swim'),
      cell(day(2)),
      'Morning swim',
      `Moved "Morning swim" (only this one) in ${google.account}.`,
    );
    // A day later on the wall clock of the browser's zone (as the grid moves it), whatever its daylight-saving days.
    const movedTo = await page.evaluate(
      (iso) => {
        const date = new Date(iso);
        date.setDate(date.getDate() + 1);
        return date.toISOString();
      },
      `${day(1)}T12:00:00.000Z`,
    );
    expect(inGoogle()).toEqual([movedTo]);
    await cell(day(2)).getByText('Morning swim').waitFor({ timeout: 20_000 });
    await cell(day(1)).getByText('Morning swim').waitFor({ state: 'detached', timeout: 20_000 });
  });
});
