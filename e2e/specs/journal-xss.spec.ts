import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, inBatches, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { launchBrowser, watchedPage } from '../support/browser';
import type { PageWatch } from '../support/browser';
import { navigateInApp } from '../support/journal-page';
import { scriptableMarkup } from '../support/rich-text-checks';
import { signInThroughApi } from '../support/session';
import { loadXssPayloads, seededSample, watchScriptRuns } from '../support/xss-watch';
import type { ScriptRuns } from '../support/xss-watch';

/**
 * Every payload of the shared XSS file saved as a journal entry and as a note (through the API), then shown
 * in the lists (all of them: the lists render many at once), in every entry's expanded "Read all" view (all at
 * once, formulas rendered), in the editor and on the public share page:
 * no dialog, no alert/confirm/prompt/print call, no `javascript:` navigation, no script-capable markup.
 *
 * Opening one document in the editor or on the public page costs about a second on the loaded 2-core CI
 * machine, so those two views take a random sample of `E2E_XSS_SAMPLE` (default 60) documents per model;
 * the seed is printed and can be replayed with `E2E_XSS_SEED`. `E2E_XSS_SAMPLE=all` opens every one.
 */

const site = inject('site');
const payloads = loadXssPayloads(site.repoRoot);
const sampleSetting = process.env.E2E_XSS_SAMPLE ?? '60';
const sampleSize = sampleSetting === 'all' ? Number.POSITIVE_INFINITY : Number(sampleSetting);
const seed = Number(process.env.E2E_XSS_SEED ?? Date.now() % 100_000);
// Each opened document takes 0.1–0.3 s (more on a loaded machine); `all` opens 902 per view.
const viewTimeoutMs = sampleSetting === 'all' ? 900_000 : 300_000;

interface Saved {
  index: number;
  model: 'journal_entry' | 'note';
  id: number;
  slug: string;
  /** The stored body (after the server's sanitizer) is not empty: a journal entry then offers "Read all". */
  hasBody: boolean;
}

let browser: Browser;
let owner: PageWatch;
let page: Page;
let ownerRuns: ScriptRuns;
let user: ApiUser;
const saved: Saved[] = [];
const refused: string[] = [];

/** The title starts with a marker the views can be waited on; the rest is the payload too (as plain text). */
function titleOf(index: number, html: string): string {
  return `#${index}# ${html.replaceAll(String.fromCharCode(0), '')}`.slice(0, 200);
}

async function save(model: Saved['model'], index: number): Promise<void> {
  const { html } = payloads[index];
  const fields =
    model === 'note'
      ? { title: titleOf(index, html), body: html }
      : { title: titleOf(index, html), body: html, date: '2026-10-01' };
  const created = await apiRequest(
    site,
    'POST',
    `/api/${model}/create`,
    { board: user.boardId, params: fields },
    user.token,
  );
  const record = created.body[model] as { id?: unknown; body?: unknown } | undefined;
  if (created.status === 422) {
    refused.push(`${model} #${index}: ${JSON.stringify(created.body.errors ?? created.body).slice(0, 120)}`);
    return;
  }
  if (typeof record?.id !== 'number') throw new Error(`create ${model} #${index} answered ${created.status}`);
  const shared = await apiRequest(
    site,
    'POST',
    '/api/shared_page/create',
    { board: user.boardId, params: { source_model: model, source_id: record.id } },
    user.token,
  );
  const share = shared.body.shared_page as { slug?: unknown } | undefined;
  if (typeof share?.slug !== 'string') throw new Error(`sharing ${model} #${index} answered ${shared.status}`);
  saved.push({
    index,
    model,
    id: record.id,
    slug: share.slug,
    hasBody: typeof record.body === 'string' && record.body !== '',
  });
}

async function expectNoScriptRun(target: Page, runs: ScriptRuns, where: string): Promise<void> {
  expect({ where, calls: await runs.read(target), dialogs: runs.dialogs, scriptUrls: runs.scriptUrls }).toEqual({
    where,
    calls: [],
    dialogs: [],
    scriptUrls: [],
  });
}

function timed(label: string, started: number, count: number): void {
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `[xss] ${label}: ${count} in ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(count, 1)).toFixed(0)} ms each)`,
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await watchedPage(browser);
  page = owner.page;
  ownerRuns = await watchScriptRuns(page.context());
  user = await signUpThroughApi(site, 'xss');
  const started = Date.now();
  const indexes = payloads.map((_, index) => index);
  await inBatches(indexes, 6, (index) => save('journal_entry', index));
  await inBatches(indexes, 6, (index) => save('note', index));
  timed('saved through the API (entries, notes and their shares)', started, payloads.length * 2);
  console.log(
    `[xss] ${payloads.length} payloads; sample per view: ${sampleSetting}, seed ${seed}; refused by the API (422): ${refused.length}`,
  );
  for (const line of refused) console.log(`[xss]   refused ${line}`);
  await signInThroughApi(page, site, { email: user.email, password: user.password });
}, 600_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Clicks "Load more" until the list shows `expected` items. The button is away for a moment after each page
 * (while the page's rest is staged in), so "no button" does not mean the list is whole.
 */
async function loadWholeList(items: Locator, expected: number): Promise<void> {
  const more = page.getByRole('button', { name: 'Load more' });
  for (let shown = await items.count(); shown < expected; shown = await items.count()) {
    await more.click();
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThan(shown);
  }
}

function sampleOf(model: Saved['model']): Saved[] {
  return seededSample(
    saved.filter((item) => item.model === model),
    sampleSize,
    seed,
  );
}

describe('every XSS payload, saved as an entry and as a note', () => {
  it('all journal entries in the list: no script runs', async () => {
    const started = Date.now();
    await page.goto(`${site.shellUrl}/journal`);
    await page.locator('.lb-entry').first().waitFor();
    const entries = saved.filter((item) => item.model === 'journal_entry').length;
    await loadWholeList(page.locator('.lb-entry'), entries);
    expect(await page.locator('.lb-entry').count()).toBe(entries);
    await page.waitForTimeout(1000);
    expect(await scriptableMarkup(page.locator('.lb-entry-days'))).toEqual([]);
    await expectNoScriptRun(page, ownerRuns, 'journal list');
    timed('journal list', started, entries);
  });

  it('every entry expanded with "Read all", formulas rendered: no script runs', async () => {
    const started = Date.now();
    // The whole list from the test before. Every entry whose stored body is not empty offers "Read all" (an
    // entry whose body the server's sanitizer emptied has only its excerpt).
    const withBody = saved.filter((item) => item.model === 'journal_entry' && item.hasBody).length;
    console.log(`[xss] ${withBody} entries kept a body after the server's sanitizer`);
    expect(withBody).toBeGreaterThan(0);
    const readAll = page.locator('.lb-entry').getByRole('button', { name: 'Read all', exact: true });
    expect(await readAll.count()).toBe(withBody);
    // Clicked in the page, all at once: every payload's full view is rendered together, as a reader sees it.
    await readAll.evaluateAll((buttons) => {
      for (const button of buttons) (button as HTMLButtonElement).click();
    });
    const views = page.locator('.lb-entry .lb-entry__full.lb-rich-text-view');
    await expect.poll(() => views.count(), { timeout: 60_000 }).toBe(withBody);
    expect(await page.locator('.lb-entry').getByRole('button', { name: 'Show less', exact: true }).count()).toBe(
      withBody,
    );
    // A view with a formula loads KaTeX and renders it after the view appears: wait until it has.
    if ((await page.locator('.lb-entry__full span.ql-formula').count()) > 0)
      await page.locator('.lb-entry__full .katex').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    expect(await scriptableMarkup(page.locator('.lb-entry-days'))).toEqual([]);
    await expectNoScriptRun(page, ownerRuns, 'journal entries read in full');
    expect(owner.cspViolations.filter((line) => line.startsWith('script'))).toEqual([]);
    expect(owner.pageErrors).toEqual([]);
    timed('journal entries read in full', started, withBody);
  });

  it('all notes in the list: no script runs', async () => {
    const started = Date.now();
    await navigateInApp(page, '/notes');
    await page.locator('.lb-note').first().waitFor();
    const notes = saved.filter((item) => item.model === 'note').length;
    await loadWholeList(page.locator('.lb-note'), notes);
    expect(await page.locator('.lb-note').count()).toBe(notes);
    expect(await scriptableMarkup(page.locator('ul.lb-notes'))).toEqual([]);
    await expectNoScriptRun(page, ownerRuns, 'notes list');
    timed('notes list', started, notes);
  });

  it(
    'entries and notes opened in the editor: no script runs',
    async () => {
      const started = Date.now();
      const chosen = [...sampleOf('journal_entry'), ...sampleOf('note')];
      for (const item of chosen) {
        const path = item.model === 'note' ? `/notes?note=${item.id}` : `/journal?entry=${item.id}`;
        await navigateInApp(page, path);
        const title = page.getByLabel('Title');
        await expect
          .poll(() => title.inputValue().catch(() => ''), { timeout: 20_000 })
          .toMatch(new RegExp(`^#${item.index}# `));
        await page.locator('.ql-editor').waitFor();
        const found = await scriptableMarkup(page.locator('.ql-editor'));
        expect({ payload: item.index, model: item.model, found }).toEqual({
          payload: item.index,
          model: item.model,
          found: [],
        });
      }
      await navigateInApp(page, '/journal');
      await page.waitForTimeout(1000);
      await expectNoScriptRun(page, ownerRuns, 'editor');
      expect(owner.cspViolations.filter((line) => line.startsWith('script'))).toEqual([]);
      expect(owner.pageErrors).toEqual([]);
      timed('opened in the editor', started, chosen.length);
    },
    viewTimeoutMs,
  );

  it(
    'entries and notes on their public share page, signed out: no script runs',
    async () => {
      const visitor = await watchedPage(browser);
      const runs = await watchScriptRuns(visitor.page.context());
      const started = Date.now();
      const chosen = [...sampleOf('journal_entry'), ...sampleOf('note')];
      try {
        await visitor.page.goto(`${site.shellUrl}/a/${chosen[0].slug}`);
        for (const item of chosen) {
          await navigateInApp(visitor.page, `/a/${item.slug}`);
          const heading = visitor.page.locator('article h1');
          await expect
            .poll(() => heading.textContent().catch(() => ''), { timeout: 20_000 })
            .toMatch(new RegExp(`^#${item.index}# `));
          const found = await scriptableMarkup(visitor.page.locator('article'));
          expect({ payload: item.index, model: item.model, found }).toEqual({
            payload: item.index,
            model: item.model,
            found: [],
          });
        }
        await visitor.page.waitForTimeout(1000);
        await expectNoScriptRun(visitor.page, runs, 'public pages');
        expect(visitor.cspViolations.filter((line) => line.startsWith('script'))).toEqual([]);
        expect(visitor.pageErrors).toEqual([]);
        timed('opened on the public page', started, chosen.length);
      } finally {
        await visitor.page.context().close();
      }
    },
    viewTimeoutMs,
  );
});
