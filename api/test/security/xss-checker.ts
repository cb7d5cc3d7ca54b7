import { defaultTreeAdapter, html as htmlSpec, parse, parseFragment, serialize } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { safeVideoSrc, urlScheme } from '@lifeboard/shared/rich-text/policy';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/**
 * Decides whether an XSS vector "survived" a sanitizer, judged on the DOM a browser would build: the HTML
 * is parsed with parse5 (the WHATWG parsing algorithm, as in browsers) as the content of a <div>, then
 * serialized and parsed again, as `innerHTML` round trips do (mutation XSS only shows on the second parse),
 * and once more as a whole document, where <body>/<html>/<frameset> attributes take effect.
 * Entities are decoded by the parser; URL schemes are read after removing whitespace and control characters.
 */

/** Elements that run code, load documents, change how the page resolves URLs, or submit data. */
const forbiddenElements = new Set([
  'script',
  'style',
  'object',
  'embed',
  'applet',
  'form',
  'svg',
  'math',
  'base',
  'meta',
  'link',
  'frame',
  'frameset',
  'template',
  'noscript',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'portal',
]);

/** Attributes whose value a browser treats as a URL it may navigate to, load or run. */
const urlAttributes = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'cite',
  'ping',
  'dynsrc',
  'lowsrc',
  'codebase',
  'longdesc',
  'manifest',
  'icon',
  'profile',
  'usemap',
  'archive',
]);

const allowedSchemes = new Set(['http', 'https', 'mailto', 'tel']);
const dangerousCss = /expression|url\(|javascript|vbscript|behavior|binding|@import|image-set|-o-link/;
const katexLinking = /\\(?:href|url|includegraphics|html[A-Za-z]*)(?![A-Za-z])/;

function describe(element: Element): string {
  return `<${element.tagName}>`;
}

function cssViolation(style: string): boolean {
  // CSS ignores comments and resolves backslash escapes, so judge the text without them.
  const plain = style
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd))
    .replace(/\\/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();
  return dangerousCss.test(plain);
}

function attributeViolations(element: Element): string[] {
  const found: string[] = [];
  const attributes = new Map(
    element.attrs.map((attr) => [attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name, attr.value]),
  );
  for (const [name, value] of attributes) {
    const lower = name.toLowerCase();
    if (lower.startsWith('on')) found.push(`${describe(element)} has event handler ${name}`);
    if (lower === 'srcdoc') found.push(`${describe(element)} has srcdoc`);
    if (lower === 'id' || lower === 'name' || lower === 'form') {
      found.push(`${describe(element)} has ${name}="${value}" (DOM clobbering)`);
    }
    if (urlAttributes.has(lower) || lower.endsWith(':href')) {
      const scheme = urlScheme(value);
      if (scheme !== null && !allowedSchemes.has(scheme)) found.push(`${describe(element)} ${name} uses ${scheme}:`);
    }
    if (lower === 'srcset' || lower === 'imagesrcset') {
      for (const candidate of value.split(',')) {
        const scheme = urlScheme(candidate.trim());
        if (scheme !== null && !allowedSchemes.has(scheme)) found.push(`${describe(element)} ${name} uses ${scheme}:`);
      }
    }
    if (lower === 'style' && cssViolation(value)) found.push(`${describe(element)} style "${value}"`);
    if (lower === 'data-value' && (/[<>]/.test(value) || katexLinking.test(value))) {
      found.push(`${describe(element)} data-value carries markup or a KaTeX link: "${value}"`);
    }
    if (lower === 'http-equiv') found.push(`${describe(element)} has http-equiv`);
  }
  if (attributes.get('target') !== undefined && !/\bnoopener\b/.test(attributes.get('rel') ?? '')) {
    found.push(`${describe(element)} opens a window without rel=noopener (reverse tabnabbing)`);
  }
  return found;
}

function elementViolations(element: Element): string[] {
  const found = attributeViolations(element);
  if (element.namespaceURI !== htmlSpec.NS.HTML)
    found.push(`${describe(element)} in namespace ${element.namespaceURI}`);
  if (forbiddenElements.has(element.tagName)) found.push(`${describe(element)} is forbidden`);
  if (element.tagName === 'iframe') {
    const src = element.attrs.find((attr) => attr.name === 'src')?.value;
    if (src === undefined || !safeVideoSrc(src)) found.push(`<iframe> src "${src ?? ''}" is not a video host`);
  }
  return found;
}

function collect(parent: ParentNode, found: string[]): void {
  for (const node of parent.childNodes) {
    if (!('tagName' in node)) continue;
    found.push(...elementViolations(node));
    collect(node, found);
    if (node.tagName === 'template' && 'content' in node) collect(node.content, found);
  }
}

/** Rich text is shown by setting innerHTML on a <div>; that element is the fragment parsing context. */
function renderTarget(): Element {
  return defaultTreeAdapter.createElement('div', htmlSpec.NS.HTML, []);
}

/** Every way `html` could still run script or hijack the page once rendered with innerHTML; [] if none. */
export function findXssViolations(html: string): string[] {
  const found: string[] = [];
  const firstParse = parseFragment(renderTarget(), html, {});
  collect(firstParse, found);
  collect(parseFragment(renderTarget(), serialize(firstParse), {}), found);
  // The same text as a whole page (an e-mail, a server-rendered share page) reaches <html>, <body>, <frameset>.
  collect(parse(html), found);
  return [...new Set(found)];
}
