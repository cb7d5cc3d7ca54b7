import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hostname } from 'node:os';

/** One check of readiness: resolves when its dependency works, throws (with a reason) when it does not. */
export type ReadinessCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 2_000;

/**
 * What must work before this instance takes traffic, by name. Add a check here when the API comes to depend
 * on something new (an object store, say): `/api/health/ready` runs every one.
 */
export function readinessChecks(app: FastifyInstance): Record<string, ReadinessCheck> {
  return {
    database: async () => {
      await app.db.execute(sql`select 1`);
    },
    // The job queue (mail, reminders): its tables answer, so work can be queued and taken.
    queue: async () => {
      const health = await app.queue.health();
      if (!health.ok) throw new Error(health.error ?? 'the job queue does not answer');
    },
  };
}

function withTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/api/health`: the cheap liveness probe (the process answers). `/api/health/ready`: the readiness probe,
 * 200 when every check passes, else 503 naming the failing ones (the reason goes to the log, not the answer),
 * with the instance that answered (INSTANCE_NAME or the host name, and its pid).
 */
export function registerHealth(app: FastifyInstance): void {
  // Which process answered, so a probe through a load balancer can tell the instances apart.
  const instance = { name: app.env.INSTANCE_NAME ?? hostname(), pid: process.pid };
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/api/health/ready', { schema: { hide: true } }, async (request, reply) => {
    const entries = Object.entries(readinessChecks(app));
    const results = await Promise.allSettled(entries.map(([, check]) => withTimeout(check)));
    const checks: Record<string, 'ok' | 'failing'> = {};
    results.forEach((result, index) => {
      const [name] = entries[index];
      checks[name] = result.status === 'fulfilled' ? 'ok' : 'failing';
      if (result.status === 'rejected')
        request.log.error({ err: result.reason, check: name }, 'readiness check failed');
    });
    const ok = results.every((result) => result.status === 'fulfilled');
    return reply.code(ok ? 200 : 503).send({ ok, checks, instance });
  });
}
