import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { freePort, waitForPort } from '../support/ports';

/**
 * One build for every environment: the very files the global set-up built (once, with no API address) are
 * served a second time, by a second static server, against a second API. Each site talks to its own API: the
 * address comes from the `/settings.json` its server answers with, never from a bundle.
 */
const site = inject('site');
const work = mkdtempSync(join(tmpdir(), 'lifeboard-one-build-'));
const children: ChildProcess[] = [];
let browser: Browser;
let shellB = '';
let apiB = '';

/** A process of this spec, in its own group, stopped with it (and when the Vitest worker goes). */
function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd: site.repoRoot, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  children.push(child);
  return child;
}

beforeAll(async () => {
  const [apiPort, shellPort] = await Promise.all([freePort(), freePort()]);
  apiB = `http://localhost:${apiPort}`;
  shellB = `http://localhost:${shellPort}`;
  start('pnpm', ['--filter', '@lifeboard/api', 'start'], {
    PORT: String(apiPort), HOST: '127.0.0.1', PGLITE_DIR: join(work, 'pglite'), CORS_ORIGINS: shellB, APP_URL: shellB,
  });
  start(process.execPath, ['scripts/serve-static.mjs', 'shell', '--port', String(shellPort), '--remotes', site.remotesFile, '--api', apiB], {});
  await Promise.all([waitForPort(shellPort, 'the second shell server'), waitForPort(apiPort, 'the second API', 90_000)]);
  browser = await launchBrowser();
}, 150_000);

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(work, { recursive: true, force: true });
});

async function settingsOf(shellUrl: string): Promise<{ apiUrl: string }> {
  return (await fetch(`${shellUrl}/settings.json`)).json() as Promise<{ apiUrl: string }>;
}

describe('one build for every environment', () => {
  it('has no API address in any bundle: both sites serve the same files, each with its own settings', async () => {
    const apps = ['shell', ...Object.keys(site.remotes)];
    for (const app of apps) {
      const dist = join(site.repoRoot, app, 'dist');
      for (const file of readdirSync(dist, { recursive: true }).map(String).filter((name) => name.endsWith('.js'))) {
        const text = readFileSync(join(dist, file), 'utf8');
        expect(text.includes(site.apiUrl), `${app}/${file}`).toBe(false);
        expect(text.includes('localhost:4000'), `${app}/${file}`).toBe(false);
      }
    }
    const [pageA, pageB] = await Promise.all([site.shellUrl, shellB].map(async (url) => (await fetch(`${url}/home`)).text()));
    expect(pageB).toBe(pageA);
    expect(await settingsOf(site.shellUrl)).toEqual({ apiUrl: site.apiUrl, analytics: null });
    expect(await settingsOf(shellB)).toEqual({ apiUrl: apiB, analytics: null });
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

    const apiCalls = requests.filter((url) => url.includes('/api/'));
    expect(apiCalls.length).toBeGreaterThan(2);
    expect(apiCalls.filter((url) => !url.startsWith(apiB))).toEqual([]);
    // The account is on the second API, and the first has never heard of it.
    const login = (api: string) => fetch(`${api}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ email, password: 'a long enough password' }),
    });
    expect((await login(apiB)).status).toBe(200);
    expect((await login(site.apiUrl)).status).toBe(422);
    await page.close();
  });
});
