import type { Locator } from 'playwright-core';

/**
 * What a rendered journal entry must still show after a save, a reload or on its public page: one check per
 * editor format of spec §1. Each selector matches both Quill's editing DOM and the sanitized reading view
 * (Quill 2 edits lists as `<ol><li data-list>`; its stored HTML has `<ol>`/`<ul>`; code is a
 * `.ql-code-block` while editing and a `<pre>` once stored).
 */
export const formatChecks = {
  header: { selector: 'h1', text: 'A heading for the day' },
  bold: { selector: 'strong', text: 'bold words' },
  italic: { selector: 'em', text: 'italic words' },
  underline: { selector: 'u', text: 'underlined words' },
  strike: { selector: 's', text: 'struck words' },
  link: { selector: 'a[href="https://example.com/lifeboard"]', text: 'a link to example' },
  orderedList: { selector: 'li[data-list="ordered"], ol > li:not([data-list])', text: 'first item' },
  bulletList: { selector: 'li[data-list="bullet"], ul > li', text: 'second item' },
  blockquote: { selector: 'blockquote', text: 'a quoted thought' },
  codeBlock: { selector: 'pre, .ql-code-block', text: 'const answer = 42;' },
  image: { selector: 'img[src*="/api/uploads/"]', text: '' },
  video: { selector: 'iframe[src^="https://www.youtube.com/embed/"]', text: '' },
  formula: { selector: '.katex', text: '' },
} as const;

export type FormatName = keyof typeof formatChecks;

/** The formats whose element (holding its text) is missing under `root`; [] when all are there. */
export async function missingFormats(root: Locator): Promise<FormatName[]> {
  const found = await root.evaluate((element, checks) => {
    const present: string[] = [];
    for (const [name, { selector, text }] of Object.entries(checks)) {
      const matches = [...element.querySelectorAll(selector)];
      if (matches.some((match) => (match.textContent ?? '').includes(text))) present.push(name);
    }
    return present;
  }, formatChecks);
  return (Object.keys(formatChecks) as FormatName[]).filter((name) => !found.includes(name));
}

/**
 * Markup that could run script, found under `root`: event-handler attributes, `javascript:`/`vbscript:`/
 * `data:text/html` addresses (as the browser's URL parser reads them), script/object/embed/base/form elements, and frames from anywhere but the
 * two video players. Returns a description of each, [] when clean.
 */
export async function scriptableMarkup(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const found: string[] = [];
    // What the browser would do with the address: resolved by its own URL parser (so "javascript&…" is the
    // relative path it is, and " JaVa\tScript:…" the script address it is).
    const isBadAddress = (value: string) => {
      try {
        const url = new URL(value, document.baseURI);
        return (
          ['javascript:', 'vbscript:'].includes(url.protocol) ||
          (url.protocol === 'data:' && /^(text\/html|image\/svg|application\/xhtml)/i.test(url.pathname))
        );
      } catch {
        return false;
      }
    };
    for (const node of [element, ...element.querySelectorAll('*')]) {
      const tag = node.tagName.toLowerCase();
      if (
        ['script', 'object', 'embed', 'base', 'form', 'meta', 'link', 'style', 'svg', 'math'].includes(tag) &&
        !node.closest('.katex') &&
        // The app's own drawn icons (a note's pin), never made from what a person typed.
        !(tag === 'svg' && node.hasAttribute('data-lb-icon'))
      ) {
        found.push(`<${tag}>`);
      }
      for (const attribute of node.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on') || name === 'srcdoc') found.push(`<${tag} ${name}>`);
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(name) &&
          isBadAddress(attribute.value)
        ) {
          found.push(`<${tag} ${name}="${attribute.value.slice(0, 60)}">`);
        }
      }
      if (
        tag === 'iframe' &&
        !/^https:\/\/(www\.youtube\.com|player\.vimeo\.com)\/|^about:blank$/.test(node.getAttribute('src') ?? '')
      ) {
        found.push(`<iframe src="${(node.getAttribute('src') ?? '').slice(0, 60)}">`);
      }
    }
    return found;
  });
}
