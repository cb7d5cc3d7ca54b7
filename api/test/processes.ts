import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/ports.mjs';

export interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
}

/** Debian's PostgreSQL server binaries (the `postgresql` package .ci/run installs), newest version first. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * The PostgreSQL to run against: `DATABASE_URL` when set (as the API suites on PostgreSQL run), otherwise a
 * new cluster in a temporary folder on a free port (initdb + pg_ctl, as .ci/run starts one; as the `postgres`
 * user when running as root, which initdb refuses). Undefined when neither is possible.
 */
export async function postgresForTest(): Promise<ThrowawayPostgres | undefined> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  return ownPostgres();
}

/** A cluster of the test's own (never DATABASE_URL's), which the test may stop and start again. */
export interface OwnPostgres extends ThrowawayPostgres {
  /** Stops the server (fast shutdown: open connections are cut), keeping its data. */
  down(): void;
  /** Starts it again on the same port and data. */
  up(): void;
}

/** A new cluster in a temporary folder (see postgresForTest); undefined without Debian's PostgreSQL. */
export async function ownPostgres(): Promise<OwnPostgres | undefined> {
  const bin = postgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'lifeboard-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { stdio: 'pipe' });
    else execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // fsync off: a test cluster, thrown away after; the numbers measured on it are the application's.
  const up = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      'start',
    ]);
  up();
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'lifeboard']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/lifeboard`,
    down: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    up,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped (a test took it down)
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** What the process printed (stdout and stderr), for a failure's message. */
  output(): string;
  /** SIGKILL: no shutdown code runs, as when a machine or container dies. */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

const serverScript = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** Starts the API (src/server.ts, through tsx) as its own process with `env` and waits for /api/health. */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ApiProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      // Production refuses to start on unstated choices (env.ts statedChoicesMissing); a test states them.
      PAYMENTS_PROVIDER: 'test',
      APP_SECRET: 'the API test processes secret, thirty-two characters or more',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the API exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    url,
    output: () => output,
    kill9: async () => {
      if (ended()) return;
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (ended()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
