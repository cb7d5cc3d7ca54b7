/**
 * Each piece of the data path on and off, per call, in one process (no HTTP): CPU and wall µs of a list page of 50
 * and a get, on PGlite (BENCH_DB unset) or PostgreSQL (BENCH_DB=postgres with DATABASE_URL).
 */
import { drizzle } from 'drizzle-orm/pglite';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app';
import { openDatabase, type Db } from '../src/db/client';
import { noteTable } from '../src/db/model-tables';
import { defaultEnv } from '../src/env';
import { findRow, listPage, pageColumns } from '../src/models/fast-store';
import { entryOf } from '../src/models/registry';
import { BENCH_PASSWORD } from './bench-client';
import { seedNotes } from './seed-notes';

const ROUNDS = Number(process.env.ROUNDS ?? 1000);
const NOTES = Number(process.env.NOTES ?? 5000);

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 100; i += 1) await run();
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i += 1) await run();
  const used = process.cpuUsage(cpu);
  const wall = Number(process.hrtime.bigint() - started) / 1000 / ROUNDS;
  console.log(
    `${label.padEnd(58)} wall ${wall.toFixed(0).padStart(6)} µs   cpu ${((used.user + used.system) / ROUNDS).toFixed(0).padStart(6)} µs`,
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
  payload: { name: 'Bench', email: `dp-${Date.now()}@bench.local`, password: BENCH_PASSWORD },
});
const { user } = registered.json<{ user: { id: number; default_board_id: number } }>();
const owner = { userId: user.id, boardId: user.default_board_id };
await seedNotes(database.db, owner.userId, owner.boardId, NOTES);
const entry = entryOf('note');
const { rows } = await listPage(database.db, entry, owner, { limit: 50 });
const ids = rows.map((row) => row.id);
let n = 0;
const nextId = () => ids[(n += 1) % ids.length];

// PGlite's own Drizzle driver over the same client: without the named-statement session.
const plain: Db =
  database.kind === 'pglite'
    ? drizzle({ client: (database.db as unknown as { session: { client: PGlite } }).session.client })
    : database.db;

const t = noteTable;
const columns = pageColumns(t);
const ownedBy = and(eq(t.userId, sql.placeholder('user')), eq(t.boardId, sql.placeholder('board')));
const values = () => ({ user: owner.userId, board: owner.boardId });
const pageOf = (db: Db, limit: unknown) =>
  db
    .select(columns)
    .from(t)
    .where(ownedBy)
    .orderBy(desc(t.sortAt), desc(t.id))
    .limit(limit as number);
const getOf = (db: Db) =>
  db
    .select(columns)
    .from(t)
    .where(and(eq(t.id, sql.placeholder('id')), ownedBy));
console.log(`${database.kind}, ${ROUNDS} rounds per line, board of ${NOTES} notes`);
const variants: [string, Db][] =
  database.kind === 'pglite'
    ? [
        ['session', database.db],
        ['no session', plain],
      ]
    : [['', database.db]];
if (!process.env.ONLY_INJECT) {
  await time('list: listPage', () => listPage(database.db, entry, owner, { limit: 50 }));
  for (const [label, db] of variants) {
    const tag = label ? `, ${label}` : '';
    const colLit = pageOf(db, sql.raw('51')).prepare(`dp_kl${tag.length}`);
    const colPh = pageOf(db, sql.placeholder('limit')).prepare(`dp_kp${tag.length}`);
    await time(`list: columns, named, literal LIMIT${tag}`, () => colLit.execute(values()));
    await time(`list: columns, named, LIMIT $n${tag}`, () => colPh.execute({ ...values(), limit: 51 }));
    await time(`list: columns, built each call, LIMIT $n${tag}`, () =>
      db
        .select(columns)
        .from(t)
        .where(and(eq(t.userId, owner.userId), eq(t.boardId, owner.boardId)))
        .orderBy(desc(t.sortAt), desc(t.id))
        .limit(51)
        .execute(),
    );
  }
  await time('get: findRow', () => findRow(database.db, entry, owner, nextId()));
  for (const [label, db] of variants) {
    const tag = label ? `, ${label}` : '';
    const kg = getOf(db).prepare(`dp_kg${tag.length}`);
    await time(`get: columns, named${tag}`, () => kg.execute({ id: nextId(), ...values() }));
    await time(`get: columns, built each call${tag}`, () =>
      db
        .select(columns)
        .from(t)
        .where(and(eq(t.id, nextId()), eq(t.userId, owner.userId), eq(t.boardId, owner.boardId)))
        .execute(),
    );
  }
}
const headers = {
  authorization: `Bearer ${registered.json<{ token: string }>().token}`,
  'content-type': 'application/json',
};
for (let round = 0; round < 2; round += 1) {
  await time('inject note/all (the whole route, no HTTP)', () =>
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
}
await app.close();
await database.close();
