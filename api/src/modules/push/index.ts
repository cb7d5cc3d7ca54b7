import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { occurrenceJobId } from '../reminders/delivery';
import { listSubscriptions, queuePushes, removeSubscription, renewSubscription, saveSubscription } from './service';

const subscriptionView = z.object({
  id: z.number().int(),
  name: z.string().describe('the browser and system that subscribed, e.g. "Chrome on Linux"'),
  endpoint: z.string().describe("the push service's address for this browser (how a browser finds its own entry)"),
  created_at: z.string().describe('ISO instant push was turned on'),
  last_sent_at: z.string().nullable().describe('ISO instant of the last push the push service accepted'),
});

// The base64url keys of PushSubscription.toJSON(): a P-256 point (65 bytes) and a 16-byte secret.
const endpoint = z
  .string()
  .url()
  .max(2000)
  .refine((url) => /^https?:\/\//.test(url), 'must be an http(s) address');
const authSecret = z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, 'is not an auth secret');
const keys = z.object({
  p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'is not a P-256 public key'),
  auth: authSecret,
});
const subscribeBody = z
  .object({
    endpoint,
    keys,
    name: z.string().trim().min(1).max(100),
    replaces: endpoint
      .optional()
      .describe("this browser's previous endpoint, when its subscription changed: that entry is removed"),
  })
  .strict();
const renewBody = z
  .object({
    old_endpoint: endpoint,
    old_auth: authSecret.describe("the old subscription's auth secret: only its browser and this server know it"),
    endpoint,
    keys,
  })
  .strict();

const notSetUp = () =>
  invalid(
    { push: ['is not set up on this server (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT)'] },
    'Push notifications are not set up on this server.',
  );

/** Web push: whether it is set up, and the devices (browsers) of the caller that receive it. */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.authenticate };
  const config = app.reminders.push;

  api.get(
    '/api/push/config',
    {
      schema: {
        tags: ['push'],
        summary:
          'Whether web push is set up on this server (VAPID_* settings) and the public key browsers subscribe with',
        response: {
          200: z.object({ success: z.literal(true), configured: z.boolean(), public_key: z.string().nullable() }),
        },
      },
      ...guard,
    },
    async () => ({ success: true as const, configured: config !== null, public_key: config?.publicKey ?? null }),
  );

  api.get(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "The caller's devices that receive push notifications, newest first",
        response: { 200: z.object({ success: z.literal(true), subscriptions: z.array(subscriptionView) }) },
      },
      ...guard,
    },
    async (request) => ({
      success: true as const,
      subscriptions: await listSubscriptions(app.db, authOf(request).userId),
    }),
  );

  api.post(
    '/api/push/subscribe',
    {
      schema: {
        tags: ['push'],
        summary:
          "Keeps this browser's push subscription for the caller (the same browser again replaces its entry). 422 when push is not set up",
        body: subscribeBody,
        response: { 200: z.object({ success: z.literal(true), subscription: subscriptionView }) },
      },
      ...guard,
    },
    async (request) => {
      if (!config) throw notSetUp();
      const { endpoint, keys, name, replaces } = request.body;
      return {
        success: true as const,
        subscription: await saveSubscription(app.db, authOf(request).userId, {
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          name,
          replaces,
        }),
      };
    },
  );

  // No session: the service worker calls it on `pushsubscriptionchange`, proving with the old subscription's secret.
  api.post(
    '/api/push/renew',
    {
      schema: {
        tags: ['push'],
        summary:
          "The browser replaced a push subscription: the entry with the old endpoint and auth secret takes the new one (the service worker's call). 404 when there is no such entry",
        body: renewBody,
        response: { 200: z.object({ success: z.literal(true) }), ...errorsOf(404) },
      },
    },
    async (request) => {
      if (!config) throw notSetUp();
      const { old_endpoint: oldEndpoint, old_auth: oldAuth, endpoint: next, keys: nextKeys } = request.body;
      if (
        !(await renewSubscription(app.db, {
          oldEndpoint,
          oldAuth,
          endpoint: next,
          p256dh: nextKeys.p256dh,
          auth: nextKeys.auth,
        }))
      )
        throw notFound('No such push subscription.');
      return { success: true as const };
    },
  );

  api.post(
    '/api/push/unsubscribe',
    {
      schema: {
        tags: ['push'],
        summary: "Removes one of the caller's push devices: it gets no more pushes. Not yours: 404",
        body: z.object({ id: dbId }).strict(),
        response: { 200: z.object({ success: z.literal(true), id: z.number().int() }), ...errorsOf(404) },
      },
      ...guard,
    },
    async (request) => {
      if (!(await removeSubscription(app.db, authOf(request).userId, request.body.id)))
        throw notFound('No such device.');
      return { success: true as const, id: request.body.id };
    },
  );

  api.post(
    '/api/push/test',
    {
      schema: {
        tags: ['push'],
        summary: "Queues a test push to every one of the caller's devices; answers how many",
        body: z.object({}).strict().optional(),
        response: { 200: z.object({ success: z.literal(true), queued: z.number().int() }) },
      },
      ...guard,
    },
    async (request) => {
      if (!config) throw notSetUp();
      const { userId } = authOf(request);
      const key = `push-test:${userId}:${Date.now()}`;
      const queued = await queuePushes(
        { db: app.db, queue: app.queue },
        userId,
        {
          title: 'Lifeboard test notification',
          body: 'Push notifications work on this device.',
          tag: 'push-test',
          url: `${app.env.APP_URL.replace(/\/+$/, '')}/devices`,
          actions: [],
        },
        (id) => occurrenceJobId(`${key}:${id}`),
      );
      return { success: true as const, queued };
    },
  );
}
