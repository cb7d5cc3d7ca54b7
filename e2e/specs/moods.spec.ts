import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { listRecords, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import type { PageWatch } from '../support/browser';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;
let watch: PageWatch;
let page: Page;
let user: ApiUser;

beforeAll(async () => {
  browser = await launchBrowser();
  watch = await watchedPage(browser);
  page = watch.page;
  user = await signUpThroughApi(site, 'moods');
  await signInThroughApi(page, site, { email: user.email, password: user.password });
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

describe('moods', () => {
  it("logs a mood in one tap and draws it on the week's chart, described in words and as a table", async () => {
    await page.goto(`${site.shellUrl}/moods`);
    await page.getByLabel('Words (optional)').fill('Slept well');
    await page.getByRole('button', { name: 'Log mood 4 of 5: Good' }).click();
    await expect
      .poll(async () => (await listRecords(site, user, 'mood', 'moods')).map((m) => [m.score, m.note]), {
        timeout: 20_000,
      })
      .toEqual([[4, 'Slept well']]);
    const chart = page.getByRole('img', { name: 'Average mood per week' });
    await chart.locator('circle').first().waitFor({ timeout: 20_000 });
    expect(await chart.locator('circle').count()).toBe(1);
    expect(await chart.locator('desc').textContent()).toMatch(
      /^Average mood per week over the last 12 weeks, on a scale of 1 to 5\. Highest: 4 in Week of /,
    );
    await page.getByText('Show the data as a table').click();
    const rows = page.getByRole('table', { name: 'Average mood per week' }).getByRole('row');
    expect(await rows.count()).toBe(13);
    expect(await rows.last().textContent()).toContain('4 (Good)');
  });
});
