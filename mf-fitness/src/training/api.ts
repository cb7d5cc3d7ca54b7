import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createResource, type AnyRecord } from '@lifeboard/shared/api/resource';
import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import type { ExerciseRecords, LoggedSet } from '@lifeboard/shared/models/training';
import { $board } from '@lifeboard/shared/stores/board';

export interface PastSession {
  id: number;
  title: string;
  started_at: string;
  sets: LoggedSet[];
}

async function post<T>(path: string, params: Record<string, unknown>, key: string): Promise<T | null> {
  const { status, body } = await send({ method: 'POST', url: path, data: { board: $board.get().id, params } });
  return isSuccessStatus(status) && body && typeof body === 'object'
    ? ((body as Record<string, unknown>)[key] as T)
    : null;
}

/** Your sessions with an exercise, newest first, with only its sets (null when it could not load). */
export const exerciseHistory = (exerciseId: number, limit = 1000) =>
  post<PastSession[]>('/api/exercise/history', { exercise_id: exerciseId, limit }, 'sessions');
export const exerciseRecordsOf = (exerciseId: number) =>
  post<ExerciseRecords>('/api/exercise/records', { exercise_id: exerciseId }, 'records');

const exercises = createResource('exercise');
const known = new Map<number, AnyRecord>();

/** Remembers exercises the screens have seen (a search's results), so naming them needs no request. */
export function rememberExercises(records: AnyRecord[]): void {
  for (const record of records) known.set(record.id, record);
}

/** The exercises of these ids (built-in or yours), loaded once each; the map fills as they arrive. */
export function useExercises(ids: number[]): Map<number, AnyRecord> {
  const board = useStore($board);
  const [, setVersion] = useState(0);
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    const missing = key
      ? key
          .split(',')
          .map(Number)
          .filter((id) => !known.has(id))
      : [];
    if (missing.length === 0 || !board.id) return;
    let live = true;
    void exercises.all(board.id, { ids: missing.slice(0, 200), limit: 200 }).then((result) => {
      if (!result.ok) return;
      rememberExercises(result.data.items);
      if (live) setVersion((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [key, board.id]);
  return new Map(ids.filter((id) => known.has(id)).map((id) => [id, known.get(id) as AnyRecord]));
}

/** An exercise's name, or a plain word while it loads (never an id). */
export function nameOf(map: Map<number, AnyRecord>, id: number): string {
  const name = map.get(id)?.name;
  return typeof name === 'string' ? name : 'Exercise';
}

/** Every record of a model whose date falls between `from` and `to` (`YYYY-MM-DD`), page after page; null on a failure. */
export async function recordsBetween(
  model: 'workout_session' | 'sleep_score' | 'mood',
  board: number,
  from: string,
  to: string,
  maxPages = 25,
): Promise<AnyRecord[] | null> {
  const resource = createResource(model);
  const records: AnyRecord[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const result = await resource.all(board, { from, to, limit: 200, ...(cursor ? { cursor } : {}) });
    if (!result.ok) return null;
    records.push(...result.data.items);
    if (!result.data.nextCursor) return records;
    cursor = result.data.nextCursor;
  }
  return records;
}

/** `recordsBetween` as a screen's state: undefined while loading, null when it failed; a new `version` reloads. */
export function useRecordsBetween(
  model: 'workout_session' | 'sleep_score' | 'mood',
  from: string,
  to: string,
  version = 0,
): AnyRecord[] | null | undefined {
  const board = useStore($board);
  const [state, setState] = useState<{ key: string; records: AnyRecord[] | null } | null>(null);
  const key = `${model}:${board.id}:${from}:${to}:${version}`;
  useEffect(() => {
    if (!board.id) return;
    let live = true;
    void recordsBetween(model, board.id, from, to).then((records) => {
      if (live) setState({ key, records });
    });
    return () => {
      live = false;
    };
  }, [model, board.id, from, to, key]);
  // A reload keeps the records shown until the new ones arrive (no flash of a skeleton after a save).
  if (state?.key === key) return state.records;
  return state && state.key.startsWith(`${model}:${board.id}:${from}:${to}:`) ? state.records : undefined;
}
