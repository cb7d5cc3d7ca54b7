import { addDays, localDate, mondayOf } from '@lifeboard/shared/ui/model/local-date';

/** The week a review is for: `?week=` when it is a date (any day of it), else this week. */
export function reviewWeek(query: URLSearchParams, today = localDate()): string {
  const asked = query.get('week');
  return mondayOf(asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : today);
}

/** The last day a review counts: the week's Sunday, or today while the week is still going. */
export function countedUpTo(week: string, today = localDate()): string {
  const sunday = addDays(week, 6);
  return sunday < today ? sunday : today;
}
