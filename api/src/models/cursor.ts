import { invalid } from '../errors';

/** The last row's sort key and id: an ISO instant (newest-first lists) or a position (ordered lists). */
export type CursorKey = [string | number, number];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** PostgreSQL `integer` bounds: ids and positions beyond them would fail in the database, not here. */
const MAX_INT4 = 2_147_483_647;
const isInt4 = (value: unknown): value is number =>
  Number.isSafeInteger(value) && Math.abs(value as number) <= MAX_INT4;

/** Years PostgreSQL timestamps and JavaScript dates both hold as plain `YYYY` ISO text. */
function isStorableInstant(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** Opaque to clients; anything that is not a cursor we made is a 422, never a database error. */
export function decodeCursor(cursor: string, kind: 'newest' | 'position'): CursorKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid({ cursor: ['is not a cursor from this list'] });
  }
  if (Array.isArray(parsed) && parsed.length === 2 && isInt4(parsed[1]) && parsed[1] > 0) {
    const [key, id] = parsed as [unknown, number];
    if (kind === 'position' && isInt4(key)) return [key, id];
    if (kind === 'newest' && typeof key === 'string' && isStorableInstant(key))
      return [new Date(key).toISOString(), id];
  }
  throw invalid({ cursor: ['is not a cursor from this list'] });
}
