import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import type { ModelEntry, RecordData } from './model-hooks';

export interface Owner {
  userId: number;
  boardId: number;
}

/** Every column but `search`: the vector is for the index only, and reading it costs time on every row. */
export function rowColumns(t: ModelEntry['table']) {
  return {
    id: t.id,
    userId: t.userId,
    boardId: t.boardId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    position: t.position,
    sortAt: t.sortAt,
    data: t.data,
  };
}

/** The instant a record sorts and ranges by: its date field, else when it was made. */
export function sortInstant(entry: ModelEntry, data: RecordData, fallback: Date): Date {
  const value = entry.def.dateField ? data[entry.def.dateField] : undefined;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : fallback;
}

/** The first record of a single-document model on this board (mission). */
export async function findSingle(db: Db, entry: ModelEntry, owner: Owner) {
  const [row] = await db
    .select(rowColumns(entry.table))
    .from(entry.table)
    .where(and(eq(entry.table.userId, owner.userId), eq(entry.table.boardId, owner.boardId)))
    .orderBy(asc(entry.table.id))
    .limit(1);
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
  const [row] = await db
    .insert(t)
    .values({
      userId: owner.userId,
      boardId: owner.boardId,
      createdAt: now,
      updatedAt: now,
      position: position ?? (entry.def.order.kind === 'position' ? nextPosition : 0),
      sortAt: sortInstant(entry, rest, now),
      data: rest,
    })
    .returning(rowColumns(t));
  return row;
}

export async function updateRecord(db: Db, entry: ModelEntry, owner: Owner, id: number, changes: RecordData) {
  const t = entry.table;
  const existing = await getOwnRow(db, entry, owner, id);
  const { position, rest } = splitPosition(changes);
  const data = { ...existing.data, ...rest };
  const [row] = await db
    .update(t)
    .set({
      data,
      updatedAt: new Date(),
      sortAt: sortInstant(entry, data, existing.createdAt),
      ...(position === undefined ? {} : { position }),
    })
    .where(and(eq(t.id, id), eq(t.userId, owner.userId), eq(t.boardId, owner.boardId)))
    .returning(rowColumns(t));
  return row;
}

export async function deleteRecord(db: Db, entry: ModelEntry, owner: Owner, id: number): Promise<void> {
  const t = entry.table;
  const deleted = await db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.userId, owner.userId), eq(t.boardId, owner.boardId)))
    .returning({ id: t.id });
  if (deleted.length === 0) throw notFound(`No such ${entry.def.label.toLowerCase()}.`);
}

/** Writes only ever touch the caller's own rows on the given board, whatever the read scope. */
async function getOwnRow(db: Db, entry: ModelEntry, owner: Owner, id: number) {
  const t = entry.table;
  const [row] = await db
    .select(rowColumns(t))
    .from(t)
    .where(and(eq(t.id, id), eq(t.userId, owner.userId), eq(t.boardId, owner.boardId)))
    .limit(1);
  if (!row) throw notFound(`No such ${entry.def.label.toLowerCase()}.`);
  return row;
}
