import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { freePort } from '../support/ports';
import { startSecondSite } from '../support/second-site';
import type { SecondSite } from '../support/second-site';

/**
 * One build for every environment: the very files the global set-up built (once, with no API address) are
 * served a second time, by a second static server, against a second API. Each site talks to its own API: the
 * address comes from the `/settings.json` its server answers with, never from a bundle. The second site also
 * has an analytics tag configured (a stand-in counter below); the first has none, as by default.
 */
const site = inject('site');
let second: SecondSite | undefined;
let browser: Browser;
let shellB = '';
let apiB = '';
let stats = '';
let statsServer: Server | undefined;
/** What the stand-in counter received: one page view per entry, with its site id. */
const pageViews: { site: string; path: string }[] = [];

/** A Plausible-like counter: its script reports the page to its own origin, as Plausible's and Umami's do. */
function startStats(port: number): Promise<void> {
  const script = `(function () {
  var tag = document.currentScript;
  fetch(new URL(tag.src).origin + '/api/event', { method: 'POST', body: JSON.stringify({ site: tag.dataset.domain, path: location.pathname }) })
    .catch(function () {});
})();`;
  statsServer = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.url === '/js/script.js') {
      res.setHeader('Content-Type', 'text/javascript');
      res.end(script);
      return;
    }
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      if (req.url === '/api/event' && req.method === 'POST')
        pageViews.push(JSON.parse(Buffer.concat(parts).toString()));
      res.statusCode = 202;
      res.end();
    });
  });
  return new Promise((resolve) => statsServer?.listen(port, 'localhost', resolve));
}

beforeAll(async () => {
  const statsPort = await freePort();
  stats = `http://localhost:${statsPort}`;
  await startStats(statsPort);
  second = await startSecondSite(site, 'one-build', () => ({}), [
    '--analytics-script',
    `${stats}/js/script.js`,
    '--analytics-site',
    'second.lifeboard.test',
  ]);
  apiB = second.site.apiUrl;
  shellB = second.site.shellUrl;
  browser = await launchBrowser();
}, 150_000);

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
  statsServer?.close();
  await second?.close();
});

async function settingsOf(shellUrl: string): Promise<unknown> {
  return (await fetch(`${shellUrl}/settings.json`)).json();
}

describe('one build for every environment', () => {
  it('has no API address in any bundle: both sites serve the same files, each with its own settings', async () => {
    const apps = ['shell', ...Object.keys(site.remotes)];
    for (const app of apps) {
      const dist = join(site.repoRoot, app, 'dist');
      for (const file of readdirSync(dist, { recursive: true })
        .map(String)
        .filter((name) => name.endsWith('.js'))) {
        const text = readFileSync(join(dist, file), 'utf8');
        expect(text.includes(site.apiUrl), `${app}/${file}`).toBe(false);
        expect(text.includes('localhost:4000'), `${app}/${file}`).toBe(false);
      }
    }
    const [pageA, pageB] = await Promise.all(
      [site.shellUrl, shellB].map(async (url) => (await fetch(`${url}/home`)).text()),
    );
    // The same document, but for the analytics tag the second site's server puts in.
    const tag = `<script defer src="${stats}/js/script.js" data-domain="second.lifeboard.test" data-website-id="second.lifeboard.test"></script>`;
    expect(pageB).toBe(pageA.replace('</head>', `${tag}</head>`));
    expect(await settingsOf(site.shellUrl)).toEqual({ apiUrl: site.apiUrl, analytics: null });
    expect(await settingsOf(shellB)).toEqual({
      apiUrl: apiB,
      analytics: { scriptUrl: `${stats}/js/script.js`, siteId: 'second.lifeboard.test' },
    });
  });

  it('a user of the second site signs up and uses an area against the second API only', async () => {
    const { page, requests } = await watchedPage(browser);
    const email = `one-build-${Date.now()}@example.com`;
    await page.goto(`${shellB}/sign-up`);
    await page.getByLabel('Name', { exact: true }).fill('Second Site');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/onboarding');
    await page.getByLabel('Name of your first board').fill('Elsewhere');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL('**/home');
    // A page load into a remote's area: its data calls take the address from the shell, at run time.
    const listed = page.waitForResponse((response) => response.url().startsWith(`${apiB}/api/journal_entry/`));
    await page.goto(`${shellB}/journal`);
    expect((await listed).status()).toBe(200);

    const apiCalls = requests.filter((url) => url.includes('/api/') && !url.startsWith(stats)); // the counter's reports aside
    expect(apiCalls.length).toBeGreaterThan(2);
    expect(apiCalls.filter((url) => !url.startsWith(apiB))).toEqual([]);
    // The account is on the second API, and the first has never heard of it.
    const login = (api: string) =>
      fetch(`${api}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ email, password: 'a long enough password' }),
      });
    expect((await login(apiB)).status).toBe(200);
    expect((await login(site.apiUrl)).status).toBe(422);
    await page.close();
  });

  it('counts page views with the configured tag only: under the CSP, and the privacy page says which tag runs', async () => {
    const { page, requests } = await watchedPage(browser);
    pageViews.length = 0;
    await page.goto(`${shellB}/privacy`);
    await expect.poll(() => pageViews).toEqual([{ site: 'second.lifeboard.test', path: '/privacy' }]);
    await page.getByText('We count page visits with a privacy-friendly analytics tag from localhost:').waitFor();
    expect(await page.context().cookies()).toEqual([]);

    requests.length = 0;
    await page.goto(`${site.shellUrl}/privacy`);
    await page.getByText('This site runs no analytics tag: nothing counts or follows your visits.').waitFor();
    expect(requests.filter((url) => url.startsWith(stats))).toEqual([]);
    const policy = (await fetch(`${site.shellUrl}/privacy`)).headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain(stats);
    expect((await fetch(`${shellB}/privacy`)).headers.get('content-security-policy')).toContain(`script-src 'self'`);
    expect(pageViews).toHaveLength(1);
    await page.close();
  });
});
