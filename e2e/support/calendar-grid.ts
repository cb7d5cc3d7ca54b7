import type { Locator, Page } from 'playwright-core';
import { dragWithMouse } from './drag';

/** On /calendar: deletes only the clicked day of a repeating event, and waits for the sentence that says so. */
export async function deleteOneDay(page: Page, event: Locator, said: string): Promise<void> {
  await event.click();
  await page.getByRole('group', { name: 'Delete which ones?' }).getByRole('button', { name: 'This one' }).click();
  await page.getByText(said).waitFor({ timeout: 20_000 });
}

/** On /calendar: drags one day of a repeating event onto another day, answers "This one", waits for the sentence. */
export async function moveOneDay(page: Page, event: Locator, to: Locator, title: string, said: string): Promise<void> {
  await dragWithMouse(page, (await event.boundingBox())!, (await to.boundingBox())!);
  await page
    .getByRole('group', { name: `Move "${title}": which ones?` })
    .getByRole('button', { name: 'This one' })
    .click();
  await page.getByText(said).waitFor({ timeout: 20_000 });
}

/** On /calendar: renames only the clicked day of a repeating event, and waits for the sentence that says so. */
export async function renameOneDay(page: Page, event: Locator, title: string, to: string, said: string): Promise<void> {
  await event.click();
  const form = page.getByRole('form', { name: 'Rename the event' });
  await form.getByLabel('Title').fill(to);
  await form.getByRole('button', { name: 'Rename' }).click();
  await page
    .getByRole('group', { name: `Rename "${title}" to "${to}": which ones?` })
    .getByRole('button', { name: 'This one' })
    .click();
  await page.getByText(said).waitFor({ timeout: 20_000 });
}
