import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;
let adminPage: Page;
let userPage: Page;
let person: ApiUser;

beforeAll(async () => {
  browser = await launchBrowser();
  [adminPage, userPage] = (await Promise.all([watchedPage(browser), watchedPage(browser)])).map((w) => w.page);
  person = await signUpThroughApi(site, 'suspended');
  await Promise.all([
    signInThroughApi(adminPage, site, site.admin),
    signInThroughApi(userPage, site, { email: person.email, password: person.password }),
  ]);
});
afterEach(expectNoPageProblems);
afterAll(async () => {
  await browser?.close();
});

describe('an admin suspending a user', () => {
  it('finds the user, suspends them after confirming, and their session stops at once', async () => {
    await userPage.goto(`${site.shellUrl}/home`);
    await userPage.waitForURL('**/home');

    await adminPage.goto(`${site.shellUrl}/admin/users`);
    await adminPage.getByLabel('Search by name or e-mail').fill(person.email);
    await adminPage.getByRole('row').filter({ hasText: person.email }).getByRole('link').click();
    await adminPage.waitForURL(`**/admin/users/${person.user.id}`);
    await adminPage.getByRole('heading', { name: 'Sign-ins and devices' }).waitFor();
    expect(await adminPage.getByText('Active', { exact: true }).isVisible()).toBe(true);
    await adminPage.getByRole('button', { name: 'Suspend account' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await expect.poll(() => adminPage.getByText(/^Suspended since /).isVisible(), { timeout: 20_000 }).toBe(true);

    // The token stops at once, with words that say why.
    const refused = await apiRequest(site, 'GET', '/api/user', undefined, person.token);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'LB-AUTH-SUSPENDED' });

    // In the browser the session ends; signing in again says the account is suspended.
    await userPage.reload();
    await userPage.waitForURL(/\/login/, { timeout: 20_000 });
    await userPage.getByLabel('E-mail').fill(person.email);
    await userPage.getByLabel('Password').fill(person.password);
    await userPage.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => userPage.getByText(/This account is suspended/).isVisible(), { timeout: 20_000 })
      .toBe(true);

    // The audit log keeps it, in words.
    await adminPage.goto(`${site.shellUrl}/admin/audit`);
    await adminPage.getByLabel(/^Search/).fill(person.email);
    const entry = adminPage.getByRole('row').filter({ hasText: 'Account suspended' });
    await expect.poll(() => entry.textContent(), { timeout: 20_000 }).toContain(person.email);
    expect(await entry.textContent()).toContain(site.admin.email);
  });
});
