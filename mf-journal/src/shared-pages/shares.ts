import type { ApiResult } from '@lifeboard/shared/api/client';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { getCollection } from '@lifeboard/shared/stores/collection';

/** What can be shared: the API's `shared_page.source_model`. */
export type ShareSource = 'journal_entry' | 'note';
export type SharedPage = ModelRecord<'shared_page'>;

/** The one list of shares of the current board, shared by every share button and /shared-pages. */
export const shares = () => getCollection('shared_page');

/** The API's largest page: a board rarely has more shares than this, so one request usually does. */
const pageSize = 200;

let loading: Promise<boolean> | null = null;

/**
 * Loads every share of the board (paging through the cursor), once even when several buttons ask at the
 * same time: each `load()` drops the answers of the one before, so concurrent loads would waste requests.
 */
export function loadAllShares(): Promise<boolean> {
  loading ??= (async () => {
    try {
      const collection = shares();
      if (!(await collection.load({ limit: pageSize }))) return false;
      while (collection.$nextCursor.get()) {
        if (!(await collection.loadMore())) return false;
      }
      return true;
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** A share that is saved (has its server-made slug) and not revoked. */
export function isActive(page: SharedPage): page is SharedPage & { slug: string } {
  return page.id > 0 && typeof page.slug === 'string' && !page.revoked_at;
}

/** The live share of one entry or note, if it has one. */
export function activeShareFor(
  list: readonly SharedPage[],
  model: ShareSource,
  id: number,
): (SharedPage & { slug: string }) | undefined {
  return list.filter(isActive).find((page) => page.source_model === model && page.source_id === id);
}

/** The public address of a share: `/a/:slug` on the site's own origin (the shell serves it signed out). */
export function publicPath(slug: string): string {
  return `/a/${encodeURIComponent(slug)}`;
}

export function publicUrl(slug: string): string {
  return new URL(publicPath(slug), window.location.origin).href;
}

/** Makes a share; the server picks the unguessable slug. */
export function createShare(model: ShareSource, id: number): Promise<ApiResult<SharedPage>> {
  return shares().create({ source_model: model, source_id: id });
}

/** Revoking keeps the record (so /shared-pages can say when) and makes `/a/:slug` answer "not found". */
export function revokeShare(id: number): Promise<ApiResult<SharedPage>> {
  return shares().update(id, { revoked_at: new Date().toISOString() });
}
