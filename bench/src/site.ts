/**
 * The site the bench measures, run the way production runs it: production builds of the shell and the five
 * remotes, each served by `scripts/serve-static.mjs` (CSP, cache headers, CORS) on a free port, and the API on
 * a throwaway embedded-database folder. Nothing here listens on the developer's usual ports.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort, waitForPortClosed } from '../../e2e/support/ports';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const remoteApps = ['mf-journal', 'mf-goals', 'mf-fitness', 'mf-creator', 'mf-admin'] as const;
export type RemoteApp = (typeof remoteApps)[number];
export type AppName = 'shell' | RemoteApp;

export interface Account {
  email: string;
  password: string;
}

export interface Site {
  shellUrl: string;
  apiUrl: string;
  /** Origin (http://localhost:port) → the app served there. */
  appOfOrigin: Map<string, AppName>;
  /** The seeded demo account (a plain user) and an admin made for the bench. */
  user: Account;
  admin: Account;
  stop(): Promise<void>;
}

const demo: Account = { email: 'demo@lifeboard.local', password: 'bench-demo-password' };
const admin: Account = { email: 'bench-admin@lifeboard.local', password: 'bench-admin-password' };

interface Started {
  child: ChildProcess;
  exited: Promise<number>;
  output: string[];
}

function start(command: string, args: string[], env: Record<string, string> = {}, cwd = repoRoot): Started {
  // Its own process group, so stopping it reaches what pnpm started underneath.
  // The site runs on the embedded database, as `pnpm start` does: a DATABASE_URL meant for the API bench's
  // PostgreSQL half (root `pnpm bench`) must not reach it.
  const { DATABASE_URL: _forTheApiBench, ...inherited } = process.env;
  const child = spawn(command, args, {
    cwd,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number>((resolveExit) => child.on('exit', (code) => resolveExit(code ?? 1)));
  return { child, exited, output };
}

function stopProcess({ child, exited }: Started): Promise<number> {
  try {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  return exited;
}

async function mustSucceed(what: string, started: Started): Promise<void> {
  const code = await started.exited;
  if (code !== 0) throw new Error(`${what} failed (exit ${code}):\n${started.output.slice(-30).join('\n')}`);
}

/** Production builds, two at a time (two cores); the API's address reaches the pages in the served /settings.json. */
async function buildAll(): Promise<void> {
  const queue: AppName[] = ['shell', ...remoteApps];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const build = start('pnpm', ['exec', 'rspack', 'build'], { NODE_ENV: 'production' }, join(repoRoot, app));
      await mustSucceed(`the build of ${app}`, build);
    }
  };
  await Promise.all([worker(), worker()]);
}

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
}

export interface SiteOptions {
  build: boolean;
  apiPortOverride?: number;
  log: (line: string) => void;
}

/** Builds (unless told not to), starts everything and makes the bench's admin account. */
export async function startSite({ build, apiPortOverride, log }: SiteOptions): Promise<Site> {
  const work = mkdtempSync(join(tmpdir(), 'lifeboard-bench-'));
  const [shellPort, freeApiPort, ...remotePorts] = await Promise.all(
    Array.from({ length: 2 + remoteApps.length }, freePort),
  );
  // The API's port may be pinned (BENCH_API_PORT); the bundles do not depend on it.
  const apiPort = apiPortOverride ?? freeApiPort;
  const shellUrl = `http://localhost:${shellPort}`;
  const apiUrl = `http://localhost:${apiPort}`;
  const running: Started[] = [];
  const apiEnv = {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PGLITE_DIR: join(work, 'pglite'),
    CORS_ORIGINS: shellUrl,
    APP_URL: shellUrl,
    DEMO_PASSWORD: demo.password,
    NODE_ENV: 'development',
  };
  const startApi = () => start('pnpm', ['--filter', '@lifeboard/api', 'start'], apiEnv);
  const stop = async () => {
    await Promise.all(running.map(stopProcess));
    rmSync(work, { recursive: true, force: true });
  };

  try {
    // The API as it runs in production: compiled first, then `node dist/server.js`.
    await mustSucceed('the API build', start('pnpm', ['--filter', '@lifeboard/api', 'build'], {}));
    let api = startApi();
    running.push(api);
    if (build) {
      log('building the shell and the five remotes for production…');
      const started = Date.now();
      await buildAll();
      log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await waitForPort(apiPort, 'the API', 120_000);

    // An admin for the admin area: sign up, then promote with the API's own CLI, which needs the embedded
    // database to itself (one connection at a time), so the API restarts around it.
    const signUp = await postJson(`${apiUrl}/api/register`, { name: 'Bench Admin', ...admin });
    if (!signUp.ok) throw new Error(`signing up the bench admin answered ${signUp.status}`);
    await stopProcess(api);
    running.splice(running.indexOf(api), 1);
    await waitForPortClosed(apiPort);
    await mustSucceed(
      'admin:create',
      start('pnpm', ['--filter', '@lifeboard/api', 'admin:create', admin.email], apiEnv),
    );
    api = startApi();
    running.push(api);

    const appOfOrigin = new Map<string, AppName>([[shellUrl, 'shell']]);
    const manifests: Record<string, string> = {};
    remoteApps.forEach((app, index) => {
      const port = remotePorts[index];
      running.push(start(process.execPath, ['scripts/serve-static.mjs', app, '--port', String(port)]));
      appOfOrigin.set(`http://localhost:${port}`, app);
      manifests[app.replace('-', '_')] = `http://localhost:${port}/mf-manifest.json`;
    });
    const remotesFile = join(work, 'remotes.json');
    writeFileSync(remotesFile, JSON.stringify(manifests, null, 2));
    running.push(
      start(process.execPath, [
        'scripts/serve-static.mjs',
        'shell',
        '--port',
        String(shellPort),
        '--remotes',
        remotesFile,
        '--api',
        apiUrl,
      ]),
    );
    await Promise.all([
      waitForPort(shellPort, 'shell'),
      ...remotePorts.map((port, index) => waitForPort(port, remoteApps[index])),
      waitForPort(apiPort, 'the API', 60_000),
    ]);
    return { shellUrl, apiUrl, appOfOrigin, user: demo, admin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
