import { describe, expect, it } from 'vitest';
import { findXssViolations } from '../../test/security/xss-checker';
import { quillFormats } from './quill-fixtures';
import { sanitizeRichText } from './sanitize';

describe('sanitizeRichText keeps what Quill writes', () => {
  it.each(Object.entries(quillFormats))('%s round-trips unchanged', (_name, html) => {
    expect(sanitizeRichText(html)).toBe(html);
    expect(findXssViolations(html)).toEqual([]);
  });

  it('keeps plain text and escapes it', () => {
    expect(sanitizeRichText('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
  });

  it('replaces U+0000 and lone surrogates (which PostgreSQL cannot store) with U+FFFD', () => {
    expect(sanitizeRichText('<p>a\u0000b\ud800c\udc00d\ud83d\ude00</p>')).toBe(
      '<p>a\ufffdb\ufffdc\ufffdd\ud83d\ude00</p>',
    );
    expect(sanitizeRichText('<a href="javascript&\u0000#x6a;avascript:alert(1)">x</a>')).not.toContain('\u0000');
  });

  it('is idempotent on its own output', () => {
    const all = Object.values(quillFormats).join('');
    const once = sanitizeRichText(all);
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('links', () => {
  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['java&#x09;script:alert(1)'],
    ['&#x6A;avascript&colon;alert(1)'],
    [' \u0001javascript:alert(1)'],
    ['\u00a0javascript:alert(1)'],
    ['&nbsp;javascript:alert(1)'],
    ['\u3000\u200bjavascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['ftp://example.com/file'],
    ['sms:+15551234567'],
    ['//evil.example/path'],
    ['\\\\evil.example/path'],
  ])('drops the href %s but keeps the text', (href) => {
    const out = sanitizeRichText(`<p><a href="${href}">text</a></p>`);
    expect(out).toBe('<p><a rel="noopener noreferrer nofollow" target="_blank">text</a></p>');
  });

  it('forces rel and target on every link', () => {
    expect(sanitizeRichText('<a href="https://x.test/" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.test/" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });
});

describe('images and video', () => {
  it.each([
    ['data:image/png;base64,iVBORw0KGgo='],
    ['javascript:alert(1)'],
    ['x'],
    ['validimage.png'],
    ['//:0'],
    ['//evil.example/a.png'],
    ['/uploads/../etc/passwd'],
    ['/elsewhere/a.png'],
    ['ftp://example.com/a.png'],
  ])('drops an image whose src is %s', (src) => {
    expect(sanitizeRichText(`<p><img src="${src}">after</p>`)).toBe('<p>after</p>');
  });

  it("keeps an encrypted entry's image reference (no address), and drops a malformed one", () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    const sealed = `<p><img class="lb-sealed-image" data-sealed-upload="${id}"></p>`;
    expect(sanitizeRichText(sealed)).toBe(sealed);
    expect(sanitizeRichText(`<img data-sealed-upload="${id}" src="https://tracker.example/p.gif" onerror="x()">`)).toBe(
      `<img class="lb-sealed-image" data-sealed-upload="${id}">`,
    );
    expect(sanitizeRichText('<p><img class="lb-sealed-image" data-sealed-upload="../etc">after</p>')).toBe(
      '<p>after</p>',
    );
  });

  it('drops event handlers and unknown attributes of an image', () => {
    expect(sanitizeRichText('<img src="https://a.test/x.png" onerror="alert(1)" width="100" style="x" id="i">')).toBe(
      '<img src="https://a.test/x.png" width="100">',
    );
  });

  it.each([
    ['http://localhost:4000/api/uploads/AbCdEfGhIjKlMnOpQrStUv'],
    ['https://api.lifeboard.example/api/uploads/AbCdEfGhIjKlMnOpQrStUv'],
    ['/api/uploads/AbCdEfGhIjKlMnOpQrStUv'],
  ])('keeps an uploaded image at %s', (src) => {
    expect(sanitizeRichText(`<p><img src="${src}" alt="lake"></p>`)).toBe(`<p><img src="${src}" alt="lake"></p>`);
  });

  // Images are uploaded (POST /api/uploads/image), never inlined: base64 images are removed whatever their type or case.
  it.each([
    ['data:image/jpeg;base64,/9j/4AAQ'],
    ['data:image/gif;base64,R0lGODlhAQABAAAAACw='],
    ['data:image/webp;base64,UklGRhoAAABXRUJQ'],
    ['data:image/svg+xml;utf8,<svg onload=alert(1)>'],
    ['DATA:image/png;base64,iVBORw0KGgo='],
    [' data:image/png;base64,iVBORw0KGgo='],
    ['da\ta:image/png;base64,iVBORw0KGgo='],
  ])('drops the inlined image %s', (src) => {
    expect(sanitizeRichText(`<p>a<img src="${src}">b</p>`)).toBe('<p>ab</p>');
  });

  it('drops non-numeric sizes', () => {
    expect(sanitizeRichText('<img src="https://a.test/x.png" width="100&quot; onload=&quot;x" height="1e9">')).toBe(
      '<img src="https://a.test/x.png">',
    );
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['http://www.youtube.com/embed/x'],
    ['https://evil.example/embed/x'],
    ['https://www.youtube.com.evil.example/embed/x'],
    ['https://user:pw@www.youtube.com/embed/x'],
    ['//www.youtube.com/embed/x'],
  ])('drops a video frame whose src is %s', (src) => {
    expect(sanitizeRichText(`<iframe class="ql-video" src="${src}"></iframe><p>next</p>`)).toBe('<p>next</p>');
  });

  it('drops srcdoc, handlers and content of a video frame', () => {
    const out = sanitizeRichText(
      '<iframe class="ql-video" src="https://www.youtube.com/embed/x" srcdoc="<script>alert(1)</script>" onload="alert(1)"><b>fallback</b></iframe>',
    );
    expect(out).toBe(
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/x"></iframe>',
    );
  });
});

describe('formulas', () => {
  it('drops the rendered KaTeX tree (MathML included) and keeps the source', () => {
    const rendered =
      '<span class="ql-formula" data-value="x^2">\ufeff<span contenteditable="false"><span class="katex">' +
      '<span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow>' +
      '<annotation encoding="application/x-tex">x^2</annotation></semantics></math></span>' +
      '<span class="katex-html" aria-hidden="true"><span class="base"><span class="strut" style="height:0.8141em;"></span></span></span>' +
      '</span></span>\ufeff</span>';
    expect(sanitizeRichText(`<p>${rendered} after</p>`)).toBe(
      '<p><span class="ql-formula" data-value="x^2"></span> after</p>',
    );
  });

  it('turns angle brackets into KaTeX commands so no markup hides in the source', () => {
    expect(sanitizeRichText('<span class="ql-formula" data-value="<img src=x onerror=alert(1)>"></span>')).toBe(
      '<span class="ql-formula" data-value="\\lt img src=x onerror=alert(1)\\gt "></span>',
    );
  });

  it('removes KaTeX commands that make links, images or HTML attributes', () => {
    expect(
      sanitizeRichText(
        '<span class="ql-formula" data-value="\\href{javascript:alert(1)}{x} \\url{data:x} \\includegraphics{y} \\htmlClass{a}{b} \\hrefx"></span>',
      ),
    ).toBe('<span class="ql-formula" data-value="{javascript:alert(1)}{x} {data:x} {y} {a}{b} \\hrefx"></span>');
  });

  it('drops data-value outside a formula', () => {
    expect(sanitizeRichText('<span data-value="x">t</span>')).toBe('<span>t</span>');
  });
});

describe('classes and styles', () => {
  it('keeps only allow-listed classes', () => {
    expect(sanitizeRichText('<p class="ql-align-center evil ql-indent-9 ql-indent-8">t</p>')).toBe(
      '<p class="ql-align-center ql-indent-8">t</p>',
    );
    expect(sanitizeRichText('<span class="ql-size-enormous">t</span>')).toBe('<span>t</span>');
  });

  it.each([
    'background-image:url(javascript:alert(1))',
    'color: expression(alert(1))',
    'color: red',
    'color: rgb(300, 0, 0)',
    'width: expression(alert(1)); color: url(x)',
    'font-size: 11px',
    'text-align: center /* */',
    'co\\lor: #fff',
    'behavior: url(x.htc)',
    '-moz-binding: url(x.xml#xss)',
  ])('drops the style %s', (style) => {
    expect(sanitizeRichText(`<p><span style="${style}">t</span></p>`)).toBe('<p><span>t</span></p>');
  });

  it('keeps the safe declarations of a mixed style', () => {
    expect(sanitizeRichText('<span style="position:fixed; color: #abc; background:url(x)">t</span>')).toBe(
      '<span style="color: #abc;">t</span>',
    );
  });

  it('keeps only known list kinds and code languages', () => {
    expect(sanitizeRichText('<ol><li data-list="evil">x</li></ol>')).toBe('<ol><li>x</li></ol>');
    expect(sanitizeRichText('<pre data-language="&quot;><img src=x onerror=alert(1)>">c</pre>')).toBe('<pre>c</pre>');
  });
});

describe('Quill UI and unknown markup', () => {
  it('drops Quill UI widgets with their content', () => {
    expect(
      sanitizeRichText('<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>item</li></ol>'),
    ).toBe('<ol><li data-list="bullet">item</li></ol>');
    expect(
      sanitizeRichText(
        '<div class="ql-code-block-container"><select class="ql-ui"><option>JavaScript</option></select><div class="ql-code-block">x</div></div>',
      ),
    ).toBe('<div class="ql-code-block-container"><div class="ql-code-block">x</div></div>');
  });

  it('drops script, style and other code-carrying elements with their content', () => {
    expect(
      sanitizeRichText(
        '<p>a<script>alert(1)</script><style>p{}</style><svg><text>s</text></svg><math><mi>m</mi></math>b</p>',
      ),
    ).toBe('<p>ab</p>');
  });

  it('keeps the text of unknown but harmless wrappers', () => {
    expect(sanitizeRichText('<section><p>kept</p></section><marquee>moving</marquee>')).toBe('<p>kept</p>moving');
  });
});
