import { useCallback, useEffect, useRef, useState } from 'react';

/** Keys closer together than this are one burst of typing: the search waits for its end. */
export const searchBurstMs = 150;

export interface SearchAsYouType {
  /** What the box shows. */
  search: string;
  /** What the list searches for (trimmed). */
  settled: string;
  /** The box changed; `now` searches at once (a clear button). */
  setSearch: (value: string, now?: boolean) => void;
  /** Searches for what the box shows at once (Enter). */
  searchNow: () => void;
}

/**
 * The journal's search box: a change after a pause (a pasted or picked word, the first key typed)
 * searches at once; keys typed in quick succession search once they stop for `searchBurstMs`. Answers
 * to an older search are dropped by the list (only the latest load is shown).
 */
export function useSearchAsYouType(): SearchAsYouType {
  const [search, setValue] = useState('');
  const [settled, setSettled] = useState('');
  const lastChange = useRef(Number.NEGATIVE_INFINITY);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef('');

  useEffect(() => () => clearTimeout(timer.current), []);

  const setSearch = useCallback((value: string, now = false) => {
    setValue(value);
    latest.current = value;
    clearTimeout(timer.current);
    const at = performance.now();
    const inBurst = at - lastChange.current < searchBurstMs;
    lastChange.current = at;
    if (inBurst && !now) timer.current = setTimeout(() => setSettled(value.trim()), searchBurstMs);
    else setSettled(value.trim());
  }, []);

  const searchNow = useCallback(() => {
    clearTimeout(timer.current);
    setSettled(latest.current.trim());
  }, []);

  return { search, settled, setSearch, searchNow };
}
