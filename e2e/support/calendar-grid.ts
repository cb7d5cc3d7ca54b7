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
