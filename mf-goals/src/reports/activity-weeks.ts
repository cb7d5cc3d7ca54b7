import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { addDays, mondayOf } from '@lifeboard/shared/ui/model/local-date';

/** Minutes of one activity: its length, or the time between its start and end. */
export function minutesOf(activity: AnyRecord): number {
  if (typeof activity.duration_min === 'number') return activity.duration_min;
  const start = Date.parse(String(activity.start_at ?? ''));
  const end = Date.parse(String(activity.end_at ?? ''));
  return Number.isFinite(start) && Number.isFinite(end) && end > start ? Math.round((end - start) / 60_000) : 0;
}

export interface CategoryWeeks {
  key: string;
  name: string;
  colour: string;
  minutes: number[];
}

const spare = ['#2f5bd3', '#1f8a4c', '#c0531a', '#7b3fb8', '#0f7c86', '#9a6a00', '#b42318', '#475467'];

/**
 * Time per category per week, the `weeks` weeks up to `today`'s: one row per category that has time, in
 * the categories' order, "No category" last. A category without a colour of its own gets one of a few.
 */
export function weeklyByCategory(
  activities: readonly AnyRecord[],
  categories: readonly AnyRecord[],
  today: string,
  weeks = 12,
): { weeks: string[]; rows: CategoryWeeks[] } {
  const last = mondayOf(today);
  const starts = Array.from({ length: weeks }, (_, i) => addDays(last, (i - weeks + 1) * 7));
  const index = new Map(starts.map((start, i) => [start, i]));
  const rows = new Map<string, CategoryWeeks>();
  const known = new Map(
    categories
      .filter((c) => c.id > 0)
      .map((c, i) => [
        c.id,
        {
          name: String(c.name),
          colour: typeof c.color === 'string' && /^#[0-9a-f]{6}$/i.test(c.color) ? c.color : spare[i % spare.length],
          order: i,
        },
      ]),
  );
  for (const activity of activities) {
    if (activity.id <= 0 || typeof activity.date !== 'string') continue;
    const week = index.get(mondayOf(activity.date));
    const minutes = minutesOf(activity);
    if (week === undefined || minutes <= 0) continue;
    const category = typeof activity.category_id === 'number' ? known.get(activity.category_id) : undefined;
    const key = category ? String(activity.category_id) : 'none';
    const row = rows.get(key) ?? {
      key,
      name: category?.name ?? 'No category',
      colour: category?.colour ?? '#98a2b3',
      minutes: starts.map(() => 0),
    };
    row.minutes[week] = (row.minutes[week] ?? 0) + minutes;
    rows.set(key, row);
  }
  const orderOf = (row: CategoryWeeks) => (row.key === 'none' ? Infinity : known.get(Number(row.key))!.order);
  return { weeks: starts, rows: [...rows.values()].sort((a, b) => orderOf(a) - orderOf(b)) };
}
