import type { Locator, Page } from 'playwright-core';

/**
 * Picks an item of a sortable list (dnd-kit) up from the keyboard, as a person does: Space on its handle, then
 * the moment it is announced and ready to move. dnd-kit starts listening for the arrow keys one timer turn after
 * it announces the pick-up, and Chromium runs input before timers, so an arrow pressed the instant the
 * announcement shows can arrive first and be lost. The page's own zero-delay timer, set after dnd-kit's, runs
 * after it: once it has, the arrows are heard.
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator, title: string): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await page.getByText(`Picked up "${title}".`).waitFor({ state: 'attached' });
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        setTimeout(resolve, 0);
      }),
  );
}
