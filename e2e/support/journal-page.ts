import type { Locator, Page } from 'playwright-core';

/**
 * Locators and verbs for mf-journal's editor pages (/journal?entry=…, /notes?note=…), by the names the UI
 * gives them: the Quill area is a textbox named after its label, its toolbar is "<label>: formatting", and
 * the save state is the "Save status" live region with `data-status`.
 */

/** A 1×1 transparent PNG: the smallest image the upload route accepts. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);

export function editorArea(page: Page, label = 'Entry text'): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

export function editorToolbar(page: Page, label = 'Entry text'): Locator {
  return page.locator(`[aria-label="${label}: formatting"]`);
}

export function saveStatus(page: Page): Locator {
  return page.getByRole('status', { name: 'Save status' });
}

/** The autosave state: saved, unsaved, saving, offline, failed, signed-out or conflict. */
export async function saveState(page: Page): Promise<string | null> {
  return saveStatus(page).getAttribute('data-status');
}

/** Puts the caret in the line showing `text` and selects the whole line. */
export async function selectLine(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.getByText(text, { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
}

/** Fills the snow theme's tooltip (link, video, formula) and saves it with Enter. */
export async function fillTooltip(page: Page, value: string): Promise<void> {
  const input = page.locator('.ql-tooltip.ql-editing input[type="text"]');
  await input.fill(value);
  await input.press('Enter');
}

/**
 * A client-side navigation inside the running app (no page load): the address changes and the router hears a
 * `popstate`, as after the browser's back button. React Router and single-spa both follow it.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}
