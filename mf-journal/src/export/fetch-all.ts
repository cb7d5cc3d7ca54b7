import { createResource } from '@lifeboard/shared/api/resource';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import type { ApiError } from '@lifeboard/shared/api/errors';

export type JournalRecord = ModelRecord<'journal_entry'>;
export type NoteRecord = ModelRecord<'note'>;
export type MoodRecord = ModelRecord<'mood'>;
export type CategoryRecord = ModelRecord<'category'>;

const pageSize = 200;

/** Every record of a model on a board, page after page along the API's cursor; `onPage` reports the count so far. */
export async function fetchAll<N extends 'journal_entry' | 'note' | 'mood' | 'category'>(
  model: N,
  board: number,
  onPage?: (count: number) => void,
): Promise<{ ok: true; records: ModelRecord<N>[] } | { ok: false; error: ApiError; records: ModelRecord<N>[] }> {
  const resource = createResource(model);
  const records: ModelRecord<N>[] = [];
  let cursor: string | undefined;
  for (;;) {
    const result = await resource.all(board, { limit: pageSize, ...(cursor ? { cursor } : {}) });
    if (!result.ok) return { ok: false, error: result.error, records };
    records.push(...result.data.items);
    onPage?.(records.length);
    if (!result.data.nextCursor) return { ok: true, records };
    cursor = result.data.nextCursor;
  }
}
