import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createResource } from '@lifeboard/shared/api/resource';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { $board } from '@lifeboard/shared/stores/board';

export type Mood = ModelRecord<'mood'>;
export type HistoryStatus = 'loading' | 'ready' | 'error';

const resource = createResource('mood');
const pageSize = 200;
/** A year of moods logged several times a day stays well under this; beyond it the chart shows what it has. */
const maxPages = 25;

/** Every mood of the board since `from` (YYYY-MM-DD), paged through the API's cursor. */
export async function loadMoodsSince(board: number, from: string): Promise<{ ok: boolean; moods: Mood[] }> {
  const moods: Mood[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await resource.all(board, { from, limit: pageSize, ...(cursor ? { cursor } : {}) });
    if (!result.ok) return { ok: false, moods };
    moods.push(...result.data.items);
    if (!result.data.nextCursor) break;
    cursor = result.data.nextCursor;
  }
  return { ok: true, moods };
}

/**
 * The moods the chart needs: the history since `from` merged with the shared mood list (which holds what
 * was just logged, edited or deleted). Both are newest first; for the time the list covers, the list is
 * the truth (a mood missing from it was deleted); older history fills in the rest.
 */
export function mergeHistory(history: readonly Mood[], list: readonly Mood[]): Mood[] {
  const time = (m: Mood) => Date.parse(String(m.at));
  const saved = list.filter((m) => m.id > 0 && Number.isFinite(time(m)));
  const oldestListed = saved.length ? Math.min(...saved.map(time)) : null;
  const listed = new Set(list.map((m) => m.id));
  const older = history.filter((m) => !listed.has(m.id) && (oldestListed === null || time(m) < oldestListed));
  return [...list, ...older];
}

export function useMoodHistory(from: string) {
  const board = useStore($board).id;
  const [history, setHistory] = useState<Mood[]>([]);
  const [status, setStatus] = useState<HistoryStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!board) return undefined;
    let live = true;
    setStatus('loading');
    void loadMoodsSince(board, from).then(({ ok, moods }) => {
      if (!live) return;
      setHistory(moods);
      setStatus(ok ? 'ready' : 'error');
    });
    return () => {
      live = false;
    };
  }, [board, from, attempt]);
  return { history, status, retry: () => setAttempt((n) => n + 1) };
}
