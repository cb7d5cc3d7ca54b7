import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createResource } from '@lifeboard/shared/api/resource';
import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { monthRange } from './calendar';
import { dayOf } from './day-groups';

const entries = createResource('journal_entry');
const maxPages = 5;

/** How many entries each day of `month` has (`YYYY-MM-DD` → count), read with the list's date range. */
export async function loadEntryDays(board: number, month: string): Promise<Map<string, number> | null> {
  const counts = new Map<string, number>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await entries.all(board, { ...monthRange(month), limit: 200, ...(cursor ? { cursor } : {}) });
    if (!result.ok) return page === 0 ? null : counts;
    for (const entry of result.data.items) counts.set(dayOf(entry), (counts.get(dayOf(entry)) ?? 0) + 1);
    if (!result.data.nextCursor) break;
    cursor = result.data.nextCursor;
  }
  return counts;
}

/**
 * The days of `month` that have entries; reloaded when the board changes or an entry is saved or removed.
 * Not read while `enabled` is false.
 */
export function useEntryDays(month: string, enabled = true): Map<string, number> {
  const board = useStore($board).id;
  // Any change to the list (a new entry, a date changed, a removal) may change the marks.
  const items = useStore(getCollection('journal_entry').$items);
  const [days, setDays] = useState<Map<string, number>>(new Map());
  const listKey = items.map((item) => `${item.id}:${String(item.date)}`).join(',');
  useEffect(() => {
    if (!board || !enabled) return undefined;
    let live = true;
    void loadEntryDays(board, month).then((counts) => {
      if (live && counts) setDays(counts);
    });
    return () => {
      live = false;
    };
  }, [board, month, listKey, enabled]);
  return days;
}
