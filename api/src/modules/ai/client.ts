import type { AiConfig } from './config';

export type AskResult =
  | {
      ok: true;
      answer: string;
      model: string;
      latency_ms: number;
      usage: { prompt_tokens: number | null; completion_tokens: number | null };
    }
  | { ok: false; status: number; message: string };

const asNumber = (v: unknown) => (typeof v === 'number' ? v : null);

/** One chat completion from the configured provider (`POST {AI_BASE_URL}/chat/completions`). */
export async function askModel(
  config: AiConfig,
  model: string,
  prompt: string,
  fetchImpl: typeof fetch = fetch,
  maxTokens = 512,
): Promise<AskResult> {
  if (!config.baseUrl) return { ok: false, status: 0, message: 'No AI provider is configured.' };
  const started = Date.now();
  let response: Response;
  try {
    response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: prompt }], max_tokens: maxTokens }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      ok: false,
      status: 0,
      message: timedOut
        ? `The provider did not answer within ${config.timeoutMs / 1000} s.`
        : 'The provider could not be reached.',
    };
  }
  const body: unknown = await response.json().catch(() => null);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (!response.ok) {
    const error = record.error;
    const detail =
      typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string'
        ? (error as { message: string }).message
        : typeof error === 'string'
          ? error
          : '';
    return {
      ok: false,
      status: response.status,
      message: `The provider answered ${response.status}${detail ? `: ${detail.slice(0, 300)}` : '.'}`,
    };
  }
  const choices = Array.isArray(record.choices) ? record.choices : [];
  const message = (choices[0] as { message?: { content?: unknown } } | undefined)?.message;
  if (typeof message?.content !== 'string')
    return { ok: false, status: response.status, message: 'The provider answered without a message.' };
  const usage =
    typeof record.usage === 'object' && record.usage !== null ? (record.usage as Record<string, unknown>) : {};
  return {
    ok: true,
    answer: message.content,
    model: typeof record.model === 'string' ? record.model : model,
    latency_ms: Date.now() - started,
    usage: { prompt_tokens: asNumber(usage.prompt_tokens), completion_tokens: asNumber(usage.completion_tokens) },
  };
}
