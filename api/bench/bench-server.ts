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
import { encodeCursor } from '../src/models/cursor';
import Fastify from 'fastify';
import { BENCH_PASSWORD, BIG, SMALL, createBenchAccount, type BenchAccount, type ServerReady } from './bench-client';
import { seedNotes } from './seed-notes';

/** Both drivers answer raw SQL with `{ rows }` (PGlite's Results, node-postgres' QueryResult). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  throw new Error('unexpected raw query result');
}

/** 1,000 random ids to read on each board, and the cursor of the middle of the big board (a page far from the top). */
async function probes(database: Database, account: BenchAccount) {
  const idsOf = async (board: number) =>
    rowsOf(
      await database.db.execute(sql`select id from note where board_id = ${board} order by random() limit 1000`),
    ).map((r) => Number(r.id));
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

async function serve(): Promise<void> {
  const usePostgres = process.env.BENCH_DB === 'postgres';
  const dir = usePostgres ? '' : mkdtempSync(path.join(tmpdir(), 'lifeboard-bench-'));
  const database = await openDatabase({
    databaseUrl: usePostgres ? process.env.DATABASE_URL : undefined,
    pgliteDir: dir || 'memory://',
  });
  await database.migrate();
  const app = await buildApp({
    db: database.db,
    env: defaultEnv(),
    logger: false,
    limits: {
      anonymousPerIpPerMinute: 1e9,
      loginPerIpPerMinute: 1e9,
      loginFailuresBeforeDelay: 1e9,
      signupPerIpPerMinute: 1e9,
      passwordEmailPerIpPerMinute: 1e9,
    },
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
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());

  const started = Date.now();
  const account = await createBenchAccount(url, BENCH_PASSWORD);
  await seedNotes(database.db, account.userId, account.bigBoard, BIG);
  await seedNotes(database.db, account.userId, account.smallBoard, SMALL);
  const seedSeconds = (Date.now() - started) / 1000;
  const found = await probes(database, account);
  const ready: ServerReady = {
    url,
    bareUrl,
    database: usePostgres ? 'PostgreSQL' : 'PGlite',
    seedSeconds,
    account,
    ...found,
  };
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
}

await serve();
