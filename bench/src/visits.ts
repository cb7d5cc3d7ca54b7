/**
 * The visits the bench makes in Chromium: the landing page signed out, /home signed in, and a click from a
 * shell page into each area, cold (first visit) and after the shell preloaded the area.
 */
import type { Browser, Page } from 'playwright-core';
import { NetworkLog } from './bytes';
import type { Transfer } from './bytes';
import type { AppName, RemoteApp, Site } from './site';
import { newVisitor } from './visitor';
import type { Session } from './visitor';

export interface Area {
  name: string;
  app: RemoteApp;
  /** The shell's navigation link into the area. */
  label: string;
  adminOnly: boolean;
}

/** Mirrors shell/src/remotes/remotes.ts (names and navigation labels). */
export const areas: readonly Area[] = [
  { name: 'mf_journal', app: 'mf-journal', label: 'Journal', adminOnly: false },
  { name: 'mf_goals', app: 'mf-goals', label: 'Goals', adminOnly: false },
  { name: 'mf_fitness', app: 'mf-fitness', label: 'Fitness', adminOnly: false },
  { name: 'mf_creator', app: 'mf-creator', label: 'Programs', adminOnly: false },
  { name: 'mf_admin', app: 'mf-admin', label: 'Admin', adminOnly: true },
];

/**
 * The shell page a visitor starts from. `/boards` loads no area code and none of the shared model registry or
 * UI kit, so a click from there pays for everything the area needs; `/home` (where sign-in lands) has already
 * loaded the registry, the kit and every area's entry for its widgets.
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
  const { context, page } = await newVisitor(browser, site, { session: null, idlePreload: false });
  try {
    const log = new NetworkLog(page, site.appOfOrigin);
    await page.goto(`${site.shellUrl}${path}`);
    await page.locator('main h1').first().waitFor();
    return await settledTransfers(log, 0);
  } finally {
    await context.close();
  }
}

/** Everything /home loads for a signed-in visitor (its widgets come from every area), before idle preloading. */
export async function visitHome(browser: Browser, site: Site, session: Session): Promise<Transfer[]> {
  const { context, page } = await newVisitor(browser, site, { session, idlePreload: false });
  try {
    const log = new NetworkLog(page, site.appOfOrigin);
    await page.goto(`${site.shellUrl}/home`);
    await page.locator('main h1').first().waitFor();
    return await settledTransfers(log, 0);
  } finally {
    await context.close();
  }
}

interface ClickWindow extends Window {
  benchClickAt?: number;
}

/**
 * How the visitor reaches the area: `hover` moves the pointer onto the link and clicks, as a mouse user does
 * (the shell starts preloading on hover); `preloaded` waits first for the shell's idle preloading; `tap`
 * clicks without any pointer movement, so only what the area needs to show itself is fetched.
 */
export type ArrivalMode = 'hover' | 'preloaded' | 'tap';

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

/**
 * From a shell page, a click on the area's navigation link. `preloaded`: the shell has first preloaded the
 * area while idle (as it does for every signed-in visitor); otherwise the click is the area's first load.
 */
export async function visitArea(
  browser: Browser,
  site: Site,
  session: Session,
  area: Area,
  mode: ArrivalMode,
  startPath: StartPath = '/boards',
): Promise<AreaVisit> {
  const preloaded = mode === 'preloaded';
  const { context, page, errors } = await newVisitor(browser, site, { session, idlePreload: preloaded });
  try {
    const log = new NetworkLog(page, site.appOfOrigin);
    await page.goto(`${site.shellUrl}${startPath}`);
    await page.locator('main h1').first().waitFor();
    await log.quiet();
    if (preloaded) await waitForPreload(page, log, area.app);
    const mark = log.mark();
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: area.label, exact: true });
    const ms = await timeClickToContent(page, link, contentSelector(area), mode);
    return { ms, transfers: await settledTransfers(log, mark), errors };
  } finally {
    await context.close();
  }
}

/** Waits until the idle preloader has fetched the area's entry and the network is quiet again. */
async function waitForPreload(page: Page, log: NetworkLog, app: AppName): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!log.since(0).some((transfer) => transfer.app === app && transfer.url.endsWith('/remoteEntry.js'))) {
    if (Date.now() > deadline) throw new Error(`the shell did not preload ${app} within 20 s`);
    await page.waitForTimeout(100);
    await log.settled();
  }
  await log.quiet(800); // the expose's chunks follow the entry
}
