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

export interface AiProvider {
  id: number;
  name: string;
  base_url: string;
  has_api_key: boolean;
  enabled: boolean;
  daily_limit: number | null;
  timeout_ms: number;
  models: { id: number; name: string; enabled: boolean }[];
}

/** `GET /api/admin/ai/providers`: the providers an admin set up (never a key), and whether keys can be kept. */
export function readProviders(body: unknown): { keyStorage: boolean; providers: AiProvider[] } | null {
  const list = listOf(body, 'providers');
  if (!isRecord(body) || !list) return null;
  const providers = list.flatMap((p): AiProvider[] =>
    typeof p.id === 'number' && typeof p.name === 'string' && typeof p.base_url === 'string'
      ? [
          {
            id: p.id,
            name: p.name,
            base_url: p.base_url,
            has_api_key: p.has_api_key === true,
            enabled: p.enabled === true,
            daily_limit: typeof p.daily_limit === 'number' ? p.daily_limit : null,
            timeout_ms: typeof p.timeout_ms === 'number' ? p.timeout_ms : 60_000,
            models: (listOf(p, 'models') ?? []).flatMap((m) =>
              typeof m.id === 'number' && typeof m.name === 'string'
                ? [{ id: m.id, name: m.name, enabled: m.enabled === true }]
                : [],
            ),
          },
        ]
      : [],
  );
  return { keyStorage: body.key_storage === true, providers };
}

export interface ProviderInput {
  id?: number;
  name: string;
  base_url: string;
  api_key?: string;
  models: string[];
  disabled_models: string[];
  enabled: boolean;
  daily_limit: number | null;
  timeout_ms: number;
}

/** Adds or changes a provider; null when saved, else the server's words (field errors folded in). */
export async function saveProvider(input: ProviderInput): Promise<string | null> {
  const { status, body } = await send({
    method: 'POST',
    url: input.id ? '/api/admin/ai/providers/update' : '/api/admin/ai/providers/create',
    data: input,
  });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}

export async function deleteProvider(id: number): Promise<string | null> {
  const { status, body } = await send({ method: 'POST', url: '/api/admin/ai/providers/delete', data: { id } });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}

/** `GET /api/ai/models`: every enabled model, of the settings' provider and of the admin's. */
export function readChoices(body: unknown): { id: number; name: string; provider: string }[] | null {
  const list = listOf(body, 'models');
  return list
    ? list.flatMap((m) =>
        typeof m.id === 'number' && typeof m.name === 'string'
          ? [{ id: m.id, name: m.name, provider: typeof m.provider === 'string' ? m.provider : '' }]
          : [],
      )
    : null;
}
