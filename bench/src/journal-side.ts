/**
 * Another build of the shell and the journal area served beside the bench's site (issue 35: "opening /journal at
 * least as fast as the previous round's build, side by side in one run"). `BENCH_SIDE_BUILD` names a folder with
 * that build's `shell/` and `mf-journal/` dists (each `pnpm build`'s `dist/`); the other areas and the API are the
 * site's own. The journal part then alternates its visits between the two builds, so whatever the machine does
 * meanwhile reaches both alike: run one after the other, the medians of one build differed by up to 50 ms.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from '../../e2e/support/ports';
import { repoRoot } from './site';
import type { Site } from './site';

export const sideBuildDir = process.env.BENCH_SIDE_BUILD ?? null;

export interface SideBuild {
  /** The folder it is served from. */
  dir: string;
  shellUrl: string;
  stop(): void;
}

/** A file each app's build has, by which a folder is known to hold one. */
const builtFile = { shell: 'index.html', 'mf-journal': 'mf-manifest.json' };

/** The shell's port for the other build, chosen before the site starts: the API must let its origin in. */
export async function sideShellPort(): Promise<number | null> {
  if (!sideBuildDir) return null;
  for (const [app, file] of Object.entries(builtFile)) {
    if (!existsSync(join(sideBuildDir, app, file)))
      throw new Error(`BENCH_SIDE_BUILD: ${sideBuildDir}/${app} holds no build of ${app}`);
  }
  return freePort();
}

/** Serves the other build's shell on `shellPort` and its journal area on a free port, against the site's API. */
export async function serveSideBuild(site: Site, dir: string, shellPort: number): Promise<SideBuild> {
  const journalPort = await freePort();
  const remotes = JSON.parse(readFileSync(site.remotesFile, 'utf8')) as Record<string, string>;
  remotes.mf_journal = `http://localhost:${journalPort}/mf-manifest.json`;
  const remotesFile = join(tmpdir(), `lifeboard-bench-side-remotes-${shellPort}.json`);
  writeFileSync(remotesFile, JSON.stringify(remotes));
  const serve = (app: string, port: number, extra: string[]): ChildProcess =>
    spawn(
      process.execPath,
      [
        'scripts/serve-static.mjs',
        app,
        '--port',
        String(port),
        '--api',
        site.apiUrl,
        '--dist',
        join(dir, app),
        ...extra,
      ],
      { cwd: repoRoot, stdio: 'ignore' },
    );
  const children = [serve('shell', shellPort, ['--remotes', remotesFile]), serve('mf-journal', journalPort, [])];
  const stop = () => children.forEach((child) => child.kill());
  try {
    await Promise.all([waitForPort(shellPort, 'the other shell'), waitForPort(journalPort, 'the other journal')]);
  } catch (error) {
    stop();
    throw error;
  }
  return { dir, shellUrl: `http://localhost:${shellPort}`, stop };
}
