import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startApiSwitch } from './api-switch';
import { freePort, waitForPort, waitForPortClosed } from './ports';
import { remoteApps } from './site-info';
import type { RemoteApp, SiteInfo } from './site-info';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const demo = { email: 'demo@lifeboard.local', password: 'e2e-demo-password' };
// Not the demo admin (admin@lifeboard.local), which development seeds on the empty database.
const admin = { email: 'e2e-admin@lifeboard.local', password: 'e2e-admin-password' };
const children: ChildProcess[] = [];
let switchServer: Server | undefined;

function start(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cwd = repoRoot,
): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code) => {
    if (code && code !== 0) console.error(`[e2e] ${name} exited ${code}:\n${lines.slice(-30).join('\n')}`);
  });
  children.push(child);
  return child;
}

function finished(child: ChildProcess): Promise<number> {
  return new Promise((resolveExit) => child.on('exit', (code) => resolveExit(code ?? 1)));
}

/**
 * Builds every app once, as for any environment (two at a time: two cores). No API address goes in: the
 * static servers hand it to the pages in /settings.json (specs/one-build.spec.ts serves this build against a
 * second API).
 */
async function buildAll(): Promise<void> {
  const queue = ['shell', ...remoteApps];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const code = await finished(
        start(`build ${app}`, 'pnpm', ['exec', 'rspack', 'build'], { NODE_ENV: 'production' }, join(repoRoot, app)),
      );
      if (code !== 0) throw new Error(`e2e: the build of ${app} failed`);
    }
  };
  await Promise.all([worker(), worker()]);
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
  if (child.pid) throw new Error(`e2e: the processes of pid ${child.pid} did not stop`);
}

/** Stops the API and waits until its last process is gone (it closes its database after its port). */
async function stopApi(running: ChildProcess, apiPort: number): Promise<void> {
  if (running.exitCode !== null || running.signalCode !== null) return;
  const stopped = finished(running);
  if (running.pid) process.kill(-running.pid, 'SIGTERM');
  await stopped;
  await waitForPortClosed(apiPort);
  await groupGone(running);
}

/**
 * An admin the way an operator makes one (README): the account signs up, then the API's `admin:create`
 * command promotes it. PGlite is one process's database, so the API stops for the command and starts again.
 */
async function createAdmin(
  startApi: () => ChildProcess,
  running: ChildProcess,
  apiUrl: string,
  apiPort: number,
  pgliteDir: string,
): Promise<ChildProcess> {
  await waitForPort(apiPort, 'api', 90_000);
  const registered = await fetch(`${apiUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ name: 'E2E Admin', ...admin }),
  });
  if (registered.status !== 201)
    throw new Error(`e2e: signing up the admin answered ${registered.status}: ${await registered.text()}`);
  await stopApi(running, apiPort);

  const code = await finished(
    start('admin:create', 'pnpm', ['--filter', '@lifeboard/api', 'admin:create', admin.email], {
      PGLITE_DIR: pgliteDir,
    }),
  );
  if (code !== 0) throw new Error(`e2e: admin:create ${admin.email} exited ${code}`);
  const api = startApi();
  await waitForPort(apiPort, 'api', 90_000);
  return api;
}

function stopAll(): void {
  for (const child of children) {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** One site for the whole run: built apps on throwaway ports, the API on a throwaway PGlite folder. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'lifeboard-e2e-'));
  const [shellPort, freeApiPort, smtpPort, mailWebPort, ...remotePorts] = await Promise.all(
    Array.from({ length: 4 + remoteApps.length }, freePort),
  );
  // E2E_API_PORT pins the API's port (the bundles carry no address: E2E_SKIP_BUILD=1 reuses them on any port).
  const apiPort = process.env.E2E_API_PORT ? Number(process.env.E2E_API_PORT) : freeApiPort;
  const shellUrl = `http://localhost:${shellPort}`;
  const apiUrl = `http://localhost:${apiPort}`;

  const pgliteDir = join(work, 'pglite');
  // Web push keys as `pnpm start` makes them (web-push, the API's own dependency).
  const vapid = (
    createRequire(join(repoRoot, 'api', 'package.json'))('web-push') as {
      generateVAPIDKeys(): { publicKey: string; privateKey: string };
    }
  ).generateVAPIDKeys();
  const mailUrl = `http://127.0.0.1:${mailWebPort}`;
  // The API as it runs in production (compiled JavaScript), in development mode so it makes the demo account.
  const startApi = () =>
    start('api', 'pnpm', ['--filter', '@lifeboard/api', 'start'], {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      PGLITE_DIR: pgliteDir,
      NODE_ENV: 'development',
      CORS_ORIGINS: shellUrl,
      APP_URL: shellUrl,
      PUBLIC_API_URL: apiUrl,
      DEMO_PASSWORD: demo.password,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      QUEUE_POLL_SECONDS: '1',
      REMINDER_SCAN_SECONDS: '5',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:admin@lifeboard.local',
      // As under `pnpm start`: the planner journey subscribes to a calendar feed served on this machine.
      CALENDAR_FETCH_ALLOW_LOOPBACK: 'true',
      // As `pnpm start` makes one: the CalDAV journey connects an account, whose password is kept encrypted with it.
      CALENDAR_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      // One address (this machine) opens every XSS payload's public page signed out, hundreds a minute.
      ANONYMOUS_REQUESTS_PER_MINUTE: '100000',
      // Every spec makes its own people, all from this machine's one address: more than 10 a minute.
      SIGNUPS_PER_MINUTE: '100000',
    });
  try {
    // The development inbox the API mails to, as `pnpm start` runs it; specs read it through its REST API.
    start('maildev', join(repoRoot, 'node_modules', '.bin', 'maildev'), [
      '--smtp',
      String(smtpPort),
      '--ip',
      '127.0.0.1',
      '--web',
      String(mailWebPort),
      '--web-ip',
      '127.0.0.1',
    ]);
    await waitForPort(smtpPort, 'maildev', 30_000);
    const built = await finished(start('api:build', 'pnpm', ['--filter', '@lifeboard/api', 'build']));
    if (built !== 0) throw new Error(`e2e: building the API exited ${built}`);
    // The admin is made while the apps build (the API's start-up overlaps the builds either way).
    const [api] = await Promise.all([
      createAdmin(startApi, startApi(), apiUrl, apiPort, pgliteDir),
      process.env.E2E_SKIP_BUILD === '1' ? Promise.resolve() : buildAll(),
    ]);

    const remotesFile = join(work, 'remotes.json');
    const remotes = {} as Record<RemoteApp, { port: number; pid: number }>;
    const manifestUrls: Record<string, string> = {};
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
      manifestUrls[app.replace('-', '_')] = `http://localhost:${port}/mf-manifest.json`;
    });
    writeFileSync(remotesFile, JSON.stringify(manifestUrls, null, 2));
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
      waitForPort(apiPort, 'api', 90_000),
    ]);
    if (api.exitCode !== null) throw new Error('e2e: the API stopped during start-up');

    let running = api;
    const apiSwitch = await startApiSwitch({
      stop: () => stopApi(running, apiPort),
      start: async () => {
        if (running.exitCode === null && running.signalCode === null) return;
        running = startApi();
        await waitForPort(apiPort, 'api', 90_000);
      },
    });
    switchServer = apiSwitch.server;

    await waitForPort(mailWebPort, 'maildev web', 30_000);
    const site: SiteInfo = {
      shellUrl,
      apiUrl,
      apiSwitchUrl: apiSwitch.url,
      remotes,
      remotesFile,
      demo,
      admin,
      repoRoot,
      mailUrl,
      pgliteDir,
    };
    project.provide('site', site);
  } catch (error) {
    stopAll();
    throw error;
  }

  return async () => {
    switchServer?.close();
    stopAll();
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
    rmSync(work, { recursive: true, force: true });
  };
}
