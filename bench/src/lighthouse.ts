/**
 * Lighthouse 12 (the last major on Node 20) with its default config, which is the mobile preset: a
 * Moto G-class screen, 4× CPU slowdown and simulated slow 4G. Debian's Chromium is started by
 * chrome-launcher with a fresh profile per run, so every run is a first visit with an empty cache.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath } from './visitor';
import type { Session } from './visitor';

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-sync',
  '--disable-component-update',
];

/** Puts the session into the profile's localStorage from a JSON document of the site (no app code runs). */
async function storeSession(port: number, shellUrl: string, session: Session): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${shellUrl}/remotes.json`);
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('lifeboard:user', JSON.stringify(user));
    }, session);
    await page.close();
  } finally {
    await browser.close(); // a CDP connection: this disconnects, the browser keeps running
  }
}

function numeric(lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** BENCH_LH_SAVE=<folder> keeps each run's full report (LCP element, request chains, main-thread work) to read. */
const saveFolder = process.env.BENCH_LH_SAVE;
let saved = 0;

function saveReport(url: string, lhr: object): void {
  if (!saveFolder) return;
  mkdirSync(saveFolder, { recursive: true });
  saved += 1;
  const page = new URL(url).pathname.replace(/\W+/g, '_') || '_';
  writeFileSync(join(saveFolder, `lighthouse${page}${saved}.json`), JSON.stringify(lhr, null, 1));
}

/** One Lighthouse run of `url`; signed in when a session is given (storage is then kept, not reset). */
export async function runLighthouse(url: string, shellUrl: string, session: Session | null): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags, logLevel: 'error' });
  try {
    if (session) await storeSession(chrome.port, shellUrl, session);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: session !== null,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    saveReport(url, lhr);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

/** The run with the median score (Lighthouse varies run to run; the median is its own advice). */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
