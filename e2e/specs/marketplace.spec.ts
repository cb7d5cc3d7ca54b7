import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequest, signUpThroughApi } from '../support/api-client';
import type { ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser, watchedPage } from '../support/browser';
import { signInThroughApi } from '../support/session';
import { tinyPng } from '../support/journal-page';

const site = inject('site');
let browser: Browser;
/** One browser context each: the creator, the admin and the buyer are signed in side by side. */
let creatorPage: Page;
let adminPage: Page;
let buyerPage: Page;
let creator: ApiUser;
let buyer: ApiUser;

const title = `Morning pages ${Date.now()}`;
const lessonOne = 'Write three pages by hand before breakfast.';
let guid = '';

beforeAll(async () => {
  browser = await launchBrowser();
  [creatorPage, adminPage, buyerPage] = (
    await Promise.all([watchedPage(browser), watchedPage(browser), watchedPage(browser)])
  ).map((w) => w.page);
  [creator, buyer] = await Promise.all([
    signUpThroughApi(site, 'creator', { as_creator: true }),
    signUpThroughApi(site, 'buyer'),
  ]);
  await Promise.all([
    signInThroughApi(creatorPage, site, { email: creator.email, password: creator.password }),
    signInThroughApi(adminPage, site, site.admin),
    signInThroughApi(buyerPage, site, { email: buyer.email, password: buyer.password }),
  ]);
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

/** The program's access for the buyer, as the API gives it: whether any chapter's text is there. */
async function buyerReadsChapters(): Promise<boolean> {
  const answer = await apiRequest(site, 'GET', `/api/program-implement/${guid}`, undefined, buyer.token);
  const chapters = answer.body.chapters as { body: string | null }[];
  return chapters.some((c) => typeof c.body === 'string' && c.body.length > 0);
}

describe('the programs marketplace', () => {
  it('a creator builds a priced program with two chapters and submits it; an admin approves it', async () => {
    const page = creatorPage;
    await page.goto(`${site.shellUrl}/creator-programs`);
    await page.getByRole('button', { name: 'New program' }).click();
    const form = page.getByRole('form', { name: 'New program' });
    await form.getByLabel('Title (required)').fill(title);
    await form.getByLabel('Description').fill('Thirty days of morning pages.');
    await form.getByLabel('Price').fill('29.00');
    await form.getByLabel('Currency').fill('USD');
    await form.getByRole('button', { name: 'Add program' }).click();
    const item = page.getByRole('list', { name: 'Programs' }).getByRole('listitem').filter({ hasText: title });
    await expect.poll(() => item.textContent(), { timeout: 20_000 }).toMatch(/Price: 29\.00 USD/);
    expect(await item.textContent()).toMatch(/Draft/);
    // Saved (not the list's optimistic copy): only a saved program has its Edit button.
    await expect
      .poll(() => page.getByRole('button', { name: `Edit ${title}` }).isVisible(), { timeout: 20_000 })
      .toBe(true);

    // Two chapters, written in the wrong order; the second opens a week after the buyer starts (drip).
    await page.goto(`${site.shellUrl}/chapters`);
    for (const [chapterTitle, body, days] of [
      ['Keep going', 'Do not reread the pages for a week.', '7'],
      ['Start', lessonOne, '0'],
    ]) {
      await page.getByRole('button', { name: 'New chapter' }).click();
      const chapterForm = page.getByRole('form', { name: 'New chapter' });
      await chapterForm.getByLabel('Program').selectOption({ label: title });
      await chapterForm.getByLabel('Title (required)').fill(chapterTitle);
      await chapterForm.getByLabel('Body').fill(body);
      await chapterForm.getByLabel('Opens after (days)').fill(days);
      await chapterForm.getByRole('button', { name: 'Add chapter' }).click();
      await expect
        .poll(() => page.getByRole('link', { name: chapterTitle }).isVisible(), { timeout: 20_000 })
        .toBe(true);
    }
    const order = page
      .locator('section.lb-panel')
      .filter({ has: page.getByRole('heading', { name: 'Order of chapters' }) });
    await order.getByLabel('Program').selectOption({ label: title });
    await expect.poll(() => order.getByText('2. Start').isVisible(), { timeout: 20_000 }).toBe(true);
    await order.getByRole('button', { name: 'Move up Start' }).click();
    await expect.poll(() => order.getByText('1. Start').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await order.getByText('opens 7 days after the start').isVisible()).toBe(true);

    // The buyer's view, previewed: on day 0 the second chapter is still closed.
    await order.getByRole('link', { name: 'Preview the lessons as a buyer sees them' }).click();
    await page.getByRole('button', { name: 'Preview as a buyer' }).click();
    await page.getByRole('button', { name: /Keep going/ }).click();
    await expect
      .poll(() => page.getByText('A buyer reads this lesson from day 7 after starting.').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);

    // "Published" asks for review: the program is in review, not listed, until an admin approves it.
    await page.goto(`${site.shellUrl}/creator-programs`);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('form', { name: 'Edit program' }).getByLabel('Status').selectOption({ label: 'Published' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => item.textContent(), { timeout: 20_000 }).toMatch(/In review/);
    // The list shows the change at once; the save reaches the server just after.
    const stored = async () => {
      const mine = await apiRequest(
        site,
        'POST',
        '/api/program/all',
        { board: creator.boardId, params: {} },
        creator.token,
      );
      return (mine.body.programs as { title: string; guid: string; status: string }[]).find((p) => p.title === title);
    };
    await expect.poll(async () => (await stored())?.status, { timeout: 20_000 }).toBe('review');
    guid = (await stored())?.guid ?? '';

    // The admin sends it back with a reason; the creator reads it, and submits again.
    await adminPage.goto(`${site.shellUrl}/admin/programs`);
    await adminPage.getByRole('link', { name: title }).click();
    await adminPage
      .getByLabel('Reason (needed to reject; the creator sees it)')
      .fill('Say who it is for in the description.');
    await adminPage.getByRole('button', { name: 'Reject' }).click();
    await expect
      .poll(() => adminPage.getByText(/^Rejected on .*: “Say who it is for in the description\.”$/).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);

    await page.reload();
    const notes = page.getByRole('list', { name: 'Review' });
    await expect
      .poll(() => notes.textContent(), { timeout: 20_000 })
      .toMatch(/An admin sent it back on .*: “Say who it is for in the description\.”/);
    await expect.poll(() => item.textContent(), { timeout: 20_000 }).toMatch(/Draft/);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('form', { name: 'Edit program' });
    await edit.getByLabel('Description').fill('Thirty days of morning pages, for anyone who wants a calmer head.');
    await edit.getByLabel('Status').selectOption({ label: 'Published' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => notes.textContent(), { timeout: 20_000 }).toMatch(/is waiting for an admin’s review/);

    await adminPage.goto(`${site.shellUrl}/admin/programs`);
    await adminPage.getByRole('button', { name: `Approve ${title}` }).click();
    const row = adminPage.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toMatch(/Published/);
    expect(await row.textContent()).toMatch(/29\.00 USD/);
  });

  it('the creator gives the program a cover (a text file and fake PNG bytes are refused first); the buyer sees it on the list and the program page, a signed-out visitor on the author’s page', async () => {
    const page = creatorPage;
    await page.goto(`${site.shellUrl}/creator-programs`);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editor = page.getByRole('region', { name: 'Cover image' });
    await expect.poll(() => editor.getByText(/^No cover yet/).isVisible(), { timeout: 20_000 }).toBe(true);
    const alert = () => editor.getByRole('alert').textContent();
    await editor
      .getByLabel('Upload a cover')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Not an image at all.') });
    await expect
      .poll(alert, { timeout: 20_000 })
      .toBe(
        '“notes.txt” was not used: This file is not a JPEG, PNG or WebP image. Choose a photo or picture in one of those formats.',
      );
    // Named and typed as a PNG, but the server reads the bytes.
    await editor.getByLabel('Upload a cover').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await expect
      .poll(alert, { timeout: 20_000 })
      .toBe(
        '“fake.png” was not used: This file is not a JPEG, PNG or WebP image. Choose a photo or picture in one of those formats.',
      );
    const before = await apiRequest(
      site,
      'POST',
      '/api/program/all',
      { board: creator.boardId, params: {} },
      creator.token,
    );
    expect(
      (before.body.programs as { title: string; cover?: string }[]).find((p) => p.title === title)?.cover,
    ).toBeUndefined();

    await editor
      .getByLabel('Upload a cover')
      .setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: tinyPng });
    await expect.poll(() => editor.getByRole('status').textContent(), { timeout: 20_000 }).toBe('The cover is added.');
    /** Whether the image really arrived and decoded (a broken one has no natural width). */
    const shown = (image: Locator) => () =>
      image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);
    await expect.poll(shown(editor.getByRole('img', { name: `Cover of “${title}”` })), { timeout: 20_000 }).toBe(true);
    expect(await editor.getByLabel('Replace the cover').count()).toBe(1);

    // The buyer: on the list, beside the program's name, and on the program's page.
    await buyerPage.goto(`${site.shellUrl}/programs`);
    const card = buyerPage
      .getByRole('article')
      .filter({ has: buyerPage.getByRole('link', { name: title, exact: true }) });
    await expect.poll(shown(card.getByRole('img', { name: `Cover of “${title}”` })), { timeout: 20_000 }).toBe(true);
    await buyerPage.getByRole('link', { name: title, exact: true }).click();
    await expect
      .poll(() => buyerPage.getByRole('heading', { name: title, level: 1 }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(shown(buyerPage.getByRole('img', { name: `Cover of “${title}”` })), { timeout: 20_000 })
      .toBe(true);
    // Signed out, the author's public page shows it too.
    const visitor = (await watchedPage(browser)).page;
    await visitor.goto(`${site.shellUrl}/author/${creator.user.id}`);
    await expect.poll(shown(visitor.getByRole('img', { name: `Cover of “${title}”` })), { timeout: 20_000 }).toBe(true);
    await visitor.close();
    // The admin reviews the same cover.
    const listed = await apiRequest(site, 'POST', '/api/program/published', {}, buyer.token);
    const id = (listed.body.programs as { id: number; title: string }[]).find((p) => p.title === title)?.id;
    await adminPage.goto(`${site.shellUrl}/admin/program/${id}`);
    await expect
      .poll(shown(adminPage.getByRole('img', { name: `Cover of “${title}”` })), { timeout: 20_000 })
      .toBe(true);
  });

  it('a buyer is refused with 4000 0000 0000 0002, pays with 4242 4242 4242 4242, reads lesson 1 and marks it complete', async () => {
    const page = buyerPage;
    await page.goto(`${site.shellUrl}/programs`);
    await page.getByRole('link', { name: title, exact: true }).click();
    await expect.poll(() => page.getByText('Price: 29.00 USD').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('link', { name: /^Buy for 29\.00 USD/ }).click();
    await page.getByRole('button', { name: 'Buy for 29.00 USD' }).click();
    await page.waitForURL(/\/checkout\/co_/, { timeout: 20_000 });
    await expect.poll(() => page.getByText('Price: 29.00 USD').isVisible(), { timeout: 20_000 }).toBe(true);

    const card = page.getByLabel('Card number');
    await card.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay 29.00 USD' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toMatch(/Your card was declined/);
    // A declined card changes nothing: the card is still typed, and no chapter opened.
    expect(await card.inputValue()).toBe('4000 0000 0000 0002');
    expect(await buyerReadsChapters()).toBe(false);

    await card.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay 29.00 USD' }).click();
    await page.waitForURL(/\/program-success\//, { timeout: 20_000 });
    // The page's own status line (the shell's offline banner is a status region too, empty while online).
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`is set up on your board “${title}”`) })
      .waitFor({ timeout: 20_000 });

    await page.getByRole('link', { name: 'Start the first lesson' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Lesson 1: Start' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.getByText(lessonOne).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Mark complete' }).click();
    await expect.poll(() => page.getByText('1 of 2 lessons complete').isVisible(), { timeout: 20_000 }).toBe(true);
    // Completing lesson 1 moves on to lesson 2, which opens a week after the start.
    await expect.poll(() => page.getByRole('heading', { name: 'Lesson 2: Keep going' }).isVisible()).toBe(true);
    expect(
      await page
        .getByText(/^This lesson opens on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{4}\.$/)
        .isVisible(),
    ).toBe(true);
    expect(await buyerReadsChapters()).toBe(true);

    // Within the refund window, the buyer asks for a refund.
    await page.getByRole('button', { name: 'Ask for a refund' }).click();
    await page.getByLabel(/Why do you want a refund/).fill('I prefer typing.');
    await page.getByRole('button', { name: 'Send the refund request' }).click();
    await expect.poll(() => page.getByText(/You asked for a refund on/).isVisible(), { timeout: 20_000 }).toBe(true);
  });

  it('the creator sees the sale and the refund request, and approving it ends the buyer’s access', async () => {
    const page = creatorPage;
    await page.goto(`${site.shellUrl}/creator-transactions`);
    const sale = page.getByRole('table', { name: 'Sales' }).getByRole('row').filter({ hasText: title });
    await expect.poll(() => sale.textContent(), { timeout: 20_000 }).toMatch(/buyer tester/);
    expect(await sale.textContent()).toMatch(/29\.00 USD/);
    expect(await sale.textContent()).toMatch(/Pending until/);
    expect(await sale.textContent()).toMatch(/Refund requested on .*: “I prefer typing\.”/);
    // The dashboard: the sale in the earnings over time (drawn once the chart's code has loaded), and in the filtered list.
    await expect
      .poll(() => page.getByText(/^Your net earnings in the last 90 days: 24\.96 USD from 1 sale\./).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect.poll(() => page.locator('.uplot canvas').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const filters = page.getByRole('form', { name: 'Filter sales' });
    await filters.getByLabel('State').selectOption({ label: 'Paid out' });
    await expect
      .poll(() => page.getByText('No sale matches these filters.').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await filters.getByLabel('State').selectOption({ label: 'Pending (in the refund window)' });
    await expect.poll(() => sale.isVisible(), { timeout: 20_000 }).toBe(true);
    // Back to every state: a refunded sale is not pending, and the list below must still show it.
    await filters.getByLabel('State').selectOption({ label: 'Any state' });

    await sale.getByRole('button', { name: /^Approve the refund of buyer tester's purchase/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund 29.00 USD to buyer tester?' });
    await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect.poll(() => sale.textContent(), { timeout: 20_000 }).toMatch(/Refunded/);

    expect(await buyerReadsChapters()).toBe(false);
    await buyerPage.goto(`${site.shellUrl}/program-implement/${guid}`);
    await expect
      .poll(() => buyerPage.getByRole('heading', { name: /^Lesson \d/ }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await buyerPage.getByText(lessonOne).count()).toBe(0);
    expect(await buyerPage.getByText('This lesson opens when you buy the program.').isVisible()).toBe(true);
  });

  it('a creator makes a 20% coupon; another buyer applies it and pays 23.20 USD', async () => {
    const page = creatorPage;
    await page.goto(`${site.shellUrl}/creator-coupons`);
    const form = page.getByRole('form', { name: 'New coupon' });
    await form.getByLabel('Program').selectOption({ label: `${title} (Price: 29.00 USD)` });
    await form.getByLabel('Code').fill('spring20');
    await form.getByLabel('Percent off').fill('20');
    await form.getByLabel('Use limit (optional)').fill('5');
    await form.getByRole('button', { name: 'Add coupon' }).click();
    const row = page.getByRole('table', { name: 'Coupons' }).getByRole('row').filter({ hasText: 'SPRING20' });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toMatch(/20% off0 of 5/);

    const second = await signUpThroughApi(site, 'second');
    const buyer2 = (await watchedPage(browser)).page;
    await signInThroughApi(buyer2, site, { email: second.email, password: second.password });
    await buyer2.goto(`${site.shellUrl}/program-purchase/${guid}`);
    await buyer2.getByLabel('Coupon code').fill('Spring20');
    await buyer2.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => buyer2.getByText('Coupon SPRING20: −5.80 USD. You pay 23.20 USD.').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await buyer2.getByRole('button', { name: 'Buy for 23.20 USD' }).click();
    await buyer2.waitForURL(/\/checkout\/co_/, { timeout: 20_000 });
    await expect.poll(() => buyer2.getByText('Price: 23.20 USD').isVisible(), { timeout: 20_000 }).toBe(true);
    await buyer2.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer2.getByRole('button', { name: 'Pay 23.20 USD' }).click();
    await buyer2.waitForURL(/\/program-success\//, { timeout: 20_000 });

    await page.reload();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toMatch(/1 of 5/);
    const ledger = await apiRequest(site, 'GET', '/api/creator/ledger', undefined, creator.token);
    expect(
      (ledger.body.entries as { gross_cents: number; buyer_name: string }[]).map((e) => [e.buyer_name, e.gross_cents]),
    ).toContainEqual(['second tester', 2320]);
  });

  it('the weekly payout pays the demo creator’s available balance; an admin marks it paid and the creator sees it', async () => {
    // The demo creator's sale to the demo buyer is 20 days old: out of the refund window. The weekly job may have
    // paid it out already when the server started; "Pay out now" makes the payout if it has not.
    await adminPage.goto(`${site.shellUrl}/admin/payments`);
    await adminPage.getByRole('button', { name: 'Pay out available balances now' }).click();
    await expect
      .poll(() => adminPage.getByText(/payouts? (was|were) made|nothing was paid out/).isVisible(), { timeout: 20_000 })
      .toBe(true);
    const payout = adminPage
      .getByRole('table', { name: 'Payouts' })
      .getByRole('row')
      .filter({ hasText: 'Demo Creator' });
    await expect
      .poll(() => payout.textContent(), { timeout: 20_000 })
      .toMatch(/24\.96 USD1By handWaiting for you to send it/);
    await payout.getByLabel('How you paid Demo Creator (optional)').fill('Bank transfer 1207');
    await payout.getByRole('button', { name: 'Mark the payout of 24.96 USD to Demo Creator paid' }).click();
    await expect.poll(() => payout.textContent(), { timeout: 20_000 }).toMatch(/Paid on .* \(Bank transfer 1207\)$/);

    const demoCreator = (await watchedPage(browser)).page;
    await signInThroughApi(demoCreator, site, { email: 'creator@lifeboard.local', password: site.demo.password });
    await demoCreator.goto(`${site.shellUrl}/creator-payments`);
    const payouts = demoCreator.getByRole('list', { name: 'Payouts' });
    await expect
      .poll(() => payouts.textContent(), { timeout: 20_000 })
      .toMatch(/^24\.96 USD for 1 sale, made .*: paid on .* \(Bank transfer 1207\)$/);
    expect(await demoCreator.getByRole('row', { name: /^USD/ }).textContent()).toMatch(/0\.00 USD24\.96 USD0\.00 USD$/);
  });
});
