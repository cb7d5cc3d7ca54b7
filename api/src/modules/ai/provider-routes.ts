import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { aiModels, aiProviders } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { recordAudit } from '../admin/audit';
import { succeeded } from '../users/responses';
import { streamChat } from './client';
import { displayUrl } from './config';
import { choosableModels, keyBox, keyContext, takeDailyRequest } from './providers';

const instant = z.string().describe('An ISO instant.');
const providerView = z.object({
  id: z.number().int(),
  name: z.string(),
  base_url: z.string().describe('Scheme, host and path only.'),
  has_api_key: z.boolean().describe('Whether a key is kept; the key itself never leaves the server.'),
  enabled: z.boolean(),
  daily_limit: z.number().int().nullable(),
  timeout_ms: z.number().int(),
  models: z.array(z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() })),
  updated_at: instant,
});
const providerList = documented(
  z.object({
    success: z.literal(true),
    key_storage: z.boolean().describe('Whether the server can keep keys (CALENDAR_CREDENTIALS_KEY is set).'),
    providers: z.array(providerView),
  }),
);
const providerSaved = documented(z.object({ success: z.literal(true), provider: providerView }));

const modelName = z.string().trim().min(1, 'is empty').max(200);
const providerFields = {
  name: z.string().trim().min(1, 'is required').max(100),
  base_url: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://api.openai.com/v1' })
    .max(500),
  /** Omitted: the kept key stays; '': no key (a local server). */
  api_key: z.string().trim().max(500).optional(),
  models: z.array(modelName).min(1, 'needs at least one model name').max(50),
  /** The names of `models` people may not choose (kept, switched off). */
  disabled_models: z.array(modelName).max(50).default([]),
  enabled: z.boolean().default(true),
  daily_limit: z.number().int().min(0).max(100_000).nullable().default(null),
  timeout_ms: z.number().int().min(1000).max(300_000).default(60_000),
};

async function viewOf(app: FastifyInstance, providerId: number) {
  const [provider] = await app.db.select().from(aiProviders).where(eq(aiProviders.id, providerId));
  if (!provider) return undefined;
  const models = await app.db
    .select({ id: aiModels.id, name: aiModels.name, enabled: aiModels.enabled })
    .from(aiModels)
    .where(eq(aiModels.providerId, providerId))
    .orderBy(asc(aiModels.position), asc(aiModels.id));
  return {
    id: provider.id,
    name: provider.name,
    base_url: displayUrl(provider.baseUrl),
    has_api_key: provider.apiKey !== null,
    enabled: provider.enabled,
    daily_limit: provider.dailyLimit,
    timeout_ms: provider.timeoutMs,
    models,
    updated_at: provider.updatedAt.toISOString(),
  };
}

/** The sealed key to keep: a new one sealed, '' for none, undefined for "keep what is kept". */
function sealedKey(app: FastifyInstance, providerId: number, key: string | undefined): string | null | undefined {
  if (key === undefined) return undefined;
  if (key === '') return null;
  const box = keyBox(app);
  if (!box.configured)
    throw invalid(
      { api_key: ['cannot be kept: the server has no CALENDAR_CREDENTIALS_KEY to encrypt it with'] },
      'Keys are kept encrypted, and this server has no CALENDAR_CREDENTIALS_KEY: whoever runs it sets one (`openssl rand -base64 32`) and restarts the API. A provider without a key (a local server) can be added now.',
    );
  return box.seal(key, keyContext(providerId));
}

/** Makes the provider's models those named, in that order: new names added, missing ones removed. */
async function setModels(app: FastifyInstance, providerId: number, names: string[], disabled: string[]) {
  const unique = [...new Set(names)];
  await app.db.transaction(async (tx) => {
    await tx.delete(aiModels).where(and(eq(aiModels.providerId, providerId), notInArray(aiModels.name, unique)));
    const kept = await tx
      .select({ id: aiModels.id, name: aiModels.name })
      .from(aiModels)
      .where(and(eq(aiModels.providerId, providerId), inArray(aiModels.name, unique)));
    for (const [position, name] of unique.entries()) {
      const enabled = !disabled.includes(name);
      const row = kept.find((k) => k.name === name);
      if (row) await tx.update(aiModels).set({ position, enabled }).where(eq(aiModels.id, row.id));
      else await tx.insert(aiModels).values({ providerId, name, position, enabled });
    }
  });
}

/**
 * Admin: AI providers (any OpenAI-compatible endpoint) with their models, key, daily limit and time-out; and a
 * streamed test of one model. A key goes in and is never answered back: only `has_api_key`.
 */
export async function aiProviderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireAdmin };

  api.get(
    '/api/admin/ai/providers',
    {
      schema: {
        tags: ['admin'],
        summary: 'AI providers and their models (never a key)',
        response: { 200: providerList },
      },
      ...guard,
    },
    async () => {
      const rows = await app.db.select({ id: aiProviders.id }).from(aiProviders).orderBy(asc(aiProviders.id));
      const providers = [];
      for (const row of rows) {
        const view = await viewOf(app, row.id);
        if (view) providers.push(view);
      }
      return { success: true as const, key_storage: keyBox(app).configured, providers };
    },
  );

  api.post(
    '/api/admin/ai/providers/create',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add an OpenAI-compatible provider with its model names',
        body: z.object(providerFields).strict(),
        response: { 200: providerSaved, ...errorsOf(422) },
      },
      ...guard,
    },
    async (request) => {
      const body = request.body;
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(aiProviders)
          .values({
            name: body.name,
            baseUrl: body.base_url.replace(/\/+$/, ''),
            enabled: body.enabled,
            dailyLimit: body.daily_limit,
            timeoutMs: body.timeout_ms,
          })
          .returning({ id: aiProviders.id });
        const key = sealedKey(app, row.id, body.api_key || undefined);
        if (key) await tx.update(aiProviders).set({ apiKey: key }).where(eq(aiProviders.id, row.id));
        return row.id;
      });
      await setModels(app, id, body.models, body.disabled_models);
      await recordAudit(app.db, {
        actorId: authOf(request).userId,
        action: 'ai_provider.change',
        targetType: 'ai_provider',
        targetId: id,
        detail: { name: body.name, change: 'added', base_url: displayUrl(body.base_url), models: body.models },
      });
      const provider = await viewOf(app, id);
      if (!provider) throw notFound('No such provider.');
      return { success: true as const, provider };
    },
  );

  api.post(
    '/api/admin/ai/providers/update',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a provider; an omitted api_key keeps the kept one, '' removes it",
        body: z.object({ id: dbId, ...providerFields }).strict(),
        response: { 200: providerSaved, ...errorsOf(404, 422) },
      },
      ...guard,
    },
    async (request) => {
      const body = request.body;
      const key = sealedKey(app, body.id, body.api_key);
      const [row] = await app.db
        .update(aiProviders)
        .set({
          name: body.name,
          baseUrl: body.base_url.replace(/\/+$/, ''),
          enabled: body.enabled,
          dailyLimit: body.daily_limit,
          timeoutMs: body.timeout_ms,
          updatedAt: new Date(),
          ...(key === undefined ? {} : { apiKey: key }),
        })
        .where(eq(aiProviders.id, body.id))
        .returning({ id: aiProviders.id });
      if (!row) throw notFound('No such provider.');
      await setModels(app, body.id, body.models, body.disabled_models);
      await recordAudit(app.db, {
        actorId: authOf(request).userId,
        action: 'ai_provider.change',
        targetType: 'ai_provider',
        targetId: body.id,
        detail: {
          name: body.name,
          change: key === undefined ? 'changed' : key === null ? 'changed, key removed' : 'changed, new key',
          enabled: body.enabled,
          models: body.models,
          daily_limit: body.daily_limit,
        },
      });
      const provider = await viewOf(app, body.id);
      if (!provider) throw notFound('No such provider.');
      return { success: true as const, provider };
    },
  );

  api.post(
    '/api/admin/ai/providers/delete',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a provider and its models (people who chose one get the first model left)',
        body: z.object({ id: dbId }).strict(),
        response: { 200: succeeded, ...errorsOf(404) },
      },
      ...guard,
    },
    async (request) => {
      const [row] = await app.db
        .delete(aiProviders)
        .where(eq(aiProviders.id, request.body.id))
        .returning({ name: aiProviders.name });
      if (!row) throw notFound('No such provider.');
      await recordAudit(app.db, {
        actorId: authOf(request).userId,
        action: 'ai_provider.change',
        targetType: 'ai_provider',
        targetId: request.body.id,
        detail: { name: row.name, change: 'removed' },
      });
      return { success: true as const };
    },
  );

  api.post(
    '/api/admin/ai/test-stream',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Send a prompt to a model and stream its reply as server-sent events: `delta` { text } as it comes, then `done` { model, latency_ms, first_token_ms, usage } or `error` { message, provider_status }',
        body: z.object({ model_id: dbId, prompt: z.string().trim().min(1, 'is required').max(4000) }).strict(),
        response: {
          200: documented(z.unknown().meta({ type: 'string', description: 'text/event-stream' })),
          ...errorsOf(422, 429),
        },
      },
      ...guard,
    },
    async (request, reply) => {
      const models = await choosableModels(app);
      const model = models.find((m) => m.id === request.body.model_id);
      if (!model) throw invalid({ model_id: ['is not an enabled model of an enabled provider'] });
      if (model.problem) throw invalid({ model_id: [model.problem] }, model.problem);
      await takeDailyRequest(app.db, authOf(request).userId, model);
      const stop = new AbortController();
      // The person left (the answer closed before it was finished): stop asking the provider.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) stop.abort();
      });
      const parts = streamChat(model.connection, model.name, [{ role: 'user', content: request.body.prompt }], {
        signal: stop.signal,
      });
      async function* events() {
        for await (const part of parts) {
          if (part.kind === 'delta') yield `event: delta\ndata: ${JSON.stringify({ text: part.text })}\n\n`;
          else if (part.kind === 'done')
            yield `event: done\ndata: ${JSON.stringify({
              model: part.model,
              latency_ms: part.latency_ms,
              first_token_ms: part.first_token_ms,
              usage: part.usage,
            })}\n\n`;
          else
            yield `event: error\ndata: ${JSON.stringify({ message: part.message, provider_status: part.status })}\n\n`;
        }
      }
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        .send(Readable.from(events()));
    },
  );
}
