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
  safeSealedImageId,
  safeVideoSrc,
  sealedImageAttribute,
  sealedImageClass,
  sizeFromStyleText,
  videoSandbox,
} from './policy';
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
function cleanElement(element: Element, apiUrl: string): void {
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
      const sealed = safeSealedImageId(element.getAttribute(sealedImageAttribute));
      if (sealed) {
        // Shown only once the browser has decrypted it (sealed-images.ts sets a blob: address on the live element).
        element.removeAttribute('src');
        element.setAttribute('class', sealedImageClass);
        break;
      }
      element.removeAttribute(sealedImageAttribute);
      element.removeAttribute('class');
      const src = safeImageSrc(element.getAttribute('src') ?? '', apiUrl || undefined);
      // An upload path needs the API's address to be shown from another origin; without it, it goes.
      if (src && (apiUrl || !src.startsWith('/'))) element.setAttribute('src', src);
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

/**
 * One DOMPurify instance per API address, with our hook (hooks are per instance, so the global one stays
 * untouched); the hook reads the address it was made with, so no call sees another's.
 */
const purifiers = new Map<string, Purifier>();

function purifierFor(apiUrl: string): Purifier {
  let instance = purifiers.get(apiUrl);
  if (!instance) {
    instance = DOMPurify(window);
    instance.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeType === 1) cleanElement(node, apiUrl);
    });
    purifiers.set(apiUrl, instance);
  }
  return instance;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Sanitized HTML of the editor's formats; `apiUrl` makes uploaded image paths absolute. */
export function sanitizeRichText(html: string, apiUrl = ''): string {
  if (typeof document === 'undefined') return escapeText(html.replace(/<[^>]*>/g, ' '));
  return purifierFor(apiUrl).sanitize(html, {
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
  });
}
