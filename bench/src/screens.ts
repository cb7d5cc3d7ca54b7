/**
 * Every area's main screens, each on its own first visit: a fresh visitor on /boards (a shell page that loads no
 * area code) moves to the screen in the app, as a link in the page would, and the bench notes the time to the
 * screen's first heading and what the move downloaded. The budgets of an area's first visit apply to each screen
 * (architecture: an area's first visit ≤ 50 kB gzip, click to content ≤ 300 ms); libraries a screen alone needs
 * (the calendar, charts, drag and drop) come with that screen and count here.
 */
import type { Browser } from 'playwright-core';
import { codeGzip, NetworkLog } from './bytes';
import type { Transfer } from './bytes';
import type { Site } from './site';
import { newVisitor } from './visitor';
import type { Session } from './visitor';
import { areas } from './visits';
import type { Area } from './visits';

export interface Screen {
  path: string;
  area: Area['name'];
  /** What its first visit may add (JS+CSS gzip) when not the 50 kB of every screen. */
  bytesLimit?: number;
}

/** The screens people use most, per area (the routes each remote's route table serves). */
export const screens: readonly Screen[] = [
  { path: '/notes', area: 'mf_journal' },
  { path: '/moods', area: 'mf_journal' },
  { path: '/habits', area: 'mf_goals' },
  { path: '/my-goals', area: 'mf_goals' },
  // The calendar library (FullCalendar) comes with these two screens only.
  { path: '/planner', area: 'mf_goals', bytesLimit: 120_000 },
  { path: '/calendar', area: 'mf_goals', bytesLimit: 120_000 },
  { path: '/projects', area: 'mf_goals' },
  { path: '/activities', area: 'mf_goals' },
  { path: '/exercises', area: 'mf_fitness' },
  { path: '/workouts', area: 'mf_fitness' },
  { path: '/workout-sessions', area: 'mf_fitness' },
  { path: '/sleep', area: 'mf_fitness' },
  { path: '/medicines', area: 'mf_fitness' },
  { path: '/programs', area: 'mf_creator' },
  { path: '/creator-programs', area: 'mf_creator' },
  { path: '/admin/programs', area: 'mf_admin' },
];

export interface ScreenVisit {
  ms: number;
  transfers: Transfer[];
  errors: string[];
}

interface NavigationWindow extends Window {
  benchNavigatedAt?: number;
}

/** A first visit of `screen`: in-app navigation from /boards to its first heading, and what arrived meanwhile. */
export async function visitScreen(
  browser: Browser,
  site: Site,
  session: Session,
  screen: Screen,
): Promise<ScreenVisit> {
  const { context, page, errors } = await newVisitor(browser, site, { session });
  try {
    const log = new NetworkLog(page, site.appOfOrigin);
    await page.goto(`${site.shellUrl}/boards`);
    await page.locator('main h1').first().waitFor();
    await log.quiet();
    const mark = log.mark();
    const selector = `[data-area="${screen.area}"] .lb-area__parcel :is(h1, h2)`;
    // The router hears history changes (single-spa patches pushState): the same move a link in the page makes.
    await page.evaluate((path) => {
      (window as NavigationWindow).benchNavigatedAt = performance.now();
      window.history.pushState(null, '', path);
    }, screen.path);
    const shown = await page.waitForFunction(
      (contentSelector) => {
        const element = document.querySelector(contentSelector);
        if (!element) return null;
        const box = element.getBoundingClientRect();
        const started = (window as NavigationWindow).benchNavigatedAt ?? 0;
        return box.width > 0 && box.height > 0 ? performance.now() - started : null;
      },
      selector,
      { polling: 'raf', timeout: 20_000 },
    );
    const ms = (await shown.jsonValue()) ?? Number.NaN;
    await log.quiet();
    return { ms, transfers: log.since(mark), errors };
  } finally {
    await context.close();
  }
}

export function isAdminScreen(screen: Screen): boolean {
  return areas.find((area) => area.name === screen.area)?.adminOnly ?? false;
}

/** The JS and CSS a screen's first visit added, gzip. */
export function screenBytes(visit: ScreenVisit): number {
  return codeGzip(visit.transfers);
}
