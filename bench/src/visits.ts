/**
 * The visits the bench makes in Chromium: the landing page signed out, /home signed in, and a click from a
 * shell page into each area on its first visit (a warm site, a cold area).
 */
import type { Browser, Page } from 'playwright-core';
import { NetworkLog } from './bytes';
import type { Transfer } from './bytes';
import type { RemoteApp, Site } from './site';
import { newVisitor } from './visitor';
import type { Session } from './visitor';

export interface Area {
  name: string;
  app: RemoteApp;
  /** The text of the sidebar's link to the area's home (shell/src/layouts/nav-sections.ts). */
  label: string;
  adminOnly: boolean;
}

/** Mirrors shell/src/remotes/remotes.ts (names; the sidebar's link to each area's home). */
export const areas: readonly Area[] = [
  { name: 'mf_journal', app: 'mf-journal', label: 'Journal', adminOnly: false },
  { name: 'mf_goals', app: 'mf-goals', label: 'Goals', adminOnly: false },
  { name: 'mf_fitness', app: 'mf-fitness', label: 'Exercises', adminOnly: false },
  { name: 'mf_creator', app: 'mf-creator', label: 'Programs', adminOnly: false },
  { name: 'mf_admin', app: 'mf-admin', label: 'Admin', adminOnly: true },
];

/**
 * The shell page a visitor starts from. `/boards` loads no area code and none of the shared model registry or
 * UI kit, so a click from there pays for everything the area needs; `/home` (where sign-in lands) may already
 * have loaded the kit and the entries of the areas whose widgets were on screen.
 */
export type StartPath = '/boards' | '/home';

/** An area's content: the first heading its screen renders inside the parcel the shell mounted. */
export function contentSelector(area: Area): string {
  return `[data-area="${area.name}"] .lb-area__parcel :is(h1, h2)`;
}

async function settledTransfers(log: NetworkLog, since: number): Promise<Transfer[]> {
  await log.quiet();
  return log.since(since);
}

/** Everything the landing page `/` loads for a signed-out first-time visitor. */
/**
 * Everything a signed-out first visit of a public path loads: `/` is a prerendered page (no app script);
 * `/login` is the app's own first load, which a visitor pays on the way in.
 */
export async function visitSignedOut(browser: Browser, site: Site, path: '/' | '/login'): Promise<Transfer[]> {
  const { context, page } = await newVisitor(browser, site, { session: null });
  try {
    const log = new NetworkLog(page, site.appOfOrigin);
    await page.goto(`${site.shellUrl}${path}`);
    await page.locator('main h1').first().waitFor();
    return await settledTransfers(log, 0);
  } finally {
    await context.close();
  }
}

export interface HomeVisit {
  /** What arrived until the network went quiet, before any scrolling: a phone's or a desktop's first screen. */
  transfers: Transfer[];
  /** The API requests of the whole page once scrolled to its end (every widget shown), as `METHOD /path`. */
  apiCalls: string[];
}

/**
 * /home for a signed-in visitor: what its first screen loads, then every API request once the page is scrolled
 * to its end, so every widget has come into view and asked for its data.
 */
export async function visitHome(browser: Browser, site: Site, session: Session): Promise<HomeVisit> {
  const { context, page } = await newVisitor(browser, site, { session });
  try {
    const log = new NetworkLog(page, site.appOfOrigin);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(site.apiUrl).origin && request.method() !== 'OPTIONS')
        apiCalls.push(`${request.method()} ${url.pathname}`);
    });
    await page.goto(`${site.shellUrl}/home`);
    await page.locator('main h1').first().waitFor();
    const transfers = await settledTransfers(log, 0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('.lb-widget[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 20_000 });
    await log.quiet();
    return { transfers, apiCalls };
  } finally {
    await context.close();
  }
}

interface ClickWindow extends Window {
  benchClickAt?: number;
}

/**
 * How the visitor reaches the area: `hover` moves the pointer onto the link and clicks, as a mouse user does
 * (the shell starts preloading on hover); `tap` clicks without any pointer movement, so only what the area
 * needs to show itself is fetched.
 */
export type ArrivalMode = 'hover' | 'tap';

/** Milliseconds from the click on `link` (the page's own click event) to `selector` being on screen. */
async function timeClickToContent(
  page: Page,
  link: ReturnType<Page['getByRole']>,
  selector: string,
  mode: ArrivalMode,
): Promise<number> {
  await page.evaluate(() => {
    const win = window as ClickWindow;
    delete win.benchClickAt;
    document.addEventListener(
      'click',
      () => {
        win.benchClickAt = performance.now();
      },
      { capture: true, once: true },
    );
  });
  if (mode === 'tap') await link.dispatchEvent('click', { button: 0 });
  else await link.click();
  const shown = await page.waitForFunction(
    (contentSelector) => {
      const clickedAt = (window as ClickWindow).benchClickAt;
      const element = document.querySelector(contentSelector);
      if (clickedAt === undefined || !element) return null;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 ? performance.now() - clickedAt : null;
    },
    selector,
    { polling: 'raf', timeout: 20_000 },
  );
  return (await shown.jsonValue()) ?? Number.NaN;
}

export interface AreaVisit {
  ms: number;
  /** What arrived from the click on, once the network went quiet again. */
  transfers: Transfer[];
  errors: string[];
}

/** From a shell page, a click on the area's navigation link: the area's first load. */
export async function visitArea(
  browser: Browser,
  site: Site,
  session: Session,
  area: Area,
  mode: ArrivalMode,
  startPath: StartPath = '/boards',
): Promise<AreaVisit> {
  const { context, page, errors } = await newVisitor(browser, site, { session });
  try {
    const log = new NetworkLog(page, site.appOfOrigin);
    await page.goto(`${site.shellUrl}${startPath}`);
    await page.locator('main h1').first().waitFor();
    await log.quiet();
    const mark = log.mark();
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: area.label, exact: true });
    const ms = await timeClickToContent(page, link, contentSelector(area), mode);
    return { ms, transfers: await settledTransfers(log, mark), errors };
  } finally {
    await context.close();
  }
}
