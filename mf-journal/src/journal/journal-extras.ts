import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createResource } from '@lifeboard/shared/api/resource';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { fetchJournalTags, type TagCount } from './journal-api';

const entries = createResource('journal_entry');

/** A key that changes whenever the loaded list does (an entry saved, re-tagged, moved or removed). */
function useListKey(): string {
  const items = useStore(getCollection('journal_entry').$items);
  return items.map((item) => `${item.id}:${item.updated_at}`).join(',');
}

/** The board's tags with their counts, reloaded when the list changes; not read while `enabled` is false. */
export function useJournalTags(enabled = true): TagCount[] {
  const board = useStore($board).id;
  const listKey = useListKey();
  const [tags, setTags] = useState<TagCount[]>([]);
  useEffect(() => {
    if (!board || !enabled) return undefined;
    let live = true;
    void fetchJournalTags(board).then((found) => {
      if (live && found) setTags(found);
    });
    return () => {
      live = false;
    };
  }, [board, listKey, enabled]);
  return tags;
}

/** "On this day" asks for the day of the year of `today`, in every year before it. */
export function onThisDayParams(today: string): { same_day: string; to: string; limit: number } {
  const year = Number(today.slice(0, 4));
  return { same_day: today.slice(5, 10), to: `${year - 1}-12-31`, limit: 20 };
}

/** How long ago a day of an earlier year was, in words: "1 year ago", "3 years ago". */
export function yearsAgo(date: string, today: string): string {
  const years = Number(today.slice(0, 4)) - Number(date.slice(0, 4));
  return years === 1 ? '1 year ago' : `${years} years ago`;
}

/** The entries written on today's day of the year in earlier years, newest first (opened, when encrypted). */
export function useOnThisDay(today: string, enabled = true): ModelRecord<'journal_entry'>[] {
  const board = useStore($board).id;
  const listKey = useListKey();
  const [found, setFound] = useState<ModelRecord<'journal_entry'>[]>([]);
  useEffect(() => {
    if (!board || !enabled) return undefined;
    let live = true;
    void entries.all(board, onThisDayParams(today)).then((result) => {
      if (live && result.ok) setFound(result.data.items);
    });
    return () => {
      live = false;
    };
  }, [board, today, listKey, enabled]);
  return found;
}
