import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

/** Debian's Chromium with the flags measured in stack-notes.md. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

export interface PageWatch {
  page: Page;
  /** `securitypolicyviolation` events seen in the page: the suite fails on any. */
  cspViolations: string[];
  pageErrors: string[];
  requests: string[];
}

/** A page that records CSP violations, uncaught errors and every request URL. */
export async function watchedPage(browser: Browser): Promise<PageWatch> {
  const page = await browser.newPage();
  const watch: PageWatch = { page, cspViolations: [], pageErrors: [], requests: [] };
  await page.exposeFunction('__reportCsp', (text: string) => watch.cspViolations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCsp: (text: string) => void }).__reportCsp;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error.message));
  page.on('request', (request) => watch.requests.push(request.url()));
  return watch;
}
