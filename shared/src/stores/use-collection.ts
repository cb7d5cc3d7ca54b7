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

/**
 * React view of the shared collection of a model: subscribes (so a board switch reloads it) and loads
 * once per distinct `params` (compared by value, so an inline object does not reload on every render).
 */
export function useCollection<N extends ModelName>(modelName: N, params?: ListParams): CollectionView<ModelRecord<N>>;
export function useCollection(modelName: string, params?: ListParams): CollectionView<AnyRecord>;
export function useCollection(modelName: string, params: ListParams = {}): CollectionView<AnyRecord> {
  const collection = getCollection(modelName);
  const items = useStore(collection.$items);
  const status = useStore(collection.$status);
  const error = useStore(collection.$error);
  const nextCursor = useStore(collection.$nextCursor);
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    void collection.load(JSON.parse(paramsKey) as ListParams);
  }, [collection, paramsKey]);
  return { collection, items, status, error, hasMore: nextCursor !== null };
}
