import OpenAI from 'openai';

/** Where a model is asked: an OpenAI-compatible chat-completions endpoint, its key (never sent to a browser). */
export interface AiConnection {
  baseUrl: string | null;
  apiKey: string | null;
  timeoutMs: number;
}

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export interface Usage {
  prompt_tokens: number | null;
  completion_tokens: number | null;
}

export type AskResult =
  | { ok: true; answer: string; model: string; latency_ms: number; usage: Usage }
  | { ok: false; status: number; message: string };

/** One piece of a streamed reply: text as it comes, then the end with the provider's counts. */
export type StreamPart =
  | { kind: 'delta'; text: string }
  | { kind: 'done'; model: string; latency_ms: number; first_token_ms: number | null; usage: Usage }
  | { kind: 'error'; status: number; message: string };

function clientOf(connection: AiConnection, fetchImpl?: typeof fetch): OpenAI {
  return new OpenAI({
    baseURL: connection.baseUrl ?? undefined,
    // A local server (Ollama, llama.cpp) wants none; the SDK wants a string.
    apiKey: connection.apiKey ?? 'none',
    timeout: connection.timeoutMs,
    // One try: the person is waiting, and the admin's test should show the first failure as it is.
    maxRetries: 0,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

/** The provider's failure in words an admin or a person can act on; never the key. */
export function failureOf(error: unknown, timeoutMs: number): { status: number; message: string } {
  if (error instanceof OpenAI.APIConnectionTimeoutError || (error instanceof Error && error.name === 'TimeoutError'))
    return { status: 0, message: `The provider did not answer within ${timeoutMs / 1000} s.` };
  if (error instanceof OpenAI.APIConnectionError) return { status: 0, message: 'The provider could not be reached.' };
  if (error instanceof OpenAI.APIError) {
    const detail =
      typeof error.error === 'object' && error.error !== null && 'message' in error.error
        ? String((error.error as { message: unknown }).message)
        : '';
    return {
      status: error.status ?? 0,
      message: `The provider answered ${error.status ?? 'with an error'}${detail ? `: ${detail.slice(0, 300)}` : '.'}`,
    };
  }
  return { status: 0, message: 'The provider sent something that is not a chat completion.' };
}

/** One chat completion (the official `openai` SDK, `POST {base}/chat/completions`). */
export async function askModel(
  connection: AiConnection,
  model: string,
  prompt: string,
  fetchImpl?: typeof fetch,
  maxTokens = 512,
): Promise<AskResult> {
  if (!connection.baseUrl) return { ok: false, status: 0, message: 'No AI provider is configured.' };
  const started = Date.now();
  try {
    const completion = await clientOf(connection, fetchImpl).chat.completions.create({
      model,
      messages: [{ role: 'user', content: prompt }],
      max_tokens: maxTokens,
    });
    const content = completion.choices[0]?.message?.content;
    if (typeof content !== 'string')
      return { ok: false, status: 200, message: 'The provider answered without a message.' };
    return {
      ok: true,
      answer: content,
      model: completion.model || model,
      latency_ms: Date.now() - started,
      usage: {
        prompt_tokens: completion.usage?.prompt_tokens ?? null,
        completion_tokens: completion.usage?.completion_tokens ?? null,
      },
    };
  } catch (error) {
    return { ok: false, ...failureOf(error, connection.timeoutMs) };
  }
}

/**
 * A streamed chat completion: each piece of text as the provider sends it (server-sent events), then the end with
 * the time to the first token, the whole time and the token counts (asked for with `include_usage`). A failure,
 * before or during the stream, is the last part. `signal` stops it (the person left).
 */
export async function* streamChat(
  connection: AiConnection,
  model: string,
  messages: ChatMessage[],
  options: { signal?: AbortSignal; maxTokens?: number; fetch?: typeof fetch } = {},
): AsyncGenerator<StreamPart> {
  if (!connection.baseUrl) {
    yield { kind: 'error', status: 0, message: 'No AI provider is configured.' };
    return;
  }
  const started = Date.now();
  let firstToken: number | null = null;
  let usage: Usage = { prompt_tokens: null, completion_tokens: null };
  let answeredModel = model;
  // The SDK's timeout covers the wait for the answer to start; this one covers the whole reply.
  const whole = AbortSignal.timeout(connection.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, whole]) : whole;
  try {
    const stream = await clientOf(connection, options.fetch).chat.completions.create(
      {
        model,
        messages,
        max_tokens: options.maxTokens ?? 512,
        stream: true,
        stream_options: { include_usage: true },
      },
      { signal },
    );
    for await (const chunk of stream) {
      if (chunk.model) answeredModel = chunk.model;
      if (chunk.usage)
        usage = { prompt_tokens: chunk.usage.prompt_tokens, completion_tokens: chunk.usage.completion_tokens };
      const text = chunk.choices[0]?.delta?.content;
      if (text) {
        firstToken ??= Date.now() - started;
        yield { kind: 'delta', text };
      }
    }
    yield { kind: 'done', model: answeredModel, latency_ms: Date.now() - started, first_token_ms: firstToken, usage };
  } catch (error) {
    const timedOut = whole.aborted && !options.signal?.aborted;
    yield {
      kind: 'error',
      ...(timedOut
        ? { status: 0, message: `The provider did not answer within ${connection.timeoutMs / 1000} s.` }
        : failureOf(error, connection.timeoutMs)),
    };
  }
}
