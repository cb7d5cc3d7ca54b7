import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/ports.mjs';

const RADICALE = process.env.RADICALE_BIN ?? '/usr/bin/radicale';

/**
 * A real Radicale CalDAV server on a free loopback port, with its own storage folder and plain-text htpasswd
 * users, for the CalDAV tests. Like PostgreSQL, it is required: without it the tests fail and say how to get it
 * (`apt-get install radicale`; .ci/run installs it), never skip.
 */
export interface Radicale {
  url: string;
  /** Makes a calendar collection directly in the storage folder, as another app would have. */
  makeCalendar(user: string, slug: string, name: string, color?: string): Promise<string>;
  /** A request as another calendar app of `user` would make it (Basic auth). */
  request(
    user: string,
    method: string,
    path: string,
    body?: string,
    headers?: Record<string, string>,
  ): Promise<Response>;
  stop(): Promise<void>;
}

export async function startRadicale(users: Record<string, string>): Promise<Radicale> {
  if (!existsSync(RADICALE)) {
    throw new Error(
      `Radicale is not installed (${RADICALE} is missing): the CalDAV tests run against a real server. Install it with \`apt-get install radicale\` (.ci/run does), or set RADICALE_BIN.`,
    );
  }
  const folder = await mkdtemp(join(tmpdir(), 'lifeboard-radicale-'));
  const storage = join(folder, 'storage');
  await writeFile(
    join(folder, 'users'),
    Object.entries(users)
      .map(([user, password]) => `${user}:${password}\n`)
      .join(''),
  );
  const port = await freePort();
  const child: ChildProcess = spawn(
    RADICALE,
    [
      '--config',
      '',
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--storage-filesystem-folder',
      storage,
      '--auth-type',
      'htpasswd',
      '--auth-htpasswd-filename',
      join(folder, 'users'),
      '--auth-htpasswd-encryption',
      'plain',
      '--auth-delay',
      '0',
      '--rights-type',
      'owner_only',
      '--logging-level',
      'warning',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Radicale stopped at start (exit ${child.exitCode}):\n${log}`);
    const up = await fetch(`${url}/.web/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`Radicale did not answer on ${url} within 15 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const auth = (user: string) => `Basic ${Buffer.from(`${user}:${users[user] ?? ''}`).toString('base64')}`;
  return {
    url,
    async makeCalendar(user, slug, name, color) {
      const dir = join(storage, 'collection-root', user, slug);
      await mkdir(dir, { recursive: true });
      await writeFile(
        join(dir, '.Radicale.props'),
        JSON.stringify({ tag: 'VCALENDAR', 'D:displayname': name, ...(color ? { 'ICAL:calendar-color': color } : {}) }),
      );
      return `${url}/${user}/${slug}/`;
    },
    request: (user, method, path, body, headers = {}) =>
      fetch(new URL(path, url), {
        method,
        headers: {
          authorization: auth(user),
          ...(body ? { 'content-type': 'text/calendar; charset=utf-8' } : {}),
          ...headers,
        },
        ...(body ? { body } : {}),
      }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}
