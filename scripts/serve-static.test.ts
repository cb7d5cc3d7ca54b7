// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { compressedCopies } from './precompress-plugin';
import { createStaticServer } from './serve-static.mjs';
import { analyticsStatement } from './runtime-settings.mjs';

/**
 * Architecture property 6: entries, manifests and HTML are served `no-cache` (a redeploy reaches the next page
 * load), content-hashed chunks immutable; every HTML response of the shell carries the policy. Run by the
 * shell's Vitest (scripts/ has no runner of its own); the builds are stand-ins with the real file names.
 */
const work = mkdtempSync(join(tmpdir(), 'lifeboard-serve-static-'));
const remotes = {
  mf_goals: 'http://goals.example.test:3002/mf-manifest.json',
  mf_admin: 'https://admin.example.test/mf-manifest.json',
};
const immutable = 'public, max-age=31536000, immutable';
const servers: Server[] = [];

const chunkText = `(self.chunks=self.chunks||[]).push([[5400],{${'1(e,t,r){r.d(t,{a:()=>1})},'.repeat(200)}}]);`;
const chunkCopies = compressedCopies(Buffer.from(chunkText));

function build(app: string, files: Record<string, string>): string {
  const dist = join(work, app);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dist, name, '..'), { recursive: true });
    writeFileSync(join(dist, name), text, /\.(br|gz)$/.test(name) ? 'latin1' : 'utf8');
  }
  return dist;
}

async function serve(options: Parameters<typeof createStaticServer>[0]): Promise<string> {
  const server = createStaticServer(options);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let shell = '';
let remote = '';

beforeAll(async () => {
  const remotesFile = join(work, 'remotes.json');
  writeFileSync(remotesFile, JSON.stringify(remotes));
  shell = await serve({
    app: 'shell',
    remotesFile,
    apiUrl: 'http://api.example.test:4000',
    dist: build('shell', {
      'index.html': '<!doctype html><title>Lifeboard</title><div id="root"></div>',
      'main.0123456789.js': 'console.log(1)',
      '1157.41c6d4199a.css': 'body{}',
      'favicon.svg': '<svg/>',
      'prerendered/routes.json': JSON.stringify({
        '/': 'prerendered/index.html',
        '/about': 'prerendered/about.html',
        '/evil': '../../etc/passwd',
      }),
      'prerendered/index.html': '<!doctype html><title>Landing</title><div id="root"><h1>Plan your life</h1></div>',
      'prerendered/about.html': '<!doctype html><title>About</title><div id="root"><h1>About Lifeboard</h1></div>',
    }),
  });
  remote = await serve({
    app: 'mf-goals',
    dist: build('mf-goals', {
      'mf-manifest.json': '{"id":"mf_goals"}',
      'remoteEntry.js': 'var mf_goals;',
      '2160.cceac7cad8.js': 'chunk()',
      // A build's chunk with the copies the production build writes beside it (scripts/precompress-plugin.ts).
      '5400.3908e3544b.js': chunkText,
      '5400.3908e3544b.js.br': chunkCopies.br.toString('latin1'),
      '5400.3908e3544b.js.gz': chunkCopies.gz.toString('latin1'),
      'static/css/async/3134.a3615fe783.css': '.x{}',
    }),
  });
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(work, { recursive: true, force: true });
});

async function headersOf(url: string): Promise<Headers> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  await response.arrayBuffer();
  return response.headers;
}

describe('cache headers', () => {
  it("serves a remote's manifest and entry no-cache, its hashed chunks immutable", async () => {
    expect((await headersOf(`${remote}/mf-manifest.json`)).get('cache-control')).toBe('no-cache');
    expect((await headersOf(`${remote}/remoteEntry.js`)).get('cache-control')).toBe('no-cache');
    expect((await headersOf(`${remote}/2160.cceac7cad8.js`)).get('cache-control')).toBe(immutable);
    expect((await headersOf(`${remote}/static/css/async/3134.a3615fe783.css`)).get('cache-control')).toBe(immutable);
  });

  it("serves the shell's HTML (index and every SPA route) and remotes.json no-cache, its hashed files immutable", async () => {
    for (const path of ['/', '/index.html', '/home', '/admin/users/3']) {
      expect((await headersOf(`${shell}${path}`)).get('cache-control'), path).toBe('no-cache');
    }
    expect((await headersOf(`${shell}/remotes.json`)).get('cache-control')).toBe('no-cache');
    expect((await headersOf(`${shell}/favicon.svg`)).get('cache-control')).toBe('no-cache');
    expect((await headersOf(`${shell}/main.0123456789.js`)).get('cache-control')).toBe(immutable);
    expect((await headersOf(`${shell}/1157.41c6d4199a.css`)).get('cache-control')).toBe(immutable);
  });

  it('lets the shell read a remote across origins', async () => {
    expect((await headersOf(`${remote}/remoteEntry.js`)).get('access-control-allow-origin')).toBe('*');
  });
});

describe('compression', () => {
  it("sends the build's Brotli copy to a browser that accepts it, the gzip one or the file itself to others", async () => {
    const url = `${remote}/5400.3908e3544b.js`;
    // node:http, not fetch: fetch decodes the body and would hide what was sent.
    const raw = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(url, { headers: { 'Accept-Encoding': encoding } }, (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(parts) }));
        }).on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe(immutable);
    expect(br.body.length).toBeLessThan(chunkText.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(chunkText);
    expect((await raw('gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(chunkText);
  });
});

describe('prerendered public pages', () => {
  async function page(path: string): Promise<{ text: string; headers: Headers }> {
    const response = await fetch(`${shell}${path}`);
    expect(response.status, path).toBe(200);
    return { text: await response.text(), headers: response.headers };
  }

  it('answers a public path with its prerendered page, no-cache and under the policy', async () => {
    for (const [path, heading] of [
      ['/', 'Plan your life'],
      ['/about', 'About Lifeboard'],
    ]) {
      const { text, headers } = await page(path);
      expect(text, path).toContain(`<h1>${heading}</h1>`);
      expect(headers.get('content-type')).toContain('text/html');
      expect(headers.get('cache-control')).toBe('no-cache');
      expect(headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('answers every other path with the app', async () => {
    for (const path of ['/home', '/about/team', '/login', '/index.html']) {
      expect((await page(path)).text, path).toContain('<div id="root"></div>');
    }
  });

  it('ignores a routes file entry that points outside prerendered/', async () => {
    expect((await page('/evil')).text).toContain('<div id="root"></div>');
  });
});

describe('the HTML policy', () => {
  it('puts the Content-Security-Policy, nosniff and a referrer policy on every HTML response of the shell', async () => {
    for (const path of ['/', '/journal', '/admin']) {
      const headers = await headersOf(`${shell}${path}`);
      const csp = headers.get('content-security-policy') ?? '';
      const policy = new Map(
        csp.split(';').map((part) => {
          const [name, ...sources] = part.trim().split(/\s+/);
          return [name, sources] as const;
        }),
      );
      expect(policy.get('script-src'), path).toEqual([
        "'self'",
        'http://goals.example.test:3002',
        'https://admin.example.test',
      ]);
      expect(policy.get('style-src')).toEqual([
        "'self'",
        'http://goals.example.test:3002',
        'https://admin.example.test',
      ]);
      expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
      expect(policy.get('connect-src')).toContain('http://api.example.test:4000');
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp.replace("style-src-attr 'unsafe-inline'", '')).not.toContain('unsafe-inline');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('leaves the policy off scripts and styles, which it does not govern', async () => {
    expect((await headersOf(`${shell}/main.0123456789.js`)).get('content-security-policy')).toBeNull();
    expect((await headersOf(`${shell}/main.0123456789.js`)).get('x-content-type-options')).toBe('nosniff');
  });
});

const policyOf = (csp: string) =>
  new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );

describe('the runtime settings', () => {
  it('answers /settings.json with the API address it was given, no-cache, and no analytics tag by default', async () => {
    const response = await fetch(`${shell}/settings.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ apiUrl: 'http://api.example.test:4000', analytics: null });
    // A remote's standalone page reads the same file beside it.
    expect(await (await fetch(`${remote}/settings.json`)).json()).toMatchObject({ analytics: null });
  });

  it('refuses half an analytics setting, or an address that is not http(s)', () => {
    const dist = build('shell-bad', { 'index.html': '<!doctype html><head></head><div id="root"></div>' });
    expect(() =>
      createStaticServer({
        app: 'shell',
        dist,
        analyticsScriptUrl: 'https://stats.example/script.js',
        analyticsSiteId: '',
      }),
    ).toThrow('needs both ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID');
    expect(() => createStaticServer({ app: 'shell', dist, apiUrl: 'javascript:alert(1)' })).toThrow(
      'must be an absolute http(s) URL',
    );
  });

  it('without a tag: no analytics origin in the policy, no tag in the pages, and the privacy page says there is none', async () => {
    const csp = policyOf((await headersOf(`${shell}/`)).get('content-security-policy') ?? '');
    expect(csp.get('script-src')).toEqual(["'self'", 'http://goals.example.test:3002', 'https://admin.example.test']);
    const privacy = build('shell-privacy', {
      'index.html': '<!doctype html><head><title>Lifeboard</title></head><div id="root"></div>',
      'prerendered/routes.json': JSON.stringify({ '/privacy': 'prerendered/privacy.html' }),
      'prerendered/privacy.html': `<!doctype html><head><title>Privacy</title></head><div id="root"><p id="analytics-statement">${analyticsStatement(null)}</p></div>`,
    });
    const plain = await serve({ app: 'shell', dist: privacy, apiUrl: 'https://api.one.example' });
    const text = await (await fetch(`${plain}/privacy`)).text();
    expect(text).toContain('This site runs no analytics tag');
    expect(text).not.toContain('<script');
  });

  it('with a tag: the pages carry it, the policy allows its origin alone, the privacy page names it', async () => {
    const dist = build('shell-analytics', {
      'index.html': '<!doctype html><head><title>Lifeboard</title></head><div id="root"></div>',
      'index.html.br': 'stale copy without the tag',
      'prerendered/routes.json': JSON.stringify({ '/privacy': 'prerendered/privacy.html' }),
      'prerendered/privacy.html': `<!doctype html><head><title>Privacy</title></head><div id="root"><p id="analytics-statement">${analyticsStatement(null)}</p></div>`,
    });
    const site = await serve({
      app: 'shell',
      dist,
      apiUrl: 'https://api.one.example',
      analyticsScriptUrl: 'https://stats.example.test/js/script.js',
      analyticsSiteId: 'lifeboard.example',
    });
    expect(await (await fetch(`${site}/settings.json`)).json()).toEqual({
      apiUrl: 'https://api.one.example',
      analytics: { scriptUrl: 'https://stats.example.test/js/script.js', siteId: 'lifeboard.example' },
    });
    const tag =
      '<script defer src="https://stats.example.test/js/script.js" data-domain="lifeboard.example" data-website-id="lifeboard.example"></script>';
    for (const path of ['/', '/journal', '/privacy']) {
      const response = await fetch(`${site}${path}`, { headers: { 'Accept-Encoding': 'br' } });
      const text = await response.text();
      expect(text, path).toContain(`${tag}</head>`);
      const csp = policyOf(response.headers.get('content-security-policy') ?? '');
      expect(csp.get('script-src'), path).toEqual(["'self'", 'https://stats.example.test']);
      expect(csp.get('connect-src'), path).toEqual(["'self'", 'https://api.one.example', 'https://stats.example.test']);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    const privacy = await (await fetch(`${site}/privacy`)).text();
    expect(privacy).toContain('We count page visits with a privacy-friendly analytics tag from stats.example.test.');
    expect(privacy).not.toContain('This site runs no analytics tag');
    // Files that are not documents are served as built.
    expect((await fetch(`${site}/settings.json`)).headers.get('content-security-policy')).toBeNull();
  });
});
