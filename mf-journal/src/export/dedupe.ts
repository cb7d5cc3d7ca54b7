/**
 * What makes two records "the same" for import: model, day, title and a hash of the body. The day is a
 * journal entry's own `date`; a note has only its creation stamp, which the server sets anew on import,
 * so a note's key has no day — otherwise importing the same file twice would duplicate every note.
 */
export interface DedupeFields {
  title?: unknown;
  body?: unknown;
  date?: unknown;
}

/** FNV-1a over UTF-16 code units, two 32-bit lanes: a 64-bit fingerprint, sync, with no secure-context API. */
export function bodyHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Every image counts as the same image: an imported one is uploaded anew (a new id, sealed or not), so the body
 * on the board names it otherwise than the file (`images/…`) does, and the record is still the same.
 */
const withoutImageNames = (body: string) => body.replace(/<img\b[^>]*>/g, '<img>');

export function dedupeKey(model: 'journal_entry' | 'note', record: DedupeFields): string {
  const day = model === 'journal_entry' ? text(record.date) : '';
  return [model, day, text(record.title).trim(), bodyHash(withoutImageNames(text(record.body)))].join('\u0000');
}
