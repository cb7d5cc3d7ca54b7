import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;
let adminPage: Page;
let creator: ApiUser;
let programId = 0;
const title = `Run Club ${Date.now()}`;

interface InboxMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** Waits for a mail to an address in MailDev (its REST API, as a person reads the inbox). */
async function mailTo(address: string, subject: string, timeoutMs: number): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const inbox = (await (await fetch(`${site.mailUrl}/api/email`)).json()) as InboxMail[];
    const found = inbox.find((mail) => mail.to.some((to) => to.address === address) && mail.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no mail "${subject}" to ${address} within ${timeoutMs / 1000} s`);
}

beforeAll(async () => {
  creator = await signUpThroughApi(site, 'review-creator', { as_creator: true });
  const made = await apiRequest(
    site,
    'POST',
    '/api/program/create',
    {
      board: creator.boardId,
      params: {
        title,
        price_cents: 1900,
        currency: 'USD',
        status: 'published',
        description: '<p>For new runners.</p>',
      },
    },
    creator.token,
  );
  programId = (made.body.program as { id: number }).id;
  for (const [position, chapter, body, days] of [
    [0, 'Week one', 'Walk and run for twenty minutes.', 0],
    [1, 'Week two', 'Three runs of ten minutes.', 7],
  ] as const)
    await apiRequest(
      site,
      'POST',
      '/api/chapter/create',
      {
        board: creator.boardId,
        params: { program_id: programId, position, title: chapter, body: `<p>${body}</p>`, available_after_days: days },
      },
      creator.token,
    );
  browser = await launchBrowser();
  adminPage = (await watchedPage(browser)).page;
  adminPage.setDefaultTimeout(15_000);
  await signInThroughApi(adminPage, site, site.admin);
});
afterEach(expectNoPageProblems);
afterAll(async () => {
  await browser?.close();
});

describe('an admin reviewing a program', () => {
  it('reads its chapters and lessons, approves it, and the creator is mailed', async () => {
    await adminPage.goto(`${site.shellUrl}/admin/program/${programId}`);
    await adminPage.getByRole('heading', { name: 'Chapters (2)' }).waitFor();
    const first = adminPage.getByRole('article', { name: 'Chapter 1: Week one' });
    expect(await first.textContent()).toContain('Walk and run for twenty minutes.');
    expect(await first.textContent()).toContain('(opens at once)');
    expect(await adminPage.getByRole('article', { name: 'Chapter 2: Week two' }).textContent()).toContain(
      '(opens 7 days after buying)',
    );
    expect(await adminPage.getByText(/^In review · Price: 19\.00 USD$/).isVisible()).toBe(true);
    await adminPage.getByRole('button', { name: 'Approve and publish' }).click();
    await expect.poll(() => adminPage.getByText(/^Published · Price/).isVisible(), { timeout: 20_000 }).toBe(true);
    const mail = await mailTo(creator.email, `“${title}” is approved and on sale`, 30_000);
    expect(mail.text).toContain('people can buy it now');
  }, 90_000);
});
