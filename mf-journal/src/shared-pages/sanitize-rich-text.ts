import {
  allAttributeNames,
  allowedAttributes,
  allowedTags,
  alignFromStyleText,
  codeLanguage,
  dropWithContentTags,
  isAllowedClass,
  linkRel,
  linkTarget,
  listKinds,
  mediaSize,
  safeImageSrc,
  safeLinkHref,
  safeVideoSrc,
  sizeFromStyleText,
  videoSandbox,
} from '@lifeboard/shared/rich-text/policy';
import DOMPurify from 'dompurify';
import type { DOMPurify as Purifier } from 'dompurify';

/**
 * Editor HTML → HTML safe for innerHTML, keeping only the formats of the Quill editor (spec §1): headers,
 * lists, blockquote, code, links, images, video and formulas. The rules are the shared rich-text policy
 * (@lifeboard/shared/rich-text/policy), the same the API's sanitize-html applies when it stores the text.
 * A view never trusts what it is given: Quill 2.0.3's own HTML export has XSS in formulas and videos, and
 * stored rows may predate today's rules. The editor's inline styles (sizes, alignment) become classes: the
 * strict CSP would not apply the attributes.
 */

/** One DOMPurify instance with our hooks (hooks are per instance, so the global one stays untouched). */
let purifier: Purifier | null = null;
let currentApiUrl = '';

function keepOnly(element: Element, name: string, isValid: (value: string) => boolean): void {
  const value = element.getAttribute(name);
  if (value !== null && !isValid(value)) element.removeAttribute(name);
}

/** Inline styles become classes; everything else in them goes. */
function styleToClasses(element: Element, style: string): void {
  const size = sizeFromStyleText(style);
  if (size) element.classList.add(`lb-size-${size}`);
  const align = alignFromStyleText(style);
  if (align) element.classList.add(`ql-align-${align}`);
}

/** The per-element rules an allow-list of names cannot express (which attribute on which tag, which value). */
function cleanElement(element: Element): void {
  const tag = element.tagName.toLowerCase();
  const style = element.getAttribute('style');
  if (style !== null) {
    styleToClasses(element, style);
    element.removeAttribute('style');
  }
  const classes = Array.from(element.classList).filter((name) => isAllowedClass(tag, name));
  if (classes.length) element.setAttribute('class', classes.join(' '));
  else element.removeAttribute('class');
  const allowed = allowedAttributes[tag] ?? [];
  for (const name of element.getAttributeNames()) {
    if (!allowed.includes(name) && name !== 'class') element.removeAttribute(name);
  }
  keepOnly(element, 'width', (v) => mediaSize.test(v));
  keepOnly(element, 'height', (v) => mediaSize.test(v));
  keepOnly(element, 'data-list', (v) => listKinds.includes(v));
  keepOnly(element, 'data-language', (v) => codeLanguage.test(v));
  keepOnly(element, 'spellcheck', (v) => v === 'false');
  switch (tag) {
    case 'a': {
      const href = safeLinkHref(element.getAttribute('href') ?? '');
      if (href) element.setAttribute('href', href);
      else element.removeAttribute('href');
      // Set afresh (not in the order the source had them), so the output is one canonical form.
      element.removeAttribute('rel');
      element.removeAttribute('target');
      element.setAttribute('rel', linkRel);
      element.setAttribute('target', linkTarget);
      break;
    }
    case 'img': {
      const src = safeImageSrc(element.getAttribute('src') ?? '', currentApiUrl || undefined);
      // An upload path needs the API's address to be shown from another origin; without it, it goes.
      if (src && (currentApiUrl || !src.startsWith('/'))) element.setAttribute('src', src);
      else element.remove();
      break;
    }
    case 'iframe': {
      const src = safeVideoSrc(element.getAttribute('src') ?? '');
      if (!src) {
        element.remove();
        break;
      }
      element.setAttribute('src', src);
      element.setAttribute('class', 'ql-video');
      element.setAttribute('sandbox', videoSandbox);
      element.setAttribute('allowfullscreen', 'true');
      element.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      element.removeAttribute('frameborder');
      element.textContent = '';
      break;
    }
    case 'span': {
      // A formula keeps only its source, as text; the view renders it again (KaTeX), never the stored rendering.
      const formula = element.getAttribute('data-value');
      if (classes.includes('ql-formula') && formula !== null) element.textContent = formula;
      else element.removeAttribute('data-value');
      break;
    }
    default:
  }
}

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeType === 1) cleanElement(node);
  });
  purifier = instance;
  return instance;
}

const allowedTagSet = new Set(allowedTags.map((tag) => tag.toUpperCase()));
const dropWithContent = new Set(dropWithContentTags.map((tag) => tag.toUpperCase()));

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

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
    cleanElement(element);
  }
  return template.innerHTML;
}

let purifierWorks: boolean | null = null;

/** DOMPurify on a DOM it misreads (some test DOMs) can keep a script and drop a paragraph: check it once. */
function checkPurifier(instance: Purifier): boolean {
  purifierWorks ??=
    instance.isSupported &&
    instance.sanitize('<p title="x">a<script>b</script></p>', { ALLOWED_TAGS: ['p'], ALLOWED_ATTR: [] }) === '<p>a</p>';
  return purifierWorks;
}

/** Sanitized HTML of the editor's formats; `apiUrl` makes uploaded image paths absolute. */
export function sanitizeRichText(html: string, apiUrl = ''): string {
  currentApiUrl = apiUrl;
  if (typeof document === 'undefined') return escapeText(html.replace(/<[^>]*>/g, ' '));
  const instance = getPurifier();
  if (!checkPurifier(instance)) return enforceAllowList(html);
  return enforceAllowList(
    instance.sanitize(html, {
      ALLOWED_TAGS: [...allowedTags],
      ALLOWED_ATTR: [...allAttributeNames],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      // Absolute addresses of the allowed schemes, and root paths (uploads, site links); the hooks then check each
      // with the policy's own functions (which also trim Unicode spaces before reading the scheme).
      ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|\/(?![/\\]))/i,
      // Attributes that hold no address: DOMPurify would otherwise judge their values as URLs.
      ADD_URI_SAFE_ATTR: allAttributeNames.filter((name) => name !== 'href' && name !== 'src'),
      KEEP_CONTENT: true,
      FORBID_CONTENTS: [...dropWithContentTags],
    }),
  );
}
