import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Detecting a script run in the browser, for the XSS suite: the payloads mostly call alert/confirm/prompt/
 * print (or open a dialog), or navigate to a `javascript:` address. Each of those is counted here.
 */

export interface XssPayload {
  html: string;
  kind: string;
  source: string;
}

/** The shared vectors (`shared/test-fixtures/xss-payloads.json`), as the API tests load them. */
export function loadXssPayloads(repoRoot: string): XssPayload[] {
  const path = resolve(repoRoot, 'shared/test-fixtures/xss-payloads.json');
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { payloads?: unknown };
  const payloads = parsed.payloads;
  const valid =
    Array.isArray(payloads) &&
    payloads.length > 0 &&
    payloads.every((p: unknown) => {
      const record = p as Record<string, unknown> | null;
      return typeof record?.html === 'string' && typeof record.kind === 'string' && typeof record.source === 'string';
    });
  if (!valid) throw new Error(`${path} has no "payloads" array of { html, kind, source }`);
  return payloads as XssPayload[];
}

export interface ScriptRuns {
  /** Dialogs the page opened (alert, confirm, prompt, beforeunload). */
  dialogs: string[];
  /** `javascript:` (or `vbscript:`) navigations and requests. */
  scriptUrls: string[];
  /** Calls to the overridden alert/confirm/prompt/print, read from the page (`window.__xss`). */
  read(page: Page): Promise<string[]>;
}

/**
 * Installs the counters on a browser context (every page in it, before any of its own scripts): alert,
 * confirm, prompt and print only record their call in `window.__xss`; dialogs and `javascript:` addresses
 * are recorded from outside the page.
 */
export async function watchScriptRuns(context: BrowserContext): Promise<ScriptRuns> {
  const runs: ScriptRuns = {
    dialogs: [],
    scriptUrls: [],
    read: (page) => page.evaluate(() => (window as unknown as { __xss?: string[] }).__xss ?? []),
  };
  await context.addInitScript(() => {
    const calls: string[] = [];
    Object.defineProperty(window, '__xss', { value: calls, writable: false });
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, {
        value: (...args: unknown[]) => {
          calls.push(`${name}(${args.map(String).join(', ').slice(0, 80)})`);
          return name === 'confirm' ? false : null;
        },
        writable: false,
        configurable: false,
      });
    }
  });
  const isScriptUrl = (url: string) => /^\s*(javascript|vbscript):/i.test(url);
  const watchPage = (page: Page) => {
    page.on('dialog', (dialog) => {
      runs.dialogs.push(`${dialog.type()}: ${dialog.message().slice(0, 80)}`);
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('framenavigated', (frame) => {
      if (isScriptUrl(frame.url())) runs.scriptUrls.push(`navigated ${frame.url().slice(0, 80)}`);
    });
    page.on('request', (request) => {
      if (isScriptUrl(request.url())) runs.scriptUrls.push(`requested ${request.url().slice(0, 80)}`);
    });
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  return runs;
}

/** A reproducible shuffle (mulberry32), so a failing sample can be run again with the same seed. */
export function seededSample<T>(items: readonly T[], size: number, seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, Math.min(size, copy.length));
}
