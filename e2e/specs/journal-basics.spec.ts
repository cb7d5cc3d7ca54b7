import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, createRecord, getRecord, listRecords, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import type { PageWatch } from '../support/browser';
import { editorArea, saveState } from '../support/journal-page';
import { signInThroughApi } from '../support/session';

/**
 * The journal's basics against Day One, as a person meets them: "On this day" shows last year's entry of today,
 * tags filter the list, a new entry starts from a template, and an entry becomes one of their own templates.
 */
const site = inject('site');
let browser: Browser;
let watch: PageWatch;
let page: Page;
let user: ApiUser;

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
// Not a 29 February: last year may have none.
const lastYear = `${now.getFullYear() - 1}${today.slice(4) === '-02-29' ? '-02-28' : today.slice(4)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  watch = await watchedPage(browser);
  page = watch.page;
  user = await signUpThroughApi(site, 'journal-basics');
  await createRecord(site, user, 'journal_entry', {
    title: 'A year ago by the sea',
    body: '<p>Salt and wind.</p>',
    date: lastYear,
    tags: ['travel'],
  });
  await createRecord(site, user, 'journal_entry', {
    title: 'Long run',
    body: '<p>Twenty kilometres.</p>',
    date: '2026-11-02',
    tags: ['running', 'outdoors'],
  });
  await createRecord(site, user, 'journal_entry', {
    title: 'Book club',
    body: '<p>We read a novel.</p>',
    date: '2026-11-03',
    tags: ['books'],
  });
  await signInThroughApi(page, site, { email: user.email, password: user.password });
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

const entryLink = (name: string) => page.locator('.lb-entry-days').getByRole('link', { name, exact: true });

describe('the journal’s basics', () => {
  it('shows the entries of this day in earlier years under "On this day"', async () => {
    // The list is asked for once on a page load into /journal: the shell's early request (bootstrap.tsx), which
    // the screen takes over, not a second one of its own.
    // (The month's marks and "On this day" ask for entries with a range; the opening list asks with no params.)
    const listRequests: unknown[] = [];
    const countList = (request: Request) => {
      if (!request.url().endsWith('/api/journal_entry/all')) return;
      const params = (request.postDataJSON() as { params?: Record<string, unknown> } | null)?.params ?? {};
      if (Object.keys(params).length === 0) listRequests.push(params);
    };
    page.on('request', countList);
    await page.goto(`${site.shellUrl}/journal`);
    await entryLink('Book club').waitFor();
    page.off('request', countList);
    expect(listRequests).toHaveLength(1);
    const section = page.getByRole('region', { name: 'On this day' });
    await section.getByRole('link', { name: 'A year ago by the sea' }).waitFor();
    expect(await section.getByText(/^1 year ago · /).count()).toBe(1);
    await entryLink('Book club').waitFor();
  });

  it('filters the list by a tag, and shows every entry again', async () => {
    const tags = page.getByRole('navigation', { name: 'Tags' });
    await tags.getByRole('button', { name: 'running, 1 entry' }).click();
    await page.getByText('Entries tagged “running”').waitFor();
    await entryLink('Long run').waitFor();
    await expect.poll(() => entryLink('Book club').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tag')).toBe('running');
    // Filtered, "On this day" steps aside.
    expect(await page.getByRole('heading', { name: 'On this day' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show all entries' }).click();
    await entryLink('Book club').waitFor();
  });

  it('writes a new entry from a built-in template, with tags added and one removed', async () => {
    await page.getByText('New from a template', { exact: true }).click();
    await page.getByRole('link', { name: 'Gratitude' }).click();
    const editor = editorArea(page);
    await editor.getByText('Three things I am grateful for').waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Thankful Sunday');
    const tagField = page.getByRole('textbox', { name: 'Tags' });
    for (const tag of ['gratitude', 'family', 'mistake']) {
      await tagField.fill(tag);
      await tagField.press('Enter');
    }
    await page.getByRole('button', { name: 'Remove mistake' }).click();
    await editor.locator('li').first().click();
    await page.keyboard.type('Morning coffee');
    await expect.poll(() => saveState(page), { timeout: 20_000 }).toBe('saved');
    const id = Number(new URL(page.url()).searchParams.get('entry'));
    expect(id).toBeGreaterThan(0);
    const stored = await getRecord(site, user, 'journal_entry', id);
    expect(stored.tags).toEqual(['gratitude', 'family']);
    expect(String(stored.body)).toContain('Three things I am grateful for');
    expect(String(stored.body)).toContain('Morning coffee');
  });

  it('saves the entry as a template of their own, which starts the next entry', async () => {
    await page.getByRole('button', { name: 'Save as template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as template' });
    const name = dialog.getByRole('textbox', { name: 'Template name' });
    expect(await name.inputValue()).toBe('Thankful Sunday');
    await name.fill('My thanks');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const templates = await listRecords(site, user, 'journal_template', 'journalTemplates');
    expect(templates.map((t) => t.name)).toEqual(['My thanks']);

    await page.getByRole('button', { name: 'Back to entries' }).click();
    await page.getByText('New from a template', { exact: true }).click();
    await page.getByRole('list', { name: 'Your templates' }).getByRole('link', { name: 'My thanks' }).click();
    await editorArea(page).getByText('Morning coffee').waitFor();
    await page.getByRole('button', { name: 'Back to entries' }).click();
    // Opened and left without writing: no entry was made from it.
    const tagged = await apiRequest(site, 'POST', '/api/journal/tags', { board: user.boardId }, user.token);
    expect(tagged.body.tags).toEqual(
      expect.arrayContaining([
        { tag: 'gratitude', entries: 1 },
        { tag: 'running', entries: 1 },
      ]),
    );
    expect((await listRecords(site, user, 'journal_entry', 'journalEntries')).length).toBe(4);
  });
});
