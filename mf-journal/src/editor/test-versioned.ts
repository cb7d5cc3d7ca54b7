import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';

/**
 * Test-only: the API's optimistic concurrency on the local test server — an update whose
 * `expected_updated_at` is not the row's answers 409 `{ success: false, error, current }`.
 */
export function serveVersionedUpdates(api: FakeApi, model: string, table: FakeTable): void {
  let tick = 0;
  api.on(`POST /api/${model}/update`, ({ body }) => {
    const { id, expected_updated_at: expected, ...fields } = (body as { params: Record<string, unknown> }).params;
    const index = table.rows.findIndex((row) => row.id === id);
    if (index < 0) return { status: 404, body: { success: false, message: 'Not found.' } };
    if (expected !== undefined && expected !== table.rows[index].updated_at) {
      return {
        status: 409,
        body: { success: false, error: 'It was changed since you opened it.', current: table.rows[index] },
      };
    }
    table.rows[index] = { ...table.rows[index], ...fields, updated_at: new Date(Date.now() + ++tick).toISOString() };
    return { body: { success: true, [model]: table.rows[index] } };
  });
}
