import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { createResource } from '@lifeboard/shared/api/resource';
import { $board } from '@lifeboard/shared/stores/board';
import type { ShareSource, SharedPage } from './shares';

/** A shared item's title: a string once known, `null` when the item is gone, absent while loading. */
export type SourceTitles = Record<string, string | null>;

export const sourceKey = (model: unknown, id: unknown) => `${String(model)}:${String(id)}`;

const resources = { journal_entry: createResource('journal_entry'), note: createResource('note') };

/** How many sources are fetched at once: a long list must not flood the API (PGlite serves one at a time). */
const concurrency = 4;

/** The titles of the entries and notes behind a list of shares, fetched once per item. */
export function useSourceTitles(pages: readonly SharedPage[]): SourceTitles {
  const board = useStore($board).id;
  const [titles, setTitles] = useState<SourceTitles>({});
  // Keys asked for (answered or in flight), so a re-render never asks twice.
  const asked = useRef(new Set<string>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const wanted = [
    ...new Set(pages.filter((p) => p.source_model && p.source_id).map((p) => sourceKey(p.source_model, p.source_id))),
  ];
  const newKeys = wanted.filter((key) => !asked.current.has(key)).join(',');
  useEffect(() => {
    if (!newKeys || !board) return;
    const queue = newKeys.split(',');
    queue.forEach((key) => asked.current.add(key));
    const worker = async () => {
      for (let key = queue.shift(); key; key = queue.shift()) {
        const [model, id] = key.split(':') as [ShareSource, string];
        const result = await resources[model === 'note' ? 'note' : 'journal_entry'].get(board, Number(id));
        const title = result.ok
          ? typeof result.data.title === 'string' && result.data.title.trim()
            ? result.data.title
            : 'Untitled'
          : null;
        // Only "not found" means the item is gone; any other failure is asked again on a later render.
        if (!result.ok && result.status !== 404) asked.current.delete(key);
        else if (mounted.current) setTitles((known) => ({ ...known, [key]: title }));
      }
    };
    void Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  }, [newKeys, board]);
  return titles;
}
