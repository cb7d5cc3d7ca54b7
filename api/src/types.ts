import type { ModelHooks } from './models/model-hooks';
import type { Role } from '@lifeboard/shared/models/user';
import type { Db } from './db/client';
import type { Env } from './env';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './modules/mail/mailer';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limits } from './plugins/limits';

export interface AuthContext {
  userId: number;
  tokenId: number;
  role: Role;
}

import type { AiConfig } from './modules/ai/config';
import type { SmsConfig } from './modules/sms/client';
import type { Transfers } from './modules/creator-ledger/payouts';
import type { PaymentProvider } from './modules/payments/providers';
import type { ReminderDeps } from './modules/reminders/delivery';
import type { BlobStore } from './modules/uploads/blob-store';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    env: Env;
    mailer: Mailer;
    /** The durable job queue: mail, reminders and later work. */
    queue: JobQueue;
    /** Starts this process's share of the background work: the queue's workers and the reminder scan. */
    startWork: () => Promise<void>;
    /** Queues the reminders coming due (the scan `startWork` repeats every REMINDER_SCAN_SECONDS); the number queued. */
    scanReminders: (now?: Date) => Promise<number>;
    /** Queues the daily e-mails whose 07:00 (the user's time) is coming up or just passed; the number queued. */
    scanDailyEmails: (now?: Date) => Promise<number>;
    limits: Limits;
    /** The AI provider and its models (AI_* settings), read once at start-up. */
    ai: AiConfig;
    /** The SMS provider (SMS_* settings), or null when text messages are not set up. */
    sms: SmsConfig | null;
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Drops cached token checks; call after revoking tokens or changing a role. */
    forgetTokens: () => void;
    /** Shutdown's first step (plugins/drain.ts): new requests get 503 with `Connection: close`; those in flight finish. */
    startDraining: () => void;
    /** Checkout's provider (plugins/services.ts); `transfers` is its payouts side, null for the test provider. */
    payments: PaymentProvider;
    transfers: Transfers | null;
    /** Where uploaded images and lesson files live: a folder, or an object store. */
    blobStore: BlobStore;
    /** What reminder delivery and its mail links need (plugins/jobs.ts): the queue, the link signer, push, SMS. */
    reminders: ReminderDeps;
    /** The token `admin:create` brings while this API holds the embedded database; null otherwise. */
    localAdminToken: string | null;
    /** Each model's exceptions to the engine, as its module registered them (`models/registry.ts`). */
    modelHooks: Map<string, ModelHooks>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in caller of a route guarded by `app.authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route is missing app.authenticate');
  return request.auth;
}
