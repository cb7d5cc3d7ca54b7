import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRecord, signUpThroughApi, type ApiUser } from '../support/api-client';
import { seriousViolations } from '../support/axe';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;
let user: ApiUser;

/** Where the run keeps its screenshots (git-ignored), as specs/experience.spec.ts. */
const screenshotDir = process.env.E2E_SCREENSHOTS ?? join(site.repoRoot, 'e2e', 'test-results', 'screenshots');
const phone = { width: 390, height: 844 };
// The browser's day is the test's: the events are made at local times of this process's zone.
const timezoneId = Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
// A day of this month other than today (today is selected from the start): the 10th or the 20th.
const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() >= 15 ? 10 : 20);
const dayText = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
const at = (hour: number, minute = 0) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute).toISOString();

// Long titles, as the ones FullCalendar's phone month cut ("Audit Yoga C…").
const events = [
  { title: 'Audit Yoga Club membership renewal and the locker paperwork', start_at: at(9), end_at: at(10) },
  { title: 'Dentist check-up with Dr. Okonkwo-Halvorsen', start_at: at(12, 30), end_at: at(13, 15) },
  { title: 'Parents’ evening at the primary school, room 14', start_at: at(18), end_at: at(19, 30) },
];

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(screenshotDir, { recursive: true });
  user = await signUpThroughApi(site, 'phone-month');
  for (const event of events) await createRecord(site, user, 'event', { ...event, all_day: false });
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

describe('the calendar month on a phone (390 px)', () => {
  for (const scheme of ['light', 'dark'] as const)
    it(`shows the month as dots and the tapped day's events in full below it (${scheme})`, async () => {
      // axe adds <style> elements of its own, which the site's CSP refuses: this page lets them.
      const { page } = await watchedPage(browser, {
        viewport: phone,
        hasTouch: true,
        colorScheme: scheme,
        timezoneId,
        bypassCSP: true,
      });
      await signInThroughApi(page, site, { email: user.email, password: user.password });
      await page.goto(`${site.shellUrl}/calendar`);
      const grid = page.getByRole('grid');
      await grid.waitFor({ timeout: 20_000 });
      // Settled: the first board after signing in is set once the user has loaded, and the month is asked again.
      await page.waitForLoadState('networkidle');
      // Our own grid, not FullCalendar's month.
      expect(await page.locator('.lb-calendar').count()).toBe(0);

      const cell = grid.locator(`[data-date="${dayText}"]`);
      await expect.poll(() => cell.getAttribute('aria-label'), { timeout: 20_000 }).toMatch(/, 3 events$/);
      expect(await cell.locator('.lb-month-dot').count()).toBe(3);
      // Drawn, in its event's colour.
      const firstDot = cell.locator('.lb-month-dot').first();
      await expect
        .poll(() => firstDot.evaluate((element) => element.getBoundingClientRect().width), { timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(await firstDot.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(47, 91, 211)');

      await cell.tap();
      expect(await cell.locator('xpath=..').getAttribute('aria-selected')).toBe('true');
      const agenda = page.locator('.lb-month-agenda');
      const items = agenda.getByRole('listitem');
      await expect.poll(() => items.count()).toBe(3);
      for (const [index, event] of events.entries()) {
        const title = items.nth(index).locator('.lb-month-item-title');
        expect(await title.textContent()).toBe(event.title);
        // In full: the text is not clipped by its box (no ellipsis, no overflow).
        const clipped = await title.evaluate(
          (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
        );
        expect(clipped, `"${event.title}" is cut`).toBe(false);
        expect(await title.isVisible()).toBe(true);
      }
      expect(await items.nth(0).locator('.lb-month-time').textContent()).toBe('9:00 – 10:00 AM');
      expect(await items.nth(1).locator('.lb-month-time').textContent()).toBe('12:30 – 1:15 PM');

      // Nothing wider than the screen, and nothing serious for axe.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(screenshotDir, `calendar-month-${scheme}-390.png`), fullPage: true });

      // The week is FullCalendar's again; its "Month view" brings the dots back, on the day chosen.
      await page.getByRole('tab', { name: 'Week view' }).click();
      await page.locator('.lb-calendar').waitFor({ timeout: 20_000 });
      await page.getByRole('tab', { name: 'Month view' }).click();
      await agenda.getByText(events[2].title).waitFor({ timeout: 20_000 });
      await page.close();
    });
});
