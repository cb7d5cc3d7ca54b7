/**
 * What `production:up`, `production:down`, the supervisor, `deploy:remote` and the tests share: where the
 * topology keeps its state, and how to read it. Everything lives in one folder (`.data/production/`, or
 * PRODUCTION_DIR), so `production:down` finds every process it must stop.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const remoteApps = ['mf-journal', 'mf-goals', 'mf-fitness', 'mf-creator', 'mf-admin'];
/** The row of remotes.json for each area's own build, served by nginx at /remotes/<app>/ (a path on the site). */
export function buildRow(app) {
  return `/remotes/${app}/mf-manifest.json`;
}

export const pgBin = '/usr/lib/postgresql/15/bin';
export const nginxBin = '/usr/sbin/nginx';

/** The folders of one topology; PRODUCTION_DIR and PRODUCTION_RELEASES_DIR move them (the tests do). */
export function productionPaths(env = process.env) {
  const dir = resolve(env.PRODUCTION_DIR ?? join(repoRoot, '.data/production'));
  return {
    dir,
    postgres: join(dir, 'postgres'),
    logs: join(dir, 'logs'),
    nginx: join(dir, 'nginx'),
    areas: join(dir, 'areas'),
    uploads: join(dir, 'uploads'),
    secrets: join(dir, 'secrets.json'),
    /** What up.mjs decided (ports, the processes' commands): the supervisor's orders. */
    config: join(dir, 'config.json'),
    /** What runs now (pids), kept by the supervisor. */
    state: join(dir, 'state.json'),
    releases: resolve(env.PRODUCTION_RELEASES_DIR ?? join(repoRoot, 'dist-releases')),
  };
}

/** Writes a file whole or not at all: a reader sees the old text or the new one, never half (rename is atomic). */
export function writeAtomically(file, text, mode) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, mode === undefined ? undefined : { mode });
  renameSync(temporary, file);
}

export function readJson(file, fallback = null) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

export function isAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  // A process that has exited but whose parent never reaps it (a daemon orphaned under a PID 1 that doesn't
  // reap, as in some containers) is a zombie: it answers signal 0, yet it holds no port and does no work.
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

export async function waitUntil(what, test, timeoutMs, intervalMs = 200) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await test()) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, intervalMs));
  }
  throw new Error(`${what} within ${Math.round(timeoutMs / 1000)} s`);
}

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Runs a PostgreSQL program as the user that owns the cluster: PostgreSQL refuses to run as root, so as root
 * it runs as Debian's `postgres` user (the data folder is theirs), otherwise as the current user.
 */
export function asPostgres(program, args, options = {}) {
  const command = join(pgBin, program);
  if (!isRoot) return execFileSync(command, args, { stdio: 'pipe', ...options });
  const quoted = [command, ...args].map((part) => `'${String(part).replace(/'/g, "'\\''")}'`).join(' ');
  return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe', ...options });
}

/** The nginx master's pid, from its pid file, if it runs. */
export function nginxPid(paths) {
  const file = join(paths.nginx, 'nginx.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return isAlive(pid) ? pid : null;
}

export function nginxArgs(paths) {
  return ['-p', `${paths.nginx}/`, '-c', join(paths.nginx, 'nginx.conf'), '-e', join(paths.logs, 'nginx-error.log')];
}

/**
 * Takes the API process on `port` out of nginx's upstream (`down`) or puts it back, and reloads nginx: the new
 * workers send it nothing more, the old ones finish what they sent it. The drain of a deploy, before the process
 * itself stops.
 */
export function setUpstreamDown(paths, port, down) {
  const file = join(paths.nginx, 'lifeboard.conf');
  if (!existsSync(file) || !nginxPid(paths)) return false;
  const text = readFileSync(file, 'utf8');
  const next = text.replace(new RegExp(`(server 127\\.0\\.0\\.1:${port} [^;]*?)( down)?;`), (_match, server) =>
    down ? `${server} down;` : `${server};`,
  );
  if (next === text) return false;
  writeAtomically(file, next);
  execFileSync(nginxBin, [...nginxArgs(paths), '-s', 'reload'], { stdio: 'ignore' });
  return true;
}
