import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '@lifeboard/shared/lib/after-paint';

/**
 * How many of a list's `total` items to render: `first` while the list is first shown, then all of them, in a
 * transition started once the first ones are painted (started at their commit, it could commit before the
 * browser's next frame, which then laid out the whole page). Once all are shown, later changes (a search,
 * Load more) render in full at once.
 *
 * On a cold open of /journal the first page (50 entries) rendered, laid out and painted in one go, though a
 * screen shows about five (figures in bench/README.md, "Start-up").
 */
export function useStagedCount(total: number, first: number): number {
  const [count, setCount] = useState(first);
  const staged = count < total;
  useEffect(() => {
    if (!staged) return undefined;
    return afterNextPaint(() => startTransition(() => setCount(Number.POSITIVE_INFINITY)));
  }, [staged]);
  return count;
}
