import { afterEach, describe, expect, it, vi } from 'vitest';

// KaTeX checks for quirks mode when it loads, and happy-dom reports every document as quirky.
vi.hoisted(() => Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true }));

import type Quill from 'quill';
import {
  blankAddress,
  historyConfig,
  toolbarLayout,
  editorFormats,
} from '@lifeboard/shared/rich-text/editor-constants';
import {
  SafeFormula,
  SafeLink,
  SafeVideo,
  sanitizeVideoUrl,
  setUpQuill,
  storedHtml,
} from '@lifeboard/shared/rich-text/quill-setup';
import { sizeFromStyleText } from '@lifeboard/shared/rich-text/policy';

function makeQuill(): Quill {
  const QuillClass = setUpQuill();
  const host = document.createElement('div');
  document.body.append(host);
  return new QuillClass(host, {
    theme: 'snow',
    formats: editorFormats,
    modules: { toolbar: toolbarLayout, history: historyConfig },
  });
}

afterEach(() => document.body.replaceChildren());

describe('links (spec §5)', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['mailto:me@example.com', 'mailto:me@example.com'],
    ['tel:+15551234567', 'tel:+15551234567'],
    ['example.com/page', 'https://example.com/page'],
  ])('keeps %s', (url, expected) => {
    expect(SafeLink.sanitize(url)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['sms:+15551234567'],
    ['ftp://example.com'],
    ['data:text/html,<b>x</b>'],
    ['vbscript:x'],
  ])('turns %s into a blank address', (url) => {
    expect(SafeLink.sanitize(url)).toBe(blankAddress);
  });

  it('applies to links made in the editor', () => {
    const quill = makeQuill();
    quill.setText('click me\n');
    quill.formatText(0, 5, 'link', 'javascript:alert(1)');
    expect(quill.root.querySelector('a')?.getAttribute('href')).toBe(blankAddress);
    quill.formatText(0, 5, 'link', 'https://ok.example/');
    expect(quill.root.querySelector('a')?.getAttribute('href')).toBe('https://ok.example/');
  });
});

describe('indent (spec §5: 1 to 8)', () => {
  it('stops at level 8', () => {
    const quill = makeQuill();
    quill.setText('deep\n');
    for (let i = 0; i < 12; i++) quill.formatLine(0, 1, 'indent', '+1');
    expect(quill.getFormat(0, 1).indent).toBe(8);
    expect(quill.root.querySelector('p')?.className).toBe('ql-indent-8');
    quill.formatLine(0, 1, 'indent', 9);
    expect(quill.getFormat(0, 1).indent).toBe(8);
  });
});

describe('history (spec §9)', () => {
  it('is configured with a 1,000 ms merge window and 100 steps', () => {
    const quill = makeQuill();
    expect(historyConfig).toEqual({ delay: 1000, maxStack: 100, userOnly: true });
    const history = quill.getModule('history') as { options: { delay: number; maxStack: number } };
    expect(history.options.delay).toBe(1000);
    expect(history.options.maxStack).toBe(100);
  });
});

describe('sizes (spec §9)', () => {
  it('are inline styles of 10, 18 and 32 px only', () => {
    const quill = makeQuill();
    quill.setText('abc\n');
    quill.formatText(0, 1, 'size', '18px');
    quill.formatText(1, 1, 'size', '99px');
    expect(quill.getFormat(0, 1).size).toBe('18px');
    expect(quill.getFormat(1, 1).size).toBeUndefined();
    expect(quill.root.innerHTML).toContain('font-size: 18px');
  });

  it('are read from a style attribute whose declarations a CSP did not apply', () => {
    expect(sizeFromStyleText('color: red; font-size: 32px;')).toBe('32px');
    expect(sizeFromStyleText('font-size: 31px')).toBe('');
  });
});

describe('stored HTML', () => {
  it('escapes formulas and keeps them as formulas (Quill 2.0.3 exports them raw)', () => {
    const quill = makeQuill();
    quill.insertEmbed(0, 'formula', 'x<img src=x onerror=alert(1)>', 'api');
    const html = quill.getSemanticHTML();
    expect(html).toContain('<span class="ql-formula" data-value="x&lt;img src=x onerror=alert(1)&gt;"></span>');
    expect(SafeFormula.blotName).toBe('formula');
  });

  it('keeps videos as frames of known players, escaped', () => {
    expect(sanitizeVideoUrl('https://www.youtube.com/embed/abc?x=1"><script>')).toBe(
      'https://www.youtube.com/embed/abc?x=1%22%3E%3Cscript%3E',
    );
    expect(sanitizeVideoUrl('javascript:alert(1)')).toBe(blankAddress);
    expect(sanitizeVideoUrl('https://evil.example/embed')).toBe(blankAddress);
    const quill = makeQuill();
    quill.insertEmbed(0, 'video', 'https://player.vimeo.com/video/1', 'api');
    expect(quill.getSemanticHTML()).toContain(
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://player.vimeo.com/video/1"></iframe>',
    );
    expect(SafeVideo.blotName).toBe('video');
  });

  it('turns Quill’s &nbsp; back into spaces so text wraps and is searchable', () => {
    expect(storedHtml('<p>Ran&nbsp;5&nbsp;km</p>')).toBe('<p>Ran 5 km</p>');
    expect(storedHtml('<p>a&nbsp;&nbsp;&nbsp;b</p>')).toBe('<p>a&nbsp;&nbsp; b</p>');
    expect(storedHtml('<p>a&amp;nbsp;b</p>')).toBe('<p>a&amp;nbsp;b</p>');
  });

  it('round-trips every format through the editor', () => {
    const quill = makeQuill();
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <a href="https://x.example/">l</a></p>' +
      '<blockquote>q</blockquote><ul><li>one</li></ul><ol><li>two</li></ol><p><img src="https://img.example/a.png"></p>';
    quill.setContents(quill.clipboard.convert({ html }), 'silent');
    const again = makeQuill();
    again.setContents(again.clipboard.convert({ html: storedHtml(quill.getSemanticHTML()) }), 'silent');
    expect(again.getContents()).toEqual(quill.getContents());
    const formats = quill.getContents().ops.flatMap((op) => Object.keys(op.attributes ?? {}));
    expect(new Set(formats)).toEqual(
      new Set(['header', 'bold', 'italic', 'underline', 'strike', 'link', 'blockquote', 'list']),
    );
  });
});
