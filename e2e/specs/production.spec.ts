import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { contentSecurityPolicy, hashedAsset } from '../../scripts/serve-static.mjs';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { isPortOpen } from '../support/ports';
import { productionUp, signUpThrough, type ProductionSite } from '../support/production';
import { buildAreaRelease, releaseNote } from '../support/release-build';
import { isAlive as alive } from '../../scripts/production/common.mjs';

/**
 * `pnpm production:up` (issue 30 §2) and `pnpm deploy:remote` (§6): PostgreSQL, two API processes and a worker under a supervisor, nginx in
 * front with the headers `pnpm start` serves. The site, both API processes reached through nginx, a process
 * killed with -9 started again while the site keeps answering, and `production:down` leaving nothing behind.
 */
const site = inject('site');
let production: ProductionSite | null = null;
let browser: Browser;
const work = mkdtempSync(join(tmpdir(), 'lifeboard-area-releases-'));

async function until(what: string, test: () => Promise<boolean> | boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await test()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s`);
}

/** The headers both servers must agree on, as `name: value` lines (absent ones too). */
const compared = [
  'cache-control',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'access-control-allow-origin',
  'cross-origin-resource-policy',
];
async function headersOf(url: string): Promise<Record<string, string | null>> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  await response.arrayBuffer();
  return Object.fromEntries(compared.map((name) => [name, response.headers.get(name)]));
}

beforeAll(async () => {
  production = await productionUp(site.repoRoot);
  browser = await launchBrowser();
}, 240_000);

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
  await production?.down();
  rmSync(work, { recursive: true, force: true });
});

describe('production:up', () => {
  it('serves the shell and the areas with the same headers as pnpm start, and the policy of one origin', async () => {
    const site$ = production!;
    const shellChunk = readdirSync(join(site.repoRoot, 'shell/dist')).find((name) => hashedAsset.test(name));
    const goalsChunk = readdirSync(join(site.repoRoot, 'mf-goals/dist')).find((name) => hashedAsset.test(name));
    const goals = `http://localhost:${site.remotes['mf-goals'].port}`;
    const pairs: [string, string][] = [
      [`${site$.url}/`, `${site.shellUrl}/`],
      [`${site$.url}/journal`, `${site.shellUrl}/journal`],
      [`${site$.url}/${shellChunk}`, `${site.shellUrl}/${shellChunk}`],
      [`${site$.url}/remotes.json`, `${site.shellUrl}/remotes.json`],
      [`${site$.url}/remotes/mf-goals/mf-manifest.json`, `${goals}/mf-manifest.json`],
      [`${site$.url}/remotes/mf-goals/${goalsChunk}`, `${goals}/${goalsChunk}`],
    ];
    for (const [behindNginx, fromNode] of pairs)
      expect(await headersOf(behindNginx), behindNginx).toEqual(await headersOf(fromNode));
    const document = await fetch(`${site$.url}/my-goals`);
    expect(document.headers.get('content-security-policy')).toBe(contentSecurityPolicy({}, undefined, null));
    expect(await (await fetch(`${site$.url}/settings.json`)).json()).toEqual({ apiUrl: site$.url, analytics: null });
  });

  it('shows an area to a signed-in person: its code from /remotes/, its data from /api/', async () => {
    const { page } = await watchedPage(browser);
    await signUpThrough(page, production!.url, 'Nora');
    await page.goto(`${production!.url}/journal`);
    await page.locator('[data-area="mf_journal"] .lb-area__parcel > *').first().waitFor();
    expect(await page.locator('.lb-area-error').count()).toBe(0);
    await page.close();
  });

  it('spreads /api over both API processes', async () => {
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${production!.url}/api/health/ready`)).status).toBe(200);
    const log = readFileSync(join(production!.dir, 'logs/nginx-access.log'), 'utf8');
    const upstreams = new Set([...log.matchAll(/upstream=127\.0\.0\.1:(\d+)/g)].map((match) => Number(match[1])));
    for (const port of production!.config().ports.api) expect(upstreams).toContain(port);
  });

  it('starts an API process killed with -9 again, while nginx keeps answering from the other', async () => {
    const before = production!.state().processes['api-1'];
    process.kill(before.pid!, 'SIGKILL');
    const answers: number[] = [];
    for (let i = 0; i < 20; i += 1) answers.push((await fetch(`${production!.url}/api/health`)).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    const back = await until(
      'api-1 was not back',
      async () => {
        const now = production!.state().processes['api-1'];
        if (!now.pid || now.pid === before.pid) return false;
        try {
          return (await fetch(`http://127.0.0.1:${now.port}/api/health/ready`)).ok;
        } catch {
          return false;
        }
      },
      30_000,
    );
    expect(back).toBeLessThan(30_000);
    expect(production!.state().processes['api-1'].restarts).toBe(before.restarts + 1);
  });

  it('deploys a new build when run again: each process restarts once, and no read or write fails meanwhile', async () => {
    const site$ = production!;
    const register = await fetch(`${site$.url}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ name: 'Wes', email: `wes-${Date.now()}@example.com`, password: 'a long walk at dawn 42' }),
    });
    const { token } = (await register.json()) as { token: string };
    const headers = {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${token}`,
    };
    const { boards } = (await (await fetch(`${site$.url}/api/board/all`, { headers })).json()) as {
      boards: { id: number }[];
    };
    const before = site$.state().processes;
    let deploying = true;
    const answers: Record<string, number> = {};
    const count = (key: string | number) => (answers[key] = (answers[key] ?? 0) + 1);
    // Each request on a connection of its own: what is checked is the servers' drain. (A client that reuses a
    // connection nginx's reload closes retries on a new one, as browsers do; Node's fetch would not.)
    const send = (method: string, path: string, body?: unknown) =>
      new Promise<number>((resolve) => {
        const request = httpRequest(`${site$.url}${path}`, { method, headers, agent: false }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', () => resolve(0));
        request.end(body === undefined ? undefined : JSON.stringify(body));
      });
    const traffic = Array.from({ length: 4 }, async (_, client) => {
      for (let n = 0; deploying; n += 1) {
        const status =
          client % 2 === 0
            ? await send('POST', '/api/journal_entry/create', {
                board: boards[0].id,
                params: { title: `During the deploy ${client}-${n}`, date: '2026-11-20' },
              })
            : await send('GET', '/api/board/all');
        count(status === 0 ? 'no answer' : status);
      }
    });
    const output = await site$.run('scripts/production/up.mjs', ['--skip-build']);
    deploying = false;
    await Promise.all(traffic);
    expect(output).toContain('deployed');
    const after = site$.state().processes;
    for (const name of ['api-1', 'api-2', 'worker']) {
      expect(after[name].pid, name).not.toBe(before[name].pid);
      expect(after[name].restarts, name).toBe(before[name].restarts);
    }
    expect(Object.keys(answers).sort()).toEqual(['200', '201']);
  }, 180_000);

  it('lets a team deploy a version of its area: open pages get it on their next visit, and a rollback brings the old one back', async () => {
    const site$ = production!;
    const { page } = await watchedPage(browser);
    await signUpThrough(page, site$.url, 'Tess');
    const goals = page.locator('[data-area="mf_goals"] .lb-area__parcel > *').first();
    const note = page.locator('[data-area="mf_goals"] [data-release]');
    const journal = page.locator('[data-area="mf_journal"] .lb-area__parcel > *').first();
    /** Away to the journal and back through the navigation: no page load, only the shell's router. */
    const visitGoalsAgain = async () => {
      await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/journal"]').click();
      await journal.waitFor();
      await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/my-goals"]').click();
      await goals.waitFor();
    };
    await page.goto(`${site$.url}/my-goals`);
    await goals.waitFor();
    expect(await note.count()).toBe(0);
    let loads = 0;
    page.on('load', () => (loads += 1));

    const text = `Goals release ${Date.now()}`;
    const out = join(work, 'goals-release');
    await buildAreaRelease({
      repoRoot: site.repoRoot,
      app: 'mf-goals',
      area: 'mf_goals',
      port: 3002,
      work,
      out,
      afterMount: releaseNote(text),
    });
    await site$.run('scripts/production/deploy-remote.mjs', ['goals', '--dist', out, '--version', 'e2e-1']);
    expect((await (await fetch(`${site$.url}/remotes.json`)).json()).mf_goals).toBe(
      '/releases/mf-goals/e2e-1/mf-manifest.json',
    );
    // The goals code already runs on this page: the visit loads the page once, at /my-goals, and no more.
    await visitGoalsAgain();
    await note.waitFor();
    expect(await note.textContent()).toBe(text);
    expect(page.url()).toBe(`${site$.url}/my-goals`);
    await page.waitForTimeout(2_000);
    expect(loads).toBe(1);
    // Nothing deployed since: moving between areas loads nothing again.
    await visitGoalsAgain();
    expect(await note.count()).toBe(1);
    expect(loads).toBe(1);

    await site$.run('scripts/production/rollback-remote.mjs', ['mf-goals']);
    await visitGoalsAgain();
    await page.waitForTimeout(2_000);
    await goals.waitFor();
    expect(await note.count()).toBe(0);
    expect(loads).toBe(2);
    await page.close();
  }, 180_000);

  it('builds an area from the repository into a version of its own, and other areas keep working meanwhile', async () => {
    const site$ = production!;
    const { page, requests } = await watchedPage(browser);
    await signUpThrough(page, site$.url, 'Uma');
    const output = await site$.run('scripts/production/deploy-remote.mjs', ['fitness', '--version', 'from-source']);
    expect(output).toContain('mf-fitness from-source is live');
    expect(readdirSync(join(site$.releases, 'mf-fitness/from-source'))).toContain('remoteEntry.js');
    await page.goto(`${site$.url}/exercises`);
    await page.locator('[data-area="mf_fitness"] .lb-area__parcel > *').first().waitFor();
    expect(requests.some((url) => url.includes('/releases/mf-fitness/from-source/remoteEntry.js'))).toBe(true);
    await page.goto(`${site$.url}/journal`);
    await page.locator('[data-area="mf_journal"] .lb-area__parcel > *').first().waitFor();
    await site$.run('scripts/production/rollback-remote.mjs', ['fitness']);
    await expect(site$.run('scripts/production/rollback-remote.mjs', ['fitness'])).rejects.toThrow(
      'mf-fitness has no earlier version to go back to',
    );
    await page.close();
  }, 180_000);

  it("shows the area's panel in plain words when a deployed version needs a newer shell, and the rest keeps working", async () => {
    const site$ = production!;
    const { page } = await watchedPage(browser);
    await signUpThrough(page, site$.url, 'Vic');
    const out = join(work, 'goals-future');
    await buildAreaRelease({
      repoRoot: site.repoRoot,
      app: 'mf-goals',
      area: 'mf_goals',
      port: 3002,
      work: join(work, 'future'),
      out,
      exports: ['export const shellContract = 99;'],
    });
    await site$.run('scripts/production/deploy-remote.mjs', ['goals', '--dist', out, '--version', 'e2e-future']);
    await page.goto(`${site$.url}/my-goals`);
    const panel = page.locator('[data-area="mf_goals"] .lb-area-error[data-error-code="LB-REMOTE-CONTRACT"]');
    await panel.waitFor();
    expect(await panel.locator('h2').textContent()).toBe('Goals needs a newer Lifeboard');
    expect(await panel.textContent()).toContain('Reload the page to get the newest Lifeboard');
    await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/journal"]').click();
    await page.locator('[data-area="mf_journal"] .lb-area__parcel > *').first().waitFor();
    await site$.run('scripts/production/rollback-remote.mjs', ['goals']);
    await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/my-goals"]').click();
    await page.locator('[data-area="mf_goals"] .lb-area__parcel > :not(.lb-area-error)').first().waitFor();
    await page.close();
  }, 180_000);

  it('production:down stops every process it started', async () => {
    const site$ = production!;
    const state = site$.state();
    const nginx = Number(readFileSync(join(site$.dir, 'nginx/nginx.pid'), 'utf8'));
    const postgres = Number(readFileSync(join(site$.dir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
    const pids = [state.supervisor, nginx, postgres, ...Object.values(state.processes).map((entry) => entry.pid)];
    expect(pids.every(alive)).toBe(true);
    production = null;
    await site$.down();
    expect(pids.filter(alive)).toEqual([]);
    expect(await isPortOpen(Number(new URL(site$.url).port))).toBe(false);
  });
});
