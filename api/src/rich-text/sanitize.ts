import {
  allowedAttributes,
  allowedClasses,
  allowedTags,
  cleanInlineStyle,
  codeLanguage,
  dropWithContentTags,
  linkRel,
  linkSchemes,
  linkTarget,
  listKinds,
  mediaSize,
  safeImageSrc,
  safeLinkHref,
  safeSealedImageId,
  safeVideoSrc,
  sealedImageAttribute,
  sealedImageClass,
  videoHosts,
} from '@lifeboard/shared/rich-text/policy';
import sanitizeHtml from 'sanitize-html';
import type { Attributes, IFrame, IOptions } from 'sanitize-html';
import { neutralizeFormulaSource } from './formula';

/**
 * Server-side sanitizing of rich-text fields (api-contract "Rich text"): only what the Quill 2 editor
 * writes for the spec's formats survives. The allow-lists are the shared policy (@lifeboard/shared/rich-text/
 * policy), which the browser's DOMPurify reads too; the transforms below make every surviving attribute value
 * match a strict pattern before sanitize-html escapes it.
 */

function classTokens(attribs: Attributes): string[] {
  return (attribs.class ?? '').split(/\s+/).filter(Boolean);
}

/** Per-tag attribute rules that need value checks (sanitize-html only checks names). Order follows Quill's. */
function cleanAttributes(tagName: string, attribs: Attributes): Attributes {
  const out: Attributes = {};
  const copyIf = (name: string, isValid: (value: string) => boolean) => {
    const value = attribs[name];
    if (value !== undefined && isValid(value)) out[name] = value;
  };
  switch (tagName) {
    case 'a': {
      const href = attribs.href === undefined ? null : safeLinkHref(attribs.href);
      if (href) out.href = href;
      out.rel = linkRel;
      out.target = linkTarget;
      break;
    }
    case 'img': {
      const sealed = safeSealedImageId(attribs[sealedImageAttribute]);
      // A sealed image has no address: the owner's browser fetches and decrypts it by id.
      if (sealed) Object.assign(out, { class: sealedImageClass, [sealedImageAttribute]: sealed });
      const src = sealed || attribs.src === undefined ? null : safeImageSrc(attribs.src);
      if (src) out.src = src;
      copyIf('alt', () => true);
      copyIf('width', (value) => mediaSize.test(value));
      copyIf('height', (value) => mediaSize.test(value));
      return out;
    }
    case 'iframe': {
      const src = attribs.src === undefined ? null : safeVideoSrc(attribs.src);
      if (!src) return out;
      copyIf('class', () => true);
      Object.assign(out, { frameborder: '0', allowfullscreen: 'true', src });
      copyIf('width', (value) => mediaSize.test(value));
      copyIf('height', (value) => mediaSize.test(value));
      return out;
    }
    case 'li':
      copyIf('data-list', (value) => listKinds.includes(value));
      break;
  }
  copyIf('class', () => true);
  if (tagName === 'pre' || tagName === 'div') copyIf('data-language', (value) => codeLanguage.test(value));
  if (tagName === 'div') copyIf('spellcheck', (value) => value === 'false');
  if (tagName === 'span' && classTokens(attribs).includes('ql-formula') && attribs['data-value'] !== undefined) {
    out['data-value'] = neutralizeFormulaSource(attribs['data-value']);
  }
  const style = attribs.style === undefined ? '' : cleanInlineStyle(attribs.style);
  if (style) out.style = style;
  return out;
}

interface OpenElement {
  /** The element goes, with its content (Quill's UI widgets, anything inside an opaque element). */
  removeSelf: boolean;
  /** The content goes: a formula's rendered KaTeX tree (re-rendered from data-value), an iframe's fallback. */
  removeContent: boolean;
}

/**
 * Tracks the open elements through sanitize-html's parser hooks, because its filters see one element at a
 * time and cannot ask about ancestors. `onCloseTag` runs just before `exclusiveFilter` for the same element.
 */
function createContentTracker() {
  const open: OpenElement[] = [];
  let lastClosed: OpenElement | undefined;
  return {
    onOpenTag: (name: string, attribs: Attributes) => {
      const parent = open.at(-1);
      const classes = classTokens(attribs);
      const removeSelf = (parent?.removeContent ?? false) || classes.includes('ql-ui');
      const isOpaque = name === 'iframe' || (name === 'span' && classes.includes('ql-formula'));
      open.push({ removeSelf, removeContent: removeSelf || isOpaque });
    },
    onCloseTag: () => {
      lastClosed = open.pop();
    },
    keepsText(): boolean {
      return !(open.at(-1)?.removeContent ?? false);
    },
    removesClosed(frame: IFrame): boolean {
      if (lastClosed?.removeSelf) return true;
      if (frame.tag === 'img') return frame.attribs.src === undefined && !frame.attribs[sealedImageAttribute];
      if (frame.tag === 'iframe') return frame.attribs.src === undefined;
      return false;
    },
  };
}

// sanitize-html's own shapes of the policy's lists (it wants mutable arrays).
const classesByTag = Object.fromEntries(Object.entries(allowedClasses).map(([tag, patterns]) => [tag, [...patterns]]));
// `class` is checked by allowedClasses; iframe's sandbox and referrerpolicy are the browser view's, never stored.
const attributesByTag = Object.fromEntries(
  Object.entries(allowedAttributes).map(([tag, names]) => [
    tag,
    names.filter((name) => tag !== 'iframe' || (name !== 'sandbox' && name !== 'referrerpolicy')),
  ]),
);

const baseOptions: IOptions = {
  allowedTags: [...allowedTags],
  allowedAttributes: attributesByTag,
  allowedClasses: classesByTag,
  allowedSchemes: [...linkSchemes],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: [
    'href',
    'src',
    'cite',
    'action',
    'formaction',
    'xlink:href',
    'background',
    'poster',
  ],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...videoHosts],
  allowIframeRelativeUrls: false,
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  // Disallowed tags whose text is not prose: drop it with the tag rather than leave it as stray text.
  // (iframe is allowed; its fallback content is removed by the content tracker.)
  nonTextTags: dropWithContentTags.filter((tag) => tag !== 'iframe'),
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }) },
};

// Built from a string: a regex literal holding U+0000 trips no-control-regex, which is right elsewhere.
const unstorable = new RegExp(
  String.raw`\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`,
  'g',
);

/** Sanitized HTML holding only the editor's formats; safe to store and to render with innerHTML. */
export function sanitizeRichText(html: string): string {
  const tracker = createContentTracker();
  // U+0000 and lone surrogates cannot be stored in PostgreSQL text/jsonb; browsers read U+0000 as U+FFFD anyway.
  const storable = html.replace(unstorable, '\ufffd');
  const clean = sanitizeHtml(storable, {
    ...baseOptions,
    onOpenTag: tracker.onOpenTag,
    onCloseTag: tracker.onCloseTag,
    textFilter: (text) => (tracker.keepsText() ? text : ''),
    exclusiveFilter: (frame) => tracker.removesClosed(frame),
  });
  // sanitize-html writes void elements as `<br />`; browsers (and Quill) write `<br>`. Every `>` in text and
  // attribute values is escaped as `&gt;`, so a literal ` />` can only end a tag.
  return clean.replace(/ \/>/g, '>');
}
