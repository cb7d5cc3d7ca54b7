/**
 * The `api` part: autocannon on loopback against the built API (api-process.ts), signed in, on a board of BENCH_NOTES
 * notes (100,000 by default) and one of 1,000; on PGlite and, when DATABASE_URL is set, on PostgreSQL. The API and
 * autocannon run in two processes, a core each. BENCH_DURATION seconds a case; BENCH_CASES='a;b' only the cases
 * whose name contains one of those.
 */
import autocannon from 'autocannon';
import { cpus, loadavg } from 'node:os';
import { describeTarget, ms, table, type Target } from '../report';
import { startApi, type Api, type Query } from './api-process';
import { BENCH_PASSWORD, signUp, type BenchUser } from './client';
import { openLoop } from './open-loop';
import { FIXED_MATCHES_WORD, SEARCH_WORD, seedNotesSql } from '../../../api/test/seed-notes';

const BIG = Number(process.env.BENCH_NOTES ?? 100_000);
const SMALL = 1_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;
const WARMUP_S = 1;

/** `count` notes on one board, by SQL (api/test/seed-notes.ts). */
export async function seedNotes(query: Query, userId: number, boardId: number, count: number): Promise<void> {
  await query(seedNotesSql(userId, boardId, count));
  await query('analyze note');
}

interface Case {
  name: string;
  path: string;
  /** A body, or a fresh one per request (ids to read, records to create). */
  body?: unknown;
  nextBody?: () => unknown;
  method?: 'GET' | 'POST';
  auth?: boolean;
  target?: { rps?: number; p99?: number };
  /** Requests a second, sent open-loop (open-loop.ts) instead of by autocannon, each from an address of its own. */
  openRate?: number;
}

interface Row {
  database: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  note?: string;
  target?: Case['target'];
}

/** Held to the same numbers on PostgreSQL (2 cores, 10 connections). */
const LIST = { rps: 1_000, p99: 25 };
const big = BIG.toLocaleString('en');
const small = SMALL.toLocaleString('en');

function cases(user: BenchUser, smallBoard: number, ids: { big: number[]; small: number[] }, deepCursor: string) {
  const cycle = (list: number[]) => {
    let next = 0;
    return () => list[(next = (next + 1) % list.length)];
  };
  const anyBig = cycle(ids.big);
  const anySmall = cycle(ids.small);
  let created = 0;
  const all: Case[] = [{ name: 'GET /api/health', path: '/api/health', method: 'GET', auth: false }];
  for (const [board, size] of [
    [user.board, big],
    [smallBoard, small],
  ] as const) {
    all.push(
      {
        name: `note/all page of 50 (${size})`,
        path: '/api/note/all',
        body: { board, params: { limit: 50 } },
        target: LIST,
      },
      ...[SEARCH_WORD, FIXED_MATCHES_WORD].map((search) => ({
        name: `note/all search "${search}" (${size})`,
        path: '/api/note/all',
        body: { board, params: { limit: 50, search } },
      })),
      {
        name: `note/get (${size})`,
        path: '/api/note/get',
        nextBody: () => ({ board, params: { id: board === user.board ? anyBig() : anySmall() } }),
        target: { rps: 2_000 },
      },
    );
  }
  all.push(
    {
      name: `note/all middle page by cursor (${big})`,
      path: '/api/note/all',
      body: { board: user.board, params: { limit: 50, cursor: deepCursor } },
      target: LIST,
    },
    {
      name: 'note/create',
      path: '/api/note/create',
      target: { rps: 1_000 },
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
      body: { email: user.email, password: BENCH_PASSWORD },
      target: { p99: 100 },
    },
  );
  return all;
}

async function measure(api: Api, token: string, item: Case): Promise<Row> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  if (item.auth !== false) headers.authorization = `Bearer ${token}`;
  const url = `${api.url}${item.path}`;
  const body = item.body === undefined ? undefined : JSON.stringify(item.body);
  const row = { database: api.database, name: item.name };
  try {
    if (item.openRate) {
      const init = (i: number) => ({
        method: item.method ?? 'POST',
        body,
        headers: { ...headers, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      });
      await openLoop(url, init, item.openRate, WARMUP_S);
      return { ...row, ...(await openLoop(url, (i) => init(i + 100_000), item.openRate, DURATION_S * 2)) };
    }
    const run = (duration: number) =>
      autocannon({
        url,
        method: item.method ?? 'POST',
        connections: CONNECTIONS,
        duration,
        headers,
        body,
        requests: item.nextBody
          ? [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(item.nextBody?.()) }) }]
          : undefined,
      });
    // Unrecorded warm-up: the JIT, each pooled connection's prepared statements and the page cache are ready first.
    await run(WARMUP_S);
    const result = await run(DURATION_S);
    const errors = result.errors + result.timeouts + result.non2xx;
    const note = result.requests.average ? undefined : 'no answer within the run';
    const answered = { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
    return { ...row, ...answered, errors: note ? errors + 1 : errors, note };
  } catch (error) {
    return { ...row, rps: 0, p50: 0, p99: 0, errors: 1, note: String(error) };
  }
}

/** The API seeded with the two boards, the ids to read and a cursor to the big board's middle. */
async function seeded(api: Api) {
  const started = Date.now();
  const user = await signUp(api.url, 'bench');
  const smallBoard = (await user.post<{ board: { id: number } }>('/api/board/create', { name: 'Small board' })).board
    .id;
  const ids = await api.seed(async (query) => {
    await seedNotes(query, user.userId, user.board, BIG);
    await seedNotes(query, user.userId, smallBoard, SMALL);
    const idsOf = async (board: number) =>
      (await query('select id from note where board_id = $1 order by random() limit 1000', [board])).map((r) =>
        Number(r.id),
      );
    return { big: await idsOf(user.board), small: await idsOf(smallBoard) };
  });
  // The middle of the big board, paged to as a person scrolling would (cursors are the API's own).
  let cursor = '';
  for (let seen = 0; seen < BIG / 2; seen += 100) {
    const page = await user.post<{ next_cursor?: string }>('/api/note/all', {
      board: user.board,
      params: { limit: 100, ...(cursor ? { cursor } : {}) },
    });
    cursor = String(page.next_cursor ?? cursor);
  }
  return { user, smallBoard, ids, cursor, seconds: (Date.now() - started) / 1000 };
}

async function benchDatabase(postgresUrl: string | undefined, log: (line: string) => void): Promise<Row[]> {
  const api = await startApi({ postgresUrl });
  try {
    const { user, smallBoard, ids, cursor, seconds } = await seeded(api);
    log(`  ${api.database}: seeded ${big} + ${small} notes in ${seconds.toFixed(1)} s`);
    const only = process.env.BENCH_CASES?.split(';');
    const rows: Row[] = [];
    for (const item of cases(user, smallBoard, ids, cursor)) {
      if (only && !only.some((part) => item.name.includes(part))) continue;
      const row = await measure(api, user.token, item);
      log(
        `  ${row.database}: ${row.name}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.errors} errors`,
      );
      rows.push({ ...row, target: item.target });
    }
    return rows;
  } finally {
    await api.stop();
  }
}

export async function measureNotes(targets: Target[], log: (line: string) => void): Promise<void> {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  log(`\nAPI over HTTP: ${CONNECTIONS} connections, ${DURATION_S} s a case, loopback; load average before: ${load()}`);
  const rows: Row[] = [];
  for (const postgresUrl of [undefined, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])]) {
    try {
      rows.push(...(await benchDatabase(postgresUrl, log)));
    } catch (error) {
      log(`  ${postgresUrl ? 'PostgreSQL' : 'PGlite'} run failed: ${String(error)}`);
    }
  }
  if (!process.env.DATABASE_URL) log('  (DATABASE_URL not set: PostgreSQL skipped)');
  const verdicts = rows.map((row) => {
    const held: Target[] = [];
    const label = `${row.database}: ${row.name}`;
    if (row.target?.rps)
      held.push({ label: `${label}, req/s`, value: row.rps, limit: row.target.rps, kind: 'min', format: String });
    if (row.target?.p99)
      held.push({ label: `${label}, p99`, value: row.p99, limit: row.target.p99, kind: 'max', format: ms });
    if (row.errors) held.push({ label: `${label}, errors`, value: row.errors, limit: 0, kind: 'max', format: String });
    targets.push(...held);
    return held.map(describeTarget).join('; ');
  });
  log(
    table([
      ['database · case', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'verdict'],
      ...rows.map((row, i) => [
        `${row.database} · ${row.name}`,
        Math.round(row.rps).toLocaleString('en'),
        String(row.p50),
        String(row.p99),
        String(row.errors),
        verdicts[i],
      ]),
    ]),
  );
  for (const row of rows) if (row.note) log(`  ${row.database} · ${row.name}: ${row.note}`);
  // A page of the big board costs at most 1.5× the same page of the small one; PostgreSQL is at least as fast as PGlite.
  // Not the search for SEARCH_WORD: it is in 1 note of 100, so the big board's answer holds more notes (a full page of
  // 50 at 5,000 notes, 10 at 1,000); FIXED_MATCHES_WORD's answer is the same on both boards.
  const sameAnswer = (row: { name: string }) => !row.name.includes(`"${SEARCH_WORD}"`);
  for (const bigRow of rows.filter((row) => row.name.endsWith(`(${big})`) && sameAnswer(row))) {
    const smallRow = rows.find(
      (row) => row.database === bigRow.database && row.name === bigRow.name.replace(`(${big})`, `(${small})`),
    );
    if (!smallRow || !bigRow.rps) continue;
    const target: Target = {
      label: `${bigRow.database}: ${bigRow.name} against ${small}, time per request`,
      value: smallRow.rps / bigRow.rps,
      limit: 1.5,
      kind: 'max',
      format: (v) => `${v.toFixed(2)}×`,
    };
    targets.push(target);
    log(`  ${target.label}: ${target.format(target.value)}, ${describeTarget(target)}`);
  }
  for (const postgres of rows.filter((row) => row.database === 'PostgreSQL' && row.target?.rps)) {
    const pglite = rows.find((row) => row.database === 'PGlite' && row.name === postgres.name);
    if (!pglite) continue;
    const target: Target = {
      label: `PostgreSQL against PGlite: ${postgres.name}, req/s`,
      value: postgres.rps,
      limit: Math.round(pglite.rps),
      kind: 'min',
      format: (v) => String(Math.round(v)),
    };
    targets.push(target);
    log(`  ${target.label}: ${target.format(target.value)}, ${describeTarget(target)}`);
  }
  log(`  load average before: see above; after: ${load()} (${cpus().length} cores; other work lowers these numbers)`);
}
