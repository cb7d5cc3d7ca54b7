import { modelNames, models, type AnyModelDefinition } from '@lifeboard/shared/models';
import { inArray, sql } from 'drizzle-orm';
import { boards, habitEntries, simpleModels } from '../../src/db/schema';
import type { Db } from '../../src/db/client';
import { modelTables } from '../../src/db/model-tables';

/** Ids a few models need to point at: a note of the same user (shared_page) and a data type (records). */
export interface SampleRefs {
  noteId: number;
}

const instantFields = new Set(['at', 'start_at', 'started_at']);

/**
 * A create body every model accepts, with `word` in each searchable field, so a leak of the record shows
 * as that word in a response body, and in each rich-text field.
 */
export function validCreateBody(def: AnyModelDefinition, word: string, refs: SampleRefs): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of def.searchable) body[field] = `${word} ${field}`;
  for (const field of def.richText) body[field] = `<p>${word} ${field}</p>`;
  if (def.dateField) body[def.dateField] = instantFields.has(def.dateField) ? '2026-03-04T05:06:07.000Z' : '2026-03-04';
  switch (def.name) {
    case 'mood':
      return { ...body, score: 3 };
    case 'program':
      return { ...body, status: 'draft' };
    case 'weekly_review':
      // The Monday that week starts on.
      return { ...body, week: '2026-03-02' };
    case 'shared_page':
      return { source_model: 'note', source_id: refs.noteId };
    case 'user_data_type':
      return { ...body, fields: [{ name: 'Weight', kind: 'number', unit: 'kg' }] };
    case 'user_data_record':
      return { ...body, type_id: 1, values: { [word]: 71.5 } };
    default:
      return body;
  }
}

/** A change every model accepts on update. */
export function validChange(def: AnyModelDefinition, word: string): Record<string, unknown> {
  if (def.searchable[0]) return { [def.searchable[0]]: `${word} changed` };
  if (def.name === 'shared_page') return { revoked_at: '2026-01-02T03:04:05.000Z' };
  return { values: { [word]: 70 } };
}

/**
 * What the given users own, table by table: row count and a hash of every row's id, board, update time and
 * fields. Any read that writes, any write that lands, changes it. Scoped to the users so that other test
 * files sharing one PostgreSQL database cannot disturb it.
 */
export async function ownedRowsFingerprint(db: Db, userIds: number[]): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const name of modelNames) {
    const t = modelTables[name];
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        hash: sql<string>`coalesce(md5(string_agg(${t.id}::text || ':' || ${t.boardId} || ':' || ${t.position} || ':' || ${t.updatedAt}::text || ':' || ${t.data}::text, ',' order by ${t.id})), '')`,
      })
      .from(t)
      .where(inArray(t.userId, userIds));
    result[name] = `${row.count}:${row.hash}`;
  }
  const [boardRow] = await db
    .select({
      count: sql<number>`count(*)::int`,
      hash: sql<string>`coalesce(md5(string_agg(${boards.id}::text || ':' || ${boards.name}, ',' order by ${boards.id})), '')`,
    })
    .from(boards)
    .where(inArray(boards.userId, userIds));
  result.boards = `${boardRow.count}:${boardRow.hash}`;
  const [entryRow] = await db
    .select({
      count: sql<number>`count(*)::int`,
      hash: sql<string>`coalesce(md5(string_agg(${habitEntries.id}::text || ':' || ${habitEntries.value}::text || ':' || coalesce(${habitEntries.note}, ''), ',' order by ${habitEntries.id})), '')`,
    })
    .from(habitEntries)
    .where(inArray(habitEntries.userId, userIds));
  result.habit_entry = `${entryRow.count}:${entryRow.hash}`;
  const [simpleRow] = await db
    .select({
      count: sql<number>`count(*)::int`,
      hash: sql<string>`coalesce(md5(string_agg(${simpleModels.id}::text || ':' || ${simpleModels.responses}::text, ',' order by ${simpleModels.id})), '')`,
    })
    .from(simpleModels)
    .where(inArray(simpleModels.userId, userIds));
  result.simple_model = `${simpleRow.count}:${simpleRow.hash}`;
  return result;
}

/** The models served by the generic engine, each with its definition. */
export const engineModels = modelNames.map((name) => ({ name, def: models[name] }));
