import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { startOpenAiStandIn, type StandIn } from '../support/openai-stand-in';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;
let adminPage: Page;
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startOpenAiStandIn((prompt) =>
    prompt.startsWith('Say hello') ? 'Hello from the stand-in model, one word at a time.' : `You said: ${prompt}`,
  );
  browser = await launchBrowser();
  adminPage = (await watchedPage(browser)).page;
  // A step that cannot happen says which one, well before the test's own time runs out.
  adminPage.setDefaultTimeout(15_000);
  await signInThroughApi(adminPage, site, site.admin);
});
afterEach(expectNoPageProblems);
afterAll(async () => {
  await browser?.close();
  await standIn?.close();
});

describe('AI models in the admin area', () => {
  it('an admin adds an OpenAI-compatible provider and tests a model, the reply streaming in', async () => {
    const name = `Stand-in ${Date.now()}`;
    await adminPage.goto(`${site.shellUrl}/admin/ai-models`);
    await adminPage.getByRole('button', { name: 'Add a provider' }).click();
    const form = adminPage.getByRole('form', { name: 'New provider' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel(/Address/).fill(standIn.url);
    await form.getByLabel('Models', { exact: true }).fill('stand-in-small, stand-in-large');
    await form.getByLabel('Requests per person per day').fill('50');
    await form.getByRole('button', { name: 'Add provider' }).click();
    const card = adminPage.getByLabel(name);
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain('50 requests per person a day');

    await adminPage.getByRole('link', { name: 'Test a model' }).click();
    await adminPage.waitForURL('**/admin/ai-model-testing');
    await adminPage.getByLabel('Model', { exact: true }).selectOption({ label: `stand-in-large (${name})` });
    await adminPage.getByLabel('Prompt').fill('Say hello');
    const streamed = adminPage.waitForResponse(
      (r) => r.url().endsWith('/api/admin/ai/test-stream') && r.request().method() === 'POST',
    );
    await adminPage.getByRole('button', { name: 'Send' }).click();
    const answered = await streamed;
    expect(`${answered.status()} ${answered.headers()['content-type'] ?? ''}`).toMatch(/^200 text\/event-stream/);
    const reply = adminPage.getByRole('region', { name: 'Reply' });
    // The reply arrives in pieces: part of it is on the screen before the whole.
    await expect
      .poll(async () => ((await reply.textContent()) ?? '').includes('Hello from'), { timeout: 20_000 })
      .toBe(true);
    const early = (await reply.textContent()) ?? '';
    expect(early).not.toContain('one word at a time.');
    const measures = adminPage.getByLabel('Measures');
    await expect
      .poll(() => measures.textContent(), { timeout: 20_000 })
      .toMatch(
        /^From stand-in-large\. First words after \d+\.\d s, whole reply in \d+\.\d s\. Tokens: 2 in the prompt, 10 in the reply\.$/,
      );
    expect(await reply.textContent()).toContain('Hello from the stand-in model, one word at a time.');
    expect(standIn.prompts).toContain('Say hello');
  }, 120_000);
});
