import DOMPurify from 'dompurify';
import type { DOMPurify as Purifier } from 'dompurify';
import { safeImageSrc, safeLinkHref, safeVideoSrc } from './url-policy';

/**
 * Editor HTML → HTML safe for innerHTML, keeping only the formats of the Quill editor (spec §1): headers,
 * lists, blockquote, code, links, images, video and formulas. Never trust the editor's (or the API's) HTML:
 * Quill 2.0.3's own HTML export has known XSS in formulas and video.
 */
const allowedTags = [
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ol', 'ul', 'li',
  'blockquote', 'pre', 'code', 'div', 'span', 'img', 'iframe',
];
const allowedAttributes = ['href', 'src', 'alt', 'width', 'height', 'class', 'data-list', 'data-value', 'data-language', 'rel', 'target'];
const allowedClass = /^(?:ql-align-(?:right|center|justify)|ql-indent-[1-8]|ql-direction-rtl|ql-size-(?:small|large|huge)|ql-formula|ql-video|ql-code-block(?:-container)?|ql-syntax)$/;
const listKinds = ['bullet', 'ordered', 'checked', 'unchecked'];
const pixelSize = /^\d{1,4}(?:px|%)?$/;

/** One DOMPurify instance with our hooks (hooks are per instance, so the global one stays untouched). */
let purifier: Purifier | null = null;
let currentApiUrl = '';

function keepOnly(element: Element, name: string, isValid: (value: string) => boolean): void {
  const value = element.getAttribute(name);
  if (value !== null && !isValid(value)) element.removeAttribute(name);
}

function cleanElement(element: Element): void {
  const tag = element.tagName.toLowerCase();
  const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter((c) => allowedClass.test(c));
  if (classes.length) element.setAttribute('class', classes.join(' '));
  else element.removeAttribute('class');
  if (tag !== 'a') { element.removeAttribute('rel'); element.removeAttribute('target'); }
  if (tag !== 'a') element.removeAttribute('href');
  if (tag !== 'img' && tag !== 'iframe') element.removeAttribute('src');
  if (tag !== 'img' && tag !== 'iframe') { element.removeAttribute('width'); element.removeAttribute('height'); }
  if (tag !== 'li') element.removeAttribute('data-list');
  if (tag !== 'pre' && tag !== 'div') element.removeAttribute('data-language');
  keepOnly(element, 'width', (v) => pixelSize.test(v));
  keepOnly(element, 'height', (v) => pixelSize.test(v));
  keepOnly(element, 'data-list', (v) => listKinds.includes(v));
  keepOnly(element, 'data-language', (v) => /^[A-Za-z0-9+#._-]{1,32}$/.test(v));
  switch (tag) {
    case 'a': {
      const href = safeLinkHref(element.getAttribute('href') ?? '');
      if (href) element.setAttribute('href', href);
      else element.removeAttribute('href');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
      element.setAttribute('target', '_blank');
      break;
    }
    case 'img': {
      const src = safeImageSrc(element.getAttribute('src') ?? '', currentApiUrl);
      if (src) element.setAttribute('src', src);
      else element.remove();
      break;
    }
    case 'iframe': {
      const src = safeVideoSrc(element.getAttribute('src') ?? '');
      if (!src) { element.remove(); break; }
      element.setAttribute('src', src);
      element.setAttribute('class', 'ql-video');
      element.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation allow-popups');
      element.setAttribute('allowfullscreen', 'true');
      element.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      element.textContent = '';
      break;
    }
    case 'span': {
      // A formula keeps only its source; the page renders it again (KaTeX), never the stored rendering.
      const formula = element.getAttribute('data-value');
      if (classes.includes('ql-formula') && formula !== null) element.textContent = formula;
      else element.removeAttribute('data-value');
      break;
    }
    default:
      element.removeAttribute('data-value');
  }
}

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeType === 1) cleanElement(node as Element);
  });
  purifier = instance;
  return instance;
}

const extraAttributes = ['sandbox', 'allowfullscreen', 'referrerpolicy'];
const allowedTagSet = new Set(allowedTags.map((tag) => tag.toUpperCase()));
const allowedAttributeSet = new Set([...allowedAttributes, ...extraAttributes]);

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Elements whose content is not prose: they go with everything inside them. */
const dropWithContent = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'SVG', 'MATH', 'NOSCRIPT', 'TEXTAREA', 'TITLE', 'SELECT', 'OPTION', 'XMP', 'NOEMBED', 'NOFRAMES', 'OBJECT', 'EMBED', 'APPLET', 'FRAMESET', 'PLAINTEXT', 'IFRAME', 'FRAME', 'HEAD', 'LINK', 'META', 'BASE']);

/**
 * The allow-list applied by walking a parsed (inert) template: an element outside it is unwrapped (its
 * text stays) or, for script-like elements, dropped whole; an attribute outside it is removed. Run over
 * DOMPurify's output as a last check, and alone where DOMPurify does not work (a DOM it misreads).
 */
export function enforceAllowList(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of Array.from(template.content.querySelectorAll('*'))) {
    const tag = element.tagName.toUpperCase();
    // Inside an element already dropped: gone with it.
    if (!template.content.contains(element)) continue;
    if (!allowedTagSet.has(tag) || (tag === 'IFRAME' && !safeVideoSrc(element.getAttribute('src') ?? ''))) {
      if (dropWithContent.has(tag)) element.remove();
      else element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    for (const name of element.getAttributeNames()) {
      if (!allowedAttributeSet.has(name.toLowerCase())) element.removeAttribute(name);
    }
    cleanElement(element);
  }
  return template.innerHTML;
}

let purifierWorks: boolean | null = null;

/** DOMPurify on a DOM it misreads (some test DOMs) can keep a script and drop a paragraph: check it once. */
function checkPurifier(purifier: Purifier): boolean {
  purifierWorks ??= purifier.isSupported && purifier.sanitize('<p title="x">a<script>b</script></p>', { ALLOWED_TAGS: ['p'], ALLOWED_ATTR: [] }) === '<p>a</p>';
  return purifierWorks;
}

/** Sanitized HTML of the editor's formats; `apiUrl` makes uploaded image paths absolute. */
export function sanitizeRichText(html: string, apiUrl = ''): string {
  currentApiUrl = apiUrl;
  if (typeof document === 'undefined') return escapeText(html.replace(/<[^>]*>/g, ' '));
  const purifier = getPurifier();
  if (!checkPurifier(purifier)) return enforceAllowList(html);
  return enforceAllowList(purifier.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: [...allowedAttributes, ...extraAttributes],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // Absolute addresses of the allowed schemes, and root paths (uploads); the hooks then check each precisely.
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|\/(?!\/))/i,
    // Attributes that hold no address: DOMPurify would otherwise judge their values as URLs.
    ADD_URI_SAFE_ATTR: ['data-list', 'data-value', 'data-language', 'width', 'height', 'rel', 'target', ...extraAttributes],
    KEEP_CONTENT: true,
    FORBID_CONTENTS: ['script', 'style', 'template', 'svg', 'math', 'noscript', 'textarea', 'title', 'select', 'option', 'xmp', 'noembed', 'noframes', 'object', 'embed', 'iframe'],
  }));
}
