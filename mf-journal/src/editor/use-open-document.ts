import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from '@lifeboard/shared/lib/router';
import { $board } from '@lifeboard/shared/stores/board';
import { openInAddress, stillOpen } from './still-open';

/**
 * The address half of a screen that lists documents and opens one for writing in `?<param>=<id|new>`
 * (/journal's `entry`, /notes' `note`): what is open, the editor's key, and what to do when it is created or
 * closed, or when another board is chosen. Every change of the address checks the browser still shows what
 * was opened (still-open.ts).
 */
export function useOpenDocument(param: string) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const open = params.get(param);
  const id = open && open !== 'new' && /^\d+$/.test(open) ? Number(open) : null;
  // A new document keeps its editor when it gets an id (the address changes, the editor must not remount).
  // A ref, not state: it must be current in the very render the new address causes.
  const createdFrom = useRef<Record<string, string>>({});

  // Another board was chosen: what is open belongs to the old one (its unsaved text stays as a draft).
  // No board before (0: the session check after a load has not chosen one yet), the same board renamed,
  // nothing open, or the user already left: the address stays as it is.
  useEffect(
    () =>
      $board.listen((board, previous) => {
        if (!previous?.id || previous.id === board.id) return;
        if (openInAddress(pathname, param) === null) return;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(param);
            return next;
          },
          { replace: true },
        );
      }),
    [setParams, pathname, param],
  );

  const setParam = (changes: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace });
  };

  const editor =
    open === null
      ? null
      : {
          key: createdFrom.current[open] ?? open,
          id,
          onCreated: (created: number) => {
            if (!stillOpen(pathname, param, open)) return;
            createdFrom.current[String(created)] = createdFrom.current[open] ?? open;
            setParam({ [param]: String(created) }, true);
          },
          onClose: () => {
            if (stillOpen(pathname, param, open)) setParam({ [param]: null });
          },
        };

  return { params, setParam, editor };
}
