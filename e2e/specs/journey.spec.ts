import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import type { PageWatch } from '../support/browser';

const site = inject('site');
let browser: Browser;
let watch: PageWatch;
let page: Page;

const email = `journey-${Date.now()}@example.com`;
const quoteText = `Well begun is half done ${Date.now()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  watch = await watchedPage(browser);
  page = watch.page;
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

function areaContent(area: string) {
  return page.locator(`[data-area="${area}"] .lb-area__parcel > *`).first();
}

/** One user's first visit, in order: each step builds on the one before. */
describe('a new user', () => {
  it('signs up and is taken through onboarding to home', async () => {
    await page.goto(`${site.shellUrl}/sign-up`);
    await page.getByLabel('Name', { exact: true }).fill('Journey Tester');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/onboarding');
    await page.getByLabel('Name of your first board').fill('Personal');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('current-board').textContent()).toBe('Personal');
  });

  it('opens every area', async () => {
    for (const [path, area] of [
      ['/journal', 'mf_journal'],
      ['/my-goals', 'mf_goals'],
      ['/exercises', 'mf_fitness'],
      ['/programs', 'mf_creator'],
    ]) {
      await page.goto(`${site.shellUrl}${path}`);
      await areaContent(area).waitFor();
    }
  });

  it("adds a quote in a remote, and a board switch in the shell changes the remote's list at once", async () => {
    await page.goto(`${site.shellUrl}/quotes`);
    await areaContent('mf_journal').waitFor();
    await page.getByRole('button', { name: 'Add quote' }).first().click();
    const form = page.getByRole('form', { name: 'New quote' });
    await form.getByLabel('Text').fill(quoteText);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/quote/create'));
    await form.getByRole('button', { name: 'Add quote' }).click();
    expect((await saved).status()).toBe(201);
    await page.getByText(quoteText).first().waitFor();
    await page.getByRole('button', { name: 'New quote' }).waitFor(); // the form closed: its draft is gone

    // A second board, made and selected in the shell's pages. (A full page load would select the user's default
    // board again, spec §4, so the way back to the remote is the browser's back button: no reload.)
    await page.getByRole('link', { name: 'Boards' }).click();
    await page.getByLabel('Board name').fill('Second board');
    await page.getByRole('button', { name: 'Create and switch to it' }).click();
    await expect.poll(async () => page.getByTestId('current-board').textContent()).toBe('Second board');

    await page.goBack();
    await page.waitForURL('**/quotes');
    await page.getByText('No quotes yet').waitFor();
    const list = page.locator('[data-model="quote"]');
    expect(await list.getByText(quoteText).count(), await list.innerText()).toBe(0);

    // Switching back with the shell's switcher while the remote stays mounted shows the quote again.
    await page.getByRole('button', { name: /^Board/ }).click();
    await page.getByRole('menuitemradio', { name: 'Personal' }).click();
    await page.getByText(quoteText).first().waitFor();
  });

  it('signs out, and the guard then sends a user route to /login', async () => {
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/quotes'));
    await page.goto(`${site.shellUrl}/home`);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(watch.cspViolations).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
  });
});
