import type { Locator, Page } from 'playwright-core';

/**
 * Fills a reminder's "When" with the next minute at least 15 s away (the form takes minutes), in the browser's
 * local time, as a person types it. Answers that instant.
 */
export async function fillWhenNextMinute(page: Page, when: Locator): Promise<Date> {
  const due = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
  const local = await page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, due.getTime());
  await when.fill(local);
  return due;
}
