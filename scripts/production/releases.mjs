/**
 * A team deploys its own area (issue 30 §6). Each version of a remote is a folder of its own,
 * `dist-releases/<app>/<version>/`, never changed once written; the live `dist-releases/remotes.json` (which nginx
 * serves as /remotes.json) names the version each area runs, and is switched by writing a new file beside it
 * and renaming it over the old one, so a reader sees one version or the other, never half a file. Each area's
 * `history.json` keeps the rows it ran before, which `rollback:remote` goes back through.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { productionPaths, readJson, remoteApps, repoRoot, writeAtomically } from './common.mjs';

/** `mf-goals`, `goals` or `mf_goals` → `mf-goals`. */
export function appOf(name) {
  const app = `mf-${String(name ?? '').replace(/^mf[-_]/, '')}`;
  if (!remoteApps.includes(app))
    throw new Error(`Which area? One of ${remoteApps.join(', ')} (got ${JSON.stringify(name)})`);
  return app;
}

const rowOf = (app) => app.replace('-', '_');

function liveFile(paths) {
  return join(paths.releases, 'remotes.json');
}

function readLive(paths) {
  const live = readJson(liveFile(paths));
  if (!live) throw new Error(`${liveFile(paths)} does not exist: start the site first (pnpm production:up)`);
  return live;
}

/** 20261129-043512: sortable, and readable in a URL. */
function stamp(now = new Date()) {
  return now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/** Switches the area's row of the live remotes.json to `row`, keeping the row it had in its history. */
function switchRow(paths, app, row, history) {
  const live = readLive(paths);
  const previous = live[rowOf(app)];
  writeAtomically(join(paths.releases, app, 'history.json'), `${JSON.stringify([...history, previous], null, 2)}\n`);
  writeAtomically(liveFile(paths), `${JSON.stringify({ ...live, [rowOf(app)]: row }, null, 2)}\n`);
  return previous;
}

/**
 * Builds `app` from the repository (or takes an already built folder, `dist`) into a new version's folder and
 * switches the site to it. Returns { version, row }.
 */
export function deployRemote({ name, dist, version, paths = productionPaths(), log = console.log }) {
  const app = appOf(name);
  readLive(paths); // before a build that would be in vain
  let chosen = version ?? stamp();
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(chosen))
    throw new Error(`A version is letters, digits, dots and dashes: ${chosen}`);
  if (!version) for (let n = 2; existsSync(join(paths.releases, app, chosen)); n += 1) chosen = `${stamp()}-${n}`;
  const target = join(paths.releases, app, chosen);
  if (existsSync(target)) throw new Error(`${target} already exists: a version is never overwritten`);
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  if (dist) {
    cpSync(resolve(dist), partial, { recursive: true });
  } else {
    log(`building ${app} into ${target}`);
    execFileSync('pnpm', ['exec', 'rspack', 'build', '--output-path', partial], {
      cwd: join(repoRoot, app),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  for (const file of ['mf-manifest.json', 'remoteEntry.js'])
    if (!existsSync(join(partial, file)))
      throw new Error(`${dist ?? 'the build'} has no ${file}: not a remote's build`);
  // The folder appears whole: nothing links to it before its last file is written.
  renameSync(partial, target);
  writeAtomically(
    join(target, 'release.json'),
    `${JSON.stringify({ area: app, version: chosen, deployedAt: new Date().toISOString(), from: dist ? resolve(dist) : 'source' }, null, 2)}\n`,
  );
  const row = `/releases/${app}/${chosen}/mf-manifest.json`;
  const history = readJson(join(paths.releases, app, 'history.json'), []);
  const previous = switchRow(paths, app, row, history);
  log(`${app} ${chosen} is live (was ${previous}); open pages get it on their next visit to the area`);
  return { version: chosen, row, previous };
}

/** Switches the area back to the row it ran before its last deploy. */
export function rollbackRemote({ name, paths = productionPaths(), log = console.log }) {
  const app = appOf(name);
  const historyFile = join(paths.releases, app, 'history.json');
  const history = readJson(historyFile, []);
  const back = history.at(-1);
  if (!back) throw new Error(`${app} has no earlier version to go back to`);
  const live = readLive(paths);
  const from = live[rowOf(app)];
  writeAtomically(liveFile(paths), `${JSON.stringify({ ...live, [rowOf(app)]: back }, null, 2)}\n`);
  writeAtomically(historyFile, `${JSON.stringify(history.slice(0, -1), null, 2)}\n`);
  log(`${app} is back on ${back} (was ${from})`);
  return { row: back, from };
}
