import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ApiResult } from '@lifeboard/shared/api/client';
import { ApiError, messageOf } from '@lifeboard/shared/api/errors';
import { createResource } from '@lifeboard/shared/api/resource';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { pageKeyOf, sealShare, shareFragment } from '@lifeboard/shared/crypto/share';
import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $encryption, encryptionState } from '@lifeboard/shared/stores/encryption';

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

const failed = (message: string): ApiResult<SharedPage> => ({ ok: false, status: 0, error: new ApiError(message, 0) });

/**
 * Makes a share; the server picks the unguessable slug. An encrypted entry is sealed here first under a fresh page
 * key (shared/src/crypto/share.ts), which the share keeps sealed with the data key (`useShareLink` shows it).
 */
export async function createShare(model: ShareSource, id: number): Promise<ApiResult<SharedPage>> {
  const plain = () => shares().create({ source_model: model, source_id: id });
  // With encryption off no entry is encrypted; unknown (the check failed), the server refuses an encrypted one.
  const state = await encryptionState().catch(() => null);
  if (!state?.material) return plain();
  const source = await createResource(model).get($board.get().id, id);
  if (!source.ok) return source;
  const record = source.data;
  if (!record.encrypted) return plain();
  const { dataKey } = $encryption.get();
  if (!dataKey || 'e2e_state' in record)
    return failed(
      record.e2e_state === 'broken'
        ? "This entry can't be decrypted, so it can't be shared."
        : 'Unlock your journal to share an encrypted entry.',
    );
  const date = typeof record.date === 'string' && record.date ? record.date : record.created_at.slice(0, 10);
  const content = {
    title: typeof record.title === 'string' ? record.title : '',
    body: typeof record.body === 'string' ? record.body : '',
    date,
  };
  let images: string[] = [];
  let sealed;
  try {
    sealed = await sealShare(dataKey, { model, id }, content, async (pageKey) => {
      // The entry's images are copied under the page key, so the link's key opens them too.
      const { copyImagesForPage, sealedImageIds } = await import('@lifeboard/shared/rich-text/sealed-images');
      if (sealedImageIds(content.body).length === 0) return content;
      const copied = await copyImagesForPage(content.body, pageKey);
      images = copied.ids;
      return { ...content, body: copied.body };
    });
  } catch (error) {
    return failed(`This entry's images could not be prepared for the page: ${messageOf(error, 'try again.')}`);
  }
  return shares().create({
    source_model: model,
    source_id: id,
    sealed: sealed.sealed,
    sealed_key: sealed.sealed_key,
    ...(images.length > 0 ? { sealed_images: images } : {}),
  });
}

/**
 * The link of a share as its owner may hand it out: an encrypted entry's carries the page key in its fragment,
 * taken back from the sealed copy with the unlocked data key. Null while that key is not known (locked).
 */
export function useShareLink(page: SharedPage | undefined): string | null {
  const { dataKey } = useStore($encryption);
  const [key, setKey] = useState<{ of: string; key: string | null } | null>(null);
  const sealedKey = typeof page?.sealed_key === 'string' ? page.sealed_key : null;
  const slug = typeof page?.slug === 'string' ? page.slug : null;
  useEffect(() => {
    if (!page || !sealedKey || !dataKey) return;
    let live = true;
    void pageKeyOf(dataKey, { model: page.source_model ?? 'journal_entry', id: page.source_id ?? 0 }, sealedKey).then(
      (found) => live && setKey({ of: sealedKey, key: found }),
      () => live && setKey({ of: sealedKey, key: null }),
    );
    return () => {
      live = false;
    };
  }, [page, sealedKey, dataKey]);
  if (!slug) return null;
  if (!sealedKey) return publicUrl(slug);
  if (!dataKey || key?.of !== sealedKey || !key.key) return null;
  return publicUrl(slug) + shareFragment(key.key);
}

/** Revoking keeps the record (so /shared-pages can say when) and makes `/a/:slug` answer "not found". */
export function revokeShare(id: number): Promise<ApiResult<SharedPage>> {
  return shares().update(id, { revoked_at: new Date().toISOString() });
}
