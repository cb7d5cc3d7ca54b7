import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports';
import type { SiteInfo } from './site-info';

export interface SecondSite {
  /** The site's addresses: the same built apps, this API. */
  site: SiteInfo;
  close(): Promise<void>;
}

/**
 * The same built apps served against a second API of its own (on its own embedded database), configured with
 * `apiEnv`: for a spec that needs a setting the shared site doesn't have, such as a stand-in for a third party
 * (an SMS provider, Google), or a static server set up otherwise (`shellArgs`). `apiEnv` gets the addresses first, for
 * settings that name them (a redirect URL).
 */
export async function startSecondSite(
  site: SiteInfo,
  name: string,
  apiEnv: (urls: { apiUrl: string; shellUrl: string }) => Record<string, string> | Promise<Record<string, string>>,
  /** More arguments of the static server (scripts/serve-static.mjs), such as an analytics tag. */
  shellArgs: string[] = [],
): Promise<SecondSite> {
  const work = mkdtempSync(join(tmpdir(), `lifeboard-${name}-`));
  const children: ChildProcess[] = [];
  const start = (command: string, args: string[], env: Record<string, string>) => {
    const child = spawn(command, args, {
      cwd: site.repoRoot,
      env: { ...process.env, ...env },
      stdio: 'ignore',
      detached: true,
    });
    children.push(child);
  };
  const [apiPort, shellPort] = await Promise.all([freePort(), freePort()]);
  const apiUrl = `http://localhost:${apiPort}`;
  const shellUrl = `http://localhost:${shellPort}`;
  start('pnpm', ['--filter', '@lifeboard/api', 'start'], {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PGLITE_DIR: join(work, 'pglite'),
    CORS_ORIGINS: shellUrl,
    APP_URL: shellUrl,
    PUBLIC_API_URL: apiUrl,
    QUEUE_POLL_SECONDS: '1',
    // In production mode the API starts only with its choices stated (api/src/env.ts, statedChoicesMissing).
    PAYMENTS_PROVIDER: 'test',
    MAIL: 'off',
    APP_SECRET: randomBytes(32).toString('base64'),
    ...(await apiEnv({ apiUrl, shellUrl })),
  });
  start(
    process.execPath,
    [
      'scripts/serve-static.mjs',
      'shell',
      '--port',
      String(shellPort),
      '--remotes',
      site.remotesFile,
      '--api',
      apiUrl,
      ...shellArgs,
    ],
    {},
  );
  const close = async () => {
    for (const child of children) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await Promise.all([
      waitForPort(shellPort, `the ${name} site's shell server`),
      waitForPort(apiPort, `the ${name} site's API`, 90_000),
    ]);
  } catch (error) {
    await close();
    throw error;
  }
  return { site: { ...site, apiUrl, shellUrl }, close };
}
