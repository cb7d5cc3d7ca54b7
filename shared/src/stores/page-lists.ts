import type { ListParams } from '../api/resource';
import type { ModelName } from '../models/index';
import { $board } from './board';
import type { Collection } from './collection';

/**
 * The list a page opens with, asked for ahead of the page's code. On a page load straight into an area, the
 * screen's own request went out only once the shell, the area's entry and the screen's chunks had arrived and
 * run; the shell asks as it starts instead (shell/src/remotes/load-area.ts), and an area as it mounts (after a
 * click from another page). The screen then takes that request over instead of asking again.
 */
export interface PageList {
  model: ModelName;
  params: ListParams;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The journal's list: newest first, optionally a search and a day to list up to. */
export function journalListParams(search: string, day: string | null): ListParams {
  return { ...(search ? { search } : {}), ...(day ? { to: day } : {}) };
}

/** What the page at `location` lists first, if that is known before its code runs. */
export function pageListOf({ pathname, search }: { pathname: string; search: string }): PageList | null {
  if (pathname === '/journal') {
    const query = new URLSearchParams(search);
    // `?entry=` opens the editor, not the list.
    if (query.get('entry')) return null;
    const day = query.get('day');
    return { model: 'journal_entry', params: journalListParams('', day && isoDay.test(day) ? day : null) };
  }
  return null;
}

/** A prefetch not yet taken over by its screen. */
interface Prefetched {
  model: string;
  board: number;
  key: string;
  at: number;
  /** Its request went out (the list stores had loaded). */
  sent: boolean;
}

/**
 * A prefetch is for the screen about to render. One no screen has taken within this time (the area failed to
 * load, the visitor went elsewhere) is no longer "just asked for", and the screen asks afresh.
 */
export const prefetchFreshMs = 10_000;

let prefetched: Prefetched | null = null;

const keyOf = (params: ListParams) => JSON.stringify(params);

const isFresh = (entry: Prefetched | null, model: string, board: number, key: string): entry is Prefetched =>
  entry !== null &&
  entry.model === model &&
  entry.board === board &&
  entry.key === key &&
  Date.now() - entry.at < prefetchFreshMs;

/**
 * Asks for `list` on the current board, unless the same is already asked for and not yet taken. The list
 * stores (and the HTTP client) load here, not with this module: the shell asks for no list on most pages.
 * Never rejects: when the stores cannot load, the screen asks for its list itself.
 */
export async function prefetchPageList({ model, params }: PageList): Promise<void> {
  const board = $board.get().id;
  // No board yet (a sign-in is under way): the screen loads its list when the board is set.
  if (!board) return;
  const key = keyOf(params);
  if (isFresh(prefetched, model, board, key)) return;
  const mine: Prefetched = { model, board, key, at: Date.now(), sent: false };
  prefetched = mine;
  const stores = await import('./collection').catch(() => null);
  // Taken while the stores loaded (the screen has asked itself), or they could not load.
  if (prefetched !== mine || !stores) {
    if (prefetched === mine) prefetched = null;
    return;
  }
  mine.sent = true;
  await stores.getCollection(model).load(params);
}

/**
 * A screen's list load: `collection.load(params)`, unless a fresh prefetch has asked for exactly this list on
 * this board; its request (in flight or answered) is then used. A prefetch is taken once; any screen load of its
 * model clears it, so a later visit of the page asks again.
 */
export function loadPageList(collection: Collection, params: ListParams): void {
  const taken = prefetched;
  const model = collection.modelName;
  if (taken?.model === model) prefetched = null;
  if (!(isFresh(taken, model, $board.get().id, keyOf(params)) && taken.sent)) void collection.load(params);
}

/** For tests: forget a prefetch that no screen took. */
export function forgetPageListPrefetch(): void {
  prefetched = null;
}
