/**
 * Turns the app's built index.html into the static document of one public page: its markup in #root, its
 * title, the public stylesheet, and instead of the app's scripts only the small boot script, which starts the
 * app for a signed-in user (src/public-boot.ts). Pure string work on our own template, checked by a test.
 */
export interface StaticPageParts {
  title: string;
  markup: string;
  /** Root-relative URL of the public pages' stylesheet. */
  stylesheet: string;
  /** Root-relative URL of the boot script. */
  bootScript: string;
}

const appScriptTag = /<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g;
/** The app's start-up preloads (build/preload-start-plugin.ts): a public page loads the app only for a signed-in visitor. */
const appPreloadTag = /<link\b[^>]*\bdata-app-start\b[^>]*>\s*/g;
const emptyRoot = '<div id="root"></div>';

/** The app's script URLs in document order (HtmlRspackPlugin's tags); the boot script loads them on demand. */
export function appScripts(indexHtml: string): string[] {
  return [...indexHtml.matchAll(appScriptTag)].map((match) => match[1]);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function staticPageHtml(indexHtml: string, parts: StaticPageParts): string {
  const scripts = appScripts(indexHtml);
  if (scripts.length === 0) throw new Error('index.html has no app script to hand to the boot script');
  if (!indexHtml.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot}`);
  if (!/<title>[^<]*<\/title>/.test(indexHtml)) throw new Error('index.html has no <title>');
  const head =
    `<link rel="stylesheet" href="${escapeHtml(parts.stylesheet)}">` +
    `<script defer src="${escapeHtml(parts.bootScript)}" data-app-scripts="${escapeHtml(scripts.join(' '))}"></script>`;
  return indexHtml
    .replace(appScriptTag, '')
    .replace(appPreloadTag, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace('</head>', () => `${head}</head>`)
    .replace(emptyRoot, () => `<div id="root">${parts.markup}</div>`);
}

/** Where a route's page is written under dist/: `/` → `prerendered/index.html`, `/about` → `prerendered/about.html`. */
export function staticPageFile(path: string): string {
  const name = path === '/' ? 'index' : path.replace(/^\//, '').replace(/\//g, '--');
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Cannot prerender the route ${path}`);
  return `prerendered/${name}.html`;
}
