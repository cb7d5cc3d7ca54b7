import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, testDatabase, type TestUser } from '../../test/helpers';
import { MAX_LIMIT } from './engine';
import { FETCH_SIZES, listPage, listStatement, rowsToFetch } from './fast-store';
import { entryOf } from './registry';

describe('rowsToFetch', () => {
  it('reads at least one row more than every page size asks, from a few fixed sizes', () => {
    for (let limit = 1; limit <= MAX_LIMIT; limit += 1) {
      const size = rowsToFetch(limit);
      expect(size).toBeGreaterThanOrEqual(limit + 1);
      expect(FETCH_SIZES).toContain(size);
    }
    expect(rowsToFetch(50)).toBe(51);
  });

  it('refuses a page size the engine never asks for', () => {
    for (const limit of [0, -1, 1.5, MAX_LIMIT + 1, Number.NaN])
      expect(() => rowsToFetch(limit), String(limit)).toThrow(/out of range/);
  });
});

describe('listPage', () => {
  let app: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    user = await signUp(app);
    for (let i = 1; i <= 7; i += 1) {
      const created = await user.post('/api/note/create', { board: user.boardId, params: { title: `page note ${i}` } });
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(() => app.close());

  it('pages by a size between two fetch sizes exactly (3, 3, 1), though it reads up to 6 rows at a time', async () => {
    const titles: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const response = await user.post('/api/note/all', {
        board: user.boardId,
        params: { limit: 3, ...(cursor ? { cursor } : {}) },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ notes: { title: string }[]; next_cursor?: string }>();
      sizes.push(body.notes.length);
      titles.push(...body.notes.map((note) => note.title));
      cursor = body.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(titles).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `page note ${i}`));
  });

  it('writes the rows a page reads into the statement as a literal, never as a parameter', async () => {
    const { db } = await testDatabase();
    const owner = { userId: user.id, boardId: user.boardId };
    for (const query of [{ limit: 50 }, { limit: 3, search: 'page' }, { limit: 3, search: '"page note"' }]) {
      const { sql: text } = listStatement(db, entryOf('note'), owner, query).statement.getQuery();
      expect(text).toContain(`limit ${rowsToFetch(query.limit)}) "page"`);
      expect(text).not.toMatch(/(limit|offset) \$/);
    }
  });

  it('prepares a list statement once and then runs its cached plan, never re-planning per call', async () => {
    const { db, kind } = await testDatabase();
    const owner = { userId: user.id, boardId: user.boardId };
    // A limit no other test of this file uses; PostgreSQL's own rule switches to the cached plan after five runs.
    for (let i = 0; i < 12; i += 1) await listPage(db, entryOf('note'), owner, { limit: 19 });
    // On PostgreSQL, sequential calls reuse the same pooled connection (the pool's last idle one), whose statements these are.
    const result = await db.execute(
      sql`select generic_plans, custom_plans from pg_prepared_statements where statement like ${'%from "note"%limit 21) "page"'}`,
    );
    const rows = (result as { rows: { generic_plans: unknown; custom_plans: unknown }[] }).rows.map((row) => [
      row.generic_plans,
      row.custom_plans,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    const [generic, custom] = rows[0].map(Number);
    expect(generic + custom).toBeGreaterThanOrEqual(12);
    // On a shared PostgreSQL the choice also weighs the statistics of every other test's rows (a board of
    // thousands makes this small board's custom plan look cheaper); the in-memory PGlite of this file has only these.
    if (kind === 'pglite') {
      expect(custom).toBeLessThanOrEqual(5);
      expect(generic).toBeGreaterThanOrEqual(7);
    }
  });
});
