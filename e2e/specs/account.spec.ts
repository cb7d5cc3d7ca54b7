import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';

/** A user takes everything out of Lifeboard, then leaves: the promises of the public pages, kept. */
const site = inject('site');
const email = `leaving-${Date.now()}@example.com`;
const password = 'a long enough password';
const quoteText = `Leave the campsite cleaner ${Date.now()}`;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = (await watchedPage(browser)).page;
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

const login = () =>
  fetch(`${site.apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password }),
  });

describe('a user leaving Lifeboard', () => {
  it('signs up and keeps something', async () => {
    await page.goto(`${site.shellUrl}/sign-up`);
    await page.getByLabel('Name', { exact: true }).fill('Leaving User');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/onboarding');
    await page.getByLabel('Name of your first board').fill('Personal');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL('**/home');
    await page.goto(`${site.shellUrl}/quotes`);
    await page.locator('[data-area="mf_journal"] .lb-area__parcel > *').first().waitFor();
    await page.getByRole('button', { name: 'Add quote' }).first().click();
    const form = page.getByRole('form', { name: 'New quote' });
    await form.getByLabel('Text').fill(quoteText);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/quote/create'));
    await form.getByRole('button', { name: 'Add quote' }).click();
    expect((await saved).status()).toBe(201);
  });

  it('downloads all of it from /account as one zip', async () => {
    await page.goto(`${site.shellUrl}/account`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^lifeboard-account-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await file.path())));
    const data = JSON.parse(strFromU8(files['lifeboard.json']));
    expect(data.user.email).toBe(email);
    expect(data.boards.map((board: { name: string }) => board.name)).toContain('Personal');
    const quotes = data.boards.flatMap(
      (board: { records: { quote?: { text: string }[] } }) => board.records.quote ?? [],
    );
    expect(quotes.map((quote: { text: string }) => quote.text)).toEqual([quoteText]);
  });

  it('deletes the account on /security with the password, and the address is free again', async () => {
    await page.goto(`${site.shellUrl}/security`);
    const form = page.getByRole('form', { name: 'Delete your account' });
    await form.getByLabel('Your password').fill('not my password');
    await form.getByRole('button', { name: 'Delete my account and everything in it' }).click();
    await form.getByText('is not your password', { exact: true }).waitFor();
    expect((await login()).status).toBe(200);

    await form.getByLabel('Your password').fill(password);
    await form.getByRole('button', { name: 'Delete my account and everything in it' }).click();
    await page.waitForURL(`${site.shellUrl}/`);
    await page.getByText(`Your account is deleted. A confirmation is on its way to ${email}.`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect((await login()).status).toBe(422);
    // Signed out: the app's pages send the visitor to sign in.
    await page.goto(`${site.shellUrl}/home`);
    await page.waitForURL('**/login**');

    await page.goto(`${site.shellUrl}/sign-up`);
    await page.getByLabel('Name', { exact: true }).fill('Back Again');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/onboarding');
  });
});
