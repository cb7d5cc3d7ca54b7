/**
 * What a visit downloads, from the browser's own network log, split by the app that served it (shell or a
 * remote, known by origin) and by kind (JS, CSS, other). The static servers send files uncompressed, so the
 * gzip size is computed here from each body (level 9, as a CDN would serve it).
 */
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import type { AppName } from './site';

export type AssetKind = 'js' | 'css' | 'other';

export interface Transfer {
  url: string;
  app: AppName;
  kind: AssetKind;
  raw: number;
  gzip: number;
}

export interface Sizes {
  raw: number;
  gzip: number;
  files: number;
}

export type AppSizes = Record<AssetKind, Sizes>;

export function kindOf(url: string, resourceType: string): AssetKind {
  const path = new URL(url).pathname;
  if (resourceType === 'script' || path.endsWith('.js')) return 'js';
  if (resourceType === 'stylesheet' || path.endsWith('.css')) return 'css';
  return 'other';
}

const emptySizes = (): AppSizes => ({
  js: { raw: 0, gzip: 0, files: 0 },
  css: { raw: 0, gzip: 0, files: 0 },
  other: { raw: 0, gzip: 0, files: 0 },
});

/** Totals per kind. */
export function sumSizes(transfers: readonly Transfer[]): AppSizes {
  const sizes = emptySizes();
  for (const transfer of transfers) {
    const bucket = sizes[transfer.kind];
    bucket.raw += transfer.raw;
    bucket.gzip += transfer.gzip;
    bucket.files += 1;
  }
  return sizes;
}

/** Totals per app and kind, apps in first-seen order. */
export function sumByApp(transfers: readonly Transfer[]): Map<AppName, AppSizes> {
  const apps = [...new Set(transfers.map((transfer) => transfer.app))];
  return new Map(apps.map((app) => [app, sumSizes(transfers.filter((transfer) => transfer.app === app))]));
}

/** JS and CSS gzip bytes over every app: what a target on "code a visit loads" is checked against. */
export function codeGzip(transfers: readonly Transfer[], kinds: readonly AssetKind[] = ['js', 'css']): number {
  return transfers
    .filter((transfer) => kinds.includes(transfer.kind))
    .reduce((sum, transfer) => sum + transfer.gzip, 0);
}

/**
 * Records every response the page receives from one of the site's apps (the API's answers are data, not
 * code, and are left out). `since()` gives what arrived after a mark, so a step's own bytes can be told
 * from what was loaded before it.
 */
export class NetworkLog {
  private readonly transfers: Transfer[] = [];
  private readonly pending = new Set<Promise<void>>();
  private inFlight = 0;
  private lastActivity = Date.now();

  constructor(
    private readonly page: Page,
    private readonly appOfOrigin: ReadonlyMap<string, AppName>,
  ) {
    page.on('request', () => {
      this.inFlight += 1;
      this.lastActivity = Date.now();
    });
    page.on('requestfailed', () => this.done());
    page.on('requestfinished', (request) => {
      this.done();
      const task = this.record(request).finally(() => this.pending.delete(task));
      this.pending.add(task);
    });
  }

  private done(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastActivity = Date.now();
  }

  /**
   * Waits until no request has been open for `quietMs` (Playwright's 'networkidle' only covers a document
   * load, not what a click in a single-page app starts), then until every response has been measured.
   */
  async quiet(quietMs = 500, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight > 0 || Date.now() - this.lastActivity < quietMs) {
      if (Date.now() > deadline) throw new Error(`the network did not go quiet within ${timeoutMs / 1000} s`);
      await this.page.waitForTimeout(50);
    }
    await this.settled();
  }

  private async record(request: Request): Promise<void> {
    const app = this.appOfOrigin.get(new URL(request.url()).origin);
    if (!app) return;
    const response = await request.response();
    if (!response || response.status() !== 200) return;
    const body = await response.body().catch(() => null);
    if (!body) return;
    this.transfers.push({
      url: request.url(),
      app,
      kind: kindOf(request.url(), request.resourceType()),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  }

  /** Waits until every finished request has been measured. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  mark(): number {
    return this.transfers.length;
  }

  since(mark = 0): Transfer[] {
    return this.transfers.slice(mark);
  }
}
