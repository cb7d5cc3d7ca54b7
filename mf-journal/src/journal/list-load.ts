import type { ListParams, ModelRecord } from '@lifeboard/shared/api/resource';
import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import type { CollectionView } from '@lifeboard/shared/stores/use-collection';

type Entries = CollectionView<ModelRecord<'journal_entry'>>;

/** The list request of the journal page: newest first, optionally a search and a day to list up to. */
export function journalListParams(search: string, day: string | null): ListParams {
  return { ...(search ? { search } : {}), ...(day ? { to: day } : {}) };
}

/** The list asked for before the page rendered (board and params), not yet claimed by the page. */
let prefetched: { board: number; key: string } | null = null;

/**
 * Asks for the journal list as the area mounts, in parallel with the page's code, instead of after the
 * page rendered. The page's first load with the same params and board then uses this request.
 */
export function prefetchJournalList(day: string | null): void {
  const board = $board.get().id;
  // No board yet (the shell is still signing in): the list loads when the board is set, as before.
  if (!board) return;
  const params = journalListParams('', day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null);
  prefetched = { board, key: JSON.stringify(params) };
  void getCollection('journal_entry').load(params);
}

/** Loads the list for `params`, unless the prefetch already asked for exactly that (used once). */
export function loadJournalList(params: ListParams): void {
  const board = $board.get().id;
  const claimed = prefetched !== null && prefetched.board === board && prefetched.key === JSON.stringify(params);
  prefetched = null;
  if (!claimed) void getCollection('journal_entry').load(params);
}

/** For tests: forget a prefetch that no page claimed. */
export function forgetPrefetch(): void {
  prefetched = null;
}

/**
 * `useCollection('journal_entry', params)` for the journal page: the same view of the shared list, loaded
 * once per distinct `params`, but taking over the request the area's mount already made.
 */
export function useJournalEntries(params: ListParams): Entries {
  return useCollection('journal_entry', params, { load: loadJournalList });
}
