import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, createRecord, getRecord, listRecords, signUpThroughApi } from '../support/api-client';
import type { ApiRecord, ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { editorArea, saveState } from '../support/journal-page';
import { signInThroughApi } from '../support/session';

/**
 * Issue 31 §4: the site works offline, once turned on in this browser (/devices; off by default, issue 35). Screens
 * seen before open with their last data from the service worker, the shell says it is offline, and a journal edit,
 * a mood and a habit check-in made meanwhile are queued and reach the API once each when the network is back.
 */
const site = inject('site');
let browser: Browser;
let page: Page;
let user: ApiUser;
let entry: ApiRecord;
let habit: ApiRecord;
let today: string;

beforeAll(async () => {
  browser = await launchBrowser();
  page = (await watchedPage(browser)).page;
  user = await signUpThroughApi(site, 'offline');
  entry = await createRecord(site, user, 'journal_entry', {
    title: 'Before the ferry',
    body: '<p>Packed the bags.</p>',
    date: '2026-11-28',
  });
  habit = await createRecord(site, user, 'habit', {
    title: 'Stretch',
    kind: 'yes_no',
    frequency_num: 1,
    frequency_den: 1,
  });
  await signInThroughApi(page, site, { email: user.email, password: user.password });
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

const banner = () => page.locator('.lb-offline-banner[role="status"]');

async function visit(path: string, ready: () => Promise<unknown>): Promise<void> {
  await page.goto(`${site.shellUrl}${path}`);
  await ready();
}

const keptAnswers = () => page.evaluate(async () => (await (await caches.open('lifeboard-data-v1')).keys()).length);

/**
 * A screen opened online, then kept: the page keeps its answers and hands the worker its files when it is idle,
 * so this waits as a person stays on a screen a moment before the network goes.
 */
async function visitAndKeep(path: string, ready: () => Promise<unknown>): Promise<void> {
  const answersBefore = await keptAnswers();
  await visit(path, ready);
  await expect.poll(keptAnswers, { timeout: 15_000 }).toBeGreaterThan(answersBefore);
  const unkept = () =>
    page.evaluate(async () => {
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\.[0-9a-f]{8,}\.js$/.test(name));
      const matches = await Promise.all(files.map((file) => caches.match(file)));
      return files.filter((_, index) => !matches[index]);
    });
  await expect.poll(unkept, { timeout: 15_000 }).toEqual([]);
}

describe('offline', () => {
  it(
    'reads screens seen before, queues writes, and sends each once when the network is back',
    { timeout: 180_000 },
    async () => {
      // Offline use is off until this browser's owner turns it on: no worker, nothing kept.
      await visit('/home', () => page.getByRole('link', { name: 'Lifeboard' }).first().waitFor());
      // The start's offline step runs in the first idle moment after the first screen, 2 s at the latest
      // (bootstrap.tsx): by then a worker would be registered.
      await page.waitForTimeout(2_500);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration('/').then(Boolean))).toBe(false);
      await visit('/devices', () => page.getByRole('heading', { name: 'Offline use' }).waitFor());
      await page.getByRole('checkbox', { name: 'Open Lifeboard in this browser without a network' }).check();
      await page
        .getByText('Offline use is on in this browser. The screens you open from now on are kept here.')
        .waitFor();
      // Online: the service worker takes control, then each screen is opened once (its files and data kept).
      await visit('/home', () => page.getByRole('link', { name: 'Lifeboard' }).first().waitFor());
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      today = await page.evaluate(() => {
        const now = new Date();
        return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      });
      await visit('/home', () => page.getByRole('link', { name: 'Lifeboard' }).first().waitFor());
      await visitAndKeep(`/journal?entry=${entry.id}`, () => editorArea(page).getByText('Packed the bags.').waitFor());
      await visitAndKeep('/moods', () => page.getByRole('button', { name: 'Log mood 4 of 5: Good' }).waitFor());
      const line = page.locator(`[data-habit-id="${habit.id}"]`);
      await visitAndKeep('/habits', () => line.locator(`[data-date="${today}"]`).waitFor());
      expect(await banner().count()).toBe(0);

      await page.context().setOffline(true);
      try {
        // A screen seen before opens with its last data, and the shell says so.
        await visit(`/journal?entry=${entry.id}`, () => editorArea(page).getByText('Packed the bags.').waitFor());
        await expect.poll(() => banner().textContent()).toMatch(/^You're offline\. This screen shows what was kept/);

        // A journal edit: kept on this device.
        const editor = editorArea(page);
        await editor.getByText('Packed the bags.').click();
        await page.keyboard.press('End');
        await page.keyboard.type(' Ferry cancelled, wrote this offline.');
        await expect.poll(() => saveState(page), { timeout: 20_000 }).toBe('offline');
        await expect.poll(() => banner().textContent()).toContain('1 change waiting to be sent.');

        // A mood.
        await visit('/moods', () => page.getByRole('button', { name: 'Log mood 4 of 5: Good' }).waitFor());
        await page.getByLabel('Words (optional)').fill('Calm despite the ferry');
        await page.getByRole('button', { name: 'Log mood 4 of 5: Good' }).click();
        await expect.poll(() => banner().textContent()).toContain('2 changes waiting to be sent.');

        // A habit check-in.
        await visit('/habits', () => line.locator(`[data-date="${today}"]`).waitFor());
        await line.locator(`[data-date="${today}"]`).click();
        await expect.poll(() => line.locator(`[data-date="${today}"]`).getAttribute('data-state')).toBe('done');
        await expect.poll(() => banner().textContent()).toContain('3 changes waiting to be sent.');

        // Nothing reached the server meanwhile.
        expect(String((await getRecord(site, user, 'journal_entry', entry.id)).body)).not.toContain('Ferry cancelled');
        expect(await listRecords(site, user, 'mood', 'moods')).toEqual([]);
      } finally {
        await page.context().setOffline(false);
      }

      // Back online: the three go, in order, once each.
      await expect.poll(() => banner().count(), { timeout: 30_000 }).toBe(0);
      const body = String((await getRecord(site, user, 'journal_entry', entry.id)).body);
      expect(body.split('Ferry cancelled, wrote this offline.')).toHaveLength(2);
      expect((await listRecords(site, user, 'mood', 'moods')).map((m) => [m.score, m.note])).toEqual([
        [4, 'Calm despite the ferry'],
      ]);
      const stats = await apiRequest(
        site,
        'POST',
        '/api/habit/stats',
        { board: user.boardId, params: { habit_id: habit.id, date: today } },
        user.token,
      );
      expect(stats.body.stats).toMatchObject({ total_checkins: 1 });
      await expect.poll(() => page.evaluate(() => localStorage.getItem('lifeboard:offline-writes'))).toBeNull();

      // A new visit sends nothing again: each write went once.
      await visit('/moods', () => page.getByRole('button', { name: 'Log mood 4 of 5: Good' }).waitFor());
      expect(await listRecords(site, user, 'mood', 'moods')).toHaveLength(1);
    },
  );

  it('forgets the kept answers on sign-out: nothing of this person is left for the next one', async () => {
    const keptBefore = await page.evaluate(async () => (await (await caches.open('lifeboard-data-v1')).keys()).length);
    expect(keptBefore).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => page.evaluate(() => caches.has('lifeboard-data-v1'))).toBe(false);
    // Signed out, the site's files are still kept, so the sign-in page opens offline too.
    expect(await page.evaluate(() => caches.has('lifeboard-shell-v1'))).toBe(true);
  });

  it('turned off, deletes what was kept and the worker: the next visit goes to the network alone', async () => {
    await signInThroughApi(page, site, { email: user.email, password: user.password });
    await visit('/devices', () => page.getByRole('heading', { name: 'Offline use' }).waitFor());
    const box = page.getByRole('checkbox', { name: 'Open Lifeboard in this browser without a network' });
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await page
      .getByText('Offline use is off in this browser. What was kept for it is deleted from this device.')
      .waitFor();
    expect(
      await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('lifeboard-'))),
    ).toEqual([]);
    await visit('/home', () => page.getByRole('link', { name: 'Lifeboard' }).first().waitFor());
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration('/').then(Boolean))).toBe(false);
  });
});
