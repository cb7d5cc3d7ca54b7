/**
 * Rich text (sanitized editor HTML) shown and edited as plain paragraphs until the journal's editor
 * arrives: lists show its text, never its markup, and editing never exposes tags to the user.
 */
const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The text of editor HTML, one line per paragraph, list item or line break. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote|pre)\s*>/gi, '\n');
  const text = decodeEntities(withBreaks.replace(/<[^>]*>/g, ''));
  return text.replace(/\n{3,}/g, '\n\n').replace(/^\n+|\n+$/g, '');
}

/** One line of text for a list: the text with its line breaks folded, cut at `max` characters. */
export function excerpt(html: string, max = 140): string {
  const line = htmlToText(html).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain paragraphs typed by the user as editor HTML: each line a paragraph, markup escaped. */
export function textToHtml(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  return lines.map((line) => (line.trim() ? `<p>${escapeHtml(line)}</p>` : '<p><br></p>')).join('');
}

/** Rich text with nothing in it: no words, no image, video or formula. */
export function isBlankHtml(html: string): boolean {
  if (/<(img|iframe|video)\b|ql-formula/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() === ''
  );
}
