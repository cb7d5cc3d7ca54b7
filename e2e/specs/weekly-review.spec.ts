import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRecord, listRecords, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import type { PageWatch } from '../support/browser';
import { signInThroughApi } from '../support/session';

/** The weekly review: last week's focus shown back, habits, goals and values side by side, this week's saved. */
const site = inject('site');
let browser: Browser;
let watch: PageWatch;
let page: Page;
let user: ApiUser;

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const now = new Date();
const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7), 12);
const thisWeek = dayOf(monday);
const lastWeek = dayOf(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() - 7, 12));

beforeAll(async () => {
  browser = await launchBrowser();
  watch = await watchedPage(browser);
  page = watch.page;
  user = await signUpThroughApi(site, 'weekly-review');
  const health = await createRecord(site, user, 'value', { title: 'Health' });
  await createRecord(site, user, 'value', { title: 'Curiosity' });
  await createRecord(site, user, 'goal', {
    title: 'Run 10 km',
    value_ids: [health.id],
    milestones: [{ title: '5 km', done_at: new Date().toISOString() }, { title: '10 km' }],
  });
  await createRecord(site, user, 'habit', {
    title: 'Stretch',
    kind: 'yes_no',
    frequency_num: 1,
    frequency_den: 1,
    value_ids: [health.id],
  });
  await createRecord(site, user, 'weekly_review', { week: lastWeek, wins: 'Slept well', focus: 'Sleep by eleven' });
  await signInThroughApi(page, site, { email: user.email, password: user.password });
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

describe('the weekly review', () => {
  it('shows last week’s focus and the habits, goals and values of the week together', async () => {
    await page.goto(`${site.shellUrl}/weekly-review`);
    await page.getByRole('heading', { name: 'Weekly review', level: 1 }).waitFor();
    await page.getByRole('region', { name: "Last week's focus" }).getByText('Sleep by eleven').waitFor();
    const habits = page.getByRole('list', { name: "The habits' week" });
    await habits.getByRole('link', { name: 'Stretch' }).waitFor();
    await expect.poll(() => habits.locator('li', { hasText: 'Stretch' }).textContent()).toMatch(/\d+ of \d+/);
    const goals = page.getByRole('list', { name: "Goals' progress" });
    await goals.getByRole('link', { name: 'Run 10 km' }).waitFor();
    await expect.poll(() => goals.locator('li').textContent()).not.toContain('…');
    const values = page.getByRole('list', { name: 'Your values' });
    await values.getByText('Served by 1 goal and 1 habit: Run 10 km, Stretch').waitFor();
    await values.getByText('Nothing serves it yet.').waitFor();
  });

  it('saves this week’s wins and next week’s focus, once for the week, and shows them again', async () => {
    await page.getByRole('textbox', { name: 'Wins of the week' }).fill('Stretched five days');
    await page.getByRole('textbox', { name: "Next week's focus" }).fill('Run on Saturday');
    await page.getByRole('button', { name: 'Save review' }).click();
    await page.getByText('Saved for this week.').waitFor();
    await page.getByRole('textbox', { name: 'Notes on the week' }).fill('A busy week');
    await page.getByRole('button', { name: 'Save review' }).click();
    await expect
      .poll(
        async () =>
          (await listRecords(site, user, 'weekly_review', 'weeklyReviews', { from: thisWeek, to: thisWeek }))[0]?.notes,
      )
      .toBe('A busy week');
    const saved = await listRecords(site, user, 'weekly_review', 'weeklyReviews');
    expect(saved.map((r) => [r.week, r.focus])).toEqual([
      [thisWeek, 'Run on Saturday'],
      [lastWeek, 'Sleep by eleven'],
    ]);

    await page.reload();
    expect(await page.getByRole('textbox', { name: 'Wins of the week' }).inputValue()).toBe('Stretched five days');
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Wins of the week' }).inputValue()).toBe('Slept well');
    expect(new URL(page.url()).searchParams.get('week')).toBe(lastWeek);
  });
});
