import { timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * `admin:create` while the site runs. The embedded database (PGlite) belongs to one process: a second one must not
 * open its folder while the API has it open. So the running API writes where it listens and a random token into
 * `running-api.json` beside the database folder (readable by its owner only), and answers
 * `POST /api/local/admin-create` from loopback with that token; the command asks it there, and opens the database
 * itself only when no API is running.
 */

export interface RunningApi {
  pid: number;
  url: string;
  token: string;
}

export function runningApiFile(pgliteDir: string): string {
  return join(dirname(resolve(pgliteDir)), 'running-api.json');
}

export function announceRunningApi(file: string, api: RunningApi): void {
  writeFileSync(file, JSON.stringify(api), { mode: 0o600 });
}

export function forgetRunningApi(file: string): void {
  rmSync(file, { force: true });
}

/** The API announced in `file` when its process is still alive, else null. */
export function findRunningApi(file: string): RunningApi | null {
  try {
    const api = JSON.parse(readFileSync(file, 'utf8')) as RunningApi;
    process.kill(api.pid, 0);
    return api;
  } catch {
    return null;
  }
}

export class NoSuchUser extends Error {}

/** Makes the user with this e-mail an admin. Returns a message; throws `NoSuchUser` when there is none. */
export async function makeAdmin(db: Db, email: string): Promise<string> {
  const address = email.trim().toLowerCase();
  const updated = await db
    .update(users)
    .set({ role: 'admin' })
    .where(eq(users.email, address))
    .returning({ id: users.id });
  if (updated.length === 0) throw new NoSuchUser(`No user with e-mail ${address}; sign up first, then run this again.`);
  return `${address} is now an admin.`;
}

function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The command's door into a running API: loopback only, and only with the token of `running-api.json`. */
export async function localAdminRoutes(app: FastifyInstance): Promise<void> {
  const token = app.localAdminToken;
  // Only while this API holds the embedded database (server.ts); otherwise `admin:create` opens the database itself.
  if (!token) return;
  app.post('/api/local/admin-create', { schema: { hide: true } }, async (request, reply) => {
    if (
      !loopback.has(request.socket.remoteAddress ?? '') ||
      !sameToken(request.headers['x-lifeboard-local-token'], token)
    ) {
      return reply
        .code(403)
        .send({ success: false, error: 'This address is for the admin:create command on this machine.' });
    }
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || !email.trim())
      return reply.code(422).send({ success: false, error: 'Give the e-mail of the user to make an admin.' });
    try {
      return { success: true, message: await makeAdmin(app.db, email) };
    } catch (error) {
      if (error instanceof NoSuchUser) return reply.code(404).send({ success: false, error: error.message });
      throw error;
    }
  });
}
