/**
 * URL rules for rich text. Browsers ignore ASCII whitespace and control characters inside a scheme
 * (`java\tscript:`), so a URL is judged on its compacted, lower-cased form, never on the raw text.
 */

/** Schemes a link may use (spec §5: the editor's own list). */
export const linkSchemes = ['http', 'https', 'mailto', 'tel'] as const;

/** Hosts whose embed players Quill's video format may point at. */
export const videoHosts = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
] as const;

/** Images served by this API (uploads); anything else must be an absolute http(s) URL. */
export const ownUploadPath = /^\/(?:api\/)?uploads\/[A-Za-z0-9_-][A-Za-z0-9._/-]*$/;

const invisibleChars = '[\\u0000-\\u0020\\u007f-\\u009f\\u00ad\\u200b-\\u200f\\u2028\\u2029\\u2060\\ufeff]';
const invisible = new RegExp(invisibleChars, 'g');
const hasInvisible = new RegExp(invisibleChars);
const schemePrefix = /^([a-z][a-z0-9+.-]*):/;

/** What a browser would take as the scheme of `url`, or null for a relative URL. */
export function urlScheme(url: string): string | null {
  const compact = url.replace(invisible, '').toLowerCase();
  const match = schemePrefix.exec(compact);
  return match ? match[1] : null;
}

/** A link target: one of the link schemes, or a plain relative path (not protocol-relative). */
export function isSafeLinkHref(href: string): boolean {
  const scheme = urlScheme(href);
  if (scheme === null) return !/^[\\/]{2}/.test(href.replace(invisible, ''));
  return (linkSchemes as readonly string[]).includes(scheme);
}

function parseAbsolute(url: string): URL | null {
  if (hasInvisible.test(url)) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** An image source: absolute http(s), or a path under our own uploads. Never data:, never relative elsewhere. */
export function isSafeImageSrc(src: string): boolean {
  if (ownUploadPath.test(src) && !src.includes('..')) return true;
  const url = parseAbsolute(src);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** A video frame: https on one of the video hosts, nothing else. */
export function isSafeVideoSrc(src: string): boolean {
  const url = parseAbsolute(src);
  return (
    url !== null &&
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    (videoHosts as readonly string[]).includes(url.hostname)
  );
}
