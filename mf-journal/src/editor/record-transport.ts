import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import type { ApiResult } from '@lifeboard/shared/api/client';
import { ValidationError } from '@lifeboard/shared/api/errors';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import type { Fields, SaveOutcome, SaveTransport } from './autosave';

/**
 * Autosave over the model's shared collection (so the list shows the saved text at once, spec §4), with
 * optimistic concurrency: every update carries `expected_updated_at`; the API answers 409
 * `{ success: false, error, current }` when the record changed since.
 */

function isRecord(value: unknown): value is AnyRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'number' &&
    typeof (value as { updated_at?: unknown }).updated_at === 'string'
  );
}

function currentOf(body: unknown): AnyRecord | null {
  if (typeof body !== 'object' || body === null || !('current' in body)) return null;
  const current = body.current;
  return isRecord(current) ? current : null;
}

/** An API that predates `expected_updated_at` refuses it as an unknown field: then updates go without it. */
let apiKnowsExpectedUpdatedAt = true;

function outcomeOf(result: ApiResult<AnyRecord>): SaveOutcome<AnyRecord> {
  // 202: no network, so the save was queued on this device (shared/api/offline-queue.ts) and goes when it is back.
  if (result.ok)
    return result.status === 202 ? { kind: 'queued', record: result.data } : { kind: 'saved', record: result.data };
  const { status, error } = result;
  if (status === 409) {
    const current = currentOf(error.body);
    if (current) return { kind: 'conflict', current };
  }
  if (status === 0) return { kind: 'offline' };
  if (status === 401) return { kind: 'unauthorized' };
  return { kind: 'failed', message: error.message, retry: status >= 500 || status === 429 };
}

/**
 * Saves go to the board the document was opened on; after a board switch they stop (the draft stays). Opened
 * before any board was chosen (0, until the session check after a page load), it takes the first one chosen.
 */
export function collectionTransport(model: 'journal_entry' | 'note'): SaveTransport<AnyRecord> {
  let board = $board.get().id;
  return {
    async save(id, fields: Fields, expectedUpdatedAt) {
      if (board === 0) board = $board.get().id;
      if ($board.get().id !== board) {
        return { kind: 'failed', message: 'it belongs to another board (switch back to save it)', retry: false };
      }
      const collection = getCollection(model);
      if (id === null) return outcomeOf(await collection.create(fields));
      const withVersion =
        apiKnowsExpectedUpdatedAt && expectedUpdatedAt ? { ...fields, expected_updated_at: expectedUpdatedAt } : fields;
      const result = await collection.update(id, withVersion);
      if (
        !result.ok &&
        result.error instanceof ValidationError &&
        'expected_updated_at' in result.error.fieldErrors &&
        withVersion !== fields
      ) {
        apiKnowsExpectedUpdatedAt = false;
        return outcomeOf(await collection.update(id, fields));
      }
      return outcomeOf(result);
    },
  };
}
