import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** CORS for the site's own origins, security headers, and the per-route rate limiter. */
export async function registerSecurity(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  await app.register(cors, {
    origin: [...origins],
    credentials: true,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With'],
    maxAge: 600,
  });
  // A JSON API: no HTML is served, so the strictest policy costs nothing.
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      error: 'Too Many Requests!',
      message: `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  });
}
