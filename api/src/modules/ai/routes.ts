import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../errors';
import { askModel } from './client';
import { displayUrl, readAiConfig } from './config';

export interface AiRoutesOptions {
  /** Where the AI_* settings are read from, once at start-up; the process environment by default. */
  source?: Record<string, string | undefined>;
  fetch?: typeof fetch;
}

/** Admin views of the configured AI provider: what is configured, and a prompt to test a model with. */
export async function aiRoutes(app: FastifyInstance, options: AiRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = readAiConfig(options.source ?? process.env);

  api.get('/api/admin/ai/models', {
    schema: { tags: ['admin'], summary: 'The configured AI provider and its models (never the key)' },
    onRequest: app.requireAdmin,
  }, async () => ({
    success: true,
    configured: config.configured,
    provider: config.baseUrl ? { base_url: displayUrl(config.baseUrl), has_api_key: config.apiKey !== null, timeout_ms: config.timeoutMs } : null,
    models: config.models,
    problems: config.problems,
  }));

  api.post('/api/admin/ai/test', {
    schema: {
      tags: ['admin'], summary: 'Send a prompt to a configured model and answer with its reply',
      body: z.object({ model: z.string().min(1).max(200), prompt: z.string().trim().min(1, 'is required').max(4000) }).strict(),
    },
    onRequest: app.requireAdmin,
  }, async (request) => {
    if (!config.configured) throw invalid({ model: [`no provider configured: ${config.problems.join('; ')}`] }, `No AI provider is configured: ${config.problems.join('; ')}.`);
    if (!config.models.some((m) => m.name === request.body.model)) throw invalid({ model: ['is not one of the configured models (AI_MODELS)'] });
    const result = await askModel(config, request.body.model, request.body.prompt, options.fetch);
    // The test ran: a provider that fails is its result, shown to the admin (a 5xx would hide the reason).
    if (!result.ok) return { success: false, error: result.message, provider_status: result.status };
    return { success: true, answer: result.answer, model: result.model, latency_ms: result.latency_ms, usage: result.usage };
  });
}
