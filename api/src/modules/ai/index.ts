import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../errors';
import { documented } from '../../openapi';
import { askModel } from './client';
import { displayUrl } from './config';
import { aiProviderRoutes } from './provider-routes';
import { choosableModels } from './providers';

/** What the admin AI calls answer, for /api/docs only: answers are sent as they are. */
export const aiModels = documented(
  z
    .object({
      success: z.literal(true),
      configured: z.boolean(),
      provider: z
        .object({
          base_url: z.string().describe('Scheme, host and path only: never credentials.'),
          has_api_key: z.boolean(),
          timeout_ms: z.number().int(),
        })
        .nullable()
        .describe('Null when no AI_BASE_URL is set.'),
      models: z.array(
        z.object({
          id: z.number().int().describe("A user's `ai_model`: the 1-based position in AI_MODELS."),
          name: z.string(),
        }),
      ),
      problems: z.array(z.string()).describe('What to set for a working provider; empty when configured.'),
    })
    .meta({ description: 'The configured provider (never the key) and its models.' }),
);
export const aiTested = documented(
  z
    .union([
      z.object({
        success: z.literal(true),
        answer: z.string(),
        model: z.string().describe('As the provider names it.'),
        latency_ms: z.number().int(),
        usage: z
          .object({ prompt_tokens: z.number().nullable(), completion_tokens: z.number().nullable() })
          .describe('Null where the provider did not say.'),
      }),
      z.object({
        success: z.literal(false),
        error: z.string().describe('Why the provider failed, to show the admin.'),
        provider_status: z
          .number()
          .int()
          .describe("The provider's HTTP status; 0 when it could not be reached or timed out."),
      }),
    ])
    .meta({ description: "The model's reply, or the provider's failure (the test ran: its failure is its result)." }),
);

/** The models a user may choose from, for the account page. */
export const aiChoices = documented(
  z
    .object({
      configured: z.boolean().describe('False when the installation has no AI provider: the account page says so.'),
      models: z.array(
        z.object({
          id: z.number().int().describe("The value of a user's `ai_model`."),
          name: z.string(),
          provider: z.string().describe("The provider's name as the admin gave it."),
        }),
      ),
    })
    .meta({ description: 'The enabled AI models, by name (never the address or key of their provider).' }),
);

/** The models users may choose, and admin views of the configured AI provider: what is configured, and a prompt to test a model with. */
export async function aiRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = app.ai;

  api.get(
    '/api/ai/models',
    {
      schema: {
        tags: ['account'],
        summary: 'The AI models a user may choose for `ai_model`',
        response: { 200: aiChoices },
      },
      onRequest: app.authenticate,
    },
    async () => {
      const models = await choosableModels(app);
      return {
        configured: models.length > 0,
        models: models.map((m) => ({ id: m.id, name: m.name, provider: m.provider })),
      };
    },
  );

  api.get(
    '/api/admin/ai/models',
    {
      schema: {
        tags: ['admin'],
        summary: 'The configured AI provider and its models (never the key)',
        response: { 200: aiModels },
      },
      onRequest: app.requireAdmin,
    },
    async () => ({
      success: true as const,
      configured: config.configured,
      provider: config.baseUrl
        ? { base_url: displayUrl(config.baseUrl), has_api_key: config.apiKey !== null, timeout_ms: config.timeoutMs }
        : null,
      models: config.models,
      problems: config.problems,
    }),
  );

  api.post(
    '/api/admin/ai/test',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send a prompt to a configured model and answer with its reply',
        body: z
          .object({ model: z.string().min(1).max(200), prompt: z.string().trim().min(1, 'is required').max(4000) })
          .strict(),
        response: { 200: aiTested },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      if (!config.configured)
        throw invalid(
          { model: [`no provider configured: ${config.problems.join('; ')}`] },
          `No AI provider is configured: ${config.problems.join('; ')}.`,
        );
      if (!config.models.some((m) => m.name === request.body.model))
        throw invalid({ model: ['is not one of the configured models (AI_MODELS)'] });
      const result = await askModel(config, request.body.model, request.body.prompt);
      // The test ran: a provider that fails is its result, shown to the admin (a 5xx would hide the reason).
      if (!result.ok) return { success: false as const, error: result.message, provider_status: result.status };
      return {
        success: true as const,
        answer: result.answer,
        model: result.model,
        latency_ms: result.latency_ms,
        usage: result.usage,
      };
    },
  );
  await app.register(aiProviderRoutes);
}
