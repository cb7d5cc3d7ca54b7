import type { ApiError } from '@lifeboard/shared/api/errors';
import { createResource, type AnyRecord } from '@lifeboard/shared/api/resource';

const pageSize = 200;
/** A report reads at most this many pages (10,000 records) of one model. */
const maxPages = 50;

/** Every record of a model (dated between two days, inclusive, when given), page after page along the API's cursor. */
export async function fetchRange(
  model: string,
  board: number,
  from?: string,
  to?: string,
): Promise<{ ok: true; records: AnyRecord[] } | { ok: false; error: ApiError }> {
  const resource = createResource(model);
  const records: AnyRecord[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await resource.all(board, {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      limit: pageSize,
      ...(cursor ? { cursor } : {}),
    });
    if (!result.ok) return { ok: false, error: result.error };
    records.push(...result.data.items);
    if (!result.data.nextCursor) break;
    cursor = result.data.nextCursor;
  }
  return { ok: true, records };
}
