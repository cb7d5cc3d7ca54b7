import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import { decodeCursor, encodeCursor } from './cursor';
import type { ModelEntry, RecordData } from './registry';

export interface ListQuery {
  search?: string;
  from?: string;
  to?: string;
  limit: number;
  cursor?: string;
}

export interface Owner {
  userId: number;
  boardId: number;
}

/** Every column but `search`: the vector is for the index only, and reading it costs time on every row. */
function rowColumns(t: ModelEntry['table']) {
  return { id: t.id, userId: t.userId, boardId: t.boardId, createdAt: t.createdAt, updatedAt: t.updatedAt, position: t.position, sortAt: t.sortAt, data: t.data };
}

/** The instant a record sorts and ranges by: its date field, else when it was made. */
export function sortInstant(entry: ModelEntry, data: RecordData, fallback: Date): Date {
  const value = entry.def.dateField ? data[entry.def.dateField] : undefined;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : fallback;
}

function ownerFilter(entry: ModelEntry, owner: Owner): SQL {
  return and(eq(entry.table.userId, owner.userId), eq(entry.table.boardId, owner.boardId)) as SQL;
}

export async function listRecords(db: Db, entry: ModelEntry, owner: Owner, query: ListQuery) {
  const t = entry.table;
  const byPosition = entry.def.order.kind === 'position';
  const filters: SQL[] = [ownerFilter(entry, owner)];
  if (query.from) filters.push(gte(t.sortAt, new Date(query.from)));
  // The day after `to` is computed in SQL: for 9999-12-31 it is year 10000, which JavaScript dates cannot send.
  if (query.to) filters.push(sql`${t.sortAt} < ((${query.to}::date + 1)::timestamp at time zone 'UTC')`);
  if (query.search) filters.push(sql`${t.search} @@ websearch_to_tsquery('simple', ${query.search})`);
  if (query.cursor) {
    const [key, id] = decodeCursor(query.cursor, byPosition ? 'position' : 'newest');
    // Row comparison walks the composite index from where the last page stopped: no OFFSET.
    filters.push(byPosition ? sql`(${t.position}, ${t.id}) > (${key}, ${id})` : sql`(${t.sortAt}, ${t.id}) < (${key}::timestamptz, ${id})`);
  }
  const order = byPosition ? sql.raw('position asc, id asc') : sql.raw('sort_at desc, id desc');
  // The hot path: a raw statement skips the query builder's per-column mapping (about twice as fast on PGlite).
  const rows = (await rawRows(db, sql`select id, board_id, created_at, updated_at, position, sort_at, data from ${t}
    where ${and(...filters)} order by ${order} limit ${query.limit + 1}`)).map(toRow);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last
    ? encodeCursor(byPosition ? [last.position, last.id] : [last.sortAt.toISOString(), last.id])
    : undefined;
  return { rows: page, nextCursor };
}

interface RawRow {
  id: number | string;
  board_id: number;
  created_at: Date | string;
  updated_at: Date | string;
  position: number;
  sort_at: Date | string;
  data: RecordData | string;
}

function isRawResult(value: unknown): value is { rows: RawRow[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { rows?: unknown }).rows);
}

/** Rows of a raw statement; PGlite and node-postgres both answer `{ rows }`. */
async function rawRows(db: Db, query: SQL): Promise<RawRow[]> {
  const result: unknown = await db.execute(query);
  if (!isRawResult(result)) throw new Error('unexpected result shape from the database driver');
  return result.rows;
}

/** Drivers differ in what they parse (int8 may be a string, jsonb may be text); normalise to the builder's shape. */
function toRow(raw: RawRow) {
  return {
    id: Number(raw.id),
    boardId: raw.board_id,
    createdAt: new Date(raw.created_at),
    updatedAt: new Date(raw.updated_at),
    position: raw.position,
    sortAt: new Date(raw.sort_at),
    data: typeof raw.data === 'string' ? (JSON.parse(raw.data) as RecordData) : raw.data,
  };
}

export async function getRecord(db: Db, entry: ModelEntry, owner: Owner, id: number) {
  const [row] = await db.select(rowColumns(entry.table)).from(entry.table).where(and(eq(entry.table.id, id), ownerFilter(entry, owner))).limit(1);
  if (!row) throw notFound(`No such ${entry.def.label.toLowerCase()}.`);
  return row;
}

/** The first record of a single-document model on this board (mission). */
export async function findSingle(db: Db, entry: ModelEntry, owner: Owner) {
  const [row] = await db.select(rowColumns(entry.table)).from(entry.table)
    .where(and(eq(entry.table.userId, owner.userId), eq(entry.table.boardId, owner.boardId)))
    .orderBy(asc(entry.table.id)).limit(1);
  return row;
}

/** Splits the position out of the fields: it is a real column, so ordering uses the index. */
function splitPosition(data: RecordData): { position?: number; rest: RecordData } {
  const { position, ...rest } = data;
  return { position: typeof position === 'number' ? position : undefined, rest };
}

export async function insertRecord(db: Db, entry: ModelEntry, owner: Owner, data: RecordData) {
  const t = entry.table;
  const now = new Date();
  const { position, rest } = splitPosition(data);
  const nextPosition = sql`(select coalesce(max(${t.position}), -1) + 1 from ${t} where ${t.userId} = ${owner.userId} and ${t.boardId} = ${owner.boardId})`;
  const [row] = await db.insert(t).values({
    userId: owner.userId, boardId: owner.boardId, createdAt: now, updatedAt: now,
    position: position ?? (entry.def.order.kind === 'position' ? nextPosition : 0),
    sortAt: sortInstant(entry, rest, now),
    data: rest,
  }).returning(rowColumns(t));
  return row;
}

export async function updateRecord(db: Db, entry: ModelEntry, owner: Owner, id: number, changes: RecordData) {
  const t = entry.table;
  const existing = await getOwnRow(db, entry, owner, id);
  const { position, rest } = splitPosition(changes);
  const data = { ...existing.data, ...rest };
  const [row] = await db.update(t).set({
    data, updatedAt: new Date(), sortAt: sortInstant(entry, data, existing.createdAt),
    ...(position === undefined ? {} : { position }),
  }).where(and(eq(t.id, id), eq(t.userId, owner.userId), eq(t.boardId, owner.boardId))).returning(rowColumns(t));
  return row;
}

export async function deleteRecord(db: Db, entry: ModelEntry, owner: Owner, id: number): Promise<void> {
  const t = entry.table;
  const deleted = await db.delete(t).where(and(eq(t.id, id), eq(t.userId, owner.userId), eq(t.boardId, owner.boardId))).returning({ id: t.id });
  if (deleted.length === 0) throw notFound(`No such ${entry.def.label.toLowerCase()}.`);
}

/** Writes only ever touch the caller's own rows on the given board, whatever the read scope. */
async function getOwnRow(db: Db, entry: ModelEntry, owner: Owner, id: number) {
  const t = entry.table;
  const [row] = await db.select(rowColumns(t)).from(t).where(and(eq(t.id, id), eq(t.userId, owner.userId), eq(t.boardId, owner.boardId))).limit(1);
  if (!row) throw notFound(`No such ${entry.def.label.toLowerCase()}.`);
  return row;
}
