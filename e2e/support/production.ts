import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { freePort } from './ports';

/**
 * `pnpm production:up` for a spec (or the bench): the topology on a free port, its state and releases in a
 * throwaway folder, on the builds the global set-up made (--skip-build) unless `build`. `run` runs the repository's production commands with
 * that folder; `down` stops everything and removes it.
 */
export interface ProductionSite {
  url: string;
  dir: string;
  releases: string;
  env: Record<string, string>;
  run(script: string, args?: string[]): Promise<string>;
  state(): ProductionState;
  config(): ProductionConfig;
  down(): Promise<string>;
}

export interface ProductionState {
  supervisor: number;
  processes: Record<string, { pid: number | null; port: number | null; role: string; restarts: number }>;
}

export interface ProductionConfig {
  ports: { site: number; postgres: number; api: number[]; worker: number; smtp: number; mailWeb: number };
}

export function runScript(repoRoot: string, script: string, args: string[], env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, script), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script} exited ${code}:\n${output}`)),
    );
  });
}

export async function productionUp(repoRoot: string, { build = false } = {}): Promise<ProductionSite> {
  const work = mkdtempSync(join(tmpdir(), 'lifeboard-production-'));
  // As root, PostgreSQL runs as the `postgres` user, who must reach its data folder inside this one.
  chmodSync(work, 0o755);
  const port = await freePort();
  const env = {
    PRODUCTION_DIR: join(work, 'state'),
    PRODUCTION_RELEASES_DIR: join(work, 'releases'),
    PRODUCTION_PORT: String(port),
  };
  const run = (script: string, args: string[] = []) => runScript(repoRoot, script, args, env);
  const site: ProductionSite = {
    url: `http://localhost:${port}`,
    dir: env.PRODUCTION_DIR,
    releases: env.PRODUCTION_RELEASES_DIR,
    env,
    run,
    state: () => JSON.parse(readFileSync(join(env.PRODUCTION_DIR, 'state.json'), 'utf8')) as ProductionState,
    config: () => JSON.parse(readFileSync(join(env.PRODUCTION_DIR, 'config.json'), 'utf8')) as ProductionConfig,
    async down() {
      const output = await run('scripts/production/down.mjs');
      rmSync(work, { recursive: true, force: true });
      return output;
    },
  };
  try {
    await run('scripts/production/up.mjs', build ? [] : ['--skip-build']);
  } catch (error) {
    await run('scripts/production/down.mjs').catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  return site;
}

/** A new account through the site's /api (there is no demo account in production), signed in on `page`. */
export async function signUpThrough(page: Page, siteUrl: string, name: string): Promise<void> {
  const response = await fetch(`${siteUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({
      name,
      email: `${name.toLowerCase()}-${Date.now()}@example.com`,
      password: 'a long walk at dawn 42',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const { token, user } = (await response.json()) as { token: string; user: { id: number; role: string } };
  await page.goto(`${siteUrl}/about`);
  await page.evaluate(
    ({ token: saved, user: who }) => {
      localStorage.setItem('auth_token', saved);
      localStorage.setItem('lifeboard:user', JSON.stringify(who));
    },
    { token, user },
  );
}
