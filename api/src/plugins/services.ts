import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { readAiConfig, type AiSettings } from '../modules/ai/config';
import { createMailer, mailOff, type Mailer } from '../modules/mail/mailer';
import { providerOf, transfersOf, type PaymentProvider } from '../modules/payments/providers';
import { createDiskBlobStore, type BlobStore } from '../modules/uploads/blob-store';
import { createS3BlobStore, s3SettingsOf } from '../modules/uploads/s3-blob-store';
import { defaultLimits, type Limits } from './limits';

export interface ServiceOptions {
  db: Db;
  env: Env;
  /** Where queued mail is handed over; nodemailer on `SMTP_URL` by default. */
  mailer?: Mailer;
  limits?: Partial<Limits>;
  /** Where uploaded images go; by default a folder (`UPLOADS_DIR`). Production may pass an object store. */
  blobStore?: BlobStore;
  /** The AI_* provider settings (`modules/ai/config.ts`) in place of `env`'s, for tests. */
  aiEnv?: AiSettings;
  /** The payment provider; by default Stripe when configured, else the built-in test provider (`modules/payments`). */
  payments?: PaymentProvider;
  /** The token of `running-api.json` that `admin:create` brings while this API holds the embedded database. */
  localAdminToken?: string;
}

/** The services several modules share, as decorators (typed in types.ts), so no module needs options of its own. */
export function registerServices(app: FastifyInstance, options: ServiceOptions): void {
  const { env } = options;
  app.decorate('db', options.db);
  app.decorate('env', env);
  app.decorate('limits', { ...defaultLimits, ...options.limits });
  app.decorate('ai', readAiConfig(options.aiEnv ?? env));
  const mailOn = () => createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  app.decorate('mailer', options.mailer ?? (env.MAIL === 'off' ? mailOff(app.log) : mailOn()));
  app.decorate('modelHooks', new Map());
  // One provider for checkout and payouts (the test provider's signing secret is made once).
  const payments = options.payments ?? providerOf(env);
  app.decorate('payments', payments);
  app.decorate('transfers', transfersOf(payments));
  const s3 = s3SettingsOf(env);
  app.decorate('blobStore', options.blobStore ?? (s3 ? createS3BlobStore(s3) : createDiskBlobStore(env.UPLOADS_DIR)));
  app.decorate('localAdminToken', options.localAdminToken ?? null);
}
