import swagger from '@fastify/swagger';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './env';
import { installErrorHandler } from './errors';
import { modelRoutes } from './models/engine';
import { modules } from './modules';
import { documentErrorResponses, documentingSerializerCompiler, swaggerOptions } from './openapi';
import { registerAuth } from './plugins/auth';
import { bodyLimits, registerBodyLimits } from './plugins/body-limits';
import { registerDrain } from './plugins/drain';
import { registerHealth } from './plugins/health';
import { registerIdempotency } from './plugins/idempotency';
import { registerJobs } from './plugins/jobs';
import { registerAnonymousLimit } from './plugins/limits';
import { registerMetrics } from './plugins/metrics';
import { registerRequestLog } from './plugins/request-log';
import { registerSecurity } from './plugins/security';
import { registerServices, type ServiceOptions } from './plugins/services';
import { registerSharedCounters } from './plugins/shared-counters';
import { registerStorableText } from './plugins/storable-text';
import './types';

export interface AppOptions extends ServiceOptions {
  /** The queue's own schema (pg-boss's `pgboss` by default); tests sharing one PostgreSQL keep theirs apart. */
  queueSchema?: string;
  /** Before every shared counter's key (rate limits); tests sharing one PostgreSQL keep their counts apart. */
  countersPrefix?: string;
  logger?: boolean;
}

/** TRUST_PROXY as Fastify takes it: a number of hops becomes "trust the first n hops". */
function trustProxyOption(
  setting: Env['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** The whole API on a given database; tests build it on in-memory PGlite, the server on the configured one. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    // Fastify's own two lines per request ("incoming", "completed") are replaced by one (registerRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
    // A proxy's request id (nginx: `proxy_set_header X-Request-Id $request_id`) follows the request into the log.
    requestIdHeader: 'x-request-id',
    // The anonymous limit unless a route asks for more (plugins/body-limits.ts).
    bodyLimit: bodyLimits.anonymous,
    trustProxy: trustProxyOption(options.env.TRUST_PROXY),
    // Reject `__proto__` and `constructor.prototype` keys in JSON bodies (answered as 422 by the error handler).
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas made with `documented()` only describe the answer in /api/docs (see openapi.ts).
  app.setSerializerCompiler(documentingSerializerCompiler);
  installErrorHandler(app);
  registerBodyLimits(app);
  // Unknown paths answer in the contract's shape, not Fastify's default `{ message, error, statusCode }`.
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ success: false, error: 'Not found', code: errorCodes.notFound }),
  );

  registerServices(app, options);
  registerJobs(app, options.queueSchema);

  // First of the request hooks: while shutting down, nothing else runs for a new request.
  registerDrain(app);
  registerRequestLog(app, options.env.NODE_ENV);
  const counters = registerSharedCounters(app, options.db, options.countersPrefix);
  await registerSecurity(app, options.env.CORS_ORIGINS, counters);
  registerAnonymousLimit(app);
  await app.register(swagger, swaggerOptions);
  registerAuth(app);
  registerStorableText(app);
  registerIdempotency(app);
  // After the auth decorators (it recognises their hooks), before every route: the error bodies each route can answer.
  documentErrorResponses(app);

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  registerHealth(app);
  registerMetrics(app, options.env.METRICS_TOKEN);
  for (const module of modules) await app.register(module);
  // Last: the engine serves every model with the hooks the modules registered.
  await app.register(modelRoutes);
  return app;
}
