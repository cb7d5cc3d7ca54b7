import swagger from '@fastify/swagger';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import type { Env } from './env';
import { installErrorHandler } from './errors';
import { modelRoutes } from './models/engine';
import { localAdminRoutes } from './modules/admin/local-admin';
import { adminRoutes } from './modules/admin/routes';
import { adminDeleteRoutes } from './modules/admin/delete-routes';
import { programAiRoutes } from './modules/programs/ai-draft';
import { programOutlineRoutes } from './modules/programs/outline';
import { readAiConfig, type AiSettings } from './modules/ai/config';
import { aiRoutes } from './modules/ai/routes';
import { authorRoutes } from './modules/authors/routes';
import { creatorLedgerRoutes } from './modules/creator-ledger/routes';
import { passwordRoutes } from './modules/auth/password-routes';
import { authRoutes } from './modules/auth/routes';
import { boardRoutes } from './modules/boards/routes';
import { googleCalendarRoutes } from './modules/calendar/google-routes';
import { calendarRoutes } from './modules/calendar/routes';
import { exerciseRoutes } from './modules/exercises/routes';
import { goalAiRoutes } from './modules/goals/ai-draft';
import { goalRoutes } from './modules/goals/routes';
import { habitLoopRoutes } from './modules/habits/loop-routes';
import { habitRoutes } from './modules/habits/routes';
import { homeRoutes } from './modules/home/routes';
import { journalRoutes } from './modules/journal/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { createMailer, mailOff, type Mailer } from './modules/mail/mailer';
import { reminderActionRoutes } from './modules/reminders/routes';
import { muscleRoutes } from './modules/muscles/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { reflectionRoutes } from './modules/reflection/routes';
import { unsubscribeRoutes } from './modules/daily-email/routes';
import { pushRoutes } from './modules/push/routes';
import { smsRoutes } from './modules/sms/routes';
import { paymentRoutes } from './modules/payments/routes';
import { couponRoutes } from './modules/payments/coupon-routes';
import { providerOf, transfersOf, type PaymentProvider } from './modules/payments/providers';
import { programRoutes } from './modules/programs/routes';
import { programCoverRoutes } from './modules/programs/cover';
import { lessonFileRoutes } from './modules/programs/lesson-files';
import { sharedPageRoutes } from './modules/shared-pages/routes';
import { siteConfigRoutes } from './modules/site/routes';
import { simpleModelRoutes } from './modules/simple-models/routes';
import { createDiskBlobStore, type BlobStore } from './modules/uploads/blob-store';
import { uploadRoutes } from './modules/uploads/routes';
import { createS3BlobStore, s3SettingsOf } from './modules/uploads/s3-blob-store';
import { accountDataRoutes } from './modules/users/account-data';
import { userRoutes } from './modules/users/routes';
import { registerAuth } from './plugins/auth';
import { defaultLimits, registerAnonymousLimit, type Limits } from './plugins/limits';
import { documentErrorResponses, documentingSerializerCompiler, swaggerOptions } from './openapi';
import { registerIdempotency } from './plugins/idempotency';
import { registerSecurity } from './plugins/security';
import { registerStorableText } from './plugins/storable-text';
import { registerHealth } from './plugins/health';
import { bodyLimits, registerBodyLimits } from './plugins/body-limits';
import { registerDrain } from './plugins/drain';
import { registerRequestLog } from './plugins/request-log';
import { registerMetrics } from './plugins/metrics';
import { registerSharedCounters } from './plugins/shared-counters';
import { registerJobs } from './plugins/jobs';
import './types';

export interface AppOptions {
  db: Db;
  env: Env;
  /** The queue's own schema (pg-boss's `pgboss` by default); tests sharing one PostgreSQL keep theirs apart. */
  queueSchema?: string;
  /** Before every shared counter's key (rate limits); tests sharing one PostgreSQL keep their counts apart. */
  countersPrefix?: string;
  /** Where queued mail is handed over; nodemailer on `SMTP_URL` by default. */
  mailer?: Mailer;
  limits?: Partial<Limits>;
  /** Where uploaded images go; by default a folder (`UPLOADS_DIR`). Production may pass an object store. */
  blobStore?: BlobStore;
  logger?: boolean;
  /** The AI_* provider settings (`modules/ai/config.ts`) in place of `env`'s, for tests. */
  aiEnv?: AiSettings;
  /** The payment provider; by default Stripe when configured, else the built-in test provider (`modules/payments`). */
  payments?: PaymentProvider;
  /** The token of `running-api.json` that `admin:create` brings while this API holds the embedded database. */
  localAdminToken?: string;
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

  app.decorate('db', options.db);
  app.decorate('env', options.env);
  app.decorate('limits', { ...defaultLimits, ...options.limits });
  app.decorate('ai', readAiConfig(options.aiEnv ?? options.env));
  const mailer =
    options.mailer ??
    (options.env.MAIL === 'off'
      ? mailOff(app.log)
      : createMailer({ smtpUrl: options.env.SMTP_URL, from: options.env.MAIL_FROM }));
  app.decorate('mailer', mailer);
  app.decorate('modelHooks', new Map());
  // One provider for checkout and payouts (the test provider's signing secret is made once).
  const payments = options.payments ?? providerOf(options.env);
  const transfers = transfersOf(payments);
  const reminders = registerJobs(app, transfers, options.queueSchema);

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
  await app.register(siteConfigRoutes, { payments: payments.name });

  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(userRoutes);
  await app.register(boardRoutes);
  await app.register(adminRoutes);
  if (options.localAdminToken) await app.register(localAdminRoutes, { token: options.localAdminToken });
  await app.register(habitRoutes);
  await app.register(homeRoutes);
  await app.register(journalRoutes);
  await app.register(reviewRoutes);
  await app.register(goalRoutes);
  await app.register(goalAiRoutes);
  await app.register(habitLoopRoutes);
  await app.register(sharedPageRoutes);
  await app.register(simpleModelRoutes);
  await app.register(calendarRoutes);
  await app.register(googleCalendarRoutes);
  await app.register(muscleRoutes);
  await app.register(exerciseRoutes);
  await app.register(programRoutes);
  await app.register(programAiRoutes);
  await app.register(programOutlineRoutes);
  await app.register(authorRoutes);
  await app.register(creatorLedgerRoutes, { transfers });
  await app.register(paymentRoutes, { provider: payments });
  await app.register(couponRoutes);
  await app.register(aiRoutes);
  await app.register(reflectionRoutes);
  await app.register(invitationRoutes);
  await app.register(reminderActionRoutes, { deps: reminders, signer: reminders.signer });
  await app.register(notificationRoutes, { deps: reminders });
  await app.register(pushRoutes, { config: reminders.push });
  await app.register(smsRoutes);
  await app.register(unsubscribeRoutes, { signer: reminders.signer });
  const s3 = s3SettingsOf(options.env);
  const blobStore = options.blobStore ?? (s3 ? createS3BlobStore(s3) : createDiskBlobStore(options.env.UPLOADS_DIR));
  app.decorate('blobStore', blobStore);
  await app.register(uploadRoutes, { store: blobStore });
  await app.register(programCoverRoutes, { store: blobStore });
  await app.register(lessonFileRoutes, { store: blobStore });
  await app.register(accountDataRoutes, { store: blobStore });
  await app.register(adminDeleteRoutes, { store: blobStore });
  await app.register(modelRoutes);
  return app;
}
