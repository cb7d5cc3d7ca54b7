import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, createRecord, listRecords, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import type { PageWatch } from '../support/browser';
import { signInThroughApi } from '../support/session';
import { pickUpWithKeyboard } from '../support/sortable';
import { dragWithMouse } from '../support/drag';

const site = inject('site');
let browser: Browser;
let watch: PageWatch;
let page: Page;
let user: ApiUser;
let feed: Server;
let feedUrl = '';

const pad = (n: number) => String(n).padStart(2, '0');
/** A date in the browser's zone (the machine's, as the site's): the planner's days. */
async function browserToday(): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  watch = await watchedPage(browser);
  page = watch.page;
  user = await signUpThroughApi(site, 'planner');
  await createRecord(site, user, 'project', { title: 'Garden', status: 'active', tasks: [{ title: 'Buy seeds' }] });
  await signInThroughApi(page, site, { email: user.email, password: user.password });
  // Another calendar's secret iCal address, served on this machine (the site runs with loopback allowed, as `pnpm start`).
  // Weekly, three times from a week ago: whatever today's date, this week's and a neighbouring week's are both in the
  // month grid /calendar opens on (a series starting today had one in the grid on a month's last days).
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  const day = `${weekAgo.getUTCFullYear()}${pad(weekAgo.getUTCMonth() + 1)}${pad(weekAgo.getUTCDate())}`;
  feed = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar' });
    response.end(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//e2e//EN',
        'BEGIN:VEVENT',
        'UID:book-club@e2e',
        'SUMMARY:Book club',
        `DTSTART;VALUE=DATE:${day}`,
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/club.ics`;
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => feed?.close(resolve));
});

describe('the planner', () => {
  it('timeboxes a project task by dragging it onto the week, then marks it done', async () => {
    await page.goto(`${site.shellUrl}/planner`);
    const task = page.locator('[data-tray-key]', { hasText: 'Buy seeds' });
    await task.waitFor({ timeout: 20_000 });
    const today = await browserToday();
    const column = page.locator(`.lb-planner-grid [data-date="${today}"]`).last();
    const slot = page.locator('.lb-planner-grid [data-time="10:00:00"]').first();
    await column.waitFor({ timeout: 20_000 });
    await slot.scrollIntoViewIfNeeded();
    const from = (await task.boundingBox())!;
    const x = (await column.boundingBox())!;
    const y = (await slot.boundingBox())!;
    await dragWithMouse(page, from, { x: x.x, y: y.y, width: x.width, height: y.height }, { grip: { x: 20, y: 10 } });
    await page.getByText(/Planned "Buy seeds"/).waitFor({ timeout: 20_000 });

    const plans = await listRecords(site, user, 'plannedactivity', 'plannedActivities');
    expect(plans).toHaveLength(1);
    const start = new Date(String(plans[0].start_at));
    expect(
      await page.evaluate((iso) => {
        const d = new Date(iso);
        return [d.getHours(), d.getMinutes()];
      }, start.toISOString()),
    ).toEqual([10, 0]);
    expect(new Date(String(plans[0].end_at)).getTime() - start.getTime()).toBe(30 * 60_000);
    expect(plans[0].date).toBe(today);

    await page.locator('.lb-planner-grid').getByText('Buy seeds').first().click();
    await page.getByRole('button', { name: 'Mark done' }).click();
    await page.getByText(/Done: "Buy seeds" is logged/).waitFor({ timeout: 20_000 });
    const activities = await listRecords(site, user, 'activity', 'activities');
    expect(activities.map((a) => [a.title, a.duration_min])).toEqual([['Buy seeds', 30]]);
    const [plan] = await listRecords(site, user, 'plannedactivity', 'plannedActivities');
    expect(plan.done_activity_id).toBe(activities[0].id);
    await page.locator('.lb-planner-grid').getByText('✓ Buy seeds').waitFor({ timeout: 20_000 });
  });
});

describe('plan my day', () => {
  it("offers yesterday's unfinished plan again, weighs the day against the hours available and remembers them", async () => {
    const today = await browserToday();
    const yesterday = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() - 1);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    const left = await createRecord(site, user, 'plannedactivity', { title: 'Call the bank', date: yesterday });

    await page.goto(`${site.shellUrl}/planner`);
    await page.getByRole('button', { name: 'Plan my day' }).click();
    const plan = page.getByRole('form', { name: 'Plan my day' });
    await plan.getByText('Not done yesterday').waitFor({ timeout: 20_000 });
    await plan.getByLabel('Call the bank', { exact: true }).check();
    await plan.getByLabel('Minutes for "Call the bank"').fill('90');
    await plan.getByLabel('Hours available today').fill('1');
    // The half hour "Buy seeds" has today (the journey above) counts too.
    await plan
      .getByText(/2 h planned of 1 h available \(30 min already on the grid\)\. That is 1 h more than you have\./)
      .waitFor();
    await plan.getByLabel('Hours available today').fill('3');
    await plan.getByText(/2 h planned of 3 h available \(30 min already on the grid\)\./).waitFor();
    expect(await plan.getByText(/more than you have/).count()).toBe(0);
    await plan.getByLabel('Start the day at').fill('08:00');
    await plan.getByRole('button', { name: 'Plan today' }).click();
    await page.getByText(/Today is planned: 1 thing added, 2 h of 3 h\./).waitFor({ timeout: 20_000 });

    const carried = (await listRecords(site, user, 'plannedactivity', 'plannedActivities')).find(
      (p) => p.id === left.id,
    )!;
    expect(carried.date).toBe(today);
    expect(
      await page.evaluate((iso) => {
        const d = new Date(iso);
        return [d.getHours(), d.getMinutes()];
      }, String(carried.start_at)),
    ).toEqual([8, 0]);
    await page.locator('.lb-planner-grid').getByText('Call the bank').first().waitFor({ timeout: 20_000 });

    // The hours are a setting of the screen: a later visit starts from them.
    await page.reload();
    await page.getByRole('button', { name: 'Plan my day' }).click();
    expect(await page.getByLabel('Hours available today').inputValue()).toBe('3');
    await page.getByText(/Nothing left over from yesterday/).waitFor({ timeout: 20_000 });
  });
});

describe('projects and activities', () => {
  it("ticks, dates and reorders (by dragging, or from the keyboard) a project's tasks, and its progress follows", async () => {
    const project = await createRecord(site, user, 'project', {
      title: 'Move house',
      status: 'active',
      tasks: [{ title: 'Pack books' }, { title: 'Book a van' }, { title: 'Clean' }],
    });
    await page.goto(`${site.shellUrl}/project/${project.id}`);
    const progress = page.getByLabel('Progress');
    await progress.getByText('0 of 3 tasks done (0 %)').waitFor({ timeout: 20_000 });
    await page.getByLabel('Book a van', { exact: true }).check();
    await progress.getByText('1 of 3 tasks done (33 %)').waitFor();
    await page.getByLabel('Due date of "Clean"').fill('2030-06-01');
    await page.getByLabel('New task').fill('Hand over the keys');
    await page.getByRole('button', { name: 'Add task' }).click();
    await progress.getByText('1 of 4 tasks done (25 %)').waitFor();

    // Dragged by its handle with the mouse (dnd-kit)...
    const handle = (await page.getByRole('button', { name: 'Drag Pack books to reorder' }).boundingBox())!;
    const below = (await page.getByRole('button', { name: 'Drag Book a van to reorder' }).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + 10, { steps: 4 });
    await page.mouse.move(below.x + below.width / 2, below.y + below.height / 2 + 8, { steps: 12 });
    await page.getByText('"Pack books" is over "Book a van".').waitFor({ state: 'attached' });
    await page.mouse.up();
    await expect
      .poll(
        async () => {
          const [saved] = (await listRecords(site, user, 'project', 'projects')).filter((p) => p.id === project.id);
          return (saved.tasks as { title: string }[]).map((t) => t.title);
        },
        { timeout: 20_000 },
      )
      .toEqual(['Book a van', 'Pack books', 'Clean', 'Hand over the keys']);
    // ...with the keyboard on the handle (Space picks up, an arrow moves, Space puts down; each step waits for
    // the announcement, as a person waits to see the task move: a key pressed before dnd-kit has moved it over
    // its new place puts it back where it was)...
    await pickUpWithKeyboard(page, page.getByRole('button', { name: 'Drag Pack books to reorder' }), 'Pack books');
    await page.keyboard.press('ArrowDown');
    await page.getByText('"Pack books" is over "Clean".').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect
      .poll(
        async () => {
          const [saved] = (await listRecords(site, user, 'project', 'projects')).filter((p) => p.id === project.id);
          return (saved.tasks as { title: string }[]).map((t) => t.title);
        },
        { timeout: 20_000 },
      )
      .toEqual(['Book a van', 'Clean', 'Pack books', 'Hand over the keys']);
    // ...or one place at a time with its arrow buttons.
    await page.getByRole('button', { name: 'Move "Pack books" down' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () => {
          const [saved] = (await listRecords(site, user, 'project', 'projects')).filter((p) => p.id === project.id);
          return (saved.tasks as { title: string }[]).map((t) => t.title);
        },
        { timeout: 20_000 },
      )
      .toEqual(['Book a van', 'Clean', 'Hand over the keys', 'Pack books']);
    const [saved] = (await listRecords(site, user, 'project', 'projects')).filter((p) => p.id === project.id);
    expect(
      (saved.tasks as { due_date?: string; done_at?: string | null }[]).map((t) => [
        t.due_date ?? null,
        Boolean(t.done_at),
      ]),
    ).toEqual([
      [null, true],
      ['2030-06-01', false],
      [null, false],
      [null, false],
    ]);

    // Its open tasks wait in the planner's tray.
    await page.goto(`${site.shellUrl}/planner`);
    await page.locator('[data-tray-key]', { hasText: 'Hand over the keys' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-tray-key]', { hasText: 'Book a van' }).count()).toBe(0);
  });

  it("logs an activity with the quick log's running timer", async () => {
    await page.goto(`${site.shellUrl}/activities`);
    await page.getByLabel('What are you doing?').fill('Sort the post');
    await page.getByRole('button', { name: 'Start timer' }).click();
    const timer = page.getByRole('timer', { name: 'Running timer' });
    await timer.getByText(/Sort the post · 0:0[1-9]/).waitFor({ timeout: 20_000 });
    // It keeps running over a reload.
    await page.reload();
    await timer.getByText(/Sort the post · 0:\d\d/).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop and log' }).click();
    await page.getByText('Logged "Sort the post": 0 min.').waitFor({ timeout: 20_000 });
    const logged = (await listRecords(site, user, 'activity', 'activities')).find((a) => a.title === 'Sort the post')!;
    expect(logged.duration_min).toBe(0);
    expect(new Date(String(logged.end_at)).getTime()).toBeGreaterThan(new Date(String(logged.start_at)).getTime());
    await page.locator('[data-model="activity"]').getByText('Sort the post').first().waitFor({ timeout: 20_000 });
  });
});

describe('reports', () => {
  it('charts time per category per week, and puts activities, journal entries, check-ins and milestones on a timeline', async () => {
    const today = await browserToday();
    const home = await createRecord(site, user, 'category', { name: 'Home repairs', color: '#c0531a' });
    await createRecord(site, user, 'activity', {
      title: 'Paint the fence',
      date: today,
      duration_min: 120,
      category_id: home.id,
    });
    await createRecord(site, user, 'journal_entry', { date: today, title: 'A quiet evening' });
    await createRecord(site, user, 'goal', {
      title: 'Run a marathon',
      status: 'active',
      milestones: [{ title: 'First 10 km', done_at: new Date().toISOString() }],
    });
    const habit = await createRecord(site, user, 'habit', { title: 'Drink water' });
    const checkin = await apiRequest(
      site,
      'POST',
      '/api/habit/checkin',
      { board: user.boardId, params: { habit_id: habit.id, date: today, value: 'yes' } },
      user.token,
    );
    expect(checkin.status).toBe(200);

    await page.goto(`${site.shellUrl}/report/activity-summary`);
    const chart = page.getByRole('img', { name: /Hours per week by category.*Home repairs 2 h/ });
    await chart.locator('canvas').waitFor({ timeout: 20_000 });
    expect(await chart.locator('.u-legend').textContent()).toContain('Home repairs');
    const box = (await chart.locator('canvas').boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    await page
      .getByRole('table', { name: 'Hours per week' })
      .getByRole('columnheader', { name: 'Home repairs' })
      .waitFor();

    await page.goto(`${site.shellUrl}/report/timeline`);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.waitFor({ timeout: 20_000 });
    for (const text of ['Paint the fence', 'Sort the post', 'A quiet evening', 'Drink water', 'First 10 km'])
      await timeline.getByText(text).first().waitFor();
    await timeline.getByRole('heading', { name: 'Today' }).waitFor();
    await page.getByRole('button', { name: /Journal entries \(1\)/ }).click();
    expect(await timeline.getByText('A quiet evening').count()).toBe(0);
  });
});

describe('calendar connections', () => {
  it('subscribes to an ICS address and shows its events in the month view', async () => {
    await page.goto(`${site.shellUrl}/calendar/connections`);
    await page.getByLabel('Calendar address (iCal)').fill(feedUrl);
    await page.getByLabel('Name (optional)').fill('Book club');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText(/Subscribed to "Book club": 1 event\./).waitFor({ timeout: 20_000 });
    await page.getByText('Book club').first().waitFor();
    // This server has no Google OAuth client: the connect button says what to set.
    await page.getByText(/whoever runs it sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Connect Google Calendar' }).isDisabled()).toBe(true);

    await page.goto(`${site.shellUrl}/calendar`);
    const grid = page.locator('.lb-calendar');
    await grid.getByText('Book club').first().waitFor({ timeout: 20_000 });
    // Weekly for three weeks from a week ago: at least two are in this month's grid.
    expect(await grid.getByText('Book club').count()).toBeGreaterThanOrEqual(2);
  });
});
