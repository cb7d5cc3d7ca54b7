/**
 * The `production` part (issue 30 §7): on `pnpm production:up` (a throwaway copy on a free port), through nginx:
 * - list throughput with one API process behind nginx and with two (nginx reloaded with one upstream server, then
 *   both again), as a ratio;
 * - kill -9 of one API process while 8 writers create journal entries for 10 s: acknowledged writes that are not in
 *   the database afterwards (must be 0), failed requests (under 1 %), how long until the process is back (30 s);
 * - PostgreSQL restarted under load: each API process's readiness goes 503 and then 200 again, and no API process
 *   was restarted meanwhile.
 * BENCH_PRODUCTION_SECONDS sets each throughput run's length (10 s by default); BENCH_SKIP_BUILD=1 uses the builds.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { productionUp, type ProductionSite } from '../../e2e/support/production';
import type { Target } from './report';
import { describeTarget, ms, table } from './report';

const run = promisify(execFile);

const repoRoot = join(import.meta.dirname, '../..');
const seconds = Number(process.env.BENCH_PRODUCTION_SECONDS ?? 10);
const headers = (token: string) => ({
  'Content-Type': 'application/json',
  'X-Requested-With': 'XMLHttpRequest',
  Authorization: `Bearer ${token}`,
});

interface Account {
  token: string;
  board: number;
}

async function signUp(site: ProductionSite): Promise<Account> {
  const response = await fetch(`${site.url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({
      name: 'Bench',
      email: `bench-production-${Date.now()}@example.com`,
      password: 'bench production password',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  const boards = await fetch(`${site.url}/api/board/all`, { headers: headers(token) });
  const { boards: list } = (await boards.json()) as { boards: { id: number }[] };
  return { token, board: list[0].id };
}

/** One journal entry written through nginx: its id when the API acknowledged it, else null. */
async function write(site: ProductionSite, account: Account, title: string): Promise<number | null> {
  try {
    const response = await fetch(`${site.url}/api/journal_entry/create`, {
      method: 'POST',
      headers: headers(account.token),
      body: JSON.stringify({ board: account.board, params: { title, body: `<p>${title}</p>`, date: '2026-11-20' } }),
    });
    if (!response.ok) {
      await response.arrayBuffer();
      return null;
    }
    const answer = (await response.json()) as { journal_entry?: { id: number } };
    return answer.journal_entry?.id ?? null;
  } catch {
    return null;
  }
}

/** Requests a second of the journal list (a page of entries) with `concurrency` clients, and the failures. */
async function listThroughput(site: ProductionSite, account: Account, concurrency: number) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const client = async () => {
    while (Date.now() < until) {
      try {
        const response = await fetch(`${site.url}/api/journal_entry/all`, {
          method: 'POST',
          headers: headers(account.token),
          body: JSON.stringify({ board: account.board, params: {} }),
        });
        await response.arrayBuffer();
        if (response.ok) done += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return { perSecond: done / seconds, failed };
}

/** nginx with only the first API process (`one`), or both again: the file production:up wrote, reloaded. */
function upstreams(site: ProductionSite, one: boolean, original: string): void {
  const file = join(site.dir, 'nginx/lifeboard.conf');
  const [first] = site.config().ports.api;
  const text = one
    ? original.replace(/(server 127\.0\.0\.1:\d+[^;]*;)/g, (line) => (line.includes(`:${first} `) ? line : ''))
    : original;
  writeFileSync(file, text);
  execFileSync('/usr/sbin/nginx', [
    '-p',
    `${site.dir}/nginx/`,
    '-c',
    join(site.dir, 'nginx/nginx.conf'),
    '-s',
    'reload',
  ]);
}

function psql(site: ProductionSite, query: string): string {
  const { postgres } = site.config().ports;
  const args = [
    '-h',
    join(site.dir, 'postgres'),
    '-p',
    String(postgres),
    '-U',
    'postgres',
    '-d',
    'lifeboard',
    '-tAc',
    query,
  ];
  const command = ['/usr/lib/postgresql/15/bin/psql', ...args]
    .map((part) => `'${part.replace(/'/g, "'\\''")}'`)
    .join(' ');
  const asRoot = process.getuid?.() === 0;
  return execFileSync(asRoot ? 'su' : 'sh', asRoot ? ['postgres', '-s', '/bin/sh', '-c', command] : ['-c', command])
    .toString()
    .trim();
}

/** Runs pg_ctl without blocking this process: the readiness probes keep asking while PostgreSQL restarts. */
async function pgCtl(site: ProductionSite, action: string): Promise<void> {
  const data = join(site.dir, 'postgres');
  const { postgres } = site.config().ports;
  const command = `/usr/lib/postgresql/15/bin/pg_ctl -D '${data}' -o "-p ${postgres} -k ${data} -c listen_addresses=127.0.0.1" -l '${data}/server.log' -m fast -w ${action}`;
  if (process.getuid?.() === 0) await run('su', ['postgres', '-s', '/bin/sh', '-c', command]);
  else await run('sh', ['-c', command]);
}

async function ready(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(3_000) })).status;
  } catch {
    return 0;
  }
}

export async function measureProduction(targets: Target[], log: (line: string) => void): Promise<void> {
  log(`\nProduction topology (pnpm production:up: nginx, 2 API processes, a worker, PostgreSQL 15)`);
  const site = await productionUp(repoRoot, { build: process.env.BENCH_SKIP_BUILD !== '1' });
  const check = (target: Target) => {
    targets.push(target);
    return describeTarget(target);
  };
  try {
    const account = await signUp(site);
    for (let n = 0; n < 100; n += 1) await write(site, account, `Seed ${n}`);

    // 1. Throughput of the list, one process behind nginx, then two.
    const original = readFileSync(join(site.dir, 'nginx/lifeboard.conf'), 'utf8');
    upstreams(site, true, original);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const one = await listThroughput(site, account, 16);
    upstreams(site, false, original);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const two = await listThroughput(site, account, 16);
    const ratio = two.perSecond / one.perSecond;
    log(
      table([
        ['list (POST /api/journal_entry/all, 100 entries, 16 clients)', 'requests/s', 'failed'],
        ['one API process', one.perSecond.toFixed(0), String(one.failed)],
        ['two API processes', two.perSecond.toFixed(0), String(two.failed)],
        ['ratio two / one', ratio.toFixed(2), `load average ${loadavg()[0].toFixed(1)}, ${seconds} s each`],
      ]),
    );

    // 2. kill -9 of api-1 while 8 writers write for 10 s.
    const before = site.state().processes['api-1'];
    const acknowledged: number[] = [];
    let attempts = 0;
    let failures = 0;
    const until = Date.now() + 10_000;
    let killedAt = 0;
    const writer = async (index: number) => {
      for (let n = 0; Date.now() < until; n += 1) {
        attempts += 1;
        const id = await write(site, account, `Writer ${index} entry ${n}`);
        if (id === null) failures += 1;
        else acknowledged.push(id);
      }
    };
    const killer = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      killedAt = Date.now();
      process.kill(before.pid!, 'SIGKILL');
    })();
    await Promise.all([...Array.from({ length: 8 }, (_, index) => writer(index)), killer]);
    let backMs = Number.NaN;
    for (let waited = 0; waited < 60_000; waited += 200) {
      const now = site.state().processes['api-1'];
      if (now.pid && now.pid !== before.pid && (await ready(now.port!)) === 200) {
        backMs = Date.now() - killedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const found = Number(
      psql(site, `select count(*) from journal_entry where id in (${acknowledged.join(',') || '0'})`),
    );
    const lost = acknowledged.length - found;
    const failedShare = (failures / attempts) * 100;
    log(
      table([
        ['kill -9 of api-1 at 3 s, 8 writers for 10 s', 'measured', 'target'],
        ['writes acknowledged / attempted', `${acknowledged.length} / ${attempts}`, ''],
        [
          'acknowledged writes lost',
          String(lost),
          check({ label: 'acknowledged writes lost', value: lost, limit: 0, kind: 'max', format: String }),
        ],
        [
          'failed requests',
          `${failures} (${failedShare.toFixed(2)} %)`,
          check({
            label: 'failed writes during kill -9',
            value: failedShare,
            limit: 1,
            kind: 'max',
            format: (v) => `${v.toFixed(2)} %`,
          }),
        ],
        [
          'api-1 back (ready) after',
          ms(backMs),
          check({ label: 'killed API process back', value: backMs, limit: 30_000, kind: 'max', format: ms }),
        ],
      ]),
    );

    // 3. PostgreSQL restarted under load: readiness 503 then 200 on each API process, no restart.
    const pids = Object.fromEntries(Object.entries(site.state().processes).map(([name, entry]) => [name, entry.pid]));
    const apiPorts = site.config().ports.api;
    const seen: number[][] = apiPorts.map(() => []);
    let loading = true;
    // Four clients listing and writing through nginx all along (their failures are expected while it is away).
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading) {
          await fetch(`${site.url}/api/journal_entry/all`, {
            method: 'POST',
            headers: headers(account.token),
            body: JSON.stringify({ board: account.board, params: {} }),
          })
            .then((response) => response.arrayBuffer())
            .catch(() => undefined);
          await write(site, account, 'during the restart');
        }
      }),
    );
    const probes = apiPorts.map(async (port, index) => {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const status = await ready(port);
        if (seen[index].at(-1) !== status) seen[index].push(status);
        if (seen[index].includes(503) && status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const restartedAt = Date.now();
    await pgCtl(site, 'restart');
    const pgBackMs = Date.now() - restartedAt;
    await Promise.all(probes);
    loading = false;
    await load;
    const after = site.state().processes;
    const restarted = Object.keys(pids).filter((name) => name !== 'maildev' && after[name].pid !== pids[name]);
    const sequence = seen.map((statuses) =>
      statuses.map((status) => (status === 0 ? 'no answer' : status)).join(' → '),
    );
    log(
      table([
        ['PostgreSQL restarted under load', 'measured'],
        ['pg_ctl restart took', ms(pgBackMs)],
        ...sequence.map((text, index) => [`api-${index + 1} readiness`, text]),
        ['API processes restarted meanwhile', restarted.length ? restarted.join(', ') : 'none'],
      ]),
    );
    targets.push({
      label: 'API processes whose readiness went 503 and then 200 again',
      value: seen.filter((statuses) => statuses.includes(503) && statuses.at(-1) === 200).length,
      limit: apiPorts.length,
      kind: 'min',
      format: String,
    });
    targets.push({
      label: 'API processes restarted while PostgreSQL restarted',
      value: restarted.length,
      limit: 0,
      kind: 'max',
      format: String,
    });
  } finally {
    await site.down();
  }
}
