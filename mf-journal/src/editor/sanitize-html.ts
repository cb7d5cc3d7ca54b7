import DOMPurify from 'dompurify';
import type { DOMPurify as Purifier } from 'dompurify';
import { safeImageSrc, safeLinkHref, safeVideoSrc } from '../shared-pages/url-policy';
import { alignFromStyleText, sizeFromStyleText } from './inline-style';

/**
 * Stored editor HTML → HTML safe to show, keeping exactly the editor's formats (spec §1, §9). The server
 * sanitizes too, but a view never trusts what it is given: Quill 2.0.3's own export has XSS in formulas
 * and videos, and stored rows may predate today's rules.
 * The editor's inline styles (sizes, alignment) become classes: the strict CSP would drop the attributes.
 */
const allowedTags = [
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ol', 'ul', 'li',
  'blockquote', 'pre', 'code', 'div', 'span', 'img', 'iframe',
];
const allowedAttributes = ['href', 'src', 'alt', 'width', 'height', 'class', 'style', 'data-list', 'data-value', 'data-language'];
const allowedClass = /^(?:ql-align-(?:right|center|justify)|ql-indent-[1-8]|ql-size-(?:small|large|huge)|ql-formula|ql-video|ql-code-block(?:-container)?|ql-syntax|lb-size-(?:10|18|32)px)$/;
const listKinds = new Set(['bullet', 'ordered', 'checked', 'unchecked']);
const pixelSize = /^\d{1,4}$/;

let purifier: Purifier | null = null;
let apiUrlForImages = '';

/** Inline styles become classes; everything else in them goes. */
function styleToClasses(element: Element, style: string): void {
  const size = sizeFromStyleText(style);
  if (size) element.classList.add(`lb-size-${size}`);
  const align = alignFromStyleText(style);
  if (align) element.classList.add(`ql-align-${align}`);
}

function keepIf(element: Element, name: string, isValid: (value: string) => boolean): void {
  const value = element.getAttribute(name);
  if (value !== null && !isValid(value)) element.removeAttribute(name);
}

/** An allowed link as the browser will read it (parsed, so no whitespace games), or null. */
function absoluteLink(raw: string): string | null {
  const allowed = safeLinkHref(raw);
  if (!allowed) return null;
  try {
    const url = new URL(allowed);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The per-element rules DOMPurify's allow-list cannot express (which attribute on which tag, which value). */
function cleanElement(element: Element): void {
  const tag = element.tagName.toLowerCase();
  const classes = Array.from(element.classList).filter((name) => allowedClass.test(name));
  if (classes.length) element.setAttribute('class', classes.join(' '));
  else element.removeAttribute('class');
  if (tag !== 'a') element.removeAttribute('href');
  if (tag !== 'img' && tag !== 'iframe') for (const name of ['src', 'width', 'height']) element.removeAttribute(name);
  if (tag !== 'img') element.removeAttribute('alt');
  if (tag !== 'li') element.removeAttribute('data-list');
  if (tag !== 'pre' && tag !== 'div') element.removeAttribute('data-language');
  if (tag !== 'span') element.removeAttribute('data-value');
  keepIf(element, 'width', (v) => pixelSize.test(v));
  keepIf(element, 'height', (v) => pixelSize.test(v));
  keepIf(element, 'data-list', (v) => listKinds.has(v));
  keepIf(element, 'data-language', (v) => /^[A-Za-z0-9+#._-]{1,32}$/.test(v));
  if (tag === 'a') {
    const href = absoluteLink(element.getAttribute('href') ?? '');
    if (href) element.setAttribute('href', href);
    else element.removeAttribute('href');
    element.setAttribute('rel', 'noopener noreferrer');
    element.setAttribute('target', '_blank');
  } else if (tag === 'img') {
    const src = safeImageSrc(element.getAttribute('src') ?? '', apiUrlForImages);
    if (src) element.setAttribute('src', src);
    else element.remove();
  } else if (tag === 'iframe') {
    const src = safeVideoSrc(element.getAttribute('src') ?? '');
    if (!src) {
      element.remove();
      return;
    }
    element.setAttribute('src', src);
    element.setAttribute('class', 'ql-video');
    element.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation allow-popups');
    element.setAttribute('allowfullscreen', 'true');
    element.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    element.textContent = '';
  } else if (tag === 'span' && classes.includes('ql-formula')) {
    // A formula keeps only its source, as text; the view renders it again with KaTeX, never stored markup.
    element.textContent = element.getAttribute('data-value') ?? '';
  } else {
    element.removeAttribute('data-value');
  }
}

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName !== 'style') return;
    styleToClasses(node, data.attrValue);
    data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeType === 1) cleanElement(node as Element);
  });
  purifier = instance;
  return instance;
}

/** Sanitized HTML of the editor's formats; `apiUrl` makes uploaded image paths absolute. */
export function sanitizeHtml(html: string, apiUrl = ''): string {
  apiUrlForImages = apiUrl;
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|\/(?!\/))/i,
    ADD_URI_SAFE_ATTR: ['data-list', 'data-value', 'data-language', 'width', 'height'],
    FORBID_CONTENTS: ['script', 'style', 'template', 'svg', 'math', 'noscript', 'textarea', 'title', 'select', 'option', 'xmp', 'noembed', 'noframes', 'object', 'embed', 'iframe'],
  });
}
