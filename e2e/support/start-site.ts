/**
 * The whole site as production runs it, started on throwaway ports: the compiled API (`node dist/server.js`) on
 * a throwaway embedded-database folder, production builds of the shell and the five remotes, each served by
 * `scripts/serve-static.mjs` (CSP, cache headers, CORS). The e2e run and `pnpm bench` both start it here.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort, waitForPortClosed } from './ports';
import { remoteApps } from './site-info';
import type { RemoteApp } from './site-info';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Account {
  email: string;
  password: string;
}

export interface StartSiteOptions {
  /** Names the run's temporary folder and its messages: "e2e", "bench". */
  label: string;
  /** The seeded demo account's password (the API makes the account in development mode). */
  demoPassword: string;
  /** Signed up, then promoted by the API's `admin:create`, as an operator makes one (README). */
  admin: Account;
  /** False reuses the apps' existing `dist/` folders. */
  build: boolean;
  /** Pins the API's port; the bundles carry no address, so any port works. */
  apiPort?: number;
  /** More API settings, given the site's addresses. */
  apiEnv?: (urls: { shellUrl: string; apiUrl: string }) => Record<string, string>;
  /** Started before the API (the development inbox the API mails to). */
  before?: (start: StartProcess) => Promise<void>;
  log?: (line: string) => void;
}

export type StartProcess = (
  name: string,
  command: string,
  args: string[],
  env?: Record<string, string>,
  cwd?: string,
) => ChildProcess;

export interface StartedSite {
  shellUrl: string;
  apiUrl: string;
  apiPort: number;
  remotes: Record<RemoteApp, { port: number; pid: number }>;
  /** The shell's remotes file (name → manifest address). */
  remotesFile: string;
  pgliteDir: string;
  /** Stops the API and waits until its last process is gone (it closes its database after its port). */
  stopApi: () => Promise<void>;
  /** Starts the API again when stopped. */
  startApi: () => Promise<void>;
  stop: () => Promise<void>;
}

function finished(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolveExit) => child.on('exit', (code) => resolveExit(code ?? 1)));
}

async function groupGone(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (child.pid && Date.now() < deadline) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  if (child.pid) throw new Error(`the processes of pid ${child.pid} did not stop`);
}

export async function startSite(options: StartSiteOptions): Promise<StartedSite> {
  const { label, log = () => undefined } = options;
  const work = mkdtempSync(join(tmpdir(), `lifeboard-${label}-`));
  const [shellPort, freeApiPort, ...remotePorts] = await Promise.all(
    Array.from({ length: 2 + remoteApps.length }, freePort),
  );
  const apiPort = options.apiPort ?? freeApiPort;
  const shellUrl = `http://localhost:${shellPort}`;
  const apiUrl = `http://localhost:${apiPort}`;
  const pgliteDir = join(work, 'pglite');
  const children: ChildProcess[] = [];

  // Each in its own process group, so stopping one reaches what pnpm started underneath. A DATABASE_URL meant
  // for another part of the run (the API bench's PostgreSQL) never reaches the site, which is on PGlite.
  const start: StartProcess = (name, command, args, env = {}, cwd = repoRoot) => {
    const { DATABASE_URL: _notThisSite, ...inherited } = process.env;
    const child = spawn(command, args, {
      cwd,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const lines: string[] = [];
    const keep = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code) => {
      if (code && code !== 0) console.error(`[${label}] ${name} exited ${code}:\n${lines.slice(-30).join('\n')}`);
    });
    children.push(child);
    return child;
  };
  const mustSucceed = async (name: string, child: ChildProcess) => {
    const code = await finished(child);
    if (code !== 0) throw new Error(`${label}: ${name} exited ${code}`);
  };

  const apiEnv = {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PGLITE_DIR: pgliteDir,
    // Development mode makes the demo account; the code is the compiled production build.
    NODE_ENV: 'development',
    CORS_ORIGINS: shellUrl,
    APP_URL: shellUrl,
    PUBLIC_API_URL: apiUrl,
    DEMO_PASSWORD: options.demoPassword,
    ...options.apiEnv?.({ shellUrl, apiUrl }),
  };
  let api: ChildProcess | undefined;
  const startApi = async () => {
    if (api && api.exitCode === null && api.signalCode === null) return;
    api = start('api', 'pnpm', ['--filter', '@lifeboard/api', 'start'], apiEnv);
    await waitForPort(apiPort, 'the API', 90_000);
  };
  const stopApi = async () => {
    const running = api;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const stopped = finished(running);
    if (running.pid) process.kill(-running.pid, 'SIGTERM');
    await stopped;
    await waitForPortClosed(apiPort);
    await groupGone(running);
  };
  const stop = async () => {
    const exits = children.map(finished);
    for (const child of children) {
      try {
        if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await Promise.race([Promise.all(exits), new Promise((resolveWait) => setTimeout(resolveWait, 5_000))]);
    rmSync(work, { recursive: true, force: true });
  };

  /** Every app built once, as for any environment (two at a time: two cores); the pages get the API's address from /settings.json. */
  const buildAll = async () => {
    const queue = ['shell', ...remoteApps];
    const worker = async () => {
      for (let app = queue.shift(); app; app = queue.shift())
        await mustSucceed(
          `the build of ${app}`,
          start(`build ${app}`, 'pnpm', ['exec', 'rspack', 'build'], { NODE_ENV: 'production' }, join(repoRoot, app)),
        );
    };
    const started = Date.now();
    log('building the shell and the five remotes for production…');
    await Promise.all([worker(), worker()]);
    log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };

  /** PGlite is one process's database: the API stops for `admin:create` and starts again. */
  const createAdmin = async () => {
    await startApi();
    const registered = await fetch(`${apiUrl}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ name: `${label} admin`, ...options.admin }),
    });
    if (registered.status !== 201)
      throw new Error(`${label}: signing up the admin answered ${registered.status}: ${await registered.text()}`);
    await stopApi();
    await mustSucceed(
      'admin:create',
      start('admin:create', 'pnpm', ['--filter', '@lifeboard/api', 'admin:create', options.admin.email], {
        PGLITE_DIR: pgliteDir,
      }),
    );
    await startApi();
  };

  try {
    await options.before?.(start);
    await mustSucceed('the API build', start('api:build', 'pnpm', ['--filter', '@lifeboard/api', 'build']));
    // The admin is made while the apps build (the API's start-up overlaps the builds either way).
    await Promise.all([createAdmin(), options.build ? buildAll() : Promise.resolve()]);

    const remotes = {} as Record<RemoteApp, { port: number; pid: number }>;
    const manifests: Record<string, string> = {};
    remoteApps.forEach((app, index) => {
      const port = remotePorts[index];
      // `--api`: the settings of the remote's standalone page.
      const child = start(app, process.execPath, [
        'scripts/serve-static.mjs',
        app,
        '--port',
        String(port),
        '--api',
        apiUrl,
      ]);
      remotes[app] = { port, pid: child.pid ?? 0 };
      manifests[app.replace('-', '_')] = `http://localhost:${port}/mf-manifest.json`;
    });
    const remotesFile = join(work, 'remotes.json');
    writeFileSync(remotesFile, JSON.stringify(manifests, null, 2));
    start('shell', process.execPath, [
      'scripts/serve-static.mjs',
      'shell',
      '--port',
      String(shellPort),
      '--remotes',
      remotesFile,
      '--api',
      apiUrl,
    ]);
    await Promise.all([
      waitForPort(shellPort, 'shell'),
      ...remoteApps.map((app) => waitForPort(remotes[app].port, app)),
      waitForPort(apiPort, 'the API', 90_000),
    ]);
    if (!api || api.exitCode !== null) throw new Error(`${label}: the API stopped during start-up`);
    return { shellUrl, apiUrl, apiPort, remotes, remotesFile, pgliteDir, stopApi, startApi, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
