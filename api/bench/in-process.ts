/**
 * What the in-process benches (`*-perf.ts`) share: the app on a temporary PGlite folder (or DATABASE_URL) without
 * rate limits, accounts registered through the API, and timing a call many times in wall and CPU time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { defaultEnv } from '../src/env';

export interface BenchApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The migrated app, as the server builds it, with limits no bench reaches. `name` names the temporary folder. */
export async function openBenchApp(
  name: string,
  {
    env = {},
    prepare,
    setup,
  }: {
    env?: Record<string, string>;
    prepare?: (database: Database) => Promise<void>;
    /** Hooks or routes of the bench's own, added before the app is ready. */
    setup?: (app: FastifyInstance) => void;
  } = {},
): Promise<BenchApp> {
  const folder = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), `lifeboard-${name}-`));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: folder ?? 'memory://' });
  await database.migrate();
  await prepare?.(database);
  const app = await buildApp({
    db: database.db,
    env: defaultEnv(env),
    limits: {
      anonymousPerIpPerMinute: 1e6,
      loginPerIpPerMinute: 1e6,
      loginFailuresBeforeDelay: 1e6,
      signupPerIpPerMinute: 1e6,
      passwordEmailPerIpPerMinute: 1e6,
      invitationsPerUserPerHour: 1e6,
    },
  });
  setup?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** What `app.inject` answers. */
type InjectAnswer = Awaited<ReturnType<FastifyInstance['inject']>>;

export interface BenchUser {
  userId: number;
  board: number;
  headers: Record<string, string>;
  /** POSTs as this user; a status of 300 or more throws, with the start of the answer. */
  post(url: string, payload: unknown): Promise<InjectAnswer>;
}

/** A new account, registered through the API. */
export async function registerBenchUser(app: FastifyInstance, label: string): Promise<BenchUser> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const registered = (
    await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Perf', email, password: `${label} bench password` },
    })
  ).json();
  const headers = { authorization: `Bearer ${registered.token}`, 'x-requested-with': 'XMLHttpRequest' };
  return {
    userId: registered.user.id as number,
    board: registered.user.default_board_id as number,
    headers,
    async post(url, payload) {
      const response = await app.inject({ method: 'POST', url, headers, payload: payload as object });
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return response;
    },
  };
}

export interface Timings {
  /** Milliseconds, sorted. */
  wall: number[];
  cpu: number[];
}

/**
 * Runs `call` `warmUp` times unmeasured (JIT, prepared statements), then `runs` times, one at a time. CPU time (this
 * process: the app and, on PGlite, the database) is the steadier number on a shared machine.
 */
export async function timeCalls(
  call: (i: number) => Promise<unknown>,
  { warmUp = 10, runs = 100 }: { warmUp?: number; runs?: number } = {},
): Promise<Timings> {
  for (let i = 0; i < warmUp; i += 1) await call(i);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const before = process.cpuUsage();
    await call(i);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

/** The value below which a share `q` of a sorted list lies. */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** A duration in milliseconds, aligned for a table. */
export const ms = (value: number) => value.toFixed(1).padStart(6);
