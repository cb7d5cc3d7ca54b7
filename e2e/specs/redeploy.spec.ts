import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { waitForPort, waitForPortClosed } from '../support/ports';
import { buildAreaRelease, releaseNote } from '../support/release-build';
import { serveRemoteForRun } from '../support/remote-server';
import { signInThroughApi } from '../support/session';

/**
 * Architecture property 1: rebuilding and redeploying one remote changes what users get on their next page
 * load, with no rebuild of the shell or of any other remote. The goals team ships a release (a change they
 * can see in their area), built on its own into a folder of its own, and swaps it in on the remote's server.
 */
const site = inject('site');
const app = 'mf-goals';
const area = 'mf_goals';
const port = site.remotes[app].port;
const release = `Goals release ${Date.now()}`;
const work = mkdtempSync(join(tmpdir(), 'lifeboard-redeploy-'));
const releaseDist = join(work, 'dist');

let browser: Browser;
let server: ChildProcess | null = null;
let restored = false;

async function replaceServer(dist?: string): Promise<void> {
  if (server) {
    server.kill('SIGTERM');
  } else {
    process.kill(-site.remotes[app].pid, 'SIGTERM'); // the global set-up's server: its own process group
  }
  await waitForPortClosed(port);
  server = serveRemoteForRun(site, app, dist);
  await waitForPort(port, `${app} (${dist ?? 'its dist/'})`);
}

/** The release: the goals area as it is, plus a line its team wants users to see, as a new exposed module. */
function buildRelease(): Promise<void> {
  return buildAreaRelease({
    repoRoot: site.repoRoot,
    app,
    area,
    port: 3002,
    work,
    out: releaseDist,
    afterMount: releaseNote(release),
  });
}

/** Every JS and CSS file the page gets from the shell's origin, with its ETag, per page load. */
function recordShellFiles(page: Page): { next(): Map<string, string> } {
  let files = new Map<string, string>();
  page.on('response', (response: Response) => {
    const url = response.url();
    if (url.startsWith(site.shellUrl) && /\.(js|css)$/.test(new URL(url).pathname))
      files.set(url, response.headers().etag ?? '');
  });
  return {
    next() {
      files = new Map();
      return files;
    },
  };
}

/** Modification times of every other app's build, to show none of them was built again. */
function otherBuilds(): Record<string, number> {
  const apps = ['shell', ...Object.keys(site.remotes).filter((name) => name !== app)];
  return Object.fromEntries(
    apps.map((name) => {
      const entry = name === 'shell' ? 'index.html' : 'remoteEntry.js';
      return [name, statSync(join(site.repoRoot, name, 'dist', entry)).mtimeMs];
    }),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
  if (!restored) await replaceServer().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

describe('redeploying one remote', () => {
  it('gives users the new release on their next page load, with the shell and the other remotes untouched', async () => {
    const { page, cspViolations, pageErrors } = await watchedPage(browser);
    await signInThroughApi(page, site);
    const releaseNote = page.locator(`[data-area="${area}"] [data-release]`);
    const areaContent = page.locator(`[data-area="${area}"] .lb-area__parcel > *`).first();

    const shellFiles = recordShellFiles(page);
    const before = shellFiles.next();
    const firstLoad = await page.goto(`${site.shellUrl}/my-goals`);
    const documentEtag = firstLoad?.headers().etag;
    expect(documentEtag).toBeTruthy();
    await areaContent.waitFor();
    expect(await releaseNote.count()).toBe(0);
    const buildsBefore = otherBuilds();
    const ownBuildBefore = statSync(join(site.repoRoot, app, 'dist', 'remoteEntry.js')).mtimeMs;

    await buildRelease();
    await replaceServer(releaseDist);

    const after = shellFiles.next();
    const entryAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url() === `http://localhost:${port}/remoteEntry.js`) entryAnswers.push(response.status());
    });
    const reloaded = await page.reload();
    await releaseNote.waitFor();
    expect(await releaseNote.textContent()).toBe(release);
    await areaContent.waitFor();
    expect(entryAnswers).toEqual([200]); // the new entry, not a cached one

    // The shell was not rebuilt: the same document and the same content-hashed files, with the same ETags.
    expect(reloaded?.headers().etag).toBe(documentEtag);
    expect(after.size).toBeGreaterThan(0);
    for (const [url, etag] of after) {
      expect(before.has(url), `${url} is a file the shell served before the release`).toBe(true);
      if (etag && before.get(url)) expect(etag).toBe(before.get(url));
    }
    expect(otherBuilds()).toEqual(buildsBefore);
    expect(statSync(join(site.repoRoot, app, 'dist', 'remoteEntry.js')).mtimeMs).toBe(ownBuildBefore);

    // Rolling back is the same move: the previous build again, and the next load no longer shows the release.
    await replaceServer();
    restored = true;
    await page.reload();
    await areaContent.waitFor();
    expect(await releaseNote.count()).toBe(0);

    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 180_000);
});
