import { errorCodes } from '@lifeboard/shared/api/error-codes';
import type { FastifyInstance } from 'fastify';

/**
 * Shutting down without dropping anyone. After `startDraining()` (server.ts, on SIGTERM) the requests already
 * being answered finish as usual, each with `Connection: close`; a request that arrives afterwards, on a new
 * connection or on a kept-alive one, gets 503 with `Connection: close` and `Retry-After`, so a proxy retries it on
 * another process. Only after the drain time are the connections closed (`app.close()`): closing idle kept-alive
 * connections at once would reset the requests a client is sending on them at that moment.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .send({ success: false, error: 'This server is restarting; please try again.', code: errorCodes.server });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) void reply.header('connection', 'close');
  });
}
