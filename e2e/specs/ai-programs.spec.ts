import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { startOpenAiStandIn, type StandIn } from '../support/openai-stand-in';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;
let page: Page;
let creator: ApiUser;
let standIn: StandIn;
let adminToken = '';
let providerId = 0;

const drafted = {
  title: 'Calm Mornings',
  description: 'For busy parents who want a quieter start to the day.',
  chapters: [
    { title: 'Why mornings matter', summary: 'What a calm start changes.' },
    { title: 'The first ten minutes', summary: 'A short routine to try tomorrow.' },
    { title: 'Keeping it going', summary: 'When a morning goes wrong.' },
  ],
  goals: ['Wake at 6:30 on weekdays'],
  habits: ['Ten minutes of stillness'],
  prompts: ['What made this morning calm?'],
};

beforeAll(async () => {
  standIn = await startOpenAiStandIn(() => `\`\`\`json\n${JSON.stringify(drafted)}\n\`\`\``);
  const admin = await fetch(`${site.apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(site.admin),
  });
  adminToken = ((await admin.json()) as { token: string }).token;
  const made = await apiRequest(
    site,
    'POST',
    '/api/admin/ai/providers/create',
    { name: `Writer ${Date.now()}`, base_url: standIn.url, models: ['writer-1'] },
    adminToken,
  );
  expect(made.status).toBe(200);
  const provider = made.body.provider as { id: number; models: { id: number }[] };
  providerId = provider.id;
  creator = await signUpThroughApi(site, 'ai-creator', { as_creator: true });
  // Other specs may leave providers behind: the creator picks this one, as on the account page.
  expect(
    (await apiRequest(site, 'POST', '/api/user/update', { ai_model: provider.models[0].id }, creator.token)).status,
  ).toBe(200);
  browser = await launchBrowser();
  page = (await watchedPage(browser)).page;
  page.setDefaultTimeout(15_000);
  await signInThroughApi(page, site, { email: creator.email, password: creator.password });
});
afterEach(expectNoPageProblems);
afterAll(async () => {
  await browser?.close();
  if (providerId) await apiRequest(site, 'POST', '/api/admin/ai/providers/delete', { id: providerId }, adminToken);
  await standIn?.close();
});

describe('a creator drafting a program with AI', () => {
  it('describes it, gets a draft to edit, and creates the program with its chapters', async () => {
    await page.goto(`${site.shellUrl}/ai-programs`);
    await page.getByLabel('Describe the program').fill('Four weeks to calmer mornings, for parents of small children');
    await page.getByRole('button', { name: 'Draft with AI' }).click();
    await expect.poll(() => page.getByText(/^Drafted by writer-1/).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(standIn.prompts.at(-1)).toContain('Four weeks to calmer mornings, for parents of small children');
    const title = page.getByLabel('Program title');
    expect(await title.inputValue()).toBe('Calm Mornings');
    expect(await page.getByLabel(/^Chapters, one per line/).inputValue()).toContain(
      'The first ten minutes: A short routine to try tomorrow.',
    );
    const ownTitle = `Calm Mornings for Parents ${Date.now()}`;
    await title.fill(ownTitle);
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL('**/creator-programs', { timeout: 20_000 });
    await expect.poll(() => page.getByText(ownTitle).first().isVisible(), { timeout: 20_000 }).toBe(true);

    const programs = await apiRequest(
      site,
      'POST',
      '/api/program/all',
      { board: creator.boardId, params: {} },
      creator.token,
    );
    const program = (programs.body.programs as { id: number; title: string; template: Record<string, unknown> }[]).find(
      (p) => p.title === ownTitle,
    );
    expect(program?.template).toMatchObject({ habits: [{ title: 'Ten minutes of stillness' }] });
    const chapters = await apiRequest(
      site,
      'POST',
      '/api/chapter/all',
      { board: creator.boardId, params: {} },
      creator.token,
    );
    expect(
      (chapters.body.chapters as { program_id: number; title: string }[])
        .filter((c) => c.program_id === program?.id)
        .map((c) => c.title),
    ).toEqual(['Why mornings matter', 'The first ten minutes', 'Keeping it going']);
  }, 120_000);
});
