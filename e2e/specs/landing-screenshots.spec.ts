import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchedPage } from '../support/browser';
import { signInThroughApi } from '../support/session';

/**
 * Makes the landing page's screenshots (shell/public/screenshots/*.webp) from the demo account, in the browser
 * the tests use: `E2E_LANDING_SHOTS=1 npx vitest run specs/landing-screenshots.spec.ts`. Not part of a normal run:
 * the pictures are committed, and a run must not rewrite them.
 */
const site = inject('site');
const outDir = join(site.repoRoot, 'shell', 'public', 'screenshots');

/** Each picture: the screen, the size it is taken at, its scheme, and the width it is kept at (WebP). */
export const landingShots = [
  { name: 'home', path: '/home', viewport: { width: 1280, height: 800 }, scheme: 'light', keepWidth: 960 },
  { name: 'habits', path: '/habits', viewport: { width: 1280, height: 800 }, scheme: 'dark', keepWidth: 960 },
  { name: 'journal-phone', path: '/journal', viewport: { width: 390, height: 760 }, scheme: 'light', keepWidth: 390 },
] as const;

describe.runIf(process.env.E2E_LANDING_SHOTS === '1')('the landing page’s screenshots', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('are taken from the demo account and kept as WebP', async () => {
    mkdirSync(outDir, { recursive: true });
    for (const shot of landingShots) {
      const { page } = await watchedPage(browser, { viewport: shot.viewport, colorScheme: shot.scheme });
      await signInThroughApi(page, site);
      await page.goto(`${site.shellUrl}${shot.path}`);
      await page.locator('.lb-main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const png = await page.screenshot();
      // Chromium encodes WebP itself (canvas.toDataURL): no image tool is needed.
      const height = Math.round((shot.viewport.height * shot.keepWidth) / shot.viewport.width);
      const dataUrl = await page.evaluate(
        async ({ base64, width, height }) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const context = canvas.getContext('2d');
          context?.drawImage(image, 0, 0, width, height);
          return canvas.toDataURL('image/webp', 0.8);
        },
        { base64: png.toString('base64'), width: shot.keepWidth, height },
      );
      expect(dataUrl.startsWith('data:image/webp')).toBe(true);
      writeFileSync(join(outDir, `${shot.name}.webp`), Buffer.from(dataUrl.split(',')[1], 'base64'));
      await page.close();
    }
  });
});
