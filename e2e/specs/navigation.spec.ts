import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = (await watchedPage(browser)).page;
  // Every change of the address, with who made it: what a missed click reports.
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __addressLog: string[] }).__addressLog = log;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
        const caller = (new Error().stack ?? '')
          .split('\n')
          .slice(2, 5)
          .map((line) => line.trim())
          .join(' < ');
        log.push(`${method} ${String(url ?? '(same)')} from ${caller}`);
        if (log.length > 20) log.shift();
        original(state, unused, url);
      };
    }
    // A click timed by the page itself: on the main navigation's link named here, the moment the session check
    // (`GET /api/user`) gets its answer, before the app has read it.
    const link = sessionStorage.getItem('e2e:click-when-user-answers');
    if (!link) return;
    sessionStorage.removeItem('e2e:click-when-user-answers');
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (
      this: XMLHttpRequest,
      method: string,
      url: string | URL,
      ...rest: unknown[]
    ) {
      if (new URL(String(url), location.href).pathname === '/api/user') {
        this.addEventListener('loadend', () => {
          const anchors = Array.from(document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main"] a'));
          anchors.find((anchor) => anchor.textContent === link)?.click();
        });
      }
      return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
    };
  });
  const user = await signUpThroughApi(site, 'nav');
  await signInThroughApi(page, site, { email: user.email, password: user.password });
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

/** The main navigation's links, with what shows once each has opened: an area's mounted screen or a shell page. */
const stops = [
  { link: 'Journal', path: '/journal', content: '[data-area="mf_journal"] .lb-area__parcel [data-area="mf_journal"]' },
  { link: 'Home', path: '/home', content: '.lb-main h1' },
  { link: 'Goals', path: '/my-goals', content: '[data-area="mf_goals"] .lb-area__parcel > *' },
  { link: 'Exercises', path: '/exercises', content: '[data-area="mf_fitness"] .lb-area__parcel > *' },
  { link: 'Boards', path: '/boards', content: '.lb-main h1' },
  { link: 'Programs', path: '/programs', content: '[data-area="mf_creator"] .lb-area__parcel > *' },
  { link: 'Journal', path: '/journal', content: '[data-area="mf_journal"] .lb-area__parcel [data-area="mf_journal"]' },
  { link: 'Exercises', path: '/exercises', content: '[data-area="mf_fitness"] .lb-area__parcel > *' },
  { link: 'Data', path: '/data', content: '.lb-main h1' },
  { link: 'Goals', path: '/my-goals', content: '[data-area="mf_goals"] .lb-area__parcel > *' },
] as const;

/** The main navigation's link called `name`. */
function navLink(name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

describe('navigation', () => {
  // A click on a navigation link used to leave the address unchanged about once in 40–76 clicks: the journal
  // answered the board chosen by the session check after a load with a `setSearchParams`, which navigates
  // relative to the journal's route, so a click made in that moment was taken back to /journal.
  it('takes every one of 100 clicks across areas and shell pages to its page, right after loads too', async () => {
    await page.goto(`${site.shellUrl}/home`);
    await page.locator('.lb-main h1').waitFor();
    const missed: string[] = [];
    for (let click = 0; click < 100; click++) {
      const stop = stops[click % stops.length];
      const from = new URL(page.url()).pathname;
      const afterLoad = click % 4 === 1 && stop.path !== '/journal';
      if (afterLoad) {
        // A fresh load of the journal as after a sign-in elsewhere (no board kept on this device), and the click
        // made the moment the session check answers, which then chooses the user's board.
        await page.evaluate((name) => {
          localStorage.removeItem('lifeboard:board');
          sessionStorage.setItem('e2e:click-when-user-answers', name);
        }, stop.link);
        await page.goto(`${site.shellUrl}/journal`);
      } else {
        await navLink(stop.link).click();
      }
      try {
        await page.waitForURL((url) => url.pathname === stop.path, { timeout: 5000 });
        await page.locator(stop.content).first().waitFor({ timeout: 10_000 });
        // The address stays where the click took it once the page has settled.
        await page.waitForTimeout(20);
        expect(new URL(page.url()).pathname).toBe(stop.path);
      } catch (error) {
        const changes = await page.evaluate(() =>
          (window as unknown as { __addressLog: string[] }).__addressLog.slice(-4),
        );
        missed.push(
          `click ${click}${afterLoad ? ' (after a load)' : ''}: ${from} → ${stop.path}, address ${new URL(page.url()).pathname}: ${String(error).split('\n')[0]}\n  ${changes.join('\n  ')}`,
        );
        await page.goto(`${site.shellUrl}${stop.path}`);
      }
    }
    expect(missed).toEqual([]);
  }, 300_000);

  it('leaves the reader on the page they went to when a new journal entry is saved after they left it', async () => {
    await page.goto(`${site.shellUrl}/journal?entry=new`);
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Left in a hurry');
    const created = page.waitForResponse((response) => response.url().endsWith('/api/journal_entry/create'));
    // Within the autosave's pause: leaving saves what was typed.
    await navLink('Goals').click();
    expect((await created).status()).toBe(201);
    await page.locator(stops[2].content).first().waitFor();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/my-goals');
  });

  it('creates no journal entry for a new one whose only character was taken back', async () => {
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/journal_entry/create')) creates.push(request.url());
    });
    await page.goto(`${site.shellUrl}/journal?entry=new`);
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.pressSequentially('x');
    await title.press('Backspace');
    await page.waitForTimeout(1500); // longer than the autosave's pause
    await page.getByRole('button', { name: 'Back to entries' }).click();
    await page.getByRole('button', { name: 'New entry' }).waitFor();
    await navLink('Home').click();
    await page.locator('.lb-main h1').waitFor();
    await page.waitForTimeout(300);
    expect(creates).toEqual([]);
  });
});
