import type { ListParams } from '@lifeboard/shared/api/resource';

/** The `?day=` of /journal when it is a date (`YYYY-MM-DD`); anything else lists from the newest entry. */
export function journalDay(query: URLSearchParams): string | null {
  const day = query.get('day');
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** The journal's list: newest first, optionally a search and a day to list up to. */
export function journalListParams(search: string, day: string | null): ListParams {
  return { ...(search ? { search } : {}), ...(day ? { to: day } : {}) };
}
