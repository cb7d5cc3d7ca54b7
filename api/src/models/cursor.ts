import { invalid } from '../errors';

/** The last row's sort key and id: an ISO instant (newest-first lists) or a position (ordered lists). */
export type CursorKey = [string | number, number];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** Opaque to clients; anything that is not a cursor we made is a 422, never a database error. */
export function decodeCursor(cursor: string, kind: 'newest' | 'position'): CursorKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid({ cursor: ['is not a cursor from this list'] });
  }
  if (Array.isArray(parsed) && parsed.length === 2 && Number.isSafeInteger(parsed[1]) && parsed[1] > 0) {
    const [key, id] = parsed as [unknown, number];
    if (kind === 'position' && Number.isSafeInteger(key)) return [key as number, id];
    if (kind === 'newest' && typeof key === 'string' && !Number.isNaN(Date.parse(key))) return [new Date(key).toISOString(), id];
  }
  throw invalid({ cursor: ['is not a cursor from this list'] });
}
