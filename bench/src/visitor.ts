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
  user: { id: number; role: string; default_board_id?: number | null; boards?: { id: number; name: string }[] };
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
}

export interface Visitor {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export async function newVisitor(browser: Browser, site: Site, { session }: VisitorOptions): Promise<Visitor> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (session) {
    await page.goto(`${site.shellUrl}/remotes.json`);
    // What the shell keeps after a sign-in (shell/src/board/board-actions.ts): the token, the user, and the user's
    // boards with the default one current. Without the board a page would wait for /api/user to learn it, which
    // no signed-in visitor does.
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('lifeboard:user', JSON.stringify(user));
      const boards = user.boards ?? [];
      const current = boards.find((board) => board.id === user.default_board_id) ?? boards[0];
      localStorage.setItem('lifeboard:boards', JSON.stringify(boards));
      if (current) localStorage.setItem('lifeboard:board', JSON.stringify({ id: current.id, name: current.name }));
    }, session);
  }
  return { context, page, errors };
}
