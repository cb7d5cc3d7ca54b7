import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';

/**
 * One structured log line per answered request, carrying its request id (`reqId`: the proxy's X-Request-Id, or
 * Fastify's own), also sent back as `X-Request-Id` so a person reporting a problem can quote it. In development
 * (`pnpm start`) requests are not logged at all: only warnings and errors, so the terminal stays readable.
 */
export function registerRequestLog(app: FastifyInstance, nodeEnv: Env['NODE_ENV']): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  if (nodeEnv === 'development') return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        // The pattern, not the path: a path may carry a token (an unsubscribe link's), the pattern never does.
        // An unknown path (a probe) has no pattern: its path, without the query, says what was tried.
        route: request.routeOptions.url ?? `unmatched ${request.url.split('?')[0]?.slice(0, 200) ?? ''}`,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
  });
}
