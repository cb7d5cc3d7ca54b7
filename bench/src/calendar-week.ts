/**
 * Issue 17's browser number: the calendar's week view with 2,000 items (`/calendar`, FullCalendar's time grid).
 *
 * A fresh account gets, through the API, this week's: 150 events repeating daily (1,050 occurrences, expanded by
 * the server), 250 planned activities and 100 habits due every day (700 all-day items). The bench opens `/calendar`
 * (the month view), then clicks "Week" as a person would. In the page, a capturing `click` listener takes the
 * event's `timeStamp`, then checks every animation frame whether the week's items are all in the grid (as many
 * item elements as a first, unmeasured opening of the week left once settled); the frame after that is painted
 * (`requestAnimationFrame`, then a `MessageChannel` message) ends the measure. It covers the click, fetching the
 * week's events when the page has not got them already, React and FullCalendar's layout, and the wait for the
 * frame; the breakdown says when the week first showed and when its events were asked for and arrived. Back to "Month" between runs.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { post, signUpBenchUser } from './journal-data';
import { percentile } from './journal';
import { describeTarget, ms, table } from './report';
import type { Target } from './report';
import type { Site } from './site';
import { newVisitor } from './visitor';

const repeatingEvents = 150;
const plannedActivities = 250;
const habits = 100;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const DAY_MS = 86_400_000;

interface WeekWindow extends Window {
  benchWeekShown?: number[];
  benchWeekFetched?: number[];
  benchWeekAsked?: number[];
  benchWeekFirstFrame?: number[];
}

/**
 * FullCalendar 7's class names are hashed; each item it draws carries its colour as `--fc-event-color`, and the
 * view tabs are named ("Week view").
 */
const itemSelector = '.lb-calendar [style*="--fc-event-color"]';
const countItems = (page: Page) =>
  page.evaluate((selector) => document.querySelectorAll(selector).length, itemSelector);

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`calendar week bench: ${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The days of the shown week without one of the repeating events that every day has: a week drawn from a partial
 * list (before the calendar showed only the range asked last, its first request could land after the month's).
 */
const daysWithoutEvents = (page: Page) =>
  page.evaluate((selector) => {
    const days = new Map<string, boolean>();
    for (const cell of Array.from(document.querySelectorAll('.lb-calendar [role="cell"][data-date]'))) {
      const date = cell.getAttribute('data-date') ?? '';
      const has = Array.from(cell.querySelectorAll(selector)).some((item) => item.textContent?.includes('Daily '));
      days.set(date, (days.get(date) ?? false) || has);
    }
    return [...days].filter(([, has]) => !has).map(([date]) => date);
  }, itemSelector);

/** Waits until the count of drawn items has stayed the same for half a second, and answers it. */
async function settledCount(page: Page): Promise<number> {
  let last = -1;
  let sameSince = Date.now();
  for (;;) {
    const now = await countItems(page);
    if (now !== last) {
      last = now;
      sameSince = Date.now();
    } else if (now > 0 && Date.now() - sameSince > 500) return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function measureCalendarWeek(
  browser: Browser,
  site: Site,
  targets: Target[],
  log: (line: string) => void,
): Promise<void> {
  log('\n7. Calendar: "Week" clicked in /calendar → the week with 2,000 items painted');
  const user = await signUpBenchUser(site);
  const today = new Date();
  // This week's Monday (the calendar's first day), 00:00 UTC; the browser runs in the machine's zone.
  const monday =
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - ((today.getUTCDay() + 6) % 7) * DAY_MS;
  const creates: { model: string; params: Record<string, unknown> }[] = [];
  for (let i = 0; i < repeatingEvents; i += 1) {
    // Begun three weeks ago, at a quarter-hour between 06:00 and 21:45, for 45 minutes.
    const start = monday - 21 * DAY_MS + (6 * 60 + (i % 64) * 15) * 60_000;
    creates.push({
      model: 'event',
      params: {
        title: `Daily ${i}`,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 45 * 60_000).toISOString(),
        all_day: false,
        repeat: 'FREQ=DAILY',
      },
    });
  }
  for (let i = 0; i < plannedActivities; i += 1) {
    const day = monday + (i % 7) * DAY_MS;
    const start = day + (7 * 60 + (i % 56) * 15) * 60_000;
    creates.push({
      model: 'plannedactivity',
      params: {
        title: `Plan ${i}`,
        date: new Date(day).toISOString().slice(0, 10),
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 30 * 60_000).toISOString(),
      },
    });
  }
  for (let i = 0; i < habits; i += 1) creates.push({ model: 'habit', params: { title: `Habit ${i}` } });
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < creates.length; n = next++) {
      const { model, params } = creates[n];
      await post(site, `/api/${model}/create`, { board: user.boardId, params }, user.session.token);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  const weekEnd = new Date(monday + 6 * DAY_MS).toISOString().slice(0, 10);
  const served = await post(
    site,
    '/api/google/events',
    { start_date: new Date(monday).toISOString().slice(0, 10), end_date: weekEnd },
    user.session.token,
  );
  const items = (served.events as unknown[]).length + habits * 7;

  const { context, page } = await newVisitor(browser, site, { session: user.session });
  try {
    const week = page.getByRole('tab', { name: 'Week view' });
    const month = page.getByRole('tab', { name: 'Month view' });
    // A first, unmeasured opening: what "all drawn" means (FullCalendar folds some all-day items into "+N more").
    await page.goto(`${site.shellUrl}/calendar`);
    await week.waitFor();
    await settledCount(page);
    await week.click();
    const drawn = await settledCount(page);
    // Every day of the week has its events, or the measure would be of a smaller week.
    const missing = await daysWithoutEvents(page);
    if (missing.length)
      throw new Error(`calendar week bench: the week was drawn without the events of ${missing.join(', ')}`);
    // Given as text: tsx wraps named functions in a helper (`__name`) that the page does not have.
    await page.evaluate(`(() => {
      const expected = ${drawn};
      const selector = ${JSON.stringify(itemSelector)};
      const weekTab = '[role="tab"][aria-label="Week view"]';
      window.benchWeekShown = [];
      window.benchWeekFetched = [];
      window.benchWeekAsked = [];
      window.benchWeekFirstFrame = [];
      document.addEventListener('click', (event) => {
        if (!event.target.closest(weekTab)) return;
        const clickedAt = event.timeStamp;
        let firstFrame = 0;
        const check = () => {
          // Looked up each frame: FullCalendar may replace the tab's element when it renders the new view.
          const shown = document.querySelector(weekTab)?.getAttribute('aria-selected') === 'true';
          if (shown && !firstFrame) firstFrame = performance.now();
          if (!shown || document.querySelectorAll(selector).length < expected) return requestAnimationFrame(check);
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              window.benchWeekShown.push(performance.now() - clickedAt);
              // When the week's events arrived from the API, for the breakdown.
              const fetched = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/google/events') && e.startTime >= clickedAt);
              window.benchWeekFetched.push(fetched.length ? fetched[fetched.length - 1].responseEnd - clickedAt : NaN);
              window.benchWeekAsked.push(fetched.length ? fetched[fetched.length - 1].startTime - clickedAt : NaN);
              window.benchWeekFirstFrame.push(firstFrame - clickedAt);
            };
            channel.port2.postMessage(null);
          });
        };
        requestAnimationFrame(check);
      }, { capture: true });
    })()`);
    const shownCount = () => page.evaluate(() => (window as WeekWindow).benchWeekShown?.length ?? 0);
    /** Back to the month, then "Week" clicked and its painting waited for; `onMonth` runs once the month settled. */
    const monthThenWeek = async (onMonth?: () => Promise<void>) => {
      await month.click();
      await until(async () => (await month.getAttribute('aria-selected')) === 'true', 'the month view');
      await settledCount(page);
      await onMonth?.();
      const before = await shownCount();
      await week.click();
      await until(
        async () => (await shownCount()) > before,
        `the week painted (${drawn} items expected, ${await countItems(page)} drawn)`,
      );
    };
    for (let run = 0; run < runs; run += 1) await monthThenWeek();
    const profileFile = process.env.BENCH_CALENDAR_PROFILE;
    if (profileFile) {
      // One more click, under the CPU profiler (every 100 µs), for finding where it goes; not counted.
      const cdp = await context.newCDPSession(page);
      await monthThenWeek(async () => {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      });
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
      await page.evaluate(() => {
        const measured = window as WeekWindow;
        for (const list of [
          measured.benchWeekShown,
          measured.benchWeekFetched,
          measured.benchWeekAsked,
          measured.benchWeekFirstFrame,
        ])
          list?.pop();
      });
      log(`CPU profile of one more click: ${profileFile}`);
    }
    const times = await page.evaluate(() => (window as WeekWindow).benchWeekShown ?? []);
    const fetched = await page.evaluate(() => (window as WeekWindow).benchWeekFetched ?? []);
    const asked = await page.evaluate(() => (window as WeekWindow).benchWeekAsked ?? []);
    const firstFrame = await page.evaluate(() => (window as WeekWindow).benchWeekFirstFrame ?? []);
    const target: Target = {
      label: 'calendar: week with 2,000 items, click → painted (median)',
      value: percentile(times, 50),
      limit: 100,
      kind: 'max',
      format: ms,
    };
    targets.push(target);
    log(
      table([
        ['measure', 'items in the week', 'drawn', 'runs', 'median', 'max', 'target'],
        [
          '"Week" → every item painted',
          String(items),
          `${drawn} elements`,
          String(times.length),
          ms(target.value),
          ms(Math.max(...times)),
          describeTarget(target),
        ],
        [
          'of which until the first frame showing the week',
          '',
          '',
          '',
          ms(percentile(firstFrame, 50)),
          ms(Math.max(...firstFrame)),
          '-',
        ],
        // No request when the week lies inside the range already fetched for the month (the usual click).
        ...(asked.some(Number.isFinite)
          ? [
              [
                "of which until the week's events were asked of the API",
                '',
                '',
                '',
                ms(percentile(asked, 50)),
                ms(Math.max(...asked)),
                '-',
              ],
              [
                "of which until the week's events arrived from the API",
                '',
                '',
                '',
                ms(percentile(fetched, 50)),
                ms(Math.max(...fetched)),
                '-',
              ],
            ]
          : [["the week's events: no request (the month's were in hand)", '', '', '', '', '', '-']]),
      ]),
    );
  } finally {
    await context.close();
  }
}
