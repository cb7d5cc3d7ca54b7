import { createResource } from '@lifeboard/shared/api/resource';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { ApiError } from '@lifeboard/shared/api/errors';
import { cryptoAlerts, UNDECRYPTABLE } from '@lifeboard/shared/crypto/keys';

export type JournalRecord = ModelRecord<'journal_entry'>;
export type NoteRecord = ModelRecord<'note'>;
export type MoodRecord = ModelRecord<'mood'>;
export type CategoryRecord = ModelRecord<'category'>;

const pageSize = 200;

/**
 * An encrypted entry as it goes into an export: decrypted already (the API client opens it), without the marks of
 * this account's key, so an import makes it plain or seals it anew. A locked or undecryptable one stops the export
 * rather than leave its text out.
 */
function exportable<R extends Record<string, unknown>>(record: R): R {
  if (record.e2e_state === 'locked') throw new ApiError(cryptoAlerts.noDecryptKey, 0);
  if (record.e2e_state === 'broken') throw new ApiError(`${UNDECRYPTABLE}, so it cannot be exported.`, 0);
  if (!('encrypted' in record)) return record;
  const { encrypted: _encrypted, record_uid: _uid, ...plain } = record;
  return plain as R;
}

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
    try {
      records.push(...result.data.items.map(exportable));
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, error, records };
      throw error;
    }
    onPage?.(records.length);
    if (!result.data.nextCursor) return { ok: true, records };
    cursor = result.data.nextCursor;
  }
}
