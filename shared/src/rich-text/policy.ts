/**
 * The one rich-text policy (api-contract "Rich text", spec §1, §5, §9): what the Quill editor may write and
 * what survives sanitizing. sanitize-html on the server (api/src/rich-text/sanitize.ts) and DOMPurify in the
 * browser (mf-journal's sanitizers) both read it, so the two can no longer disagree. Plain data and pure
 * functions: no DOM, no sanitizer, cheap to import anywhere.
 *
 * Decisions where the three former copies disagreed:
 * - `ql-direction-rtl` is kept (Quill's direction format; a class carries no risk).
 * - Image and video sizes may be a number, pixels or a percentage (`300`, `300px`, `50%`), as Quill writes them.
 * - Every link gets `rel="noopener noreferrer nofollow"` and `target="_blank"`: the text is a user's, shown on
 *   public shared pages too, so it never lends the site's reputation (nofollow) nor its window (noopener).
 * - A link is absolute with one of the link schemes, or a path of this site (`/notes/12`); other relative
 *   addresses (`example.com`, `//host`) are dropped, on the server and in the views alike.
 */

/** Block-level tags of the editor's formats. */
export const blockTags = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre'] as const;
/** Inline formatting tags. */
export const inlineTags = ['strong', 'b', 'em', 'i', 'u', 's', 'a'] as const;
/** Every tag that may appear in stored or shown rich text. */
export const allowedTags: readonly string[] = [
  ...blockTags,
  ...inlineTags,
  'br',
  'ol',
  'ul',
  'code',
  'div',
  'span',
  'img',
  'iframe',
];
/** Elements whose content is not prose: they go with everything inside them. */
export const dropWithContentTags: readonly string[] = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'title',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'head',
  'frameset',
  'plaintext',
  'iframe',
  'frame',
  'link',
  'meta',
  'base',
];

/** Spec §5: the schemes a link may use. */
export const linkSchemes = ['http', 'https', 'mailto', 'tel'] as const;
/** Hosts whose embed players Quill's video format may point at (https only). */
export const videoHosts = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'] as const;
/** Images served by this API (uploads): the only relative address allowed, for images only. */
export const ownUploadPath = /^\/(?:api\/)?uploads\/[A-Za-z0-9_-][A-Za-z0-9._/-]*$/;
/**
 * An encrypted entry's image (shared/src/crypto/README.md, "Images"): `<img class="lb-sealed-image"
 * data-sealed-upload="<upload id>">`, with no `src` in stored text. The browser fetches the sealed bytes, decrypts
 * them and sets a `blob:` address on the shown element itself, never through the sanitizer.
 */
export const sealedImageAttribute = 'data-sealed-upload';
export const sealedImageClass = 'lb-sealed-image';
const sealedImageId = /^[A-Za-z0-9_-]{22}$/;

/** The upload id of a sealed image reference, or null when the value is not one. */
export function safeSealedImageId(value: string | null | undefined): string | null {
  return value && sealedImageId.test(value) ? value : null;
}

/** The stored form of a sealed image (what the editor writes and the sanitizers keep). */
export function sealedImageHtml(id: string): string {
  return `<img class="${sealedImageClass}" ${sealedImageAttribute}="${id}">`;
}

/** A sealed image's tag in stored text; its upload id is the first group (for `matchAll` and `replace`). */
export const sealedImageTag = new RegExp(`<img\\b[^>]*?\\b${sealedImageAttribute}="([A-Za-z0-9_-]{22})"[^>]*>`, 'g');

/** What every link carries, whatever it had. */
export const linkRel = 'noopener noreferrer nofollow';
export const linkTarget = '_blank';
/** What an embedded video frame may do. */
export const videoSandbox = 'allow-scripts allow-same-origin allow-presentation allow-popups';

/** Spec §5: indent levels 1 to 8. */
export const maxIndent = 8;
/** Spec §9: the editor's font sizes (inline `font-size`). */
export const fontSizes = ['10px', '18px', '32px'] as const;
/** `data-list` values of Quill 2's lists. */
export const listKinds: readonly string[] = ['bullet', 'ordered', 'checked', 'unchecked'];
/** `data-language` of code blocks. */
export const codeLanguage = /^[A-Za-z0-9+#._-]{1,32}$/;
/** `width` and `height` of images and video frames. */
export const mediaSize = /^\d{1,4}(?:px|%)?$/;

/** The views' own classes for the §9 sizes (the strict CSP does not apply inline styles; classes are CSS rules). */
const viewSize = /^lb-size-(?:10|18|32)px$/;
const blockClasses = [/^ql-align-(?:right|center|justify)$/, /^ql-indent-[1-8]$/, /^ql-direction-rtl$/, viewSize];
const inlineClasses = [/^ql-size-(?:small|large|huge)$/, /^ql-font-[a-z][a-z0-9-]{0,30}$/, viewSize];
/** The classes each tag may carry. */
export const allowedClasses: Readonly<Record<string, readonly RegExp[]>> = {
  ...Object.fromEntries(blockTags.map((tag) => [tag, blockClasses])),
  ...Object.fromEntries(inlineTags.map((tag) => [tag, inlineClasses])),
  pre: [...blockClasses, /^ql-syntax$/],
  div: [/^ql-code-block-container$/, /^ql-code-block$/],
  span: [...inlineClasses, /^ql-formula$/, /^ql-token$/, /^hljs-[a-z][a-z0-9_-]{0,30}$/],
  iframe: [/^ql-video$/, /^ql-align-(?:right|center|justify)$/],
  img: [/^lb-sealed-image$/],
};

/** Whether `tag` may carry the class `name`. */
export function isAllowedClass(tag: string, name: string): boolean {
  return (allowedClasses[tag] ?? []).some((pattern) => pattern.test(name));
}

/** The attributes each tag may carry (their values are checked by the functions below). */
export const allowedAttributes: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries([...blockTags, ...inlineTags, 'span'].map((tag) => [tag, ['class', 'style']])),
  a: ['href', 'rel', 'target', 'class', 'style'],
  li: ['data-list', 'class', 'style'],
  pre: ['data-language', 'class', 'style'],
  div: ['data-language', 'spellcheck', 'class'],
  span: ['data-value', 'class', 'style'],
  img: ['src', 'alt', 'width', 'height', 'class', 'data-sealed-upload'],
  iframe: ['src', 'frameborder', 'allowfullscreen', 'width', 'height', 'class', 'sandbox', 'referrerpolicy'],
};
/** Every attribute name any tag may carry. */
export const allAttributeNames: readonly string[] = [...new Set(Object.values(allowedAttributes).flat())];

// --- URLs -------------------------------------------------------------------------------------------------

/**
 * Characters a browser skips or that hide a scheme from a reader: Unicode spaces (NBSP, U+3000…), controls,
 * format characters (zero-width, bidi marks, BOM, soft hyphen). Trimmed from both ends and removed from the
 * scheme before it is judged, so `\u00a0javascript:` and `java\tscript:` are read as `javascript:`.
 */
const ignorable = /[\p{White_Space}\p{Cc}\p{Cf}]/gu;
const edgeIgnorable = /^[\p{White_Space}\p{Cc}\p{Cf}]+|[\p{White_Space}\p{Cc}\p{Cf}]+$/gu;
const schemePrefix = /^([a-z][a-z0-9+.-]*):/;

/** `url` in Unicode normal form (NFKC), without leading or trailing spaces and controls. */
export function normalizeUrl(url: string): string {
  return url.normalize('NFKC').replace(edgeIgnorable, '');
}

/** What a browser could take as the scheme of `url` (lower case), or null when it has none. */
export function urlScheme(url: string): string | null {
  const compact = url.normalize('NFKC').replace(ignorable, '').toLowerCase();
  return schemePrefix.exec(compact)?.[1] ?? null;
}

function parseAbsolute(url: string): URL | null {
  // Anything invisible left inside the address (after trimming) is refused rather than guessed at.
  if (new RegExp(ignorable.source, 'u').test(url)) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A path of this site: one slash, then not a second slash or backslash (those name another host). */
const sitePath = /^\/(?![/\\])/;

/** A link's address as it is stored and shown (normalized; a link scheme or a site path), or null. */
export function safeLinkHref(href: string): string | null {
  const scheme = urlScheme(href);
  if (scheme === null) {
    const normalized = normalizeUrl(href);
    return sitePath.test(normalized) && !new RegExp(ignorable.source, 'u').test(normalized) ? normalized : null;
  }
  if (!(linkSchemes as readonly string[]).includes(scheme)) return null;
  const normalized = normalizeUrl(href);
  const url = parseAbsolute(normalized);
  // The address as written (trimmed), not as re-serialized: a stored body stays what the editor wrote.
  return url && url.protocol === `${scheme}:` ? normalized : null;
}

/**
 * An image's address: absolute http(s), or a path under this API's uploads. With `apiUrl` an upload path is
 * made absolute against it (a view on another origin); without, it stays a path (stored form). Else null.
 */
export function safeImageSrc(src: string, apiUrl?: string): string | null {
  const normalized = normalizeUrl(src);
  if (ownUploadPath.test(normalized) && !normalized.includes('..')) {
    if (apiUrl === undefined) return normalized;
    const base = parseAbsolute(apiUrl);
    return base ? new URL(normalized, base).href : null;
  }
  const url = parseAbsolute(normalized);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? normalized : null;
}

/** A video frame's address: https on one of the video hosts, no credentials; else null. */
export function safeVideoSrc(src: string): string | null {
  const normalized = normalizeUrl(src);
  const url = parseAbsolute(normalized);
  if (
    !url ||
    url.protocol !== 'https:' ||
    url.username ||
    url.password ||
    !(videoHosts as readonly string[]).includes(url.hostname)
  )
    return null;
  return normalized;
}

/**
 * A video address as people copy it (a YouTube watch or short link, a Vimeo page, or a player address) as the
 * player address a frame may show, checked by `safeVideoSrc`; null for anything else. A lesson's video is
 * written the way people share it, and shown only through this, so one policy decides what may play. The
 * player is www.youtube.com's, the one the site's frame-src allows (scripts/serve-static.mjs).
 */
export function videoEmbedSrc(address: string): string | null {
  const url = parseAbsolute(normalizeUrl(address));
  if (!url || url.protocol !== 'https:' || url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const youtubeId = /^[A-Za-z0-9_-]{6,20}$/;
  let embed: string | null = null;
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    if (youtubeId.test(id)) embed = `https://www.youtube.com/embed/${id}`;
  } else if (host === 'www.youtube.com' || host === 'youtube.com' || host === 'm.youtube.com') {
    const id = url.pathname === '/watch' ? (url.searchParams.get('v') ?? '') : '';
    if (youtubeId.test(id)) embed = `https://www.youtube.com/embed/${id}`;
    else if (/^\/embed\/[A-Za-z0-9_-]{6,20}$/.test(url.pathname)) embed = `https://www.youtube.com${url.pathname}`;
  } else if (host === 'www.youtube-nocookie.com' && /^\/embed\/[A-Za-z0-9_-]{6,20}$/.test(url.pathname)) {
    embed = `https://www.youtube.com${url.pathname}`;
  } else if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    const id = /^\/(\d{1,12})\/?$/.exec(url.pathname)?.[1];
    if (id) embed = `https://player.vimeo.com/video/${id}`;
  } else if (host === 'player.vimeo.com' && /^\/video\/\d{1,12}$/.test(url.pathname)) {
    embed = `https://player.vimeo.com${url.pathname}`;
  }
  return embed === null ? null : safeVideoSrc(embed);
}

// --- Inline styles ----------------------------------------------------------------------------------------

const channel = String.raw`\s*(?:25[0-5]|2[0-4]\d|1?\d?\d)\s*`;
const alpha = String.raw`\s*(?:0|1|0?\.\d{1,4}|1\.0{1,4})\s*`;
const colorValue = new RegExp(
  String.raw`^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgb\(${channel},${channel},${channel}\)|rgba\(${channel},${channel},${channel},${alpha}\))$`,
);

/** The declarations Quill writes (colour pickers, §9 sizes, alignment), each with the values allowed. */
export const allowedStyles: Readonly<Record<string, RegExp>> = {
  color: colorValue,
  'background-color': colorValue,
  'text-align': /^(?:left|right|center|justify)$/,
  'font-size': new RegExp(`^(?:${fontSizes.join('|')})$`),
};

/** The allowed declarations of a style attribute, lower-cased property names, last one wins. */
export function allowedDeclarations(style: string): Map<string, string> {
  const kept = new Map<string, string>();
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const pattern = Object.hasOwn(allowedStyles, property) ? allowedStyles[property] : undefined;
    if (pattern?.test(value)) kept.set(property, value);
  }
  return kept;
}

/**
 * The safe part of a style attribute, rebuilt (never filtered) and serialized as browsers do (`prop: value;`),
 * or '' if none: nothing the patterns did not see (url(), expression(), comments, escapes) can reach the output.
 */
export function cleanInlineStyle(style: string): string {
  return [...allowedDeclarations(style)].map(([property, value]) => `${property}: ${value};`).join(' ');
}

/** Spec §9: the font size of a style attribute when it is one of the editor's, or ''. */
export function sizeFromStyleText(style: string): string {
  return allowedDeclarations(style).get('font-size')?.toLowerCase() ?? '';
}

/** A paragraph alignment (Quill's align picker) of a style attribute, or '' (left is the default). */
export function alignFromStyleText(style: string): string {
  const value = allowedDeclarations(style).get('text-align')?.toLowerCase() ?? '';
  return value === 'left' ? '' : value;
}
