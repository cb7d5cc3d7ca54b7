import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { isRecord, listOf, problemOf } from '@lifeboard/shared/api/use-api-get';

export interface AiSetup {
  configured: boolean;
  provider: { base_url: string; has_api_key: boolean; timeout_ms: number } | null;
  models: { id: number; name: string }[];
  problems: string[];
}

/** `GET /api/admin/ai/models`. */
export function readAiSetup(body: unknown): AiSetup | null {
  const models = listOf(body, 'models');
  if (!isRecord(body) || !models) return null;
  const p = isRecord(body.provider) ? body.provider : null;
  return {
    configured: body.configured === true,
    provider:
      p && typeof p.base_url === 'string'
        ? {
            base_url: p.base_url,
            has_api_key: p.has_api_key === true,
            timeout_ms: typeof p.timeout_ms === 'number' ? p.timeout_ms : 0,
          }
        : null,
    models: models.flatMap((m) =>
      typeof m.id === 'number' && typeof m.name === 'string' ? [{ id: m.id, name: m.name }] : [],
    ),
    problems: Array.isArray(body.problems) ? body.problems.filter((x): x is string => typeof x === 'string') : [],
  };
}

export type TestAnswer =
  { ok: true; answer: string; model: string; latency_ms: number } | { ok: false; message: string };

/** `POST /api/admin/ai/test`: the model's answer, or why there is none (not configured, provider failed, refused). */
export async function testModel(model: string, prompt: string): Promise<TestAnswer> {
  const { status, body } = await send({ method: 'POST', url: '/api/admin/ai/test', data: { model, prompt } });
  if (isSuccessStatus(status) && isRecord(body) && body.success === true && typeof body.answer === 'string') {
    return {
      ok: true,
      answer: body.answer,
      model: typeof body.model === 'string' ? body.model : model,
      latency_ms: typeof body.latency_ms === 'number' ? body.latency_ms : 0,
    };
  }
  return { ok: false, message: problemOf(status, body) };
}
