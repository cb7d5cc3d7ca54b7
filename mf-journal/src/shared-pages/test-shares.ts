import { randomBytes } from 'node:crypto';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';

/**
 * Test-only: the API's shared-page behaviour on the local test server — the server makes the slug, and
 * `/api/public/shared/:slug` answers the source's title and body until the share is revoked, then 404.
 * `sources` are the entries and notes that can be shared, by model.
 */
export function serveShares(api: FakeApi, sources: { journal_entry: FakeTable; note: FakeTable }): FakeTable {
  const table = serveModel(api, 'shared_page', 'sharedPages', 200);
  let nextId = 1;
  api.on('POST /api/shared_page/create', ({ body }) => {
    const params = (body as { params: { source_model: 'journal_entry' | 'note'; source_id: number } }).params;
    const source = sources[params.source_model].rows.find((row) => row.id === params.source_id);
    if (!source) return { status: 404, body: { success: false, message: 'No such entry to share.' } };
    const stamp = new Date().toISOString();
    const row = {
      ...params,
      id: nextId++,
      slug: randomBytes(16).toString('base64url'),
      revoked_at: null,
      board_id: 1,
      created_at: stamp,
      updated_at: stamp,
    };
    table.rows.unshift(row);
    api.on(`GET /api/public/shared/${row.slug}`, () => {
      const current = table.rows.find((r) => r.id === row.id);
      if (!current || current.revoked_at)
        return { status: 404, body: { message: 'This page is not shared (any more).' } };
      return {
        body: {
          success: true,
          page: {
            slug: row.slug,
            title: source.title,
            body: source.body,
            date: source.date ?? stamp.slice(0, 10),
            shared_at: stamp,
          },
        },
      };
    });
    return { body: { success: true, shared_page: row } };
  });
  return table;
}
