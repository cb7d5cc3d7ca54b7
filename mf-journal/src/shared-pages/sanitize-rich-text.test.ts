// @vitest-environment jsdom
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '@lifeboard/shared/rich-text/sanitize-rich-text';

const parse = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
};

// What a browser ignores inside a URL scheme (held in a string: a regex literal with U+0000 trips no-control-regex).
const invisibleChars = '[\\u0000-\\u0020\\u007f-\\u009f\\u00ad\\u200b-\\u200f\\u2028\\u2029\\u2060\\ufeff]';
const invisible = new RegExp(invisibleChars, 'g');
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
const allowedAttributes = new Set([
  'href',
  'src',
  'alt',
  'width',
  'height',
  'class',
  'data-list',
  'data-value',
  'data-language',
  'rel',
  'target',
  'sandbox',
  'allowfullscreen',
  'referrerpolicy',
]);

/** Every problem a sanitized fragment could still have, as readable strings (empty: safe). */
function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  for (const element of parse(html).querySelectorAll('*')) {
    if (!allowedTags.has(element.tagName)) problems.push(`tag ${element.tagName}`);
    for (const { name, value } of Array.from(element.attributes)) {
      if (!allowedAttributes.has(name)) problems.push(`attribute ${name} on ${element.tagName}`);
      const compact = value.replace(invisible, '').toLowerCase();
      if (name === 'href' && !/^(https?|mailto|tel):/.test(compact)) problems.push(`href ${value}`);
      if (name === 'src' && element.tagName === 'IMG' && !/^https?:\/\//.test(compact))
        problems.push(`img src ${value}`);
      if (
        name === 'src' &&
        element.tagName === 'IFRAME' &&
        !/^https:\/\/(www\.youtube\.com|youtube\.com|www\.youtube-nocookie\.com|player\.vimeo\.com)\//.test(compact)
      )
        problems.push(`iframe src ${value}`);
    }
  }
  return problems;
}

describe('sanitizeRichText', () => {
  it('keeps the editor formats: headers, marks, lists, blockquote, code, links with rel noopener', () => {
    const html =
      '<h1>Title</h1><h2>Sub</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <a href="https://example.com/x">link</a></p>' +
      '<ol><li data-list="bullet" class="ql-indent-2">one</li><li data-list="ordered">two</li></ol><blockquote>said</blockquote>' +
      '<pre data-language="js">let x = 1;</pre><p class="ql-align-center">mid</p>';
    const clean = parse(sanitizeRichText(html));
    expect(clean.querySelector('h1')?.textContent).toBe('Title');
    expect(clean.querySelectorAll('strong, em, u, s')).toHaveLength(4);
    const link = clean.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/x');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(clean.querySelector('li')?.getAttribute('data-list')).toBe('bullet');
    expect(clean.querySelector('li')?.getAttribute('class')).toBe('ql-indent-2');
    expect(clean.querySelector('blockquote')?.textContent).toBe('said');
    expect(clean.querySelector('pre')?.textContent).toBe('let x = 1;');
    expect(clean.querySelector('p.ql-align-center')).not.toBeNull();
  });

  it('keeps http(s) images and makes uploaded image paths absolute on the API; drops data:, javascript: and relative ones', () => {
    const clean = parse(
      sanitizeRichText(
        '<img src="https://cdn.example.com/a.png" alt="a"><img src="/uploads/ab/c.png"><img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)"><img src="../x.png">',
        'http://localhost:4000',
      ),
    );
    const sources = Array.from(clean.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['https://cdn.example.com/a.png', 'http://localhost:4000/uploads/ab/c.png']);
  });

  it('keeps videos from YouTube and Vimeo only, and no link scheme beyond http, https, mailto, tel', () => {
    const clean = parse(
      sanitizeRichText(
        '<iframe class="ql-video" src="https://www.youtube.com/embed/abc"></iframe><iframe src="https://evil.example/embed"></iframe>' +
          '<iframe src="javascript:alert(1)"></iframe><a href="mailto:a@b.c">m</a><a href="tel:+123">t</a><a href="javascript:alert(1)">j</a><a href="//evil.example">p</a><a href="\u00a0javascript:alert(1)">n</a>',
      ),
    );
    expect(Array.from(clean.querySelectorAll('iframe')).map((f) => f.getAttribute('src'))).toEqual([
      'https://www.youtube.com/embed/abc',
    ]);
    expect(Array.from(clean.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([
      'mailto:a@b.c',
      'tel:+123',
      null,
      null,
      null,
    ]);
  });

  it('keeps a formula as its source text only (the page renders it again), never its stored markup', () => {
    const clean = parse(
      sanitizeRichText(
        '<span class="ql-formula" data-value="e=mc^2"><img src=x onerror=alert(1)><span class="katex">old</span></span>',
      ),
    );
    const formula = clean.querySelector('span.ql-formula');
    expect(formula?.getAttribute('data-value')).toBe('e=mc^2');
    expect(formula?.textContent).toBe('e=mc^2');
    expect(formula?.children).toHaveLength(0);
  });

  it('drops scripts, handlers, styles and forms', () => {
    const clean = sanitizeRichText(
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x<script>alert(1)</script></p><form><input></form><svg><script>alert(2)</script></svg>',
    );
    expect(clean).toBe('<p>x</p>');
  });

  const payloadsPath = resolve(import.meta.dirname, '../../..', 'shared', 'test-fixtures', 'xss-payloads.json');
  it('leaves nothing unsafe in any payload of the shared XSS list', () => {
    expect(existsSync(payloadsPath), `${payloadsPath} (shared/ beside the repository)`).toBe(true);
    const { payloads } = JSON.parse(readFileSync(payloadsPath, 'utf8')) as { payloads: { html: string }[] };
    expect(payloads.length).toBeGreaterThan(400);
    const failures = payloads
      .map(({ html }) => ({ html, problems: unsafeParts(sanitizeRichText(html)) }))
      .filter(({ problems }) => problems.length > 0);
    expect(failures).toEqual([]);
  }, 60_000);
});
