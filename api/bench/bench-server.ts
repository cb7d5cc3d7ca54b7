/**
 * The API under test, in its own process so that it and autocannon each get a core. Opens the database
 * (a temporary PGlite folder, or DATABASE_URL with BENCH_DB=postgres), seeds an account with 100,000 notes
 * on one board and 1,000 on another, listens on loopback and prints one `READY <json>` line for the runner.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { defaultEnv } from '../src/env';
import { COMPACT_ROW } from '../src/models/compact-row';
import { encodeCursor } from '../src/models/cursor';
import Fastify from 'fastify';
import { BENCH_PASSWORD, BIG, SMALL, createBenchAccount, type BenchAccount, type ServerReady } from './bench-client';
import { FIXED_MATCHES_WORD, SEARCH_WORD, seedNotes } from './seed-notes';

/** Both drivers answer raw SQL with `{ rows }` (PGlite's Results, node-postgres' QueryResult). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  throw new Error('unexpected raw query result');
}

/** 1,000 random ids to read on each board, and the cursor of the middle of the big board (a page far from the top). */
async function probes(database: Database, account: BenchAccount) {
  const idsOf = async (board: number) => rowsOf(await database.db.execute(sql`select id from note where board_id = ${board} order by random() limit 1000`))
    .map((r) => Number(r.id));
  const middle = await database.db.execute(
    sql`select id, sort_at from note where board_id = ${account.bigBoard} order by sort_at desc, id desc offset ${BIG / 2} limit 1`,
  );
  const [row] = rowsOf(middle);
  return {
    bigIds: await idsOf(account.bigBoard),
    smallIds: await idsOf(account.smallBoard),
    deepCursor: encodeCursor([new Date(String(row.sort_at)).toISOString(), Number(row.id)]),
  };
}

/** The plans of the hot statements, shaped as the engine sends them (fast-store.ts), so a slow case can be read without a profiler. */
async function explainHotQueries(database: Database, account: BenchAccount, middleId: number): Promise<string> {
  const page = (board: number, extra: ReturnType<typeof sql>) => sql`select string_agg(${sql.raw(COMPACT_ROW)}, E'\n' order by sort_at desc, id desc) from (
    select id, board_id, created_at, updated_at, position, sort_at, data from note
    where user_id = ${account.userId} and board_id = ${board} ${extra} order by sort_at desc, id desc limit 51) page`;
  const search = sql`and search @@ websearch_to_tsquery('simple', ${SEARCH_WORD})`;
  const fixedSearch = sql`and search @@ websearch_to_tsquery('simple', ${FIXED_MATCHES_WORD})`;
  const queries: [string, ReturnType<typeof sql>][] = [
    ['list, first page', page(account.bigBoard, sql``)],
    ['list, middle page', page(account.bigBoard, sql`and (sort_at, id) < ((select sort_at from note where id = ${middleId}), ${middleId})`)],
    [`search (${BIG.toLocaleString('en')})`, page(account.bigBoard, search)],
    [`search (${SMALL.toLocaleString('en')})`, page(account.smallBoard, search)],
    [`search, 60 matches (${BIG.toLocaleString('en')})`, page(account.bigBoard, fixedSearch)],
    [`search, 60 matches (${SMALL.toLocaleString('en')})`, page(account.smallBoard, fixedSearch)],
    ['get', sql`select ${sql.raw(COMPACT_ROW)} from note where id = ${middleId} and user_id = ${account.userId} and board_id = ${account.bigBoard}`],
  ];
  const out: string[] = [];
  for (const [label, query] of queries) {
    const plan = rowsOf(await database.db.execute(sql`explain (analyze, buffers) ${query}`)).map((row) => String(Object.values(row)[0]));
    out.push(`  ${database.kind} plan, ${label}:`, ...plan.map((line) => `    ${line}`));
  }
  return out.join('\n');
}

async function serve(): Promise<void> {
  const usePostgres = process.env.BENCH_DB === 'postgres';
  const dir = usePostgres ? '' : mkdtempSync(path.join(tmpdir(), 'lifeboard-bench-'));
  const database = await openDatabase({ databaseUrl: usePostgres ? process.env.DATABASE_URL : undefined, pgliteDir: dir || 'memory://' });
  await database.migrate();
  const app = await buildApp({
    db: database.db, env: defaultEnv(), logger: false,
    limits: { loginPerIpPerMinute: 1e9, loginFailuresPerAccountPerMinute: 1e9, signupPerIpPerMinute: 1e9, passwordEmailPerIpPerMinute: 1e9 },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // The baseline: a Fastify with one route and nothing else, in the same process as the app.
  const bare = Fastify();
  bare.post('/bare', async () => ({ ok: true }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const stop = async () => {
    await bare.close();
    await app.close();
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  const started = Date.now();
  const account = await createBenchAccount(url, BENCH_PASSWORD);
  await seedNotes(database.db, account.userId, account.bigBoard, BIG);
  await seedNotes(database.db, account.userId, account.smallBoard, SMALL);
  const seedSeconds = (Date.now() - started) / 1000;
  const found = await probes(database, account);
  process.stderr.write(`${await explainHotQueries(database, account, found.bigIds[0])}\n`);
  const ready: ServerReady = { url, bareUrl, database: usePostgres ? 'PostgreSQL' : 'PGlite', seedSeconds, account, ...found };
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
}

await serve();
