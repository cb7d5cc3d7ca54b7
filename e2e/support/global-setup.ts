import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort, waitForPort } from './ports';
import { remoteApps } from './site-info';
import type { RemoteApp, SiteInfo } from './site-info';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const demo = { email: 'demo@lifeboard.local', password: 'e2e-demo-password' };
const children: ChildProcess[] = [];

function start(name: string, command: string, args: string[], env: Record<string, string> = {}, cwd = repoRoot): ChildProcess {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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

/** Builds every app with the API address of this run baked in (two at a time: two cores). */
async function buildAll(apiUrl: string): Promise<void> {
  const queue = ['shell', ...remoteApps];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const code = await finished(start(`build ${app}`, 'pnpm', ['exec', 'rspack', 'build'], { NODE_ENV: 'production', API_URL: apiUrl }, join(repoRoot, app)));
      if (code !== 0) throw new Error(`e2e: the build of ${app} failed`);
    }
  };
  await Promise.all([worker(), worker()]);
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
  const [shellPort, freeApiPort, ...remotePorts] = await Promise.all(Array.from({ length: 2 + remoteApps.length }, freePort));
  // E2E_API_PORT pins the API's port, so a run with E2E_SKIP_BUILD=1 can reuse bundles built for that address.
  const apiPort = process.env.E2E_API_PORT ? Number(process.env.E2E_API_PORT) : freeApiPort;
  const shellUrl = `http://localhost:${shellPort}`;
  const apiUrl = `http://localhost:${apiPort}`;

  const api = start('api', 'pnpm', ['--filter', '@lifeboard/api', 'start'], {
    PORT: String(apiPort), HOST: '127.0.0.1', PGLITE_DIR: join(work, 'pglite'),
    CORS_ORIGINS: shellUrl, APP_URL: shellUrl, DEMO_PASSWORD: demo.password,
  });
  try {
    if (process.env.E2E_SKIP_BUILD !== '1') await buildAll(apiUrl);

    const remotesFile = join(work, 'remotes.json');
    const remotes = {} as Record<RemoteApp, { port: number; pid: number }>;
    const manifestUrls: Record<string, string> = {};
    remoteApps.forEach((app, index) => {
      const port = remotePorts[index];
      const child = start(app, process.execPath, ['scripts/serve-static.mjs', app, '--port', String(port)]);
      remotes[app] = { port, pid: child.pid ?? 0 };
      manifestUrls[app.replace('-', '_')] = `http://localhost:${port}/mf-manifest.json`;
    });
    writeFileSync(remotesFile, JSON.stringify(manifestUrls, null, 2));
    start('shell', process.execPath, ['scripts/serve-static.mjs', 'shell', '--port', String(shellPort), '--remotes', remotesFile, '--api', apiUrl]);

    await Promise.all([
      waitForPort(shellPort, 'shell'),
      ...remoteApps.map((app) => waitForPort(remotes[app].port, app)),
      waitForPort(apiPort, 'api', 90_000),
    ]);
    if (api.exitCode !== null) throw new Error('e2e: the API stopped during start-up');

    const site: SiteInfo = { shellUrl, apiUrl, remotes, demo, repoRoot };
    project.provide('site', site);
  } catch (error) {
    stopAll();
    throw error;
  }

  return async () => {
    stopAll();
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
    rmSync(work, { recursive: true, force: true });
  };
}
