import type { ListParams } from '@lifeboard/shared/api/resource';

/** The `?day=` of /journal when it is a date (`YYYY-MM-DD`); anything else lists from the newest entry. */
export function journalDay(query: URLSearchParams): string | null {
  const day = query.get('day');
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** The `?tag=` of /journal: a tag to list the entries of, or null. */
export function journalTag(query: URLSearchParams): string | null {
  const tag = query.get('tag')?.trim();
  return tag ? tag.slice(0, 60) : null;
}

/** The journal's list: newest first, optionally a search, a day to list up to and a tag. */
export function journalListParams(search: string, day: string | null, tag: string | null = null): ListParams {
  return { ...(search ? { search } : {}), ...(day ? { to: day } : {}), ...(tag ? { tag } : {}) };
}
