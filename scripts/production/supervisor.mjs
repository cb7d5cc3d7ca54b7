#!/usr/bin/env node
/**
 * The supervisor of `pnpm production:up` (started by up.mjs, on its own, in the background): it runs the
 * processes listed in the topology's config.json (the API processes, the worker, MailDev), each with its output
 * appended to logs/<name>.log, and starts again any that dies (after 0.5 s, doubling up to 5 s while it keeps
 * dying). It keeps state.json up to date with every pid, so `production:down` and the tests know them.
 * - SIGTERM / SIGINT: stops every process (SIGTERM, then SIGKILL after 15 s) and exits.
 * - SIGHUP: a rolling restart (a deploy): one process at a time leaves nginx's upstream (nginx reloads), stops
 *   once nginx has finished with it, starts again on the new build and comes back into the upstream when ready;
 *   the next goes only then, so one API process always answers.
 */
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { productionPaths, readJson, setUpstreamDown, waitUntil, writeAtomically } from './common.mjs';

const paths = productionPaths();
const config = readJson(paths.config);
if (!config) throw new Error(`no ${paths.config}: start the topology with pnpm production:up`);

/** name → { spec, child, restarts, startedAt, backoffMs, stopping } */
const running = new Map();
let stopping = false;

function log(line) {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
}

function saveState() {
  const processes = {};
  for (const [name, entry] of running) {
    processes[name] = {
      pid: entry.child?.pid ?? null,
      port: entry.spec.port ?? null,
      role: entry.spec.role,
      restarts: entry.restarts,
      startedAt: entry.startedAt,
    };
  }
  writeAtomically(paths.state, `${JSON.stringify({ supervisor: process.pid, processes }, null, 2)}\n`);
}

function start(entry) {
  const { spec } = entry;
  const out = openSync(join(paths.logs, `${spec.name}.log`), 'a');
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  entry.child = child;
  entry.startedAt = new Date().toISOString();
  const startedAt = Date.now();
  log(`${spec.name} started (pid ${child.pid})`);
  saveState();
  child.on('exit', (code, signal) => {
    if (entry.child !== child) return;
    entry.child = null;
    saveState();
    if (stopping || entry.stopping) return;
    // A process that ran a while is started again at once; one that keeps dying, less and less often.
    entry.backoffMs = Date.now() - startedAt > 30_000 ? 500 : Math.min((entry.backoffMs ?? 250) * 2, 5_000);
    entry.restarts += 1;
    log(`${spec.name} ended (${signal ?? `exit ${code}`}); starting it again in ${entry.backoffMs} ms`);
    entry.timer = setTimeout(() => {
      if (!stopping) start(entry);
    }, entry.backoffMs);
  });
}

function stopOne(entry, graceMs = 15_000) {
  const child = entry.child;
  clearTimeout(entry.timer);
  if (!child) return Promise.resolve();
  return new Promise((resolveStop) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

async function ready(spec) {
  if (!spec.readyUrl) return;
  await waitUntil(
    `${spec.name} did not answer ${spec.readyUrl}`,
    async () => {
      try {
        return (await fetch(spec.readyUrl, { signal: AbortSignal.timeout(2_000) })).ok;
      } catch {
        return false;
      }
    },
    90_000,
    300,
  );
}

async function rollingRestart() {
  log('rolling restart');
  for (const entry of running.values()) {
    if (stopping) return;
    if (entry.spec.role === 'mail') continue; // the inbox keeps its mail in memory: not part of a deploy
    // An API process leaves nginx's upstream first: nginx reloads, its old workers finish the requests they sent
    // it, and only then does it stop, so no request reaches a process that is closing.
    const drained = entry.spec.role === 'api' && setUpstreamDown(paths, entry.spec.port, true);
    if (drained) await new Promise((resolveWait) => setTimeout(resolveWait, 2_000));
    entry.stopping = true;
    await stopOne(entry);
    entry.stopping = false;
    entry.backoffMs = undefined;
    start(entry);
    await ready(entry.spec).catch((error) => log(error.message));
    if (drained) setUpstreamDown(paths, entry.spec.port, false);
    // The next one stops only once nginx sends to this one again, so one process always takes the requests.
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
  }
  log('rolling restart done');
}

async function stopAll() {
  if (stopping) return;
  stopping = true;
  log('stopping');
  await Promise.all([...running.values()].map((entry) => stopOne(entry)));
  saveState();
  log('stopped');
  process.exit(0);
}

for (const spec of config.processes) running.set(spec.name, { spec, child: null, restarts: 0, startedAt: null });
for (const entry of running.values()) start(entry);
process.on('SIGTERM', () => void stopAll());
process.on('SIGINT', () => void stopAll());
let restarting = Promise.resolve();
process.on('SIGHUP', () => {
  restarting = restarting.then(rollingRestart);
});
