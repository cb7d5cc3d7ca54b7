/**
 * The `reminders` part: 10,000 e-mail reminders (BENCH_REMINDERS) due at the same instant, two built API processes on
 * one PostgreSQL, an SMTP server in this process that counts what it is handed by Message-ID. It prints how long after
 * the instant the last mail was handed over (target: all within 60 s), the duplicates and the lost ones (0 and 0), and
 * the latency of `POST /api/note/all` (a page of 50 from 1,000 notes), sent open-loop at BENCH_NOTE_RATE a second
 * (100) while the processes queue the reminders and while they deliver them (p99 ≤ 25 ms).
 * PostgreSQL: DATABASE_URL, or a throwaway cluster in a temporary folder (Debian's postgresql package).
 */
import { cpus, loadavg } from 'node:os';
import { SMTPServer } from 'smtp-server';
import { postgresForTest } from '../../../api/test/processes';
import { describeTarget, ms, type Target } from '../report';
import { startApi, type Api } from './api-process';
import { signUp } from './client';
import { seedNotes } from './notes';
import { openLoop, type OpenLoopResult } from './open-loop';

const COUNT = Number(process.env.BENCH_REMINDERS ?? 10_000);
const USERS = Math.max(1, Math.round(COUNT / 10));
const NOTE_RATE = Number(process.env.BENCH_NOTE_RATE ?? 100);
const DELIVERY_TARGET_S = 60;
const P99_TARGET_MS = 25;

interface Sink {
  url: string;
  /** Message-ID → when each copy arrived (ms since the epoch). */
  arrivals: Map<string, number[]>;
  close(): Promise<void>;
}

/** A lean SMTP server: reads only the headers' Message-ID, so 10,000 mails cost this process little. */
async function startCountingSink(): Promise<Sink> {
  const arrivals = new Map<string, number[]>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? `<none-${arrivals.size}>`;
        const seen = arrivals.get(id);
        if (seen) seen.push(Date.now());
        else arrivals.set(id, [Date.now()]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const latency = (result: OpenLoopResult) =>
  `p50 ${result.p50} ms, p99 ${result.p99} ms (${Math.round(result.rps)} req/s, ${result.errors} errors)`;

/** Prints when (seconds from the instant) answers slower than 50 ms came, in runs, to see what they coincide with. */
function slowRuns(log: (line: string) => void, label: string, slow: { at: number; ms: number }[], dueAt: number): void {
  if (!slow.length) return;
  const runs: { from: number; to: number; worst: number; count: number }[] = [];
  for (const { at, ms } of slow.sort((a, b) => a.at - b.at)) {
    const last = runs.at(-1);
    if (last && at - last.to < 1000)
      Object.assign(last, { to: at, worst: Math.max(last.worst, ms), count: last.count + 1 });
    else runs.push({ from: at, to: at, worst: ms, count: 1 });
  }
  log(
    `    ${label}: answers over 50 ms, by when they were sent (s from the instant): ${runs
      .slice(0, 12)
      .map(
        (run) =>
          `${((run.from - dueAt) / 1000).toFixed(1)}..${((run.to - dueAt) / 1000).toFixed(1)} (${run.count}, worst ${Math.round(run.worst)} ms)`,
      )
      .join(', ')}`,
  );
}

/** openLoop, also noting each slow answer's send time. */
async function timedLoop(
  url: string,
  init: RequestInit,
  rate: number,
  seconds: number,
  slow: { at: number; ms: number }[],
): Promise<OpenLoopResult> {
  const original = globalThis.fetch;
  const timedFetch: typeof fetch = async (input, options) => {
    const sent = Date.now();
    const response = await original(input, options);
    await response.clone().arrayBuffer();
    const ms = Date.now() - sent;
    if (ms > 50) slow.push({ at: sent, ms });
    return response;
  };
  globalThis.fetch = timedFetch;
  try {
    return await openLoop(url, init, rate, seconds);
  } finally {
    globalThis.fetch = original;
  }
}

export async function measureReminders(targets: Target[], log: (line: string) => void): Promise<void> {
  log(
    `\nReminders: ${COUNT.toLocaleString('en')} e-mail reminders due at one instant, two API processes on one PostgreSQL`,
  );
  const postgres = await postgresForTest();
  if (!postgres) {
    log('  skipped: no PostgreSQL (set DATABASE_URL, or install the postgresql package)');
    return;
  }
  const sink = await startCountingSink();
  const processes: Api[] = [];
  try {
    const env = {
      SMTP_URL: sink.url,
      MAIL: 'on',
      ACTION_LINK_SECRET: 'the reminders bench secret, thirty-two characters or more',
    };
    processes.push(await startApi({ postgresUrl: postgres.url, env }));
    processes.push(await startApi({ postgresUrl: postgres.url, env }));
    const [a, b] = processes;

    // One account reads notes; 1,000 more get 10 reminders each (in SQL: signing 1,000 people up costs minutes of argon2).
    const reader = await signUp(a.url, 'reminders');
    await a.seed((query) => seedNotes(query, reader.userId, reader.board, 1000));
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const init = {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${reader.token}` },
      body: JSON.stringify({ board: reader.board, params: { limit: 50 } }),
    };
    // The same load with no reminder anywhere: what this machine gives before the reminders add their work.
    const idle = await openLoop(`${a.url}/api/note/all`, init, NOTE_RATE, 10);

    const now = Date.now();
    // The next whole minute at least 45 s away, so every process's scan (each 20 s, 70 s ahead) has seen it.
    const dueAt = Math.ceil((now + 45_000) / 60_000) * 60_000;
    const run = `${now}`;
    await a.seed((query) =>
      query(
        `with u as (
          insert into users (email, name, password_hash)
          select 'bench-' || $1 || '-' || g || '@bench.lifeboard.local', 'Bench ' || g, '!' from generate_series(1, $2::int) as g
          returning id
        ), b as (
          insert into boards (user_id, name) select id, 'Bench' from u returning id, user_id
        )
        insert into reminder (user_id, board_id, created_at, updated_at, position, sort_at, data)
        select b.user_id, b.id, now(), now(), 0, now(),
          jsonb_build_object('title', 'Bench ' || b.user_id || '.' || k, 'remind_at', $3::text, 'repeat', null, 'channels', jsonb_build_array('email'))
        from b, generate_series(1, $4::int) as k
        limit $5::int`,
        [run, USERS, new Date(dueAt).toISOString(), Math.ceil(COUNT / USERS), COUNT],
      ),
    );
    log(
      `  due at ${new Date(dueAt).toISOString()} (seeding took ${seconds(Date.now() - now)}); load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );

    const untilDue = Math.max(1, (dueAt - Date.now()) / 1000 - 1);
    const slowQueueing: { at: number; ms: number }[] = [];
    const slowDelivering: { at: number; ms: number }[] = [];
    const queueing = await timedLoop(`${a.url}/api/note/all`, init, NOTE_RATE, untilDue, slowQueueing);
    await sleep(Math.max(0, dueAt - Date.now()));
    const delivering = timedLoop(`${b.url}/api/note/all`, init, NOTE_RATE, DELIVERY_TARGET_S, slowDelivering);
    const deadline = dueAt + 180_000;
    while (sink.arrivals.size < COUNT && Date.now() < deadline) await sleep(200);
    const lastMs = Math.max(0, ...[...sink.arrivals.values()].map((times) => times[0]));
    const firstMs = Math.min(...[...sink.arrivals.values()].map((times) => times[0]));
    await sleep(5000); // a late duplicate would show here
    const during = await delivering;
    const duplicates = [...sink.arrivals.values()].reduce((sum, times) => sum + times.length - 1, 0);
    const lost = COUNT - sink.arrivals.size;
    const all = sink.arrivals.size ? lastMs - dueAt : Number.NaN;
    const held = (label: string, value: number, limit: number, format: (value: number) => string) => {
      const target: Target = { label, value, limit, kind: 'max', format };
      targets.push(target);
      return describeTarget(target);
    };
    log(
      `  handed to the SMTP server: ${sink.arrivals.size.toLocaleString('en')} of ${COUNT.toLocaleString('en')}; the first ${seconds(firstMs - dueAt)} after the instant, the last ${seconds(all)} after, ${held('reminders: the last mail after the instant', lost ? Number.NaN : all, DELIVERY_TARGET_S * 1000, seconds)}`,
    );
    log(
      `  duplicates: ${duplicates}, lost (not handed over within 3 minutes): ${lost}, ${held('reminders: duplicates and lost', duplicates + lost, 0, String)}`,
    );
    log(`  POST /api/note/all at ${NOTE_RATE}/s before any reminder (process A, 10 s): ${latency(idle)}`);
    for (const [what, result] of [
      ['while both processes queue them (process A)', queueing],
      ['during the delivery minute (process B)', during],
    ] as const)
      log(
        `  POST /api/note/all at ${NOTE_RATE}/s ${what}: ${latency(result)}, p99 ${held(`reminders: a page of notes p99 ${what}`, result.p99, P99_TARGET_MS, ms)}`,
      );
    for (const [index, api] of processes.entries()) {
      const warnings = api
        .output()
        .split('\n')
        .filter((line) => /"level":(40|50|60)/.test(line));
      if (warnings.length)
        log(
          `    process ${'AB'[index]} logged ${warnings.length} warnings/errors, the last: ${warnings.at(-1)?.slice(0, 300)}`,
        );
    }
    slowRuns(log, 'queueing', slowQueueing, dueAt);
    slowRuns(log, 'delivering', slowDelivering, dueAt);
    log(
      `  ${cpus().length} cores; load average now ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
  } catch (error) {
    log(
      `  reminders run failed: ${String(error)}${processes.length ? `\n${processes.map((api) => api.output().slice(-2000)).join('\n')}` : ''}`,
    );
  } finally {
    for (const api of processes) await api.stop();
    await sink.close();
    await postgres.stop();
  }
}
