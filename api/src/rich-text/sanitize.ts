import sanitizeHtml from 'sanitize-html';
import type { Attributes, IFrame, IOptions } from 'sanitize-html';
import { cleanInlineStyle } from './inline-style';
import { neutralizeFormulaSource } from './formula';
import { isSafeImageSrc, isSafeLinkHref, isSafeVideoSrc, linkSchemes } from './url-policy';

/**
 * Server-side sanitizing of rich-text fields (api-contract "Rich text"): only what the Quill 2 editor
 * writes for the spec's formats survives. The allow-lists are the policy; the transforms below make
 * every surviving attribute value match a strict pattern before sanitize-html escapes it.
 */

const blockClasses = [/^ql-align-(?:right|center|justify)$/, /^ql-indent-[1-8]$/, /^ql-direction-rtl$/];
const inlineClasses = [/^ql-size-(?:small|large|huge)$/, /^ql-font-[a-z][a-z0-9-]{0,30}$/];
const blockTags = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre'];
const inlineTags = ['strong', 'b', 'em', 'i', 'u', 's', 'a'];
const listKinds = ['bullet', 'ordered', 'checked', 'unchecked'];
const codeLanguage = /^[A-Za-z0-9+#._-]{1,32}$/;
const pixelSize = /^\d{1,4}(?:px|%)?$/;

const allowedClasses: Record<string, (string | RegExp)[]> = {
  ...Object.fromEntries(blockTags.map((tag) => [tag, blockClasses])),
  ...Object.fromEntries(inlineTags.map((tag) => [tag, inlineClasses])),
  pre: [...blockClasses, 'ql-syntax'],
  div: ['ql-code-block-container', 'ql-code-block'],
  span: [...inlineClasses, 'ql-formula', 'ql-token', /^hljs-[a-z][a-z0-9_-]{0,30}$/],
  iframe: ['ql-video', /^ql-align-(?:right|center|justify)$/],
};

const withStyle = (tags: string[]) => Object.fromEntries(tags.map((tag) => [tag, ['style']]));

const allowedAttributes: Record<string, string[]> = {
  ...withStyle([...blockTags, ...inlineTags, 'span']),
  a: ['href', 'rel', 'target', 'style'],
  li: ['data-list', 'style'],
  pre: ['data-language', 'style'],
  div: ['data-language', 'spellcheck'],
  span: ['data-value', 'style'],
  img: ['src', 'alt', 'width', 'height'],
  iframe: ['src', 'frameborder', 'allowfullscreen', 'width', 'height'],
};

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
    case 'a':
      copyIf('href', isSafeLinkHref);
      out.rel = 'noopener noreferrer';
      out.target = '_blank';
      break;
    case 'img':
      copyIf('src', isSafeImageSrc);
      copyIf('alt', () => true);
      copyIf('width', (value) => pixelSize.test(value));
      copyIf('height', (value) => pixelSize.test(value));
      return out;
    case 'iframe':
      if (attribs.src === undefined || !isSafeVideoSrc(attribs.src)) return out;
      copyIf('class', () => true);
      Object.assign(out, { frameborder: '0', allowfullscreen: 'true', src: attribs.src });
      copyIf('width', (value) => pixelSize.test(value));
      copyIf('height', (value) => pixelSize.test(value));
      return out;
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
    onOpenTag(name: string, attribs: Attributes) {
      const parent = open.at(-1);
      const classes = classTokens(attribs);
      const removeSelf = (parent?.removeContent ?? false) || classes.includes('ql-ui');
      const isOpaque = name === 'iframe' || (name === 'span' && classes.includes('ql-formula'));
      open.push({ removeSelf, removeContent: removeSelf || isOpaque });
    },
    onCloseTag() {
      lastClosed = open.pop();
    },
    keepsText(): boolean {
      return !(open.at(-1)?.removeContent ?? false);
    },
    removesClosed(frame: IFrame): boolean {
      if (lastClosed?.removeSelf) return true;
      if (frame.tag === 'img' || frame.tag === 'iframe') return frame.attribs.src === undefined;
      return false;
    },
  };
}

const baseOptions: IOptions = {
  allowedTags: [...blockTags, ...inlineTags, 'p', 'br', 'ol', 'ul', 'div', 'span', 'img', 'iframe'],
  allowedAttributes,
  allowedClasses,
  allowedSchemes: [...linkSchemes],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href', 'background', 'poster'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  // Disallowed tags whose text is not prose: drop it with the tag rather than leave it as stray text.
  nonTextTags: [
    'script', 'style', 'textarea', 'option', 'select', 'xmp', 'noscript', 'noembed', 'noframes', 'template',
    'title', 'object', 'embed', 'applet', 'svg', 'math', 'head', 'frameset', 'plaintext',
  ],
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }) },
};

// Built from a string: a regex literal holding U+0000 trips no-control-regex, which is right elsewhere.
const unstorable = new RegExp(String.raw`\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`, 'g');

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
