import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { sharedRateLimitStore, type SharedCounters } from './shared-counters';

/** CORS for the site's own origins, security headers, and the per-route rate limiter. */
export async function registerSecurity(
  app: FastifyInstance,
  origins: readonly string[],
  counters: SharedCounters,
): Promise<void> {
  await app.register(cors, {
    origin: [...origins],
    credentials: true,
    methods: ['GET', 'POST', 'OPTIONS'],
    // X-Lifeboard-Read: sent by pages of the releases before 2026-11-30 (their reads would fail without it).
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With', 'Idempotency-Key', 'X-Lifeboard-Read'],
    maxAge: 600,
  });
  // A JSON API: no HTML is served, so the strictest policy costs nothing. Helmet's middleware is made once here:
  // @fastify/helmet made it anew (parsing every option and CSP directive) on every request, in two hooks.
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // (Helmet calls back with nothing, or with an Error in versions before 8.1; 8.1+ throws instead.)
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so a route's limit holds across every API process (plugins/shared-counters.ts).
    store: sharedRateLimitStore(counters),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      error: 'Too Many Requests!',
      message: `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  });
}
