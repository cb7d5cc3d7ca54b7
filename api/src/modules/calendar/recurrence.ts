import { instantOfFloating, wallAsUtc, wallDateOf, wallTimeOf } from '@lifeboard/shared/lib/time-zone';
import rrule from 'rrule';

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
 * 30. A daily or weekly rule without COUNT repeats exactly every INTERVAL days or weeks (its BY filters name
 * absolute days or days of the week), so it starts a whole number of those periods later; a counted rule counts
 * from its first occurrence, and months and years are few, so those are walked as they are.
 */
function ruleFrom(repeat: string, dtstart: Date, searchFrom: Date) {
  const rule = rrulestr(repeat.replace(/^RRULE:/, ''), { dtstart });
  if (!(rule instanceof RRule)) return rule;
  const options = rule.origOptions;
  if (options.count || (options.freq !== RRule.DAILY && options.freq !== RRule.WEEKLY)) return rule;
  const period = (options.interval ?? 1) * (options.freq === RRule.WEEKLY ? 7 : 1) * DAY_MS;
  const periods = Math.floor((searchFrom.getTime() - dtstart.getTime()) / period) - 1;
  return periods > 0 ? new RRule({ ...options, dtstart: new Date(dtstart.getTime() + periods * period) }) : rule;
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
/** Monday 0 … Sunday 6 of a day number (days since 1970-01-01, a Thursday). */
const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;

/** A rule whose occurrences are plain arithmetic on days: no COUNT, no positions, no BYxxx beyond these. */
interface SimpleRule {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  interval: number;
  /** Weekdays, Monday 0 (DAILY and WEEKLY only). */
  byDay: number[] | null;
  /** Positive days of the month, ascending (MONTHLY only). */
  byMonthDay: number[] | null;
  /** The last floating time allowed, as rrule compares it. */
  until: number | null;
  wkst: number;
}

const simpleRules = new Map<string, SimpleRule | null>();

/** The rule as arithmetic, or null for one rrule must expand. Parsed once per distinct text. */
function simpleRuleOf(repeat: string): SimpleRule | null {
  let rule = simpleRules.get(repeat);
  if (rule !== undefined) return rule;
  rule = parseSimpleRule(repeat);
  if (simpleRules.size > 10_000) simpleRules.clear();
  simpleRules.set(repeat, rule);
  return rule;
}

/** True when a rule is expanded by arithmetic rather than rrule. */
export const expandsArithmetically = (repeat: string) => simpleRuleOf(repeat) !== null;

function parseSimpleRule(repeat: string): SimpleRule | null {
  const parts = new Map<string, string>();
  for (const part of repeat.replace(/^RRULE:/, '').split(';')) {
    const match = /^([A-Z]+)=([A-Z0-9,]+)$/.exec(part);
    if (!match || parts.has(match[1])) return null;
    parts.set(match[1], match[2]);
  }
  const freq = parts.get('FREQ');
  if (freq !== 'DAILY' && freq !== 'WEEKLY' && freq !== 'MONTHLY') return null;
  for (const key of parts.keys())
    if (!['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'UNTIL', 'WKST'].includes(key)) return null;
  const interval = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
  if (!Number.isInteger(interval) || interval < 1) return null;
  const dayIndex = (code: string) => WEEKDAYS.indexOf(code);
  const byDayText = parts.get('BYDAY');
  const byDay = byDayText === undefined ? null : byDayText.split(',').map(dayIndex);
  if (byDay && (byDay.includes(-1) || freq === 'MONTHLY')) return null;
  const byMonthDayText = parts.get('BYMONTHDAY');
  const byMonthDay = byMonthDayText === undefined ? null : byMonthDayText.split(',').map(Number);
  if (byMonthDay && (freq !== 'MONTHLY' || byMonthDay.some((d) => !Number.isInteger(d) || d < 1 || d > 31)))
    return null;
  const wkst = dayIndex(parts.get('WKST') ?? 'MO');
  if (wkst < 0) return null;
  let until: number | null = null;
  const untilText = parts.get('UNTIL');
  if (untilText !== undefined) {
    // rrule reads UNTIL's digits as UTC fields and compares them with the floating occurrences.
    const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(untilText);
    if (!match) return null;
    const [, y, mo, d, h, mi, se] = match.map<number>(Number);
    until = Date.UTC(y, mo - 1, d, h || 0, mi || 0, se || 0);
  }
  return {
    freq,
    interval,
    byDay: byDay && [...new Set(byDay)].sort((a, b) => a - b),
    byMonthDay: byMonthDay && [...new Set(byMonthDay)].sort((a, b) => a - b),
    until,
    wkst,
  };
}

/**
 * The floating times of a simple rule from `start` in [from, to] (rrule's `between` with inclusion), ascending;
 * `visit` answers false to stop.
 */
function walkSimple(rule: SimpleRule, start: number, from: number, to: number, visit: (floating: number) => boolean) {
  const startDay = Math.floor(start / DAY_MS);
  const timeOfDay = start - startDay * DAY_MS;
  const last = rule.until === null ? to : Math.min(to, rule.until);
  const firstDay = Math.max(startDay, Math.floor((from - timeOfDay) / DAY_MS));
  const take = (day: number) => {
    const at = day * DAY_MS + timeOfDay;
    return at < from || at < start ? true : visit(at);
  };
  if (rule.freq === 'DAILY') {
    const step = rule.interval;
    for (let day = startDay + Math.ceil((firstDay - startDay) / step) * step; ; day += step) {
      if (day * DAY_MS + timeOfDay > last) return;
      if (rule.byDay && !rule.byDay.includes(weekdayOf(day))) continue;
      if (!take(day)) return;
    }
  }
  if (rule.freq === 'WEEKLY') {
    const weekStartOf = (day: number) => day - ((weekdayOf(day) - rule.wkst + 7) % 7);
    const step = 7 * rule.interval;
    // Days into the week (from WKST) of each occurrence, ascending.
    const offsets = (rule.byDay ?? [weekdayOf(startDay)]).map((d) => (d - rule.wkst + 7) % 7).sort((a, b) => a - b);
    const firstWeek = weekStartOf(startDay);
    const fromWeek = firstWeek + Math.max(0, Math.floor((weekStartOf(firstDay) - firstWeek) / step)) * step;
    for (let week = fromWeek; ; week += step) {
      if (week * DAY_MS + timeOfDay > last) return;
      for (const offset of offsets) {
        if ((week + offset) * DAY_MS + timeOfDay > last) return;
        if (!take(week + offset)) return;
      }
    }
  }
  const startDate = new Date(startDay * DAY_MS);
  const startMonth = startDate.getUTCFullYear() * 12 + startDate.getUTCMonth();
  const days = rule.byMonthDay ?? [startDate.getUTCDate()];
  const fromDate = new Date(firstDay * DAY_MS);
  const fromMonth = fromDate.getUTCFullYear() * 12 + fromDate.getUTCMonth();
  const step = rule.interval;
  for (let month = startMonth + Math.max(0, Math.floor((fromMonth - startMonth) / step)) * step; ; month += step) {
    const year = Math.floor(month / 12);
    const monthStart = Date.UTC(year, month % 12, 1) / DAY_MS;
    if (monthStart * DAY_MS + timeOfDay > last) return;
    const length = Date.UTC(year, (month % 12) + 1, 1) / DAY_MS - monthStart;
    for (const day of days) {
      if (day > length) break;
      if ((monthStart + day - 1) * DAY_MS + timeOfDay > last) return;
      if (!take(monthStart + day - 1)) return;
    }
  }
}

/** Hard ceiling on occurrences of one series in one answer: a minutely rule over a year must not hang the server. */
const MAX_OCCURRENCES = 1000;

/**
 * The occurrences of a series that overlap [from, to), expanded in `timeZone`: a weekly 09:00 stays at 09:00
 * local time on both sides of a daylight-saving change.
 */
export function occurrences(series: Series, timeZone: string, from: Date, to: Date): Occurrence[] {
  return expand(series, timeZone, from, to, true);
}

/** `occurrences` through rrule for every rule: what the arithmetic must agree with (tests). */
export function occurrencesByRrule(series: Series, timeZone: string, from: Date, to: Date): Occurrence[] {
  return expand(series, timeZone, from, to, false);
}

function expand(series: Series, timeZone: string, from: Date, to: Date, arithmetic: boolean): Occurrence[] {
  const skipped = new Set(series.skipDates ?? []);
  const at = (start: Date): Occurrence => ({
    start,
    end: new Date(start.getTime() + series.durationMs),
    date: wallDateOf(start, timeZone),
  });
  const overlaps = (o: Occurrence) => o.start < to && (o.end > from || o.start.getTime() >= from.getTime());
  if (!series.repeat) {
    const single = at(series.start);
    return overlaps(single) && !skipped.has(single.date) ? [single] : [];
  }
  const wallStart = wallTimeOf(series.start, timeZone);
  // Search in wall time with a day's margin each side (zone offsets) and a duration's margin before.
  const margin = 36 * 60 * 60 * 1000;
  const searchFrom = new Date(from.getTime() - series.durationMs - margin);
  const searchTo = new Date(to.getTime() + margin);
  const found: Occurrence[] = [];
  const visit = (floatingTime: number) => {
    const occurrence = at(instantOfFloating(floatingTime, timeZone));
    if (overlaps(occurrence) && !skipped.has(occurrence.date)) found.push(occurrence);
    return found.length < MAX_OCCURRENCES;
  };
  // Daily, weekly and monthly rules without counts or positions (nearly all) are walked as arithmetic on days:
  // rrule's iterator costs ~3 µs an occurrence, most of a month's answer.
  const simple = arithmetic ? simpleRuleOf(series.repeat) : null;
  if (simple) {
    walkSimple(simple, wallAsUtc(wallStart), searchFrom.getTime(), searchTo.getTime(), visit);
    return found;
  }
  const rule = ruleFrom(series.repeat, new Date(wallAsUtc(wallStart)), searchFrom);
  rule.between(searchFrom, searchTo, true, (date) => visit(date.getTime()));
  return found;
}
