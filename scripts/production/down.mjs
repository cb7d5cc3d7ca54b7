#!/usr/bin/env node
/**
 * `pnpm production:down`: stops what `pnpm production:up` started, from the pids in .data/production: the
 * supervisor (which stops the API processes, the worker and MailDev, each draining its work), nginx (graceful:
 * its workers finish their requests) and PostgreSQL (fast shutdown). It then checks that none of them is left.
 * The data stays in .data/production for the next `production:up`.
 */
import { existsSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { asPostgres, isAlive, nginxArgs, nginxBin, nginxPid, productionPaths, readJson, waitUntil } from './common.mjs';

const paths = productionPaths();

function say(line) {
  process.stdout.write(`[production] ${line}\n`);
}

async function stopPid(what, pid, timeoutMs) {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  try {
    await waitUntil(`${what} did not stop`, () => !isAlive(pid), timeoutMs);
  } catch {
    say(`${what} (pid ${pid}) did not stop in time: killed`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

async function main() {
  const state = readJson(paths.state);
  const left = [];
  if (state) {
    await stopPid('the supervisor', state.supervisor, 30_000);
    // Whatever the supervisor could not stop (it was killed itself, say).
    for (const [name, entry] of Object.entries(state.processes ?? {})) {
      await stopPid(name, entry.pid, 15_000);
      if (isAlive(entry.pid)) left.push(`${name} (pid ${entry.pid})`);
    }
    if (isAlive(state.supervisor)) left.push(`the supervisor (pid ${state.supervisor})`);
  }

  const nginx = nginxPid(paths);
  if (nginx) {
    execFileSync(nginxBin, [...nginxArgs(paths), '-s', 'quit'], { stdio: 'inherit' });
    await waitUntil('nginx did not stop', () => !isAlive(nginx), 30_000).catch(() => process.kill(nginx, 'SIGKILL'));
    if (isAlive(nginx)) left.push(`nginx (pid ${nginx})`);
  }

  if (existsSync(join(paths.postgres, 'postmaster.pid'))) {
    try {
      asPostgres('pg_ctl', ['-D', paths.postgres, '-m', 'fast', '-w', 'stop']);
    } catch (error) {
      left.push(`PostgreSQL (${error instanceof Error ? error.message.split('\n')[0] : error})`);
    }
  }

  rmSync(paths.state, { force: true });
  if (left.length) {
    console.error(`production:down: still running: ${left.join(', ')}`);
    process.exit(1);
  }
  say('stopped (the data stays in ' + paths.dir + ')');
}

main().catch((error) => {
  console.error(`production:down failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
