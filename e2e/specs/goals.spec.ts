import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import type { PageWatch } from '../support/browser';
import { navigateInApp } from '../support/journal-page';
import { signInThroughApi } from '../support/session';
import { pickUpWithKeyboard } from '../support/sortable';

const site = inject('site');
let browser: Browser;
let watch: PageWatch;
let page: Page;
let user: ApiUser;
let goalId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  watch = await watchedPage(browser);
  page = watch.page;
  user = await signUpThroughApi(site, 'goals');
  await signInThroughApi(page, site, { email: user.email, password: user.password });
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

async function storedGoal() {
  const answer = await apiRequest(
    site,
    'POST',
    '/api/goal/get',
    { board: user.boardId, params: { id: goalId } },
    user.token,
  );
  return answer.body.goal as {
    progress: number;
    progress_from?: string;
    milestones: { title: string; due_date?: string | null; done_at?: string | null }[];
  };
}

describe('goals', () => {
  it('a goal with milestones and a linked habit shown on its page', async () => {
    await page.goto(`${site.shellUrl}/new-goal`);
    await page.getByLabel('Title').fill('Run a half marathon');
    await page.getByLabel('Done by').fill('2030-04-20');
    await page.getByRole('button', { name: 'Add goal' }).click();
    await page.getByRole('heading', { name: 'Run a half marathon', level: 1 }).waitFor();
    goalId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(goalId).toBeGreaterThan(0);
    await page.getByText('No milestones yet').first().waitFor();

    // Milestones are added in place, with a due date.
    const add = page.getByRole('form', { name: 'Add a milestone' });
    await add.getByLabel('New milestone').fill('Run 5 km');
    await add.getByLabel('Due on (optional)').fill('2030-01-10');
    await add.getByRole('button', { name: 'Add milestone' }).click();
    await page.getByText('due Thu, Jan 10th 2030').waitFor();
    await add.getByLabel('New milestone').fill('Run 10 km');
    await add.getByRole('button', { name: 'Add milestone' }).click();
    await page.getByRole('checkbox', { name: 'Run 10 km' }).waitFor();
    await expect
      .poll(async () => (await storedGoal()).milestones.map((m) => m.title))
      .toEqual(['Run 5 km', 'Run 10 km']);

    // Ticked off: progress is worked out (1 of 2), never typed.
    await page.getByRole('checkbox', { name: 'Run 5 km' }).check();
    await page.getByText('1 of 2 milestones done').waitFor();
    await expect.poll(async () => (await storedGoal()).progress).toBe(50);
    expect(await page.getByLabel('Run a half marathon: progress').getAttribute('value')).toBe('50');

    // Reordered with the keyboard: pick up, move up, drop. Each step waits for its announcement, as a person waits
    // to see the milestone move: a key pressed before dnd-kit has moved it over its new place puts it back.
    await pickUpWithKeyboard(page, page.getByRole('button', { name: 'Drag Run 10 km to reorder' }), 'Run 10 km');
    await page.keyboard.press('ArrowUp');
    await page.getByText('"Run 10 km" is over "Run 5 km".').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await storedGoal()).milestones.map((m) => m.title), { timeout: 10_000 })
      .toEqual(['Run 10 km', 'Run 5 km']);
    expect((await storedGoal()).milestones[1]).toMatchObject({
      title: 'Run 5 km',
      due_date: '2030-01-10',
      done_at: expect.any(String),
    });

    // A habit picks the goal from the picker by name and date.
    await navigateInApp(page, '/new-habit');
    await page.getByLabel('Name').fill('Morning run');
    await page.getByLabel('How often?').selectOption('week');
    await page.getByLabel('How many times').fill('3');
    await page
      .getByLabel('Works toward the goal')
      .selectOption({ label: 'Run a half marathon, by Sat, Apl 20th 2030' });
    await page.getByRole('button', { name: 'Create habit' }).click();
    await page.getByRole('heading', { name: 'Morning run', level: 1 }).waitFor();
    const habitId = Number(new URL(page.url()).pathname.split('/').pop());

    // The goal's page shows the habit with its strength and today's check-in, one tap away.
    await navigateInApp(page, `/goal/${goalId}`);
    const habits = page.getByRole('list', { name: 'Habits toward this goal' });
    const line = habits.locator(`[data-habit-id="${habitId}"]`);
    await line.getByText('3 times a week · strength 0%').waitFor();
    await line.getByRole('button', { name: /tap for done/ }).click();
    await expect.poll(() => line.locator('.lb-habit-day').getAttribute('data-state')).toBe('done');
    await expect
      .poll(
        async () => {
          const answer = await apiRequest(
            site,
            'POST',
            '/api/habit/stats',
            { board: user.boardId, params: { habit_id: habitId } },
            user.token,
          );
          return (answer.body.stats as { total_checkins: number }).total_checkins;
        },
        { timeout: 10_000 },
      )
      .toBe(1);

    // Progress can come from the habit's strength instead.
    await page.getByRole('combobox', { name: 'Progress comes from' }).selectOption('habits');
    await page.getByText(/^1 habit at \d+ % strength on average$/).waitFor();
    expect((await storedGoal()).progress_from).toBe('habits');
    expect(await page.locator('main').textContent()).not.toMatch(/progress_from|target_value|goal_id|due_date|done_at/);
  });
});
