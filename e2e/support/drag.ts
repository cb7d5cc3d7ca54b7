import type { Page } from 'playwright-core';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Drags with the mouse as a person does: presses on `from` (at `grip`, from its top left), moves a little so the
 * drag library takes it for a drag rather than a click, then on to the middle of `to` in steps, and lets go.
 */
export async function dragWithMouse(
  page: Page,
  from: Box,
  to: Box,
  { grip = { x: 10, y: from.height / 2 } }: { grip?: { x: number; y: number } } = {},
): Promise<void> {
  const start = { x: from.x + grip.x, y: from.y + grip.y };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 20, start.y + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}
