import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import type { PageWatch } from '../support/browser';
import { signInThroughApi } from '../support/session';
import { startRadicale, type Radicale } from '../../api/test/radicale';
import { deleteOneDay, moveOneDay, renameOneDay } from '../support/calendar-grid';

/*
 * Connecting a CalDAV account, against a real Radicale on this machine (the site runs with loopback allowed, as
 * `pnpm start`): its event shows in the month view, an event added in Lifeboard lands on the server, and one day of a
 * repeating event deleted, dragged or renamed in Lifeboard is changed in the event's own object there.
 */

const site = inject('site');
let browser: Browser;
let watch: PageWatch;
let page: Page;
let user: ApiUser;
let radicale: Radicale;

const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  radicale = await startRadicale({ sam: 'sam-app-password' });
  await radicale.makeCalendar('sam', 'personal', 'Personal', '#2E7D32FF');
  // Today at 12:00 UTC, so the month view shows it whatever the machine's zone.
  const now = new Date();
  const day = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}`;
  const put = await radicale.request(
    'sam',
    'PUT',
    '/sam/personal/yoga.ics',
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//e2e//EN',
      'BEGIN:VEVENT',
      'UID:yoga@e2e',
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${day}T120000Z`,
      `DTEND:${day}T130000Z`,
      'SUMMARY:Yoga with Sam',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );
  expect(put.status).toBe(201);
  browser = await launchBrowser();
  watch = await watchedPage(browser);
  page = watch.page;
  user = await signUpThroughApi(site, 'caldav');
  await signInThroughApi(page, site, { email: user.email, password: user.password });
}, 60_000);

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
  await radicale?.stop();
});

describe('two-way calendar sync (CalDAV)', () => {
  it('connects a CalDAV account, shows its event in the month view, writes a new event to the server, and deletes, moves and renames one day of a repeating one there', async () => {
    await page.goto(`${site.shellUrl}/calendar/connections`);
    const form = page.getByRole('form', { name: 'Connect a CalDAV account' });
    await form.getByLabel('Service').selectOption('other');
    await form.getByLabel('Server address').fill(radicale.url);
    await form.getByLabel('User name').fill('sam');
    await form.getByLabel('Password').fill('wrong-password');
    await form.getByRole('button', { name: 'Connect' }).click();
    await form.getByText(/did not accept the user name or password/).waitFor({ timeout: 20_000 });
    await form.getByLabel('Password').fill('sam-app-password');
    await form.getByRole('button', { name: 'Connect' }).click();
    const account = page.getByRole('listitem', { name: /sam on 127\.0\.0\.1/ });
    await account.getByText(/Synced just now\./).waitFor({ timeout: 30_000 });
    expect(await account.textContent()).toContain('1 event');

    await page.goto(`${site.shellUrl}/calendar`);
    const grid = page.locator('.lb-calendar');
    await grid.getByText('Yoga with Sam').first().waitFor({ timeout: 20_000 });

    await page.getByText('Add an event to a synced calendar').click();
    const add = page.getByRole('form', { name: 'Add an event to a synced calendar' });
    await add.getByLabel('Title').fill('Climbing');
    await add.getByRole('button', { name: 'Add the event' }).click();
    await page.getByText('Added "Climbing" to Personal.').waitFor({ timeout: 20_000 });
    await grid.getByText('Climbing').first().waitFor({ timeout: 20_000 });
    const listing = await (
      await radicale.request(
        'sam',
        'REPORT',
        '/sam/personal/',
        [
          '<?xml version="1.0" encoding="utf-8"?>',
          '<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">',
          '<D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>',
        ].join(''),
        { depth: '1', 'content-type': 'application/xml' },
      )
    ).text();
    expect(listing).toContain('SUMMARY:Climbing');

    // One day of a repeating event: deleted (an EXDATE), then another one moved (a RECURRENCE-ID override), "this
    // one" only, in the event's own object on the server.
    const today = new Date().toISOString().slice(0, 10);
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const compact = (date: string) => date.replace(/-/g, '');
    const swim = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//e2e//EN',
      'BEGIN:VEVENT',
      'UID:swim@e2e',
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${compact(today)}T120000Z`,
      `DTEND:${compact(today)}T130000Z`,
      'RRULE:FREQ=DAILY;COUNT=2',
      'SUMMARY:Swim with Sam',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect((await radicale.request('sam', 'PUT', '/sam/personal/swim.ics', swim)).status).toBe(201);
    const run = swim
      .replace('UID:swim@e2e', 'UID:run@e2e')
      .replace('COUNT=2', 'COUNT=3')
      .replace('SUMMARY:Swim with Sam', 'SUMMARY:Run with Sam');
    expect((await radicale.request('sam', 'PUT', '/sam/personal/run.ics', run)).status).toBe(201);
    await page.goto(`${site.shellUrl}/calendar/connections`);
    await account.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => account.textContent(), { timeout: 30_000 }).toContain('4 events');
    await page.goto(`${site.shellUrl}/calendar`);
    const cell = (date: string) => grid.locator(`[role="cell"][data-date="${date}"]`);
    const onServer = async () => (await radicale.request('sam', 'GET', '/sam/personal/swim.ics')).text();
    await deleteOneDay(
      page,
      cell(today).getByText('Swim with Sam'),
      'Deleted "Swim with Sam" on that day from Personal.',
    );
    expect(await onServer()).toContain(`EXDATE:${compact(today)}T120000Z`);
    await cell(today).getByText('Swim with Sam').waitFor({ state: 'detached', timeout: 20_000 });

    await moveOneDay(
      page,
      cell(day(1)).getByText('Swim with Sam'),
      cell(day(2)),
      'Swim with Sam',
      'Moved "Swim with Sam" (only this one) in Personal.',
    );
    const text = await onServer();
    expect(text).toContain(`RECURRENCE-ID:${compact(day(1))}T120000Z`);
    // A day later on the wall clock of the browser's zone (as the grid moves it), whatever its daylight-saving days.
    const movedTo = await page.evaluate(
      (iso) => {
        const date = new Date(iso);
        date.setDate(date.getDate() + 1);
        return date.toISOString();
      },
      `${day(1)}T12:00:00.000Z`,
    );
    expect(text).toContain(`DTSTART:${movedTo.slice(0, 19).replace(/[-:]/g, '')}Z`);
    await cell(day(2)).getByText('Swim with Sam').waitFor({ timeout: 20_000 });
    await cell(day(1)).getByText('Swim with Sam').waitFor({ state: 'detached', timeout: 20_000 });

    // One day renamed ("this one"): an override in place with the new title; the days before and after keep theirs.
    const runOn = (date: string, title = 'Run with Sam') => cell(date).getByText(title, { exact: true });
    await renameOneDay(
      page,
      runOn(day(1)),
      'Run with Sam',
      'Run with Sam (track)',
      'Renamed "Run with Sam" to "Run with Sam (track)" (only this one) in Personal.',
    );
    const renamed = await (await radicale.request('sam', 'GET', '/sam/personal/run.ics')).text();
    expect(renamed).toContain(`RECURRENCE-ID:${compact(day(1))}T120000Z`);
    expect(renamed).toContain('SUMMARY:Run with Sam (track)');
    await runOn(day(1), 'Run with Sam (track)').waitFor({ timeout: 20_000 });
    await runOn(day(1)).waitFor({ state: 'detached', timeout: 20_000 });
    await runOn(today).waitFor({ timeout: 20_000 });
    await runOn(day(2)).waitFor({ timeout: 20_000 });
    expect(await grid.getByText('Run with Sam (track)').count()).toBe(1);
  });
});
