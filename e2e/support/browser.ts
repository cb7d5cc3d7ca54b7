import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

/** Debian's Chromium with the flags measured in stack-notes.md. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export interface PageWatch {
  page: Page;
  /** `securitypolicyviolation` events seen in the page (any frame), and Chromium's "Refused to …" reports. */
  cspViolations: string[];
  /** Uncaught errors and unhandled rejections of the page. */
  pageErrors: string[];
  requests: string[];
}

/** The watched pages whose problems a spec has not checked yet (see `expectNoPageProblems`). */
const unchecked = new Set<PageWatch>();

/** A page that records CSP violations, uncaught errors and every request URL; `options` set its size, scheme… */
export async function watchedPage(browser: Browser, options?: BrowserContextOptions): Promise<PageWatch> {
  const page = await browser.newPage(options);
  const watch: PageWatch = { page, cspViolations: [], pageErrors: [], requests: [] };
  unchecked.add(watch);
  await page.exposeFunction('__reportCsp', (text: string) => watch.cspViolations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCsp: (text: string) => void }).__reportCsp;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`,
      );
    });
  });
  // Violations that no document event reaches (a worker, a frame torn down before reporting) still reach the console.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text()))
      watch.cspViolations.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error.stack ?? error.message));
  page.on('request', (request) => watch.requests.push(request.url()));
  return watch;
}

/**
 * The check every spec runs after each test (`afterEach(expectNoPageProblems)`): no watched page saw a CSP
 * violation or a page error since the last check. A page that stays open across tests is checked again
 * after the next one, for what happened since.
 */
export function expectNoPageProblems(): void {
  const problems: string[] = [];
  for (const watch of unchecked) {
    problems.push(...watch.cspViolations.map((text) => `CSP violation: ${text}`));
    problems.push(...watch.pageErrors.map((text) => `page error: ${text}`));
    watch.cspViolations.length = 0;
    watch.pageErrors.length = 0;
    if (watch.page.isClosed()) unchecked.delete(watch);
  }
  if (problems.length > 0)
    throw new Error(`The browser reported ${problems.length} problem(s):\n${problems.join('\n')}`);
}
