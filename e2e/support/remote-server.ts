import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RemoteApp, SiteInfo } from './site-info';

/**
 * A remote's static server (scripts/serve-static.mjs) started by a spec in place of the global set-up's one,
 * served as the set-up serves it (the same API address), from its dist/ or another build folder.
 *
 * It outlives the spec file, because the files after it use the remote too, but not the test run: it stops
 * once the Vitest process that started this worker has gone (the global teardown only knows its own servers).
 */
export function serveRemoteForRun(site: SiteInfo, app: RemoteApp, dist?: string): ChildProcess {
  const script = [
    'const { createStaticServer } = await import(process.env.SERVE_STATIC_URL);',
    'const server = createStaticServer({ app: process.env.APP, dist: process.env.DIST || undefined });',
    'server.listen(Number(process.env.PORT), "localhost");',
    "process.on('SIGTERM', () => process.exit(0));",
    'setInterval(() => { try { process.kill(Number(process.env.WATCH_PID), 0); } catch { process.exit(0); } }, 1000);',
  ].join('\n');
  return spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: site.repoRoot,
    env: {
      ...process.env,
      SERVE_STATIC_URL: pathToFileURL(join(site.repoRoot, 'scripts/serve-static.mjs')).href,
      APP: app,
      DIST: dist ?? '',
      PORT: String(site.remotes[app].port),
      WATCH_PID: String(process.ppid),
      API_URL: site.apiUrl,
    },
    stdio: 'ignore',
  });
}
