import { failure, isSuccessStatus, send } from '@lifeboard/shared/api/client';
import type { ApiResult } from '@lifeboard/shared/api/client';

/** What the invitation form needs of a program from the catalogue. */
export interface ProgramChoice {
  guid: string;
  title: string;
}

function toChoice(value: unknown): ProgramChoice | null {
  if (typeof value !== 'object' || value === null) return null;
  const { guid, title } = value as Record<string, unknown>;
  if (typeof guid !== 'string' || guid === '') return null;
  return { guid, title: typeof title === 'string' && title.trim() ? title.trim() : 'Untitled program' };
}

/** The published catalogue (`POST /api/program/published`), as choices for an invitation into a program. */
export async function fetchProgramChoices(): Promise<ApiResult<ProgramChoice[]>> {
  const { status, body } = await send({ method: 'POST', url: '/api/program/published', data: {} });
  if (!isSuccessStatus(status)) return failure(status, body);
  const list = typeof body === 'object' && body !== null ? (body as { programs?: unknown }).programs : undefined;
  const choices = Array.isArray(list)
    ? list.map(toChoice).filter((choice): choice is ProgramChoice => choice !== null)
    : [];
  return { ok: true, status, data: choices };
}
