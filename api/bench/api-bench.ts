/**
 * `pnpm --filter @lifeboard/api bench`: autocannon on loopback against the real app, signed in, on a board of
 * 100,000 notes and one of 1,000; on PGlite (a temporary folder) and, when DATABASE_URL is set, on
 * PostgreSQL. The app runs in its own process (bench-server.ts) so it and autocannon each have a core.
 * It prints numbers and never fails: a case that breaks prints its error and the run goes on.
 * BENCH_PARTS picks parts (comma-separated; every part by default): `api` is the above, `reminders` the delivery of
 * 10,000 reminders (reminders-bench.ts); the frontend bench (bench/src/main.ts) reads the same variable.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BENCH_PASSWORD, BIG, SMALL, type ServerReady } from './bench-client';
import { openLoop } from './open-loop';
import { benchReminders } from './reminders-bench';
import { printComparison, printScaling, printTable, type Row, type Target } from './report';
import { FIXED_MATCHES_WORD, SEARCH_WORD } from './seed-notes';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;
const WARMUP_S = 1;
const big = BIG.toLocaleString('en');
const small = SMALL.toLocaleString('en');

interface Case {
  name: string;
  path: string;
  body?: unknown;
  /** A fresh body per request (ids to read, records to create). */
  nextBody?: () => unknown;
  method?: 'GET' | 'POST';
  connections?: number;
  auth?: boolean;
  target?: Target;
  /** Requests a second, sent open-loop (evenly spaced, see open-loop.ts) instead of by autocannon. */
  openRate?: number;
}

async function measure(database: string, baseUrl: string, token: string, item: Case): Promise<Row> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  if (item.auth !== false) headers.authorization = `Bearer ${token}`;
  try {
    if (item.openRate) {
      const body = item.body === undefined ? undefined : JSON.stringify(item.body);
      const init = { method: item.method ?? 'POST', headers, body };
      await openLoop(`${baseUrl}${item.path}`, init, item.openRate, WARMUP_S);
      const result = await openLoop(`${baseUrl}${item.path}`, init, item.openRate, DURATION_S * 2);
      return { database, name: item.name, ...result, target: item.target };
    }
    const run = (duration: number) =>
      autocannon({
        url: `${baseUrl}${item.path}`,
        method: item.method ?? 'POST',
        connections: item.connections ?? CONNECTIONS,
        duration,
        headers,
        body: item.body === undefined ? undefined : JSON.stringify(item.body),
        requests: item.nextBody
          ? [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(item.nextBody?.()) }) }]
          : undefined,
      });
    // Unrecorded warm-up: the JIT, the prepared statements of every pooled connection and the page cache are
    // ready before the clock starts, so the first case of a kind is not penalised against the next.
    await run(WARMUP_S);
    const result = await run(DURATION_S);
    return {
      database,
      name: item.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      target: item.target,
    };
  } catch (error) {
    return { database, name: item.name, rps: 0, p50: 0, p99: 0, errors: 1, target: item.target, note: String(error) };
  }
}

/** The targets (2 cores, 10 connections); PostgreSQL is held to the same numbers. */
const TARGETS = {
  list: { rps: 1_000, p99: 25 },
  get: { rps: 2_000 },
  create: { rps: 1_000 },
  signIn: { p99: 100 },
} satisfies Record<string, Target>;

const LIST_BIG = `note/all page of 50 (${big} notes)`;
const LIST_SMALL = `note/all page of 50 (${small} notes)`;
const SEARCH_BIG = `note/all search "${SEARCH_WORD}" (${big})`;
const SEARCH_SMALL = `note/all search "${SEARCH_WORD}" (${small})`;
const FIXED_BIG = `note/all search "${FIXED_MATCHES_WORD}", 60 matches (${big})`;
const FIXED_SMALL = `note/all search "${FIXED_MATCHES_WORD}", 60 matches (${small})`;
const GET_BIG = `note/get (${big})`;
const GET_SMALL = `note/get (${small})`;

function cases(ready: ServerReady): Case[] {
  const { bigBoard, smallBoard, email } = ready.account;
  const cycle = (ids: number[]) => {
    let next = 0;
    return () => ids[(next = (next + 1) % ids.length)];
  };
  const anyBigId = cycle(ready.bigIds);
  const anySmallId = cycle(ready.smallIds);
  let created = 0;
  return [
    { name: 'app GET /api/health', path: '/api/health', method: 'GET', auth: false },
    { name: LIST_BIG, path: '/api/note/all', body: { board: bigBoard, params: { limit: 50 } }, target: TARGETS.list },
    {
      name: LIST_SMALL,
      path: '/api/note/all',
      body: { board: smallBoard, params: { limit: 50 } },
      target: TARGETS.list,
    },
    {
      name: `note/all middle page by cursor (${big})`,
      path: '/api/note/all',
      body: { board: bigBoard, params: { limit: 50, cursor: ready.deepCursor } },
      target: TARGETS.list,
    },
    { name: SEARCH_BIG, path: '/api/note/all', body: { board: bigBoard, params: { limit: 50, search: SEARCH_WORD } } },
    {
      name: SEARCH_SMALL,
      path: '/api/note/all',
      body: { board: smallBoard, params: { limit: 50, search: SEARCH_WORD } },
    },
    {
      name: FIXED_BIG,
      path: '/api/note/all',
      body: { board: bigBoard, params: { limit: 50, search: FIXED_MATCHES_WORD } },
    },
    {
      name: FIXED_SMALL,
      path: '/api/note/all',
      body: { board: smallBoard, params: { limit: 50, search: FIXED_MATCHES_WORD } },
    },
    {
      name: GET_BIG,
      path: '/api/note/get',
      nextBody: () => ({ board: bigBoard, params: { id: anyBigId() } }),
      target: TARGETS.get,
    },
    {
      name: GET_SMALL,
      path: '/api/note/get',
      nextBody: () => ({ board: smallBoard, params: { id: anySmallId() } }),
      target: TARGETS.get,
    },
    {
      name: 'note/create',
      path: '/api/note/create',
      target: TARGETS.create,
      nextBody: () => ({
        board: smallBoard,
        params: { title: `Bench ${(created += 1)}`, body: '<p>Made by the <strong>benchmark</strong>.</p>' },
      }),
    },
    {
      name: 'sign-in at 20/s (argon2id, open loop)',
      path: '/api/login',
      auth: false,
      openRate: 20,
      body: { email, password: BENCH_PASSWORD },
      target: TARGETS.signIn,
    },
  ];
}

/** Starts bench-server.ts and waits for its READY line (seeding 100,000 notes takes a few seconds). */
function startServer(database: 'pglite' | 'postgres'): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const script = fileURLToPath(new URL('./bench-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, BENCH_DB: database },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, ready: JSON.parse(line.slice(6)) as ServerReady });
    });
    child.once('exit', (code) =>
      reject(new Error(`bench server (${database}) exited with ${code} before it was ready`)),
    );
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

async function benchDatabase(database: 'pglite' | 'postgres', withBaseline: boolean): Promise<Row[]> {
  const { child, ready } = await startServer(database);
  try {
    console.log(`  ${ready.database}: seeded ${big} + ${small} notes in ${ready.seedSeconds.toFixed(1)} s`);
    const rows: Row[] = [];
    const all = [
      ...(withBaseline
        ? [{ name: 'bare Fastify route (baseline)', path: '/bare', body: {}, auth: false, base: ready.bareUrl }]
        : []),
      ...cases(ready),
    ];
    // BENCH_CASES: only the cases whose name contains one of these (separated by ;).
    const only = process.env.BENCH_CASES?.split(';');
    for (const item of all.filter((c) => !only || only.some((part) => c.name.includes(part)))) {
      const row = await measure(
        item.path === '/bare' ? '-' : ready.database,
        'base' in item ? item.base : ready.url,
        ready.account.token,
        item,
      );
      console.log(
        `  ${row.database}: ${row.name}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.errors} errors`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await stopServer(child);
  }
}

const parts = new Set((process.env.BENCH_PARTS ?? 'api,reminders').split(',').map((part) => part.trim()));

async function main(): Promise<void> {
  if (parts.has('api')) await benchApi();
  if (parts.has('reminders')) await benchReminders();
}

async function benchApi(): Promise<void> {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(
    `Lifeboard API benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per case, loopback; load average before: ${load}\n`,
  );
  const rows: Row[] = [];
  const targets: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const [index, database] of targets.entries()) {
    try {
      rows.push(...(await benchDatabase(database, index === 0)));
    } catch (error) {
      console.log(`  ${database} run failed: ${String(error)}`);
    }
  }
  if (!process.env.DATABASE_URL) console.log('  (DATABASE_URL not set: PostgreSQL skipped)');
  printTable(rows);
  printScaling(rows, [
    [LIST_BIG, LIST_SMALL],
    [SEARCH_BIG, SEARCH_SMALL],
    [FIXED_BIG, FIXED_SMALL],
    [GET_BIG, GET_SMALL],
  ]);
  printComparison(rows);
  console.log(
    `\nload average before: ${load}; after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} (1, 5, 15 min; ${cpus().length} cores; other work on the machine lowers these numbers)`,
  );
}

// Prints numbers, never fails: even a crash of the runner itself is reported and exits 0.
await main().catch((error: unknown) => console.log(`benchmark run failed: ${String(error)}`));
