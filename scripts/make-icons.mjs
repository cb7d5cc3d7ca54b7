#!/usr/bin/env node
/**
 * Draws the web app manifest's PNG icons (shell/public/icons/) from the two SVGs beside them, with the Chromium the
 * browser tests use. Run it again after changing an SVG: `node scripts/make-icons.mjs`; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

// playwright-core is the e2e package's dependency: resolved from there, the root needs none of its own.
const require = createRequire(resolve(dirname(fileURLToPath(import.meta.url)), '../e2e/package.json'));
const { chromium } = require('playwright-core');

const icons = resolve(dirname(fileURLToPath(import.meta.url)), '../shell/public/icons');
const wanted = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  { svg: 'icon.svg', png: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const { svg, png, size } of wanted) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const source = readFileSync(join(icons, svg), 'utf8');
    const url = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${url}" width="${size}" height="${size}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: join(icons, png), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
