/**
 * URL rules for rendering rich text (the same policy the API applies when it stores it; this is the
 * second line of defence). A browser ignores whitespace and control characters inside a scheme
 * (`java\tscript:`), so a URL is judged on its compacted, lower-cased form.
 */
const invisibleChars = '[\\u0000-\\u0020\\u007f-\\u009f\\u00ad\\u200b-\\u200f\\u2028\\u2029\\u2060\\ufeff]';
const invisible = new RegExp(invisibleChars, 'g');
const hasInvisible = new RegExp(invisibleChars);

/** Spec §5: the editor's link schemes. */
export const linkSchemes = ['http', 'https', 'mailto', 'tel'];
/** Embeds only from these players (Quill's video format makes an iframe of any address). */
export const videoHosts = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];
/** Images uploaded through the API are stored as a path on the API's origin. */
const ownUploadPath = /^\/(?:api\/)?uploads\/[A-Za-z0-9_-][A-Za-z0-9._/-]*$/;

function parseAbsolute(url: string): URL | null {
  if (hasInvisible.test(url)) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A link: one of the link schemes; relative links are refused (a shared page has no site of its own to link into). */
export function safeLinkHref(href: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/.exec(href.replace(invisible, '').toLowerCase());
  if (!match || !linkSchemes.includes(match[1])) return null;
  return href.trim();
}

/** An image: absolute http(s), or an upload path made absolute against the API's address. */
export function safeImageSrc(src: string, apiUrl: string): string | null {
  if (ownUploadPath.test(src) && !src.includes('..')) {
    const base = parseAbsolute(apiUrl || 'http://invalid.invalid');
    return base && base.hostname !== 'invalid.invalid' ? new URL(src, base).href : null;
  }
  const url = parseAbsolute(src);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
}

/** A video frame: https on a known player, no credentials in the address. */
export function safeVideoSrc(src: string): string | null {
  const url = parseAbsolute(src);
  if (!url || url.protocol !== 'https:' || url.username || url.password || !videoHosts.includes(url.hostname)) return null;
  return url.href;
}
