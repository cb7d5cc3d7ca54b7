import { z } from 'zod';

/**
 * The AI provider this installation may call: any OpenAI-compatible chat-completions API (OpenAI, Azure
 * OpenAI's compatible endpoint, OpenRouter, a local Ollama or vLLM). Read once when the API starts.
 */
export const aiEnvSchema = z.object({
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  /** Comma-separated model names; a user's `ai_model` is the 1-based position in this list. */
  AI_MODELS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    ),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
});

export interface AiModelInfo {
  id: number;
  name: string;
}

export interface AiConfig {
  configured: boolean;
  baseUrl: string | null;
  apiKey: string | null;
  models: AiModelInfo[];
  timeoutMs: number;
  /** What to set for a working provider, or a setting that could not be read; empty when configured. */
  problems: string[];
}

/** The AI_* settings as text (env.ts reads them from the environment). */
export interface AiSettings {
  AI_BASE_URL?: string | undefined;
  AI_API_KEY?: string | undefined;
  AI_MODELS?: string | undefined;
  AI_TIMEOUT_MS?: string | undefined;
}

export function readAiConfig(source: AiSettings): AiConfig {
  const parsed = aiEnvSchema.safeParse({
    AI_BASE_URL: source.AI_BASE_URL || undefined,
    AI_API_KEY: source.AI_API_KEY || undefined,
    AI_MODELS: source.AI_MODELS || undefined,
    AI_TIMEOUT_MS: source.AI_TIMEOUT_MS || undefined,
  });
  if (!parsed.success) {
    return {
      configured: false,
      baseUrl: null,
      apiKey: null,
      models: [],
      timeoutMs: 60_000,
      problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    };
  }
  const env = parsed.data;
  const problems = [
    env.AI_BASE_URL ? '' : 'set AI_BASE_URL (e.g. https://api.openai.com/v1)',
    env.AI_MODELS.length ? '' : 'set AI_MODELS (comma-separated model names, e.g. gpt-4o-mini)',
  ].filter(Boolean);
  return {
    configured: problems.length === 0,
    baseUrl: env.AI_BASE_URL?.replace(/\/+$/, '') ?? null,
    apiKey: env.AI_API_KEY ?? null,
    models: env.AI_MODELS.map((name, i) => ({ id: i + 1, name })),
    timeoutMs: env.AI_TIMEOUT_MS,
    problems,
  };
}

/** The provider's address without credentials or path secrets: scheme, host and path only. */
export function displayUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
}
