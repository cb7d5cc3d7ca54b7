import { exerciseLevels } from '@lifeboard/shared/models/exercise-options';
import { z } from 'zod';
import { invalid } from '../../errors';
import { dbId } from '../../ids';
import { presenterOf } from '../../models/presenter';
import { newestMade } from '../../models/fast-store';
import type { HookContext, ModelEntry, ModelHooks, WireRecord } from '../../models/model-hooks';
import { libraryOf, matchesWords, searchWords, type Library } from './library';

/** The exercise list's own parameters, beside the engine's search, limit and cursor. */
export const exerciseListParams = {
  muscle: dbId
    .optional()
    .describe('Only exercises whose main or other muscles include this muscle (an id of /api/muscle/all).'),
  equipment: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .optional()
    .describe('Only exercises using this equipment, e.g. "barbell".'),
  level: z.enum(exerciseLevels).optional(),
  source: z.enum(['library', 'mine']).optional().describe('Only the built-in library, or only your own exercises.'),
  ids: z.array(dbId).max(200).optional().describe('Only these exercises (to name the ones a workout uses).'),
};

/** A board may hold at most this many custom exercises for the merged list (a person makes tens, not thousands). */
const MAX_CUSTOM = 2000;

export interface ExerciseQuery {
  search?: string;
  muscle?: number;
  equipment?: string;
  level?: string;
  source?: 'library' | 'mine';
  ids?: number[];
  limit: number;
  cursor?: string;
}

const num = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);

function namesOf(ids: number[], muscleNames: Map<number, string>): string[] {
  return ids.map((id) => muscleNames.get(id)).filter((name): name is string => name !== undefined);
}

/** A custom exercise as the list sends it: its fields, and its muscles by name like a built-in's. */
function customRecord(record: WireRecord, muscleNames: Map<number, string>): WireRecord {
  return {
    ...record,
    is_builtin: false,
    primary_muscles: namesOf(num(record.muscle_ids), muscleNames),
    secondary_muscles: namesOf(num(record.secondary_muscle_ids), muscleNames),
  };
}

function keeps(record: WireRecord, query: ExerciseQuery, words: string[], haystack: string): boolean {
  if (query.ids && !query.ids.includes(record.id as number)) return false;
  if (
    query.muscle !== undefined &&
    !num(record.muscle_ids).includes(query.muscle) &&
    !num(record.secondary_muscle_ids).includes(query.muscle)
  )
    return false;
  if (query.equipment && String(record.equipment ?? '').toLowerCase() !== query.equipment.toLowerCase()) return false;
  if (query.level && record.level !== query.level) return false;
  return matchesWords(haystack, words);
}

/**
 * One list of the caller's own exercises (newest first) followed by the library's (by name), filtered in memory:
 * a board's custom exercises are few and the library is in memory, so this beats a query per filter.
 * With a search, exercises whose NAME has every word come before those matched by muscle or equipment only.
 * The cursor is the offset into that list.
 */
export function mergeExercises(
  library: Library,
  custom: WireRecord[],
  muscleNames: Map<number, string>,
  query: ExerciseQuery,
): { records: WireRecord[]; nextCursor?: string } {
  const words = searchWords(query.search);
  // Filtered first, then given their muscle names: only the kept ones are copied.
  const mine =
    query.source === 'library'
      ? []
      : custom
          .filter((record) =>
            keeps(
              record,
              query,
              words,
              [record.name, record.equipment, ...namesOf(num(record.muscle_ids), muscleNames)].join(' ').toLowerCase(),
            ),
          )
          .map((record) => customRecord(record, muscleNames));
  const builtins =
    query.source === 'mine' ? [] : library.exercises.filter((e, i) => keeps(e, query, words, library.haystacks[i]));
  const byName = (records: WireRecord[]) =>
    words.length === 0
      ? records
      : [
          ...records.filter((r) => matchesWords(String(r.name).toLowerCase(), words)),
          ...records.filter((r) => !matchesWords(String(r.name).toLowerCase(), words)),
        ];
  const all = [...byName(mine), ...byName(builtins)];
  const offset = query.cursor === undefined ? 0 : Number(query.cursor);
  if (!Number.isSafeInteger(offset) || offset < 0) throw invalid({ cursor: ['is not a cursor this list gave'] });
  const records = all.slice(offset, offset + query.limit);
  return { records, ...(offset + query.limit < all.length ? { nextCursor: String(offset + query.limit) } : {}) };
}

/** The board's own exercises, newest first. A search of the library alone does not read them. */
async function customExercises(ctx: HookContext, entry: ModelEntry): Promise<WireRecord[]> {
  const rows = await newestMade(ctx.app.db, entry, { userId: ctx.userId, boardId: ctx.boardId }, MAX_CUSTOM);
  return rows.map(presenterOf(entry.def));
}

const stamp = new Date(0).toISOString();

/** A built-in as a record of the board asked about (every board sees the whole library). */
function builtinRecord(record: WireRecord, boardId: number): WireRecord {
  return { ...record, board_id: boardId, created_at: stamp, updated_at: stamp };
}

export const exerciseHooks: ModelHooks = {
  listParams: exerciseListParams,
  async list(ctx, entry, query, ownPage) {
    const q = query as ExerciseQuery & { from?: string; to?: string };
    // Only your own, unfiltered by the library's fields: the engine's own page, as every model answers it
    // (full-text search, date range, keyset cursor).
    if (q.source === 'mine' && q.muscle === undefined && !q.equipment && !q.level && !q.ids) return ownPage(q);
    if (q.from || q.to) throw invalid({ from: ['dates narrow only your own exercises: send source "mine" with them'] });
    const library = await libraryOf(ctx.app.db);
    const muscleNames = new Map(library.muscles.map((m) => [m.id, m.name]));
    const custom = q.source === 'library' ? [] : await customExercises(ctx, entry);
    const { records, nextCursor } = mergeExercises(library, custom, muscleNames, query);
    return { records: records.map((r) => (r.is_builtin ? builtinRecord(r, ctx.boardId) : r)), nextCursor };
  },
  async get(ctx, id) {
    const found = (await libraryOf(ctx.app.db)).byId(id);
    return found ? builtinRecord(found, ctx.boardId) : undefined;
  },
};
