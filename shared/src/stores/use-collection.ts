import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { ApiError } from '../api/errors';
import type { AnyRecord, ListParams, ModelRecord } from '../api/resource';
import type { ModelName } from '../models/index';
import { getCollection } from './collection';
import type { Collection, CollectionStatus } from './collection';

export interface CollectionView<R extends AnyRecord> {
  collection: Collection<R>;
  items: R[];
  status: CollectionStatus;
  error: ApiError | null;
  hasMore: boolean;
}

export interface CollectionViewOptions {
  /** Loads the list for `params` instead of `collection.load(params)` (e.g. to take over a request already made). */
  load?: (params: ListParams) => void;
  /** false: subscribe, but do not load yet (a list the screen's first paint need not wait for). Default true. */
  enabled?: boolean;
}

/**
 * React view of the shared collection of a model: subscribes (so a board switch reloads it) and loads
 * once per distinct `params` (compared by value, so an inline object does not reload on every render).
 */
export function useCollection<N extends ModelName>(
  modelName: N,
  params?: ListParams,
  options?: CollectionViewOptions,
): CollectionView<ModelRecord<N>>;
export function useCollection(
  modelName: string,
  params?: ListParams,
  options?: CollectionViewOptions,
): CollectionView<AnyRecord>;
export function useCollection(
  modelName: string,
  params: ListParams = {},
  { load, enabled = true }: CollectionViewOptions = {},
): CollectionView<AnyRecord> {
  const collection = getCollection(modelName);
  const items = useStore(collection.$items);
  const status = useStore(collection.$status);
  const error = useStore(collection.$error);
  const nextCursor = useStore(collection.$nextCursor);
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    if (!enabled) return;
    const wanted = JSON.parse(paramsKey) as ListParams;
    if (load) load(wanted);
    else void collection.load(wanted);
    // `load` is not a dependency: a caller's inline function must not reload the list on every render.
  }, [collection, paramsKey, enabled]);
  return { collection, items, status, error, hasMore: nextCursor !== null };
}
