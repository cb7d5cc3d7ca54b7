import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { isRecord, listOf, problemOf } from '@lifeboard/shared/api/use-api-get';

export interface AiProgramDraft {
  title: string;
  description: string;
  chapters: { title: string; summary: string }[];
  goals: string[];
  habits: string[];
  prompts: string[];
}

/** `GET /api/ai/models`: the models people may use (an empty list: no provider is set up). */
export function readModelChoices(body: unknown): { id: number; name: string }[] | null {
  const list = listOf(body, 'models');
  return list
    ? list.flatMap((m) => (typeof m.id === 'number' && typeof m.name === 'string' ? [{ id: m.id, name: m.name }] : []))
    : null;
}

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** `POST /api/program/ai-draft`: a draft to edit, or why there is none, in words. */
export async function draftProgramWithAi(
  description: string,
): Promise<{ ok: true; draft: AiProgramDraft; model: string } | { ok: false; message: string }> {
  const { status, body } = await send({ method: 'POST', url: '/api/program/ai-draft', data: { description } });
  if (!isSuccessStatus(status) || !isRecord(body)) return { ok: false, message: problemOf(status, body) };
  if (body.success !== true || !isRecord(body.draft))
    return { ok: false, message: typeof body.error === 'string' ? body.error : 'No draft came back.' };
  const d = body.draft;
  return {
    ok: true,
    model: typeof body.model === 'string' ? body.model : '',
    draft: {
      title: typeof d.title === 'string' ? d.title : '',
      description: typeof d.description === 'string' ? d.description : '',
      chapters: (listOf(d, 'chapters') ?? []).flatMap((c) =>
        typeof c.title === 'string'
          ? [{ title: c.title, summary: typeof c.summary === 'string' ? c.summary : '' }]
          : [],
      ),
      goals: strings(d.goals),
      habits: strings(d.habits),
      prompts: strings(d.prompts),
    },
  };
}
