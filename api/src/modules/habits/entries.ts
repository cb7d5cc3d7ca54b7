import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { habitEntryYears } from '../../db/schema';
import type { DayEntry, HabitRule } from './strength';

/** A habit's stored fields as the algorithm reads them. */
export function ruleOf(data: Record<string, unknown>): HabitRule {
  const kind = data.kind === 'at_least' || data.kind === 'at_most' ? data.kind : 'yes_no';
  const num = typeof data.frequency_num === 'number' && data.frequency_num > 0 ? data.frequency_num : 1;
  const den = typeof data.frequency_den === 'number' && data.frequency_den > 0 ? data.frequency_den : 1;
  const weekdays = Array.isArray(data.weekdays) ? data.weekdays.filter((d): d is number => typeof d === 'number') : [];
  const paused = Array.isArray(data.paused_ranges) ? (data.paused_ranges as { from: string; to: string | null }[]) : [];
  return { kind, target: typeof data.target === 'number' ? data.target : null, num, den, weekdays, paused };
}

/** A stored value as text (`"yes"`, `"skip"`, or a number) between `from` and `to`, without a JSON parse per day. */
function valueAt(text: string, from: number, to: number): DayEntry['value'] {
  if (text.charCodeAt(from) === 34) {
    if (to - from === 5 && text.startsWith('"yes"', from)) return 'yes';
    if (to - from === 6 && text.startsWith('"skip"', from)) return 'skip';
  }
  return Number(text.slice(from, to));
}

/** Where in `text` (lines `YYYY-MM-DD TAB value`, by date) the first line on or after `date` starts. */
function lineFrom(text: string, date: string): number {
  const lineStart = (at: number) => text.lastIndexOf('\n', at - 1) + 1;
  // The smallest position whose line's date is on or after `date`: that position starts a line.
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const start = lineStart(mid);
    if (text.slice(start, start + 10) >= date) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * Each habit's check-ins up to `asOf`, by date, from the per-year texts (habit_entry_year): a few rows per habit.
 * `from` (per habit) leaves out the check-ins before a day, unread.
 */
export async function entriesByHabit(
  app: Pick<FastifyInstance, 'db'>,
  userId: number,
  habitIds: number[],
  asOf: string,
  from: ReadonlyMap<number, string> = new Map(),
): Promise<Map<number, DayEntry[]>> {
  const byHabit = new Map<number, DayEntry[]>(habitIds.map((id) => [id, []]));
  if (!habitIds.length) return byHabit;
  // Habits grouped by the first year they need, so the years before it are not read.
  const byYear = new Map<string, number[]>();
  for (const id of habitIds) {
    const year = from.get(id)?.slice(0, 4) ?? '';
    byYear.set(year, [...(byYear.get(year) ?? []), id]);
  }
  const wanted = or(
    ...[...byYear].map(([year, ids]) =>
      and(inArray(habitEntryYears.habitId, ids), year ? gte(habitEntryYears.year, year) : undefined),
    ),
  );
  const rows = await app.db
    .select({
      habitId: habitEntryYears.habitId,
      lines: sql<string>`string_agg(${habitEntryYears.lines}, E'\n' order by ${habitEntryYears.year})`,
    })
    .from(habitEntryYears)
    .where(
      and(
        eq(habitEntryYears.userId, userId),
        wanted,
        lte(habitEntryYears.year, asOf.slice(0, 4)),
        sql`${habitEntryYears.lines} <> ''`,
      ),
    )
    .groupBy(habitEntryYears.habitId);
  for (const row of rows) {
    const list = byHabit.get(Number(row.habitId));
    if (!list || !row.lines) continue;
    // Line by line without split(): a page of habits over 5 years is ~90,000 lines, and each string made costs.
    const text = row.lines;
    const since = from.get(Number(row.habitId));
    for (let at = since ? lineFrom(text, since) : 0; at < text.length;) {
      let end = text.indexOf('\n', at);
      if (end === -1) end = text.length;
      if (end - at > 11) {
        const date = text.slice(at, at + 10);
        if (date > asOf) break;
        list.push({ date, value: valueAt(text, at + 11, end) });
      }
      at = end + 1;
    }
  }
  return byHabit;
}
