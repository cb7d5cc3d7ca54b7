import { createKeyMaterial } from '@lifeboard/shared/crypto/keys';
import { sealRecord } from '@lifeboard/shared/crypto/records';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, signUpThroughApi, type ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { startOpenAiStandIn, type StandIn } from '../support/openai-stand-in';
import { signInThroughApi } from '../support/session';

const site = inject('site');
const REFLECTION = 'You walked three times and wrote about the garden twice. Next week, try writing after each walk.';
let browser: Browser;
let page: Page;
let person: ApiUser;
let standIn: StandIn;
let adminToken = '';
let providerId = 0;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  standIn = await startOpenAiStandIn(() => REFLECTION);
  const admin = await apiRequest(site, 'POST', '/api/login', site.admin);
  adminToken = admin.body.token as string;
  const made = await apiRequest(
    site,
    'POST',
    '/api/admin/ai/providers/create',
    { name: `Reflector ${Date.now()}`, base_url: standIn.url, models: ['reflect-1'] },
    adminToken,
  );
  expect(made.status).toBe(200);
  const provider = made.body.provider as { id: number; models: { id: number }[] };
  providerId = provider.id;

  // The person's time zone is UTC (the default), so "today" is the UTC date.
  person = await signUpThroughApi(site, 'reflection');
  const as = (path: string, body: unknown) => apiRequest(site, 'POST', path, body, person.token);
  // Other specs may leave providers behind: this person picks this one, as on the account page.
  expect((await as('/api/user/update', { ai_model: provider.models[0].id })).status).toBe(200);
  for (const [date, title, body] of [
    [day(1), 'Garden', '<p>Planted the tulips before the frost.</p>'],
    [day(3), 'Garden again', '<p>The soil was hard.</p>'],
  ])
    expect(
      (await as('/api/journal_entry/create', { board: person.boardId, params: { date, title, body } })).status,
    ).toBe(201);
  const { dataKey, material } = await createKeyMaterial(person.user.id, 'a long passphrase of mine');
  expect((await as('/api/encryption/enable', material)).status).toBe(201);
  const sealed = await sealRecord(dataKey, 'journal_entry', { title: 'Private', body: '<p>canary-7731</p>' });
  expect(
    (await as('/api/journal_entry/create', { board: person.boardId, params: { date: day(2), ...sealed } })).status,
  ).toBe(201);
  const habit = (await as('/api/habit/create', { board: person.boardId, params: { title: 'Walk' } })).body.habit as {
    id: number;
  };
  for (const date of [day(0), day(2), day(4)])
    await as('/api/habit/checkin', { board: person.boardId, params: { habit_id: habit.id, date, value: 'yes' } });

  browser = await launchBrowser();
  page = (await watchedPage(browser)).page;
  page.setDefaultTimeout(15_000);
  await signInThroughApi(page, site, { email: person.email, password: person.password });
});
afterEach(expectNoPageProblems);
afterAll(async () => {
  await browser?.close();
  if (providerId) await apiRequest(site, 'POST', '/api/admin/ai/providers/delete', { id: providerId }, adminToken);
  await standIn?.close();
});

describe('the weekly reflection', () => {
  it('shows what is sent, leaves the encrypted entry out, writes a reflection and takes the weekly opt-in', async () => {
    await page.goto(`${site.shellUrl}/journal`);
    await page.getByRole('link', { name: 'Weekly reflection' }).click();
    await page.waitForURL('**/journal/reflection');
    const sent = page.getByLabel('What is sent');
    await expect
      .poll(() => sent.textContent(), { timeout: 20_000 })
      .toContain('the model reflect-1 would be sent 2 journal entries');
    expect(await sent.textContent()).toContain('and 1 habit');
    expect(await sent.getByRole('note').textContent()).toBe(
      '1 encrypted entry is left out: encrypted entries are never sent.',
    );
    expect(await page.getByRole('list', { name: 'Entries sent' }).textContent()).toContain('Garden again');
    expect(await page.getByRole('list', { name: 'Habits sent' }).textContent()).toBe('Walk: done on 3 days of 7');

    await page.getByRole('button', { name: 'Reflect on my week' }).click();
    const card = page.getByRole('article');
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain(REFLECTION);
    expect(await card.textContent()).toContain(
      'Written by reflect-1 from 2 journal entries and 1 habit; 1 encrypted entry was left out.',
    );
    const prompt = standIn.prompts.at(-1) ?? '';
    expect(prompt).toContain('Planted the tulips before the frost.');
    expect(prompt).not.toContain('canary-7731');
    expect(prompt).not.toContain('lbe:');

    const weekly = page.getByLabel(/every Monday morning/);
    expect(await weekly.isChecked()).toBe(false);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/reflection/weekly'));
    await weekly.check();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByLabel(/every Monday morning/).isChecked(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('article').count()).toBe(1);
  }, 120_000);
});
