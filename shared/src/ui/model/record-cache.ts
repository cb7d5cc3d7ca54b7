import { atom } from 'nanostores';
import type { ApiResult } from '../../api/client';
import type { AnyFields, AnyRecord } from '../../api/resource';
import { getCollection } from '../../stores/collection';
import { registerClearable } from '../../stores/data';
import { keepEqual } from '../../lib/keep-equal';

/**
 * Records opened on detail pages that are not (or not yet) in their model's loaded list, so a detail
 * page and the editors under it show the same, latest copy. Emptied with the rest of the data.
 */
export const $openRecords = atom<Record<string, AnyRecord>>({});
registerClearable(() => $openRecords.set({}));

const keyOf = (model: string, id: number) => `${model}:${id}`;

export function rememberRecord(model: string, record: AnyRecord): void {
  $openRecords.set({ ...$openRecords.get(), [keyOf(model, record.id)]: record });
}

export function openRecord(records: Record<string, AnyRecord>, model: string, id: number): AnyRecord | undefined {
  return records[keyOf(model, id)];
}

/** Optimistic update of one record: shown at once, the server's copy when it answers, the old one if it refuses. */
export async function updateRecord(model: string, id: number, fields: AnyFields): Promise<ApiResult<AnyRecord>> {
  const before = openRecord($openRecords.get(), model, id) ?? getCollection(model).find(id);
  if (before) rememberRecord(model, { ...before, ...fields, id });
  const result = await getCollection(model).update(id, fields);
  if (result.ok) rememberRecord(model, keepEqual(openRecord($openRecords.get(), model, id), result.data));
  else if (before) rememberRecord(model, before);
  return result;
}
