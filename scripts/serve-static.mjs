#!/usr/bin/env node
/**
 * Serves one app's built `dist/` the way production should:
 * - the shell: its prerendered public pages (`dist/prerendered/routes.json`, written by the shell's build) for
 *   their exact paths, the SPA fallback for every other path, and every HTML response carries the Content-Security-Policy (scripts and styles
 *   only from the site and the origins in the served remotes.json), nosniff and a referrer policy;
 * - `/settings.json`, the runtime settings (scripts/runtime-settings.mjs): the API's address (`--api` or API_URL)
 *   and the analytics tag (ANALYTICS_SCRIPT_URL, ANALYTICS_SITE_ID), which the pages read at start-up: one build
 *   runs against any API. With an analytics tag, the shell's HTML carries it and the policy allows its origin;
 * - a remote: CORS, so the shell's origin may fetch its manifest and chunks; `/settings.json` for its standalone page;
 * - entries, HTML and manifests `no-cache`; content-hashed chunks immutable for a year;
 * - the build's Brotli or gzip copy of a file when the browser accepts it.
 *
 * Usage: node scripts/serve-static.mjs <shell|mf-journal|…> [--port N] [--remotes file.json] [--api URL] [--dist folder]
 *        [--analytics-script URL --analytics-site ID]
 * (`--dist`: serve another build of the app than `<app>/dist`, e.g. a new release of a remote.)
 */
import { readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { analyticsOrigin, runtimeSettings, withAnalytics } from './runtime-settings.mjs';

export const defaultPorts = {
  shell: 3000,
  'mf-journal': 3001,
  'mf-goals': 3002,
  'mf-fitness': 3003,
  'mf-creator': 3004,
  'mf-admin': 3005,
};

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The policy of issue 4 / mf-runtime-notes.md: no unsafe-eval, no unsafe-inline except style attributes. The
 * analytics origin is allowed (its script, and its reports) only when a tag is configured.
 */
export function contentSecurityPolicy(remotes, apiUrl, analytics = null) {
  const remoteOrigins = [...new Set(Object.values(remotes).map(originOf).filter(Boolean))];
  const api = originOf(apiUrl);
  const stats = analyticsOrigin(analytics);
  const list = (...items) => [...new Set(items.filter(Boolean))].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...remoteOrigins, stats)}`,
    `style-src ${list("'self'", ...remoteOrigins)}`,
    "style-src-attr 'unsafe-inline'",
    `connect-src ${list("'self'", ...remoteOrigins, api, stats)}`,
    // blob: shows an encrypted entry's images, decrypted in the page (shared/src/crypto/README.md, "Images").
    `img-src ${list("'self'", 'data:', 'blob:', api)}`,
    `font-src ${list("'self'", ...remoteOrigins)}`,
    'frame-src https://www.youtube.com https://player.vimeo.com',
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The headers every served file gets, by kind: the one table this server and the nginx configuration of a
 * deployment (scripts/production/nginx-config.mjs writes it from here) both follow.
 */
export const staticHeaders = {
  /** Every answer of every app. */
  all: { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' },
  /** The shell's HTML documents, besides their Content-Security-Policy. */
  shellDocument: { 'X-Frame-Options': 'DENY' },
  /** A remote's files: the shell's origin fetches its manifest and chunks. */
  remote: { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' },
  /** Content-hashed chunks (`hashedAsset`) never change; everything else (entries, HTML, manifests) is asked again. */
  cache: { hashed: 'public, max-age=31536000, immutable', other: 'no-cache' },
};

/** A content-hashed file of a build (the names rspack-common.ts gives chunks and assets). */
export const hashedAsset = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg)$/;

function cacheControl(pathname) {
  return hashedAsset.test(pathname) ? staticHeaders.cache.hashed : staticHeaders.cache.other;
}

/** An HTML document: index.html itself, or any extension-less path the SPA fallback answers with it. */
function isDocument(pathname) {
  return pathname.endsWith('.html') || !/\.[a-z0-9]+$/i.test(pathname);
}

/** Path → file of the shell's prerendered public pages; none when the build made none (a development build). */
function prerenderedRoutes(dist) {
  const file = join(dist, 'prerendered', 'routes.json');
  if (!existsSync(file)) return new Map();
  const routes = JSON.parse(readFileSync(file, 'utf8'));
  return new Map(
    Object.entries(routes).filter(
      ([, page]) => typeof page === 'string' && /^prerendered\/[a-z0-9-]+\.html$/.test(page),
    ),
  );
}

/** An HTML file of the build with the analytics tag put in, kept in memory with its Brotli and gzip copies. */
function rewrittenDocument(dist, file, analytics) {
  const html = Buffer.from(withAnalytics(readFileSync(join(dist, file), 'utf8'), analytics));
  return { identity: html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
}

/**
 * The shell's documents when an analytics tag is configured: index.html (every app path) and each prerendered
 * page, path → file. Without a tag, none: the build's files are served as they are.
 */
function documentsWithAnalytics(dist, prerendered, analytics) {
  const documents = new Map();
  if (!analytics) return documents;
  for (const file of ['index.html', ...new Set(prerendered.values())]) {
    if (existsSync(join(dist, file))) documents.set(file, rewrittenDocument(dist, file, analytics));
  }
  return documents;
}

function sendDocument(req, res, document) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
  const body = document[encoding];
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Creates (does not start) the HTTP server for one app. `apiUrl`, `analyticsScriptUrl` and `analyticsSiteId`
 * default to the environment's API_URL, ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID (scripts/runtime-settings.mjs).
 */
export function createStaticServer({
  app,
  remotesFile,
  apiUrl,
  analyticsScriptUrl,
  analyticsSiteId,
  dist: distFolder,
}) {
  const isShell = app === 'shell';
  const dist = distFolder ? resolve(distFolder) : join(repoRoot, app, 'dist');
  if (!existsSync(dist))
    throw new Error(`${dist} does not exist: build ${app} first (pnpm --filter @lifeboard/${app} build)`);
  const settings = runtimeSettings({ apiUrl, analyticsScriptUrl, analyticsSiteId });
  const settingsJson = `${JSON.stringify(settings, null, 2)}\n`;
  const remotesPath = remotesFile ? resolve(remotesFile) : join(dist, 'remotes.json');
  const remotesJson = isShell && existsSync(remotesPath) ? readFileSync(remotesPath, 'utf8') : '{}';
  const csp = contentSecurityPolicy(JSON.parse(remotesJson), settings.apiUrl, settings.analytics);
  const prerendered = isShell ? prerenderedRoutes(dist) : new Map();
  const documents = isShell ? documentsWithAnalytics(dist, prerendered, settings.analytics) : new Map();

  const common = (res, pathname) => {
    res.setHeader('Cache-Control', cacheControl(pathname));
    for (const [name, value] of Object.entries(staticHeaders.all)) res.setHeader(name, value);
    if (isShell) {
      if (isDocument(pathname)) {
        res.setHeader('Content-Security-Policy', csp);
        for (const [name, value] of Object.entries(staticHeaders.shellDocument)) res.setHeader(name, value);
      }
    } else {
      for (const [name, value] of Object.entries(staticHeaders.remote)) res.setHeader(name, value);
    }
  };
  // The production builds write a .br and a .gz beside each text asset (scripts/precompress-plugin.ts):
  // sirv sends the one the browser accepts, with Content-Encoding and Vary.
  const files = sirv(dist, { dev: false, etag: true, single: isShell, brotli: true, gzip: true, setHeaders: common });

  return createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if ((isShell && pathname === '/remotes.json') || pathname === '/settings.json') {
      common(res, pathname);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(pathname === '/settings.json' ? settingsJson : remotesJson);
      return;
    }
    if (!isShell && req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' });
      res.end();
      return;
    }
    const page = prerendered.get(pathname);
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    // With an analytics tag: the documents that carry it (a prerendered page, index.html for every app path).
    const document =
      isRead && documents.size > 0 && isDocument(pathname)
        ? (documents.get(page ?? pathname.replace(/^\//, '')) ??
          (/\.[a-z0-9]+$/i.test(pathname) ? undefined : documents.get('index.html')))
        : undefined;
    if (document) {
      common(res, pathname);
      sendDocument(req, res, document);
      return;
    }
    if (page && isRead) req.url = `/${page}`;
    files(req, res, () => {
      res.statusCode = 404;
      common(res, pathname);
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
    });
  });
}

function parseArgs(argv) {
  const [app, ...rest] = argv;
  const options = { app };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (flag === '--port') options.port = Number(value);
    else if (flag === '--remotes') options.remotesFile = value;
    else if (flag === '--api') options.apiUrl = value;
    else if (flag === '--dist') options.dist = value;
    else if (flag === '--analytics-script') options.analyticsScriptUrl = value;
    else if (flag === '--analytics-site') options.analyticsSiteId = value;
    else throw new Error(`Unknown option ${flag}`);
  }
  return options;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const options = parseArgs(process.argv.slice(2));
    if (!(options.app in defaultPorts))
      throw new Error(`Usage: serve-static.mjs <${Object.keys(defaultPorts).join('|')}> [--port N]`);
    const port = options.port ?? defaultPorts[options.app];
    const server = createStaticServer(options);
    server.on('error', (error) => {
      console.error(`${options.app}: cannot listen on ${port}: ${error.message}`);
      process.exit(1);
    });
    server.listen(port, () => console.log(`${options.app} served on http://localhost:${port}`));
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
