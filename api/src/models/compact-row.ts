import type { AnyModelDefinition } from '@lifeboard/shared/models';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RecordData, WireRecord } from './model-hooks';

/** The columns a compact row is made of: a model table's, or a subquery's copies of them. */
export interface CompactColumns {
  id: SQLWrapper;
  boardId: SQLWrapper;
  createdAt: SQLWrapper;
  updatedAt: SQLWrapper;
  position: SQLWrapper;
  sortAt: SQLWrapper;
  data: SQLWrapper;
}

/**
 * How the hot paths read records: the database answers each row as ONE text,
 * `id TAB board_id TAB created TAB updated TAB position TAB sort TAB data`, and a page as those rows joined
 * by newlines in one value. Times are epoch seconds (`date_part`, exact shortest decimal). jsonb's text
 * form escapes every control character, so a tab or newline inside the data never appears raw; no column
 * is nullable, so `concat_ws` (which skips nulls) always gives seven parts.
 * One value per page matters on PGlite, where each field of each row costs a copy and a decode in JS.
 */
export function compactRow(c: CompactColumns): SQL<string> {
  return sql<string>`concat_ws(E'\\t', ${c.id}, ${c.boardId}, date_part('epoch', ${c.createdAt}), date_part('epoch', ${c.updatedAt}), ${c.position}, date_part('epoch', ${c.sortAt}), ${c.data})`;
}

export interface StoredRow {
  id: number;
  boardId: number;
  createdAt: Date;
  updatedAt: Date;
  position: number;
  sortAt: Date;
  data: RecordData;
}

/** Epoch seconds as PostgreSQL prints them → whole milliseconds, truncated like the drivers' own Date parsing. */
export function epochMillis(text: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return Math.floor(Number(text) * 1000);
  const [, sign, whole, fraction = ''] = match;
  const millis = Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
  const exact = fraction.length <= 3 || /^0*$/.test(fraction.slice(3));
  return sign ? -millis - (exact ? 0 : 1) : millis;
}

function isRecordData(value: unknown): value is RecordData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseCompactRow(line: string): StoredRow {
  const parts = line.split('\t', 6);
  const dataStart = parts.reduce((offset, part) => offset + part.length + 1, 0);
  const data: unknown = JSON.parse(line.slice(dataStart));
  if (parts.length !== 6 || !isRecordData(data)) throw new Error('malformed compact row from the database');
  return {
    id: Number(parts[0]),
    boardId: Number(parts[1]),
    createdAt: new Date(epochMillis(parts[2])),
    updatedAt: new Date(epochMillis(parts[3])),
    position: Number(parts[4]),
    sortAt: new Date(epochMillis(parts[5])),
    data,
  };
}

/** The rows of a page, at most `max` of them (a page may read a few more than it needs: fast-store's `rowsToFetch`). */
export function parseCompactPage(text: string | null, max?: number): StoredRow[] {
  if (!text) return [];
  // (`split`'s own limit would turn Infinity into 0.)
  return (max === undefined ? text.split('\n') : text.split('\n', max)).map(parseCompactRow);
}

/**
 * The wire shape of a stored record (`recordSchema`): id, board and timestamps, then only the model's own
 * fields (an allow-list: anything else in `data` stays on the server; `user_id` never leaves it). Stored
 * data was validated on the way in, so a field-by-field copy replaces a zod parse per record.
 */
export function presenterOf(def: AnyModelDefinition): (row: StoredRow) => WireRecord {
  const hasPosition = 'position' in def.fields.shape;
  const fields = Object.keys(def.fields.shape).filter((key) => key !== 'position');
  return (row) => {
    const record: WireRecord = {
      id: row.id,
      board_id: row.boardId,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
    for (const field of fields) if (Object.hasOwn(row.data, field)) record[field] = row.data[field];
    if (hasPosition) record.position = row.position;
    return record;
  };
}
