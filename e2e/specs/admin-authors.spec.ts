import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, signUpThroughApi, type ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { tinyPng } from '../support/journal-page';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;
let adminPage: Page;
let creator: ApiUser;
let programId = 0;
const stamp = Date.now();
const pageName = `Coach Robin ${stamp}`;
// What signUpThroughApi names the account.
const accountName = `author-${stamp} tester`;

beforeAll(async () => {
  creator = await signUpThroughApi(site, `author-${stamp}`, { as_creator: true });
  const made = await apiRequest(
    site,
    'POST',
    '/api/program/create',
    {
      board: creator.boardId,
      params: { title: `Gentle strength ${stamp}`, price_cents: 0, currency: 'USD', status: 'published' },
    },
    creator.token,
  );
  programId = (made.body.program as { id: number }).id;
  const admin = await apiRequest(site, 'POST', '/api/login', site.admin);
  const review = await apiRequest(
    site,
    'POST',
    '/api/admin/programs/review',
    { id: programId, decision: 'approve' },
    admin.body.token as string,
  );
  expect(review.status).toBe(200);
  browser = await launchBrowser();
  adminPage = (await watchedPage(browser)).page;
  adminPage.setDefaultTimeout(15_000);
  await signInThroughApi(adminPage, site, site.admin);
});
afterEach(expectNoPageProblems);
afterAll(async () => {
  await browser?.close();
});

describe('an admin managing authors', () => {
  it('finds an author, verifies them, edits their public page, and the audit log keeps both', async () => {
    await adminPage.goto(`${site.shellUrl}/admin/authors`);
    await adminPage.getByLabel('Search by name or e-mail').fill(creator.email);
    const card = adminPage.getByLabel(accountName, { exact: true });
    await card.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => card.getByTitle('An administrator verified who this author is.').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await card.textContent()).toMatch(/verified on /);

    await card.getByRole('button', { name: 'Edit public page' }).click();
    const form = adminPage.getByRole('form', { name: /^Public page of / });
    await form.getByLabel('Name on the page').fill(pageName);
    await form.getByLabel('Bio').fill('Helps beginners get strong, slowly.');
    await form.getByLabel(/^Photo/).setInputFiles({ name: 'robin.png', mimeType: 'image/png', buffer: tinyPng });
    await form.getByRole('img', { name: /^Photo of / }).waitFor();
    // A link without an address is refused with words, and nothing is saved.
    await form.getByLabel(/^Links, one a line/).fill('My website');
    await form.getByRole('button', { name: 'Save page' }).click();
    await expect
      .poll(() => form.getByRole('alert').first().textContent(), { timeout: 20_000 })
      .toContain('Line 1 of the links needs a label, then its address');
    await form.getByLabel(/^Links, one a line/).fill('Website https://robin.example.com');
    await form.getByRole('button', { name: 'Save page' }).click();
    const saved = adminPage.getByLabel(pageName, { exact: true });
    await expect.poll(() => saved.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await saved.textContent()).toContain(`account name ${accountName}`);

    // The public page shows the mark, the name, bio, photo and link; so does the program's page.
    await saved.getByRole('link', { name: 'Public page' }).click();
    await adminPage.waitForURL(`**/author/**-${creator.user.id}`);
    const heading = adminPage.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent(), { timeout: 20_000 }).toBe(`${pageName}✓ Verified`);
    expect(await adminPage.getByText('Helps beginners get strong, slowly.').isVisible()).toBe(true);
    expect(await adminPage.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe(
      'https://robin.example.com',
    );
    await adminPage.getByRole('img', { name: `Photo of ${pageName}` }).waitFor();
    await adminPage.goto(`${site.shellUrl}/program/${programId}`);
    const byline = adminPage.locator('p').filter({ hasText: `By ${pageName}` });
    await expect.poll(() => byline.textContent(), { timeout: 20_000 }).toBe(`By ${pageName}✓ Verified`);

    await adminPage.goto(`${site.shellUrl}/admin/audit`);
    await adminPage.getByLabel(/^Search/).fill(creator.email);
    const edited = adminPage.getByRole('row').filter({ hasText: 'Author page edited' });
    await expect
      .poll(() => edited.textContent(), { timeout: 20_000 })
      .toContain(`${pageName} (${creator.email}): name, bio, photo, links changed (was “${accountName}”)`);
    const verified = adminPage.getByRole('row').filter({ hasText: 'Author verified or unverified' });
    expect(await verified.textContent()).toContain(`(${creator.email}): verified`);
  }, 120_000);
});
