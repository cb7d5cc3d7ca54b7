import { describe, expect, it } from 'vitest';
import {
  cleanInlineStyle,
  isAllowedClass,
  normalizeUrl,
  safeImageSrc,
  safeLinkHref,
  safeVideoSrc,
  urlScheme,
  videoEmbedSrc,
} from './policy';

describe('the rich-text policy', () => {
  it.each([
    ['\u00a0javascript:alert(1)'],
    ['\u3000javascript:alert(1)'],
    ['\u2028javascript:alert(1)'],
    ['\ufeffjavascript:alert(1)'],
    ['\u200bjava\u200bscript:alert(1)'],
    ['java\tscript:alert(1)'],
    [' \u0001javascript:alert(1)'],
    ['ｊａｖａｓｃｒｉｐｔ:alert(1)'],
    ['\u00a0data:text/html,x'],
    ['vbscript:x'],
    ['//evil.example/'],
    ['/\\evil.example/'],
    ['example.com'],
    ['\u00a0//evil.example/'],
  ])('refuses the link %j', (href) => {
    expect(safeLinkHref(href)).toBeNull();
  });

  it('reads the scheme after Unicode normalization and trimming', () => {
    expect(urlScheme('\u00a0javascript:alert(1)')).toBe('javascript');
    expect(urlScheme('\u2003 JAVA\u00adSCRIPT:x')).toBe('javascript');
    expect(urlScheme('/notes/1')).toBeNull();
    expect(normalizeUrl('\u00a0 https://x.example/a \u3000')).toBe('https://x.example/a');
  });

  it('keeps the link schemes and site paths, trimmed', () => {
    expect(safeLinkHref('https://x.example/a?b=1')).toBe('https://x.example/a?b=1');
    expect(safeLinkHref('\u00a0https://x.example/')).toBe('https://x.example/');
    expect(safeLinkHref('mailto:me@x.example')).toBe('mailto:me@x.example');
    expect(safeLinkHref('tel:+15551234567')).toBe('tel:+15551234567');
    expect(safeLinkHref('/notes/12')).toBe('/notes/12');
  });

  it('allows images over http(s) or from the uploads, and video only from the players', () => {
    expect(safeImageSrc('/api/uploads/abc')).toBe('/api/uploads/abc');
    expect(safeImageSrc('/api/uploads/abc', 'http://api.example')).toBe('http://api.example/api/uploads/abc');
    expect(safeImageSrc('\u00a0javascript:alert(1)')).toBeNull();
    expect(safeImageSrc('data:image/png;base64,AAAA')).toBeNull();
    expect(safeVideoSrc('https://www.youtube.com/embed/x')).toBe('https://www.youtube.com/embed/x');
    expect(safeVideoSrc('https://evil.example/embed/x')).toBeNull();
  });

  it('keeps the classes and styles the editor writes, and nothing else', () => {
    expect(isAllowedClass('p', 'ql-direction-rtl')).toBe(true);
    expect(isAllowedClass('p', 'ql-indent-9')).toBe(false);
    expect(isAllowedClass('span', 'ql-formula')).toBe(true);
    expect(isAllowedClass('p', 'ql-formula')).toBe(false);
    expect(cleanInlineStyle('color: #fff; font-size: 18px; background: url(x); font-size: 99px')).toBe(
      'color: #fff; font-size: 18px;',
    );
  });
});

describe('a lesson video address', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('plays %s as %s', (address, embed) => {
    expect(videoEmbedSrc(address)).toBe(embed);
  });

  it.each([
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://evil.example/watch?v=dQw4w9WgXcQ'],
    ['https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=<script>'],
    ['javascript:alert(1)'],
    ['https://vimeo.com/channels/staffpicks'],
    ['https://youtu.be.evil.example/dQw4w9WgXcQ'],
  ])('refuses %s', (address) => {
    expect(videoEmbedSrc(address)).toBeNull();
  });
});
