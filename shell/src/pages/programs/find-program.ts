import { failure, isSuccessStatus, send } from '@lifeboard/shared/api/client';
import type { ApiResult } from '@lifeboard/shared/api/client';
import { coverOf } from '@lifeboard/shared/api/authors';
import type { ProgramSummary } from '@lifeboard/shared/api/authors';
import { createResource } from '@lifeboard/shared/api/resource';

export type { ProgramSummary };

function toSummary(value: unknown): ProgramSummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  if (typeof p.id !== 'number' || typeof p.guid !== 'string') return null;
  return {
    id: p.id,
    guid: p.guid,
    title: typeof p.title === 'string' ? p.title : 'Program',
    description: typeof p.description === 'string' ? p.description : '',
    price_cents: typeof p.price_cents === 'number' ? p.price_cents : 0,
    currency: typeof p.currency === 'string' ? p.currency : 'USD',
    ...coverOf(p),
  };
}

/**
 * A program by its public guid: first the published catalogue (`POST /api/program/published { guid }`),
 * then the user's own programs on the current board (a creator trying their draft). `data` null: none.
 */
export async function findProgram(guid: string, board: number): Promise<ApiResult<ProgramSummary | null>> {
  const { status, body } = await send({ method: 'POST', url: '/api/program/published', data: { guid } });
  if (!isSuccessStatus(status)) return failure(status, body);
  const listed =
    typeof body === 'object' && body !== null && Array.isArray((body as { programs?: unknown }).programs)
      ? ((body as { programs: unknown[] }).programs.map(toSummary).find((p) => p?.guid === guid) ?? null)
      : null;
  if (listed || board <= 0) return { ok: true, status, data: listed };
  const own = await createResource('program').all(board);
  const mine = own.ok ? (own.data.items.map(toSummary).find((p) => p?.guid === guid) ?? null) : null;
  return { ok: true, status, data: mine };
}

/** The description is sanitized HTML; the purchase page shows it as plain text. */
export function plainText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim();
}
