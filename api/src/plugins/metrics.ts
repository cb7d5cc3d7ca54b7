import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { createHash, timingSafeEqual } from 'node:crypto';
import { poolOf } from '../db/client';
import { unauthorized } from '../errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in Prometheus' text format, when METRICS_TOKEN is set (and only for `Authorization: Bearer
 * <METRICS_TOKEN>`; without the setting there is no such page): requests and their latency per route, the job
 * queue's depth and failures per kind, the PostgreSQL pool, and the process's own (memory, event loop, GC).
 * A registry per app, so several apps in one process (tests) count apart.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined): void {
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'lifeboard_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'lifeboard_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (`/api/uploads/:id`), never the raw URL: one series per route, not per id.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'lifeboard_queue_jobs',
    help: 'Jobs in the queue by kind and state (queued, active, failed)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      const health = await app.queue.health();
      this.reset();
      for (const [kind, counts] of Object.entries(health.kinds)) {
        this.set({ kind, state: 'queued' }, counts.queued);
        this.set({ kind, state: 'active' }, counts.active);
        this.set({ kind, state: 'failed' }, counts.failed);
      }
    },
  });
  const pool = poolOf(app.db);
  if (pool) {
    new Gauge({
      name: 'lifeboard_db_pool_connections',
      help: "The PostgreSQL pool's connections: total, idle, and requests waiting for one",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) throw unauthorized();
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
