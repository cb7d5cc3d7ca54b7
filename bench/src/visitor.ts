/**
 * A first-time visitor: a fresh browser context (empty cache, empty storage), optionally signed in. Signing in
 * goes through the API and stores the session where the shell keeps it (e2e/support/session.ts does the same),
 * from a JSON document of the site, so no app code is cached before the visit being measured.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Account, Site } from './site';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Session {
  token: string;
  user: { id: number; role: string };
}

export async function signIn(site: Site, account: Account): Promise<Session> {
  const response = await fetch(`${site.apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`login of ${account.email} answered ${response.status}`);
  return (await response.json()) as Session;
}

export interface VisitorOptions {
  session: Session | null;
  /**
   * false: the shell never reaches its idle-time preloading, as for a visitor who clicks before the page
   * has gone idle. Hovering a link still preloads, as it would for that visitor.
   */
  idlePreload: boolean;
}

export interface Visitor {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export async function newVisitor(browser: Browser, site: Site, { session, idlePreload }: VisitorOptions): Promise<Visitor> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (!idlePreload) {
    await context.addInitScript(() => {
      (window as unknown as { requestIdleCallback: () => number }).requestIdleCallback = () => 0;
    });
  }
  if (session) {
    await page.goto(`${site.shellUrl}/remotes.json`);
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('lifeboard:user', JSON.stringify(user));
    }, session);
  }
  return { context, page, errors };
}
