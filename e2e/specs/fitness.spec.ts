import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, createRecord, getRecord, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import type { PageWatch } from '../support/browser';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;
let watch: PageWatch;
let page: Page;
let user: ApiUser;
let workoutId = 0;

/** The library's "Barbell Bench Press - Medium Grip" (api/data/exercises: 2_000_000_000 + its place in the file). */
const BENCH = 2_000_000_043;
const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const benchName = 'Barbell Bench Press - Medium Grip';

beforeAll(async () => {
  browser = await launchBrowser();
  watch = await watchedPage(browser);
  page = watch.page;
  user = await signUpThroughApi(site, 'fitness');
  // Last week's session: 60 kg × 8, twice, every set at its target (so today suggests +2.5 kg and 62.5 kg is a record).
  await createRecord(site, user, 'workout_session', {
    title: 'Push day · last week',
    started_at: new Date(Date.now() - 7 * 86_400_000).toISOString(),
    ended_at: new Date(Date.now() - 7 * 86_400_000 + 3_600_000).toISOString(),
    sets: [
      { exercise_id: BENCH, reps: 8, weight: 60, target_reps: 8 },
      { exercise_id: BENCH, reps: 8, weight: 60, target_reps: 8 },
    ],
  });
  workoutId = (await createRecord(site, user, 'workout', { title: 'Push day', items: [] })).id;
  await signInThroughApi(page, site, { email: user.email, password: user.password });
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

describe('a training log', () => {
  it('finds a built-in exercise in the library, with its muscles and body map', async () => {
    await page.goto(`${site.shellUrl}/exercises`);
    await page.getByLabel('Search exercises').fill('bench press');
    await page.getByRole('link', { name: benchName }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: benchName, level: 1 }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.getByText('Main: Chest').isVisible()).toBe(true);
    expect(await page.locator('[data-muscle="Chest"][data-state="primary"]').count()).toBeGreaterThan(0);
  });

  it('builds a workout from the library, runs a session with a rest timer and a 62.5 kg set, and sees a PR and the summary', async () => {
    await page.goto(`${site.shellUrl}/workouts/${workoutId}`);
    await page.getByRole('button', { name: 'Add an exercise' }).click();
    await page.getByLabel('Search exercises').fill('bench press medium grip');
    await page.getByRole('button', { name: `Add ${benchName}` }).click();
    await expect
      .poll(() => page.getByTestId('workout-item').first().textContent(), { timeout: 20_000 })
      .toMatch(/3 × 10 · rest 90 s/);

    await page.getByRole('button', { name: `Edit ${benchName}` }).click();
    await page.getByLabel('Sets').fill('1');
    await page.getByLabel('Reps').fill('8');
    await page.getByLabel('Rest (seconds)').fill('3');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('workout-item').first().textContent(), { timeout: 20_000 })
      .toMatch(/1 × 8 · rest 3 s/);

    await page.getByRole('button', { name: 'Start a session' }).click();
    await page.waitForURL(/\/workout-session\/\d+$/, { timeout: 20_000 });
    const sessionId = Number(page.url().split('/').pop());
    const heading = page.getByRole('heading', { level: 1 });
    await expect
      .poll(() => heading.textContent(), { timeout: 20_000 })
      .toMatch(/^Push day · [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/);
    // The plan's workout by name, never by its number.
    expect(await page.getByRole('link', { name: 'Push day', exact: true }).getAttribute('href')).toBe(
      `/workouts/${workoutId}`,
    );
    // Last session's same set sits in the row; one tap copies it in.
    const previous = page.getByRole('button', { name: `60 kg × 8 (copy into set 1 of ${benchName})` });
    await expect.poll(() => previous.isVisible(), { timeout: 20_000 }).toBe(true);

    const weight = page.getByLabel(`Weight (kg), set 1 of ${benchName}`);
    // Prefilled with last time's 60 kg + 2.5 (every set hit its reps).
    await expect.poll(() => weight.inputValue()).toBe('62.5');
    await previous.click();
    expect(await weight.inputValue()).toBe('60');
    expect(await page.getByLabel(`Reps, set 1 of ${benchName}`).inputValue()).toBe('8');
    // Typed again as a person would.
    await weight.fill('');
    await weight.pressSequentially('62.5');
    await page.getByRole('button', { name: `Done set 1 of ${benchName}` }).click();
    await expect
      .poll(() => page.getByTestId('rest-timer').textContent(), { timeout: 10_000 })
      .toMatch(/Rest: 0:0[1-3]/);
    await expect.poll(() => page.getByTestId('rest-timer').textContent(), { timeout: 10_000 }).toMatch(/Rest over/);
    await expect.poll(() => page.getByTestId('pr-badge').textContent(), { timeout: 10_000 }).toMatch(/Heaviest weight/);

    await page.getByRole('button', { name: 'Finish session' }).click();
    const summary = page.getByTestId('session-summary');
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toMatch(/Volume: 500 kg/);
    await expect
      .poll(() => summary.textContent(), { timeout: 20_000 })
      .toMatch(/Records broken: .*Heaviest weight 62\.5 kg/);
    expect(await summary.locator('[data-muscle="Chest"][data-state="primary"]').count()).toBeGreaterThan(0);

    const stored = await getRecord(site, user, 'workout_session', sessionId);
    expect(stored.sets).toEqual([{ exercise_id: BENCH, reps: 8, weight: 62.5, target_reps: 8, done: true }]);
    const records = await apiRequest(
      site,
      'POST',
      '/api/exercise/records',
      { board: user.boardId, params: { exercise_id: BENCH } },
      user.token,
    );
    expect(records.body).toEqual({
      success: true,
      records: { max_weight: 62.5, best_e1rm: 79.17, max_reps: 8, best_session_volume: 960 },
    });
  });

  it('names a first session by its workout and says nothing about records: there were none to break', async () => {
    // An exercise this person never logged, in a session of the Push day plan that has no title of its own.
    const first = await createRecord(site, user, 'workout_session', {
      title: '',
      workout_id: workoutId,
      // A month ago: this week's and last week's volumes (checked below) stay as they are.
      started_at: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      sets: [{ exercise_id: BENCH + 1, reps: 12, weight: 20, done: true }],
    });
    await page.goto(`${site.shellUrl}/workout-session/${first.id}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
      .toMatch(/^Push day · [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/);
    await expect.poll(() => page.getByTestId('previous-set').textContent(), { timeout: 20_000 }).toBe('–');
    await page.getByRole('button', { name: 'Finish session' }).click();
    const summary = page.getByTestId('session-summary');
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toMatch(/Sets done: 1 of 1/);
    expect(await summary.textContent()).not.toMatch(/Records broken/);
  });

  it("charts the exercise's progress and marks today on the training calendar with the week's volume", async () => {
    await page.goto(`${site.shellUrl}/exercises/${BENCH}`);
    await expect
      .poll(() => page.locator('[data-progress-summary]').textContent(), { timeout: 20_000 })
      .toBe('Best set over 2 training days: 60 kg to 62.5 kg (+2.5 kg)');
    await page.locator('.uplot').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Estimated 1RM' }).click();
    // 60 × (1 + 8/30) = 76; 62.5 × (1 + 8/30) = 79.17
    await expect
      .poll(() => page.locator('[data-progress-summary]').textContent())
      .toBe('Estimated 1RM over 2 training days: 76 kg to 79.17 kg (+3.17 kg)');

    await page.goto(`${site.shellUrl}/workout-sessions`);
    const today = localDay(new Date());
    await expect.poll(() => page.locator(`[data-day="${today}"] a`).count(), { timeout: 20_000 }).toBe(1);
    // Last week's 2 × 60 kg × 8 and today's 62.5 kg × 8 (exactly 7 days apart: always two Monday-to-Sunday weeks).
    await expect
      .poll(() => page.locator('[data-weekly-volume]').textContent(), { timeout: 20_000 })
      .toMatch(/^This week: 1 session, 500 kg · last week: 1 session, 960 kg/);
    await page.locator('.uplot').waitFor({ timeout: 20_000 });
  });
  it('keeps the weight unit on the account: pounds on the workout and exercise screens, stored in kg', async () => {
    await page.goto(`${site.shellUrl}/workouts/${workoutId}`);
    await page.getByLabel('Weights in').selectOption('lb');
    await expect
      .poll(async () => (await apiRequest(site, 'GET', '/api/user', undefined, user.token)).body, { timeout: 20_000 })
      .toMatchObject({ user: { weight_unit: 'lb' } });
    await page.goto(`${site.shellUrl}/exercises/${BENCH}`);
    // 60 kg = 132.28 lb, 62.5 kg = 137.79 lb: shown in pounds, while the stored set stays 62.5 kg.
    await expect
      .poll(() => page.locator('[data-progress-summary]').textContent(), { timeout: 20_000 })
      .toBe('Best set over 2 training days: 132.28 lb to 137.79 lb (+5.51 lb)');
    const records = await apiRequest(
      site,
      'POST',
      '/api/exercise/records',
      { board: user.boardId, params: { exercise_id: BENCH } },
      user.token,
    );
    expect(records.body).toMatchObject({ records: { max_weight: 62.5 } });
  });
});

describe('sleep', () => {
  it('logs a night from bed and wake times and sees it on the chart', async () => {
    const yesterday = localDay(new Date(Date.now() - 86_400_000));
    await createRecord(site, user, 'sleep_score', {
      date: yesterday,
      bed_at: new Date(`${localDay(new Date(Date.now() - 2 * 86_400_000))}T23:00:00`).toISOString(),
      wake_at: new Date(`${yesterday}T06:30:00`).toISOString(),
      score: 70,
    });
    await page.goto(`${site.shellUrl}/sleep`);
    await expect
      .poll(() => page.getByTestId('sleep-averages').textContent(), { timeout: 20_000 })
      .toBe('1 night · on average 7 h 30 min asleep · score 70 / 100');
    await page.getByLabel('Went to bed').fill('23:30');
    await page.getByLabel('Woke up', { exact: true }).fill('07:30');
    await page.getByLabel('Score (0 to 100)').fill('90');
    await expect.poll(() => page.getByTestId('sleep-duration').textContent()).toBe('That is 8 h asleep.');
    await page.getByRole('button', { name: 'Log this night' }).click();
    await expect
      .poll(() => page.getByTestId('sleep-averages').textContent(), { timeout: 20_000 })
      .toBe('2 nights · on average 7 h 45 min asleep · score 80 / 100');
    await page.locator('[data-model="sleep_score"] .uplot').waitFor({ timeout: 20_000 });
    // Two nights are too few to say anything about training: the screen says so instead of a number.
    await expect
      .poll(() => page.getByTestId('sleep-insights-none').textContent(), { timeout: 20_000 })
      .toMatch(/^Nothing to say yet/);
  });
});

describe('medicines and health issues', () => {
  it("gives a medicine a schedule with a reminder, logs today's dose and shows the adherence", async () => {
    const medicine = await createRecord(site, user, 'medicine', { name: 'Vitamin D', dose: '1000 IU' });
    await page.goto(`${site.shellUrl}/drug/${medicine.id}`);
    await expect
      .poll(() => page.getByTestId('medicine-schedule').textContent(), { timeout: 20_000 })
      .toBe('As needed (no set times) · 1000 IU');
    await page.getByRole('button', { name: 'Change schedule' }).click();
    await page.getByLabel('Time 1').fill('00:00');
    await page.getByLabel('Remind me by e-mail at these times').check();
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect
      .poll(() => page.getByTestId('medicine-schedule').textContent(), { timeout: 20_000 })
      .toBe('Every day at 00:00 · 1000 IU');
    await expect
      .poll(() => page.getByTestId('medicine-reminders').textContent(), { timeout: 20_000 })
      .toBe('Reminded by e-mail at this time.');
    const reminders = await apiRequest(
      site,
      'POST',
      '/api/reminder/all',
      { board: user.boardId, params: {} },
      user.token,
    );
    expect(
      (reminders.body as { reminders: Record<string, unknown>[] }).reminders.filter((r) => r.target_id === medicine.id),
    ).toEqual([
      expect.objectContaining({
        title: 'Take Vitamin D (1000 IU)',
        repeat: 'FREQ=DAILY',
        channels: ['email'],
        target_model: 'medicine',
      }),
    ]);

    await page.getByRole('button', { name: 'Taken the 00:00 dose' }).click();
    // Added today, so one dose was due so far: the one at midnight.
    await expect
      .poll(() => page.getByTestId('adherence-week').textContent(), { timeout: 20_000 })
      .toBe('Last 7 days: 1 of 1 doses taken (100%).');
    await expect.poll(() => page.getByTestId('dose-log').textContent()).toMatch(/00:00 dose: taken at \d\d:\d\d/);
  });

  it("keeps a health issue's timeline of notes and status changes", async () => {
    const issue = await createRecord(site, user, 'health_issue', { title: 'Sore knee', status: 'active' });
    await page.goto(`${site.shellUrl}/health-issues`);
    await page.getByRole('link', { name: 'Sore knee' }).click();
    await page.waitForURL(new RegExp(`/health-issues/${issue.id}$`), { timeout: 20_000 });
    await page.getByLabel('What happened').fill('Physio says keep going');
    await page.getByLabel('How it is going now').selectOption('managed');
    await page.getByRole('button', { name: 'Add to the timeline' }).click();
    await expect
      .poll(() => page.getByTestId('health-timeline').textContent(), { timeout: 20_000 })
      .toContain('Status: Active → Under control');
    expect(await page.getByTestId('health-timeline').textContent()).toContain('Physio says keep going');
    // The timeline shows the update at once (optimistic); the server has it when the save's answer is back.
    await expect
      .poll(async () => (await getRecord(site, user, 'health_issue', issue.id)).status, { timeout: 20_000 })
      .toBe('managed');
  });
});
