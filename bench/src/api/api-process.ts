/**
 * The API as deployed: the built `api/dist/server.js` in a process of its own (NODE_ENV=production), on a throwaway
 * PGlite folder or on a PostgreSQL, with limits no bench reaches. Benches drive it over loopback HTTP. Data too big
 * for the API (100,000 notes, 5 years of check-ins) is written in SQL by the database's own client after the API has
 * migrated it: on PGlite, whose folder is one process's, the API stops for it and starts again.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../../e2e/support/ports';
import { repoRoot } from '../site';

export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface Api {
  url: string;
  /** `PGlite` or `PostgreSQL`, as the tables print it. */
  database: string;
  /** Runs `seed` with SQL access to the API's database (on PGlite, with the API stopped meanwhile). */
  seed<T>(seed: (query: Query) => Promise<T>): Promise<T>;
  /** The process's log, its last 20,000 characters. */
  output(): string;
  stop(): Promise<void>;
}

/** `pnpm --filter @lifeboard/api build`, once per bench run (BENCH_SKIP_BUILD=1 uses the existing dist/). */
let built: Promise<void> | undefined;
export function buildApi(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD === '1') return Promise.resolve();
  built ??= new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--filter', '@lifeboard/api', 'build'], { cwd: repoRoot, stdio: 'ignore' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the API build exited ${code}`))));
  });
  return built;
}

/** Starts the built API (on `postgresUrl`, else a new PGlite folder) and waits for /api/health. */
export async function startApi({ postgresUrl, env = {} }: { postgresUrl?: string; env?: Record<string, string> } = {}) {
  await buildApi();
  const work = mkdtempSync(join(tmpdir(), 'lifeboard-bench-api-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(work, 'api.log');
  const pgliteDir = join(work, 'pglite');
  const { DATABASE_URL: _notForPglite, ...inherited } = process.env;
  const fullEnv = {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : { PGLITE_DIR: pgliteDir }),
    UPLOADS_DIR: join(work, 'uploads'),
    APP_SECRET: 'the bench API secret, thirty-two characters or more',
    PAYMENTS_PROVIDER: 'test',
    MAIL: 'off',
    SHUTDOWN_DRAIN_SECONDS: '0',
    ANONYMOUS_REQUESTS_PER_MINUTE: '1000000',
    SIGNUPS_PER_MINUTE: '1000000',
    // Sign-in is limited per address: the bench sends each from an address of its own (X-Forwarded-For).
    TRUST_PROXY: 'true',
    ...env,
  };
  let child: ChildProcess | undefined;
  const up = async () => {
    // The log goes to a file: read through a pipe, each request's line would cost the bench's process too.
    const log = openSync(logFile, 'a');
    child = spawn(process.execPath, ['--enable-source-maps', join(repoRoot, 'api/dist/server.js')], {
      cwd: join(repoRoot, 'api'),
      env: fullEnv,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited ${child.exitCode}:\n${output()}`);
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      if (Date.now() > deadline) throw new Error(`the API was not ready within 120 s:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const down = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const output = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-20_000);
    } catch {
      return '';
    }
  };
  const api: Api = {
    url,
    database: postgresUrl ? 'PostgreSQL' : 'PGlite',
    output,
    async seed(seed) {
      if (postgresUrl) {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        try {
          return await seed(async (text, params) => (await client.query(text, params)).rows);
        } finally {
          await client.end();
        }
      }
      await down();
      const client = new PGlite(pgliteDir, { extensions: { btree_gin } });
      try {
        return await seed(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows);
      } finally {
        await client.close();
        await up();
      }
    },
    async stop() {
      await down();
      rmSync(work, { recursive: true, force: true });
    },
  };
  try {
    await up();
  } catch (error) {
    await api.stop();
    throw error;
  }
  return api;
}
