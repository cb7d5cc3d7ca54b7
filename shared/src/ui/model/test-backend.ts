import type { FakeApi } from '../../lib/test-api-server';

/**
 * The contract's model endpoints over an in-memory table on the real local test server, for component
 * tests of the schema-driven kit. Test-only: never imported by app code.
 */
export interface FakeTable {
  rows: Record<string, unknown>[];
  /** When set, the next create/update answers 422 with these field errors. */
  rejectNextWith: Record<string, string[]> | null;
}

export function serveModel(api: FakeApi, model: string, state: string, pageSize = 50): FakeTable {
  const table: FakeTable = { rows: [], rejectNextWith: null };
  let nextId = 1;
  const stamp = () => new Date().toISOString();
  const paramsOf = (body: unknown) => (body as { params?: Record<string, unknown> }).params ?? {};
  const rejection = () => {
    const errors = table.rejectNextWith;
    table.rejectNextWith = null;
    return errors ? { status: 422, body: { message: 'The given data was invalid.', errors } } : null;
  };

  api.on(`POST /api/${model}/all`, ({ body }) => {
    const params = paramsOf(body);
    const search = typeof params.search === 'string' ? params.search.toLowerCase() : '';
    // The journal's filters as the API applies them: a tag, and a day of the year up to `to` ("On this day").
    const tag = typeof params.tag === 'string' ? params.tag : null;
    const sameDay = typeof params.same_day === 'string' ? params.same_day : null;
    const upTo = sameDay && typeof params.to === 'string' ? params.to : null;
    const found = table.rows.filter(
      (row) =>
        (!search || JSON.stringify(row).toLowerCase().includes(search)) &&
        (!tag || (Array.isArray(row.tags) && row.tags.includes(tag))) &&
        (!sameDay || (typeof row.date === 'string' && row.date.endsWith(`-${sameDay}`))) &&
        (!upTo || (typeof row.date === 'string' && row.date <= upTo)),
    );
    const start = typeof params.cursor === 'string' ? Number(params.cursor) : 0;
    const page = found.slice(start, start + pageSize);
    const more = start + pageSize < found.length;
    return { body: { success: true, [state]: page, ...(more ? { next_cursor: String(start + pageSize) } : {}) } };
  });
  api.on(`POST /api/${model}/get`, ({ body }) => {
    const row = table.rows.find((r) => r.id === paramsOf(body).id);
    return row
      ? { body: { success: true, [model]: row } }
      : { status: 404, body: { success: false, message: 'Not found.' } };
  });
  api.on(`POST /api/${model}/create`, ({ body }) => {
    const rejected = rejection();
    if (rejected) return rejected;
    // Like a database sequence, never an id a test put in the table itself.
    nextId = Math.max(nextId, ...table.rows.map((r) => Number(r.id) + 1));
    const row = {
      ...paramsOf(body),
      id: nextId++,
      board_id: (body as { board: number }).board,
      created_at: stamp(),
      updated_at: stamp(),
    };
    table.rows.unshift(row);
    return { body: { success: true, [model]: row } };
  });
  api.on(`POST /api/${model}/update`, ({ body }) => {
    const rejected = rejection();
    if (rejected) return rejected;
    const params = paramsOf(body);
    const index = table.rows.findIndex((r) => r.id === params.id);
    if (index < 0) return { status: 404, body: { success: false, message: 'Not found.' } };
    table.rows[index] = { ...table.rows[index], ...params, updated_at: stamp() };
    return { body: { success: true, [model]: table.rows[index] } };
  });
  api.on(`POST /api/${model}/delete`, ({ body }) => {
    const id = paramsOf(body).id;
    table.rows = table.rows.filter((r) => r.id !== id);
    return { body: { success: true, id } };
  });
  return table;
}
