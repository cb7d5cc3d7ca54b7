// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '@lifeboard/shared/rich-text/sanitize-rich-text';

const allowedTags = new Set([
  'P',
  'BR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'A',
  'OL',
  'UL',
  'LI',
  'BLOCKQUOTE',
  'PRE',
  'CODE',
  'DIV',
  'SPAN',
  'IMG',
  'IFRAME',
]);
const safeUrl = /^(?:https?:|mailto:|tel:)/i;

/** What could still run in a sanitized fragment (empty: nothing). */
function problems(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of Array.from(template.content.querySelectorAll('*'))) {
    if (!allowedTags.has(element.tagName)) found.push(`tag ${element.tagName}`);
    for (const name of element.getAttributeNames()) {
      const value = element.getAttribute(name) ?? '';
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || name === 'formaction')
        found.push(`attribute ${name}`);
      if ((name === 'href' || name === 'src') && !safeUrl.test(value)) found.push(`${name}=${value}`);
    }
  }
  return found;
}

describe('sanitizeHtml', () => {
  it('keeps every format the editor writes', () => {
    const html =
      '<h2>T</h2><p><strong>b</strong><em>i</em><u>u</u><s>s</s></p><blockquote>q</blockquote>' +
      '<ul><li>a</li></ul><ol><li data-list="ordered">b</li></ol><pre data-language="plain">code</pre>' +
      '<p class="ql-indent-3">deep</p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts and their content', () => {
    expect(sanitizeRichText('<p>a<script>alert(1)</script>b</p><script>alert(2)</script>')).toBe('<p>ab</p>');
  });

  it('drops event handlers, and images whose address is not an image address', () => {
    expect(sanitizeRichText('<img src="https://i.example/a.png" onerror="alert(1)" onload="alert(2)">')).toBe(
      '<img src="https://i.example/a.png">',
    );
    expect(sanitizeRichText('<p>x<img src=x onerror=alert(1)></p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<p onclick="alert(1)" onmouseover="alert(2)">x</p>')).toBe('<p>x</p>');
  });

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:x'],
    ['\u00a0javascript:alert(1)'],
    ['&nbsp;javascript:alert(1)'],
  ])('drops the link address %s and keeps the text', (href) => {
    const clean = sanitizeRichText(`<a href="${href}">text</a>`);
    expect(clean).toBe('<a rel="noopener noreferrer nofollow" target="_blank">text</a>');
  });

  it('opens links in a new tab without giving it this page', () => {
    expect(sanitizeRichText('<a href="https://x.example/" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.example/" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:me@x.example">m</a>')).toContain('href="mailto:me@x.example"');
  });

  it('keeps formulas as their source text only (Quill 2.0.3 formula XSS)', () => {
    const clean = sanitizeRichText(
      '<span class="ql-formula" data-value="&lt;img src=x onerror=alert(1)&gt;"><img src=x onerror=alert(1)></span>',
    );
    const template = document.createElement('template');
    template.innerHTML = clean;
    const span = template.content.querySelector('span.ql-formula');
    expect(span?.children).toHaveLength(0);
    expect(span?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('keeps video frames from known players only, sandboxed (Quill 2.0.3 video XSS)', () => {
    expect(sanitizeRichText('<iframe class="ql-video" src="javascript:alert(1)"></iframe><p>n</p>')).toBe('<p>n</p>');
    expect(sanitizeRichText('<iframe src="https://evil.example/x"></iframe>')).toBe('');
    const clean = sanitizeRichText(
      '<iframe class="ql-video" src="https://www.youtube.com/embed/x" srcdoc="<script>alert(1)</script>"></iframe>',
    );
    expect(clean).toContain('src="https://www.youtube.com/embed/x"');
    expect(clean).toContain('sandbox=');
    expect(clean).not.toContain('srcdoc');
  });

  it('turns the editor’s sizes and alignment into classes and drops every other style', () => {
    expect(
      sanitizeRichText(
        '<p style="text-align: center;"><span style="font-size: 18px; background:url(javascript:alert(1))">big</span></p>',
      ),
    ).toBe('<p class="ql-align-center"><span class="lb-size-18px">big</span></p>');
    expect(sanitizeRichText('<span style="font-size: 99px">x</span>')).toBe('<span>x</span>');
  });

  it('makes uploaded image paths absolute against the API', () => {
    expect(sanitizeRichText('<img src="/api/uploads/abc">', 'http://api.example')).toBe(
      '<img src="http://api.example/api/uploads/abc">',
    );
  });

  it("keeps an encrypted entry's image reference without an address, and drops a malformed one", () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(sanitizeRichText(`<p><img class="lb-sealed-image" data-sealed-upload="${id}"></p>`, 'http://api.x')).toBe(
      `<p><img class="lb-sealed-image" data-sealed-upload="${id}"></p>`,
    );
    // Whatever address it came with is not shown: only the browser's decrypted blob: is.
    expect(sanitizeRichText(`<img data-sealed-upload="${id}" src="https://tracker.example/p.gif" onerror="x()">`)).toBe(
      `<img data-sealed-upload="${id}" class="lb-sealed-image">`,
    );
    expect(sanitizeRichText('<img class="lb-sealed-image" data-sealed-upload="../../etc">')).toBe('');
    expect(sanitizeRichText('<img class="lb-sealed-image" src="https://x.example/a.png">')).toBe(
      '<img src="https://x.example/a.png">',
    );
  });

  it('leaves nothing that can run in any payload of the shared XSS list', () => {
    const path = resolve(import.meta.dirname, '../../..', 'shared', 'test-fixtures', 'xss-payloads.json');
    const { payloads } = JSON.parse(readFileSync(path, 'utf8')) as { payloads: { html: string }[] };
    expect(payloads.length).toBeGreaterThan(400);
    const failures = payloads
      .map(({ html }) => ({ html, found: problems(sanitizeRichText(html)) }))
      .filter(({ found }) => found.length > 0);
    expect(failures).toEqual([]);
  }, 60_000);
});
