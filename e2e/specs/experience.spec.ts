import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, createRecord, signUpThroughApi } from '../support/api-client';
import { seriousViolations } from '../support/axe';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;

/** Where the run keeps its screenshots (git-ignored): people look at them before calling the look done. */
const screenshotDir = process.env.E2E_SCREENSHOTS ?? join(site.repoRoot, 'e2e', 'test-results', 'screenshots');

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(screenshotDir, { recursive: true });
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

/** A page of its own (size, colour scheme), signed in as `credentials` (the demo account by default). */
async function signedInPage(options: BrowserContextOptions, credentials = site.demo): Promise<Page> {
  const { page } = await watchedPage(browser, options);
  await signInThroughApi(page, site, credentials);
  return page;
}

/** The screen's own content is in: an area's mounted screen or a shell page's heading, and no "Loading…" left. */
async function settled(page: Page): Promise<void> {
  await page.locator('.lb-main h1').first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('.lb-main [aria-busy="true"], .lb-main .lb-spinner'), null, {
      timeout: 5000,
    })
    .catch(() => undefined);
}

/** The relative luminance of a CSS colour (rgb/rgba), 0 (black) to 1 (white). */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const shotScreens = ['/home', '/journal', '/habits', '/calendar', '/account'];

describe('the look, light and dark, desktop and phone', () => {
  for (const scheme of ['light', 'dark'] as const)
    for (const [size, viewport] of [
      ['desktop', desktop],
      ['phone', phone],
    ] as const)
      it(`keeps screenshots of the main screens: ${scheme}, ${size}`, async () => {
        const page = await signedInPage({ viewport, colorScheme: scheme });
        for (const path of shotScreens) {
          await page.goto(`${site.shellUrl}${path}`);
          await settled(page);
          const file = join(screenshotDir, `${path.slice(1)}-${scheme}-${viewport.width}.png`);
          await page.screenshot({ path: file });
          const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
          if (scheme === 'dark') expect(luminance(background), `${path} background ${background}`).toBeLessThan(0.05);
          else expect(luminance(background), `${path} background ${background}`).toBeGreaterThan(0.8);
          // Nothing wider than the screen: no sideways scrolling on a phone.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} is wider than the ${viewport.width} px screen`).toBeLessThanOrEqual(0);
        }
        await page.close();
      });
});

describe('a phone (390 px)', () => {
  it('keeps the header to one line and opens the sections from the menu button', async () => {
    const page = await signedInPage({ viewport: phone });
    await page.goto(`${site.shellUrl}/home`);
    await settled(page);
    const header = await page.locator('header.lb-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(60);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Habits', exact: true }).click();
    await page.waitForURL('**/habits');
    // The menu closes once the new screen's route is taken, a frame after the address changes.
    await expect.poll(() => nav.isVisible()).toBe(false);
    await menu.click();
    expect(await nav.getByRole('link', { name: 'Habits', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.keyboard.press('Escape');
    expect(await nav.isVisible()).toBe(false);
    await page.close();
  });
});

describe('dark mode', () => {
  it('follows the system, and the account menu’s choice overrides it and is remembered', async () => {
    const page = await signedInPage({ viewport: desktop, colorScheme: 'dark' });
    await page.goto(`${site.shellUrl}/moods`);
    await settled(page);
    const body = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(luminance(await body())).toBeLessThan(0.05);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).waitFor();
    await page.screenshot({ path: join(screenshotDir, 'account-menu-dark-1280.png') });
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(luminance(await body())).toBeGreaterThan(0.8);
    await page.keyboard.press('Escape');
    await page.reload();
    await settled(page);
    expect(luminance(await body())).toBeGreaterThan(0.8);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    expect(luminance(await body())).toBeLessThan(0.05);
    await page.close();
  });
});

describe('signing in', () => {
  it('goes back to the page that was asked for', async () => {
    const { page } = await watchedPage(browser, { viewport: desktop });
    await page.goto(`${site.shellUrl}/account`);
    await page.waitForURL('**/login');
    await page.getByLabel('E-mail').fill(site.demo.email);
    await page.getByLabel('Password').fill(site.demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.close();
  });

  it('a deep link opened in a new tab lands where it points', async () => {
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    await signInThroughApi(page, site);
    const tab = await context.newPage();
    await tab.goto(`${site.shellUrl}/habits?from=link`);
    await tab.locator('.lb-main h1').first().waitFor();
    expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe('/habits?from=link');
    await context.close();
  });
});

describe('the command palette', () => {
  it('loads on the first Ctrl-K, finds a screen and goes there by keyboard alone, and runs an action', async () => {
    const user = await signUpThroughApi(site, 'palette');
    const watch = await watchedPage(browser, { viewport: desktop });
    const { page } = watch;
    await signInThroughApi(page, site, { email: user.email, password: user.password });
    await page.goto(`${site.shellUrl}/home`);
    await settled(page);
    const scriptsBefore = watch.requests.filter((url) => url.endsWith('.js')).length;
    const search = page.getByRole('button', { name: /^Search/ });
    await search.focus();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search screens, records and actions' });
    await input.waitFor();
    // Its code came with the shortcut, not with /home.
    expect(watch.requests.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(scriptsBefore);
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('sleep');
    await page.getByRole('option', { name: /Sleep/ }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/sleep');

    await page.keyboard.press('Control+k');
    await input.waitFor();
    // Each opening starts empty: a quick person's first keys are not added to the last search.
    expect(await input.inputValue()).toBe('');
    await page.keyboard.type('new journal');
    await page
      .getByRole('option', { name: /New journal entry/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/journal' && url.searchParams.get('entry') === 'new');

    // A record found by the API's search, and the action on it: check a habit in for today.
    const habit = await createRecord(site, user, 'habit', {
      title: 'Stretch the back',
      kind: 'yes_no',
      frequency_num: 1,
      frequency_den: 1,
    });
    await page.keyboard.press('Control+k');
    await input.waitFor();
    expect(await input.inputValue()).toBe('');
    await page.keyboard.type('stretch');
    await page.getByRole('option', { name: /^Stretch the back\s*,\s*Habit$/ }).waitFor();
    const checkIn = page.getByRole('option', { name: /Check in “Stretch the back” today/ });
    await page.screenshot({ path: join(screenshotDir, 'palette-light-1280.png') });
    expect(await checkIn.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.getByText('Checked in “Stretch the back” for today.').waitFor();
    const today = new Date().toLocaleDateString('en-CA');
    await expect
      .poll(async () => {
        const answer = await apiRequest(
          site,
          'POST',
          '/api/habit/stats',
          { board: user.boardId, params: { habit_id: habit.id, date: today } },
          user.token,
        );
        return (answer.body.stats as { total_checkins: number } | undefined)?.total_checkins;
      })
      .toBe(1);

    // Escape closes it and gives focus back to where it was.
    await search.focus();
    await page.keyboard.press('Control+k');
    await input.waitFor();
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  });
});

describe('keyboard only', () => {
  it('starts with a skip link, shows a focus ring on every stop, and dialogs keep and give back focus', async () => {
    const page = await signedInPage({ viewport: desktop });
    await page.goto(`${site.shellUrl}/habits`);
    await settled(page);
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(first).toBe('Skip to content');
    expect(await page.locator('.lb-skip-link').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    // Every stop of the walk shows where focus is (an outline or a ring).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const unringed: string[] = [];
    for (let stop = 0; stop < 40; stop++) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const shown =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
        return shown ? '' : `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      });
      if (ring) unringed.push(ring);
    }
    expect(unringed).toEqual([]);

    // The palette is a dialog: Tab stays inside it, Escape gives focus back.
    const search = page.getByRole('button', { name: /^Search/ });
    await search.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Search and commands' });
    await dialog.waitFor();
    for (let stop = 0; stop < 5; stop++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  });
});

const axeScreens = [
  '/home',
  '/journal',
  '/notes',
  '/moods',
  '/habits',
  '/my-goals',
  '/calendar',
  '/planner',
  '/sleep',
  '/exercises',
  '/workouts',
  '/programs',
  '/account',
  '/boards',
  '/data',
];

describe('accessibility (axe)', () => {
  for (const scheme of ['light', 'dark'] as const)
    it(`has no serious or critical violation on the main screens (${scheme})`, async () => {
      // axe adds <style> elements of its own while it runs, which the site's CSP refuses: only these pages let them.
      const page = await signedInPage({ viewport: desktop, colorScheme: scheme, bypassCSP: true });
      const found: string[] = [];
      for (const path of axeScreens) {
        await page.goto(`${site.shellUrl}${path}`);
        await settled(page);
        for (const violation of await seriousViolations(page))
          found.push(
            `${path} ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.join('\n    ')}`,
          );
      }
      expect(found).toEqual([]);
      await page.close();
    });
});
