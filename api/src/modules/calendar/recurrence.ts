import { floatingOf, instantOfFloating, wallDateOf } from '@lifeboard/shared/lib/time-zone';
import rrule from 'rrule';
import { BoundedCache } from './bounded-cache';

// rrule ships CommonJS whose named exports Node's ESM loader cannot see; the default export carries them.
const { RRule, rrulestr } = rrule;
const DAY_MS = 86_400_000;

export interface Series {
  /** The first occurrence's start, as an instant. */
  start: Date;
  /** ms from start to end of each occurrence. */
  durationMs: number;
  /** An RRULE (`FREQ=WEEKLY;BYDAY=MO`), or null for a single occurrence. */
  repeat: string | null;
  /** Occurrence dates (`YYYY-MM-DD`, in the zone) that were removed from the series. */
  skipDates?: readonly string[];
}

export interface Occurrence {
  start: Date;
  end: Date;
  date: string;
}

/**
 * The rule, starting as late as it can before `searchFrom` without changing its occurrences. rrule walks every
 * period from the start to the range asked for: a daily series begun two years ago walked 700 days for a month's
 * 30. A rule without COUNT repeats exactly every INTERVAL days, weeks or months (its BY filters name days of the
 * week, of the month, or positions within the period), so it starts a whole number of those periods later; a
 * monthly one on the first of that month, keeping the day of the month it would have taken from its start. A
 * counted rule counts from its first occurrence, and years are few, so those are walked as they are.
 */
function ruleFrom(repeat: string, dtstart: Date, searchFrom: Date) {
  const rule = rrulestr(repeat.replace(/^RRULE:/, ''), { dtstart });
  if (!(rule instanceof RRule)) return rule;
  const options = rule.origOptions;
  const interval = options.interval ?? 1;
  if (options.count) return rule;
  if (options.freq === RRule.MONTHLY) {
    const months = (searchFrom.getUTCFullYear() - dtstart.getUTCFullYear()) * 12 + searchFrom.getUTCMonth();
    const periods = Math.floor((months - dtstart.getUTCMonth()) / interval) - 1;
    if (periods <= 0) return rule;
    const later = new Date(dtstart);
    later.setUTCMonth(dtstart.getUTCMonth() + periods * interval, 1);
    const byDay = [options.bymonthday, options.byweekday, options.byyearday, options.byweekno, options.byeaster];
    const day = byDay.every((by) => by == null) ? { bymonthday: dtstart.getUTCDate() } : {};
    return new RRule({ ...options, ...day, dtstart: later });
  }
  if (options.freq !== RRule.DAILY && options.freq !== RRule.WEEKLY) return rule;
  const period = interval * (options.freq === RRule.WEEKLY ? 7 : 1) * DAY_MS;
  const periods = Math.floor((searchFrom.getTime() - dtstart.getTime()) / period) - 1;
  return periods > 0 ? new RRule({ ...options, dtstart: new Date(dtstart.getTime() + periods * period) }) : rule;
}

/** Hard ceiling on occurrences of one series in one answer: a minutely rule over a year must not hang the server. */
const MAX_OCCURRENCES = 1000;
/** Zones are 12 h behind to 14 h ahead of UTC: the wall times of [from, to) lie within this of it. */
const MARGIN_MS = 15 * 60 * 60 * 1000;

/** The occurrences of a repeating series starting in [from, to), ascending, at most `MAX_OCCURRENCES`. */
function expand(series: Series & { repeat: string }, timeZone: string, from: number, to: number): Occurrence[] {
  const skipped = new Set(series.skipDates);
  const searchFrom = new Date(from - MARGIN_MS);
  const rule = ruleFrom(series.repeat, floatingOf(series.start, timeZone), searchFrom);
  const found: Occurrence[] = [];
  // rrule expands on the wall clock ("floating" times): a weekly 09:00 stays at 09:00 across a change of offset.
  rule.between(searchFrom, new Date(to + MARGIN_MS), true, (floating) => {
    const start = instantOfFloating(floating.getTime(), timeZone);
    const at = start.getTime();
    // Not stopped at `to`: a time skipped by a spring-forward gap moves after a later one.
    if (at < from || at >= to) return true;
    const date = wallDateOf(start, timeZone);
    if (!skipped.has(date)) found.push({ start, end: new Date(at + series.durationMs), date });
    return found.length < MAX_OCCURRENCES;
  });
  return found;
}

/**
 * Each repeating series' occurrences overlapping a calendar month (UTC), by the series (everything they are made
 * of, so an edited series is a new key and nothing needs invalidating) and the month: ~300,000 occurrences at
 * most. Overlapping and adjacent ranges share their months, so a series is expanded once however it is paged.
 */
const months = new BoundedCache<readonly Occurrence[]>(300_000);
const monthStart = (month: number) => Date.UTC(Math.floor(month / 12), month % 12, 1);
const monthOf = (instant: number) => {
  const date = new Date(instant);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

/**
 * The occurrences of a series that overlap [from, to), expanded in `timeZone`: a weekly 09:00 stays at 09:00
 * local time on both sides of a daylight-saving change.
 */
export function occurrences(series: Series, timeZone: string, from: Date, to: Date): Occurrence[] {
  const overlapsFrom = (o: Occurrence, at: number) => o.end.getTime() > at || o.start.getTime() >= at;
  const overlaps = (o: Occurrence) => o.start < to && overlapsFrom(o, from.getTime());
  const { repeat } = series;
  if (!repeat) {
    const single = { start: series.start, end: new Date(series.start.getTime() + series.durationMs) };
    const date = wallDateOf(series.start, timeZone);
    return overlaps({ ...single, date }) && !series.skipDates?.includes(date) ? [{ ...single, date }] : [];
  }
  const repeating = { ...series, repeat };
  const first = monthOf(from.getTime());
  const last = monthOf(to.getTime() - 1);
  const key = `${timeZone} ${series.start.getTime()} ${series.durationMs} ${repeat} ${series.skipDates?.join() ?? ''} `;
  const kept: (readonly Occurrence[] | undefined)[] = [];
  let missing = -1;
  for (let month = first; month <= last; month += 1) {
    const found = months.get(key + month);
    kept.push(found);
    if (!found && missing < 0) missing = month;
  }
  if (missing >= 0) {
    const made = expand(repeating, timeZone, monthStart(missing) - series.durationMs, monthStart(last + 1));
    // Cut short by the ceiling: its months are not whole, so the range itself is expanded and nothing kept.
    if (made.length >= MAX_OCCURRENCES)
      return expand(repeating, timeZone, from.getTime() - series.durationMs, to.getTime()).filter(overlaps);
    for (let month = missing; month <= last; month += 1) {
      if (kept[month - first]) continue;
      const [start, end] = [monthStart(month), monthStart(month + 1)];
      const found = made.filter((o) => o.start.getTime() < end && overlapsFrom(o, start));
      months.set(key + month, found);
      kept[month - first] = found;
    }
  }
  // An occurrence overlapping two months is kept in both: after the first month, only those starting in it.
  const found: Occurrence[] = [];
  kept.forEach((list, index) => {
    const since = index === 0 ? from.getTime() : monthStart(first + index);
    for (const o of list ?? [])
      if (o.start < to && (index === 0 ? overlapsFrom(o, since) : o.start.getTime() >= since)) found.push(o);
  });
  return found.length > MAX_OCCURRENCES ? found.slice(0, MAX_OCCURRENCES) : found;
}
