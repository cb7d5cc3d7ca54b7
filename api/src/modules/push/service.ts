import { and, desc, eq, sql } from 'drizzle-orm';
import { createHash, timingSafeEqual } from 'node:crypto';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/notification-schema';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/queue';

export const PUSH_JOB = 'push';

export interface PushConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The VAPID settings, or null when push is not set up (any of the three missing). */
export function readPushConfig(
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
): PushConfig | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
}

/** What the service worker shows (shell/public/sw.js reads exactly these fields). */
export interface PushMessage {
  title: string;
  body: string;
  /** One notification per occurrence on a device: a snooze replaces the earlier one. */
  tag: string;
  /** Opened by a click on the notification itself. */
  url: string;
  /** Signed "Done" / "Snooze 10 min" links (POSTed by the service worker's action buttons). */
  actions: { action: 'done' | 'snooze'; title: string; url: string }[];
}

export interface PushJob {
  subscriptionId: number;
  message: PushMessage;
}

export interface PushSubscriptionView {
  id: number;
  name: string;
  endpoint: string;
  created_at: string;
  last_sent_at: string | null;
}

const present = (row: typeof pushSubscriptions.$inferSelect): PushSubscriptionView => ({
  id: row.id,
  name: row.name,
  endpoint: row.endpoint,
  created_at: row.createdAt.toISOString(),
  last_sent_at: row.lastSentAt?.toISOString() ?? null,
});

/**
 * Keeps a browser's subscription for the user; the same browser subscribing again (or for another account) replaces
 * it. `replaces`: the endpoint this browser had before (its subscription changed), removed in the same transaction.
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  input: { endpoint: string; p256dh: string; auth: string; name: string; replaces?: string },
): Promise<PushSubscriptionView> {
  const { replaces, ...values } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: values.p256dh,
          auth: values.auth,
          name: values.name,
          createdAt: sql`now()`,
          lastSentAt: null,
        },
      })
      .returning();
    if (replaces && replaces !== values.endpoint) {
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, replaces)));
    }
    return present(row);
  });
}

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The service worker's `pushsubscriptionchange`: the browser replaced a subscription, and the worker (which holds
 * no session) proves it held the old one by its auth secret, which only that browser and this server know. The
 * entry keeps its owner and name and takes the new endpoint and keys; false when no entry has that endpoint and secret.
 */
export async function renewSubscription(
  db: Db,
  input: { oldEndpoint: string; oldAuth: string; endpoint: string; p256dh: string; auth: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.oldEndpoint))
      .limit(1)
      .for('update');
    if (!old || !sameSecret(old.auth, input.oldAuth)) return false;
    if (input.endpoint === old.endpoint) {
      await tx
        .update(pushSubscriptions)
        .set({ p256dh: input.p256dh, auth: input.auth })
        .where(eq(pushSubscriptions.id, old.id));
      return true;
    }
    // The new endpoint may be stored already (the app, started first, saved it): then only the old entry goes.
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
    await tx
      .insert(pushSubscriptions)
      .values({ userId: old.userId, name: old.name, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth })
      .onConflictDoNothing({ target: pushSubscriptions.endpoint });
    return true;
  });
}

export async function listSubscriptions(db: Db, userId: number): Promise<PushSubscriptionView[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map(present);
}

/** Removes one of the user's devices; false when it is not theirs (or gone). */
export async function removeSubscription(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/**
 * Queues one push job per device of the user; `key` names the occurrence, so a delivery that runs again queues
 * nothing new (each job's id is made from the key and the device).
 */
export async function queuePushes(
  deps: { db: Db; queue: JobQueue },
  userId: number,
  message: PushMessage,
  jobId: (subscriptionId: number) => string,
): Promise<number> {
  const rows = await deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  let queued = 0;
  for (const row of rows) {
    if (await deps.queue.send(PUSH_JOB, { subscriptionId: row.id, message } satisfies PushJob, { id: jobId(row.id) }))
      queued += 1;
  }
  return queued;
}

/** A push service's answer that means the subscription is over (the browser unsubscribed or it expired). */
const isGone = (status: number) => status === 404 || status === 410;

/**
 * Sends one push: web-push encrypts the message for the device (RFC 8291) and signs the VAPID JWT; the request
 * goes out with fetch. A 404/410 removes the device; any other failure throws, so the job retries with backoff.
 */
export function definePushJob(queue: JobQueue, deps: { db: Db; config: PushConfig | null }): void {
  queue.define<PushJob>({
    name: PUSH_JOB,
    // A push is only useful for a while: an hour of retries, and the push service keeps it an hour (TTL).
    options: { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, deleteAfterSeconds: 24 * 3600 },
    handler: async ({ subscriptionId, message }) => {
      if (!deps.config) return; // push was turned off since
      const [row] = await deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, subscriptionId))
        .limit(1);
      if (!row) return; // the device was removed
      const request = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(message),
        { vapidDetails: deps.config, TTL: 3600, urgency: 'high', topic: topicOf(message.tag) },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(15_000),
      });
      if (isGone(response.status)) {
        await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
        return;
      }
      if (!response.ok)
        throw new Error(`the push service answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      await deps.db.update(pushSubscriptions).set({ lastSentAt: new Date() }).where(eq(pushSubscriptions.id, row.id));
    },
  });
}

/** A Topic header (at most 32 URL-safe characters): a push service replaces a waiting push with the same topic. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}
