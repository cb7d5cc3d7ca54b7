import { modelNames, models } from '@lifeboard/shared/models';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../test/helpers';
import { explain } from '../../test/explain';
import { listStatement } from './fast-store';
import { entryOf } from './registry';
import fc from 'fast-check';
import { isPlainWordSearch, keepsSearchTerms, termPlan } from './search-terms';

let app: FastifyInstance;
let alice: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  alice = await signUp(app);
});
afterAll(() => app.close());

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

async function termCount(where: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf(await app.db.execute(sql`select count(*)::int as n from search_terms where ${where}`));
  return Number(row.n);
}

async function newBoard(): Promise<number> {
  return (await alice.post('/api/board/create', { name: 'terms' })).json().board.id;
}

async function ids(
  board: number,
  model: string,
  params: Record<string, unknown>,
): Promise<{ ids: number[]; cursor?: string }> {
  const response = await alice.post(`/api/${model}/all`, { board, params });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return {
    ids: body[models[model as keyof typeof models].state].map((record: { id: number }) => record.id),
    cursor: body.next_cursor,
  };
}

/** Every page of a search, following the cursor. */
async function allPages(board: number, model: string, params: Record<string, unknown>): Promise<number[]> {
  const found: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await ids(board, model, { ...params, limit: 2, ...(cursor ? { cursor } : {}) });
    found.push(...page.ids);
    cursor = page.cursor;
  } while (cursor);
  return found;
}

describe('which searches use the term table', () => {
  it('takes plain words, never the operators of websearch_to_tsquery', () => {
    for (const search of ['needle', 'red apple', '  Ünïcödé  wörds ', 'abc123 2026'])
      expect(isPlainWordSearch(search), search).toBe(true);
    for (const search of ['"red apple"', 'red -apple', 'red or apple', 'red OR apple', 'e-mail', "don't", 'a.b', ''])
      expect(isPlainWordSearch(search), search).toBe(false);
  });

  it("knows the lexeme of an ASCII word as the database's parser makes it, and walks the longest", async () => {
    expect(termPlan('Red  apple RED')).toEqual({ driver: 'apple', single: false });
    expect(termPlan('Needle')).toEqual({ driver: 'needle', single: true });
    // The database makes these lexemes: a word that is not ASCII, and digits then letters (`8e6x0` is two tokens).
    for (const search of ['café au lait', '8e6x0O0T8', '1e5', '0x1F', '3rd'])
      expect(termPlan(search), search).toEqual({ driver: null, single: false });
    // Fixed seeds: the same words on every run (a sweep of 23,000 random ones found no other split).
    const words = [
      ...fc.sample(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,23}$/), { numRuns: 300, seed: 20261124 }),
      ...fc.sample(fc.stringMatching(/^[0-9]{1,30}$/), { numRuns: 100, seed: 20261124 }),
    ];
    for (const word of ['2026', 'ABC', 'a1b2', 'e', 'e5', 'E10', '007', 'x' + '9'.repeat(99), ...words]) {
      const [row] = rowsOf(
        await app.db.execute(sql`select tsvector_to_array(to_tsvector('simple', ${word})) as lexemes,
        websearch_to_tsquery('simple', ${word})::text as query`),
      );
      expect(row.lexemes, word).toEqual([termPlan(word).driver]);
      expect(row.query, word).toBe(`'${termPlan(word).driver}'`);
    }
  });

  it('has a trigger keeping the rows of exactly the newest-first models with searchable fields', async () => {
    const rows = rowsOf(
      await app.db.execute(
        sql`select tgname as name from pg_trigger where tgname like '%_search_terms' and not tgisinternal`,
      ),
    );
    const expected = modelNames.filter((name) => keepsSearchTerms(models[name])).map((name) => `${name}_search_terms`);
    expect(rows.map((row) => row.name).sort()).toEqual(expected.sort());
    expect(expected).toContain('note_search_terms');
    expect(expected).not.toContain('habit_search_terms'); // ordered by position: searched through GIN
  });
});

describe('a search through the term table', () => {
  it('answers what the GIN index answers, in the same order and pages, also over a date range', async () => {
    const board = await newBoard();
    const bodies = [
      'red apple pie',
      'green apple',
      'red wine',
      'apple red juice',
      'red',
      'APPLE Red tart',
      'Café crème',
      'café red',
    ];
    for (const [i, body] of bodies.entries()) {
      const created = await alice.post('/api/journal_entry/create', {
        board,
        params: { title: `Day ${i}`, body: `<p>${body}</p>`, date: `2026-03-0${(i % 5) + 1}` },
      });
      expect(created.statusCode).toBe(201);
    }
    // A quoted word is a phrase of one word: the same matches, found through the GIN index.
    for (const [plain, throughGin] of [
      ['red apple', '"red" "apple"'],
      ['apple', '"apple"'],
      ['Red', '"red"'],
      ['pie', '"pie"'],
      ['absent', '"absent"'],
      ['café', '"café"'],
      ['CAFÉ red', '"café" "red"'],
    ]) {
      expect(isPlainWordSearch(throughGin)).toBe(false);
      const viaTerms = await allPages(board, 'journal_entry', { search: plain });
      expect(viaTerms, plain).toEqual(await allPages(board, 'journal_entry', { search: throughGin }));
      const ranged = { search: plain, from: '2026-03-02', to: '2026-03-04' };
      expect(await allPages(board, 'journal_entry', ranged), `${plain} in a range`).toEqual(
        await allPages(board, 'journal_entry', { ...ranged, search: throughGin }),
      );
    }
    expect((await allPages(board, 'journal_entry', { search: 'red apple' })).length).toBe(3);
    expect((await allPages(board, 'journal_entry', { search: 'café' })).length).toBe(2);
  });

  it('follows every write: new words, removed words, a new date, a deleted record and a deleted board', async () => {
    const board = await newBoard();
    const created = (
      await alice.post('/api/journal_entry/create', {
        board,
        params: { title: 'Trip', body: '<p>lighthouse by the sea</p>', date: '2026-01-10' },
      })
    ).json().journal_entry;
    const other = (
      await alice.post('/api/journal_entry/create', {
        board,
        params: { title: 'Walk', body: '<p>sea breeze</p>', date: '2026-01-12' },
      })
    ).json().journal_entry;
    expect((await ids(board, 'journal_entry', { search: 'lighthouse' })).ids).toEqual([created.id]);
    expect(await termCount(sql`record_id = ${created.id} and model = 'journal_entry'`)).toBe(5); // trip, lighthouse, by, the, sea

    // An autosave that changes one word rewrites that word's rows only.
    const edited = await alice.post('/api/journal_entry/update', {
      board,
      params: { id: created.id, body: '<p>harbour by the sea</p>' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await ids(board, 'journal_entry', { search: 'lighthouse' })).ids).toEqual([]);
    expect((await ids(board, 'journal_entry', { search: 'harbour sea' })).ids).toEqual([created.id]);
    expect(await termCount(sql`record_id = ${created.id} and model = 'journal_entry'`)).toBe(5);

    // A new date moves the record in the order, and its rows with it.
    expect((await ids(board, 'journal_entry', { search: 'sea' })).ids).toEqual([other.id, created.id]);
    await alice.post('/api/journal_entry/update', { board, params: { id: created.id, date: '2026-01-20' } });
    expect((await ids(board, 'journal_entry', { search: 'sea' })).ids).toEqual([created.id, other.id]);
    expect(
      await termCount(sql`record_id = ${created.id} and model = 'journal_entry' and sort_at <> '2026-01-20T00:00:00Z'`),
    ).toBe(0);

    await alice.post('/api/journal_entry/delete', { board, params: { id: created.id } });
    expect((await ids(board, 'journal_entry', { search: 'sea' })).ids).toEqual([other.id]);
    expect(await termCount(sql`record_id = ${created.id} and model = 'journal_entry'`)).toBe(0);

    expect(await termCount(sql`board_id = ${board}`)).toBeGreaterThan(0);
    expect((await alice.post('/api/board/delete', { id: board })).json()).toEqual({ success: true });
    expect(await termCount(sql`board_id = ${board}`)).toBe(0);
  });
});

describe('the plan of a term walk', () => {
  it('fetches each record by its key, also on a table the database has no statistics of (PGlite never analyzes)', async () => {
    const board = await newBoard();
    await app.db
      .execute(sql`insert into journal_entry (user_id, board_id, created_at, updated_at, position, sort_at, data)
      select ${alice.id}, ${board}, now(), now(), 0, now() - make_interval(days => g),
        jsonb_build_object('date', '2026-01-01', 'title', 'Day ' || g, 'body', '<p>one two three' || case when g % 50 = 0 then ' needle' else '' end || '</p>')
      from generate_series(1, 3000) g`);
    const { statement, values } = listStatement(
      app.db,
      entryOf('journal_entry'),
      { userId: alice.id, boardId: board },
      { limit: 50, search: 'needle' },
    );
    const plan = (await explain(app.db, statement, values, 'costs off')).join('\n');
    expect(plan).toContain('search_terms_pkey');
    expect(plan).toContain('journal_entry_pkey');
    expect(plan).not.toContain('Bitmap');
    expect(await statement.execute(values)).toHaveLength(51);
  });
});
