import { isSuccessStatus, send } from '@lifeboard/shared/api/client';

export interface TagCount {
  tag: string;
  /** How many entries carry it. */
  entries: number;
}

/** The board's journal tags, the most used first; null when they could not be read. */
export async function fetchJournalTags(board: number): Promise<TagCount[] | null> {
  const { status, body } = await send({ method: 'POST', url: '/api/journal/tags', data: { board } });
  if (!isSuccessStatus(status) || typeof body !== 'object' || body === null || !('tags' in body)) return null;
  const { tags } = body;
  if (!Array.isArray(tags)) return null;
  return tags.flatMap((row: unknown) =>
    typeof row === 'object' &&
    row !== null &&
    'tag' in row &&
    typeof row.tag === 'string' &&
    'entries' in row &&
    typeof row.entries === 'number'
      ? [{ tag: row.tag, entries: row.entries }]
      : [],
  );
}
