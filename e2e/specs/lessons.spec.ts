import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { signInThroughApi } from '../support/session';

const site = inject('site');
let browser: Browser;
let creatorPage: Page;
let buyerPage: Page;
let creator: ApiUser;
let buyer: ApiUser;
let programId = 0;
let chapterId = 0;
const title = `Run form ${Date.now()}`;
const video = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

interface InboxMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** Waits for a mail to an address in MailDev (its REST API, as a person reads the inbox). */
async function mailTo(address: string, subject: string, timeoutMs: number): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const inbox = (await (await fetch(`${site.mailUrl}/api/email`)).json()) as InboxMail[];
    const found = inbox.find((mail) => mail.to.some((to) => to.address === address) && mail.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no mail "${subject}" to ${address} within ${timeoutMs / 1000} s`);
}

beforeAll(async () => {
  [creator, buyer] = await Promise.all([
    signUpThroughApi(site, 'lesson-creator', { as_creator: true }),
    signUpThroughApi(site, 'lesson-buyer'),
  ]);
  const made = await apiRequest(
    site,
    'POST',
    '/api/program/create',
    {
      board: creator.boardId,
      params: {
        title,
        price_cents: 1900,
        currency: 'USD',
        status: 'published',
        category: 'fitness',
        description: '<p>Run lighter.</p>',
      },
    },
    creator.token,
  );
  programId = (made.body.program as { id: number }).id;
  const chapter = await apiRequest(
    site,
    'POST',
    '/api/chapter/create',
    {
      board: creator.boardId,
      params: { program_id: programId, position: 0, title: 'Watch first', body: '<p>Draft.</p>' },
    },
    creator.token,
  );
  chapterId = (chapter.body.chapter as { id: number }).id;
  const login = await fetch(`${site.apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(site.admin),
  });
  const { token } = (await login.json()) as { token: string };
  const approved = await apiRequest(
    site,
    'POST',
    '/api/admin/programs/review',
    { id: programId, decision: 'approve' },
    token,
  );
  expect(approved.status).toBe(200);

  browser = await launchBrowser();
  [creatorPage, buyerPage] = (await Promise.all([watchedPage(browser), watchedPage(browser)])).map((w) => w.page);
  // The player's frame is YouTube's; answered here, so the journey needs no internet.
  await buyerPage.route('https://www.youtube.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Video player</p>' }),
  );
  await Promise.all([
    signInThroughApi(creatorPage, site, { email: creator.email, password: creator.password }),
    signInThroughApi(buyerPage, site, { email: buyer.email, password: buyer.password }),
  ]);
});
afterEach(expectNoPageProblems);
afterAll(async () => {
  await browser?.close();
});

describe('a video lesson', () => {
  it('the creator writes it with the editor, gives it a video, a file and a quiz', async () => {
    const page = creatorPage;
    await page.goto(`${site.shellUrl}/chapter/${chapterId}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit chapter' });
    await form.getByLabel('Video').fill(video);
    await form.getByRole('button', { name: 'Save changes' }).click();

    const lesson = page.getByRole('region', { name: 'Lesson' });
    const text = lesson.getByRole('textbox', { name: 'Lesson text' });
    await text.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Keep your steps short');
    // Quill's header picker is its own widget over a hidden <select>.
    await lesson.locator('.ql-picker.ql-header .ql-picker-label').click();
    await lesson.locator('.ql-picker.ql-header .ql-picker-item[data-value="2"]').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Land under your hips, and count 170 steps a minute.');
    await lesson.getByRole('button', { name: 'Save the lesson' }).click();
    await expect.poll(() => lesson.getByText('The lesson is saved.').isVisible(), { timeout: 20_000 }).toBe(true);

    await lesson
      .getByLabel('Attach a file')
      .setInputFiles({ name: 'Drills.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect.poll(() => lesson.getByText('“Drills.pdf” is attached.').isVisible(), { timeout: 20_000 }).toBe(true);

    await lesson.getByRole('button', { name: 'Add a question' }).click();
    await lesson.getByLabel('Question 1', { exact: true }).fill('Where should your foot land?');
    await lesson.getByLabel('Choices of question 1, one per line').fill('Far in front\nUnder your hips');
    await lesson.getByLabel('Right answer of question 1').selectOption({ label: 'Under your hips' });
    await lesson.getByRole('button', { name: 'Save the quiz' }).click();
    await expect
      .poll(() => lesson.getByText('The quiz is saved (1 question).').isVisible(), { timeout: 20_000 })
      .toBe(true);

    const stored = await apiRequest(
      site,
      'POST',
      '/api/chapter/get',
      { board: creator.boardId, params: { id: chapterId } },
      creator.token,
    );
    const saved = stored.body.chapter as { body: string; video_url: string; files: unknown[]; quiz: unknown[] };
    expect(saved.body).toContain('<h2>Keep your steps short</h2>');
    expect(saved.video_url).toBe(video);
    expect(saved.files).toHaveLength(1);
    expect(saved.quiz).toHaveLength(1);
  });

  it('a buyer pays, gets the receipt by mail, watches the lesson, downloads its file and passes its quiz', async () => {
    const page = buyerPage;
    // Found in the catalogue by a word of its title and its category.
    await page.goto(`${site.shellUrl}/programs`);
    await page.getByLabel('Category').selectOption({ label: 'Fitness and health' });
    await page.getByRole('searchbox', { name: 'Search programs' }).fill(title);
    await expect
      .poll(() => page.getByRole('link', { name: title, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(new RegExp(`/program/${programId}$`), { timeout: 20_000 });
    await page.getByRole('link', { name: /^Buy for 19\.00 USD/ }).click();
    await page.getByRole('button', { name: 'Buy for 19.00 USD' }).click();
    await page.waitForURL(/\/checkout\/co_/, { timeout: 20_000 });
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay 19.00 USD' }).click();
    await page.waitForURL(/\/program-success\//, { timeout: 20_000 });

    const receipt = await mailTo(buyer.email, `Your receipt for “${title}”`, 30_000);
    expect(receipt.text).toContain('Paid: 19.00 USD');

    await page.getByRole('link', { name: 'Start the first lesson' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Lesson 1: Watch first' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    const player = page.getByTitle('Video: Watch first');
    expect(await player.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    await expect
      .poll(() => page.frameLocator('iframe[title="Video: Watch first"]').getByText('Video player').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    const text = page.getByRole('region', { name: 'Lesson text: Watch first' });
    expect(await text.getByRole('heading', { name: 'Keep your steps short' }).isVisible()).toBe(true);
    expect(await text.getByText('Land under your hips, and count 170 steps a minute.').isVisible()).toBe(true);

    const file = page.getByRole('link', { name: 'Drills.pdf' });
    const download = await fetch((await file.getAttribute('href')) ?? '');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Drills\.pdf"/);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    const quiz = page.getByRole('form', { name: 'Quiz' });
    await quiz.getByLabel('Under your hips').check();
    await quiz.getByRole('button', { name: 'Check my answers' }).click();
    await expect.poll(() => page.getByText('You got 1 of 1 right.').isVisible(), { timeout: 20_000 }).toBe(true);

    await page.getByRole('button', { name: 'Mark complete' }).click();
    await expect.poll(() => page.getByText('1 of 1 lessons complete').isVisible(), { timeout: 20_000 }).toBe(true);
    // The score is kept: it is there again after a reload.
    await page.reload();
    await expect.poll(() => page.getByText('You got 1 of 1 right.').isVisible(), { timeout: 20_000 }).toBe(true);
  });
});
