/**
 * `tsx bench/hot-path-breakdown.ts` (BENCH_DB=postgres with DATABASE_URL for PostgreSQL): where a request's
 * time goes, layer by layer, in one process without HTTP: a trivial statement, the engine's list/get
 * statements alone, and the whole route through `app.inject`. It prints wall and CPU microseconds per
 * call; CPU time is the steadier number on a busy shared machine.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { noteTable } from '../src/db/model-tables';
import { defaultEnv } from '../src/env';
import { findRow, listPage } from '../src/models/fast-store';
import { entryOf } from '../src/models/registry';
import { BENCH_PASSWORD, BIG } from './bench-client';
import { FIXED_MATCHES_WORD, SEARCH_WORD, seedNotes } from './seed-notes';

const ROUNDS = Number(process.env.ROUNDS ?? 500);

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 50; i += 1) await run();
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i += 1) await run();
  const used = process.cpuUsage(cpu);
  const wall = Number(process.hrtime.bigint() - started) / 1000 / ROUNDS;
  console.log(
    `${label.padEnd(40)} wall ${wall.toFixed(0).padStart(6)} µs   cpu ${((used.user + used.system) / ROUNDS).toFixed(0).padStart(6)} µs`,
  );
}

const usePostgres = process.env.BENCH_DB === 'postgres';
const database = await openDatabase({
  databaseUrl: usePostgres ? process.env.DATABASE_URL : undefined,
  pgliteDir: 'memory://',
});
await database.migrate();
const app = await buildApp({ db: database.db, env: defaultEnv() });
await app.ready();
const registered = await app.inject({
  method: 'POST',
  url: '/api/register',
  payload: { name: 'Bench', email: `hp-${Date.now()}@bench.local`, password: BENCH_PASSWORD },
});
const { token, user } = registered.json<{ token: string; user: { id: number; default_board_id: number } }>();
const owner = { userId: user.id, boardId: user.default_board_id };
await seedNotes(database.db, owner.userId, owner.boardId, Number(process.env.NOTES ?? BIG));
const entry = entryOf('note');
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const { rows } = await listPage(database.db, entry, owner, { limit: 50 });
const ids = rows.map((row) => row.id);
let n = 0;
const nextId = () => ids[(n += 1) % ids.length];
const one = database.db
  .select({ n: sql<number>`${sql.placeholder('n')}::int` })
  .from(sql`(select 1) one`)
  .prepare('bench_one');

console.log(`${database.kind}, ${ROUNDS} rounds per line, board of ${process.env.NOTES ?? BIG} notes`);
await time('select $1 (named prepared query)', () => one.execute({ n: 1 }));
await time('select 1 (drizzle execute, unnamed)', () => database.db.execute(sql`select 1`));
await time('listPage, 50 rows', () => listPage(database.db, entry, owner, { limit: 50 }));
// The same page and get as plain columns (each field of each row its own value, mapped by Drizzle), named and
// unnamed: what the one-value page and the named statements save (bench/README.md).
const columns = {
  id: noteTable.id,
  boardId: noteTable.boardId,
  createdAt: noteTable.createdAt,
  updatedAt: noteTable.updatedAt,
  position: noteTable.position,
  sortAt: noteTable.sortAt,
  data: noteTable.data,
};
const ownedBy = and(eq(noteTable.userId, sql.placeholder('user')), eq(noteTable.boardId, sql.placeholder('board')));
const pageQuery = database.db
  .select(columns)
  .from(noteTable)
  .where(ownedBy)
  .orderBy(desc(noteTable.sortAt), desc(noteTable.id))
  .limit(51);
const getQuery = database.db
  .select(columns)
  .from(noteTable)
  .where(and(eq(noteTable.id, sql.placeholder('id')), ownedBy));
const drizzlePage = pageQuery.prepare('bench_page');
const drizzleGet = getQuery.prepare('bench_get');
await time('the same page as columns, named', () => drizzlePage.execute({ user: owner.userId, board: owner.boardId }));
await time('the same page as columns, unnamed', () => pageQuery.execute({ user: owner.userId, board: owner.boardId }));
await time(`listPage, search "${SEARCH_WORD}"`, () =>
  listPage(database.db, entry, owner, { limit: 50, search: SEARCH_WORD }),
);
// The same words quoted are not plain words, so they go through the GIN index instead of the term table: what the
// term table saves (bench/README.md, Term table).
await time('  the same by the GIN index (quoted)', () =>
  listPage(database.db, entry, owner, { limit: 50, search: `"${SEARCH_WORD}"` }),
);
await time(`listPage, search "${FIXED_MATCHES_WORD}"`, () =>
  listPage(database.db, entry, owner, { limit: 50, search: FIXED_MATCHES_WORD }),
);
await time('  the same by the GIN index (quoted)', () =>
  listPage(database.db, entry, owner, { limit: 50, search: `"${FIXED_MATCHES_WORD}"` }),
);
await time('findRow', () => findRow(database.db, entry, owner, nextId()));
await time('the same get as columns, named', () =>
  drizzleGet.execute({ id: nextId(), user: owner.userId, board: owner.boardId }),
);
await time('the same get as columns, unnamed', () =>
  getQuery.execute({ id: nextId(), user: owner.userId, board: owner.boardId }),
);
await time('inject GET /api/health', () => app.inject({ method: 'GET', url: '/api/health' }));
await time('inject note/all', () =>
  app.inject({
    method: 'POST',
    url: '/api/note/all',
    headers,
    payload: JSON.stringify({ board: owner.boardId, params: { limit: 50 } }),
  }),
);
await time('inject note/get', () =>
  app.inject({
    method: 'POST',
    url: '/api/note/get',
    headers,
    payload: JSON.stringify({ board: owner.boardId, params: { id: nextId() } }),
  }),
);
await time('inject note/create', () =>
  app.inject({
    method: 'POST',
    url: '/api/note/create',
    headers,
    payload: JSON.stringify({
      board: owner.boardId,
      params: { title: `x ${(n += 1)}`, body: '<p>Made by the <strong>benchmark</strong>.</p>' },
    }),
  }),
);
await app.close();
await database.close();
