import rrule from 'rrule';

// rrule ships CommonJS whose named exports Node's ESM loader cannot see; the default export carries them.
const { RRule, rrulestr } = rrule;
const DAY_MS = 86_400_000;

/** A wall-clock time with no zone: what a repeating item keeps from one occurrence to the next. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallAsUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** A wall time as rrule wants it: a "floating" Date whose UTC fields are the wall-clock fields. */
const floating = (wall: WallTime) => new Date(wallAsUtc(wall));
const fromFloating = (date: Date): WallTime => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth() + 1,
  day: date.getUTCDate(),
  hour: date.getUTCHours(),
  minute: date.getUTCMinutes(),
  second: date.getUTCSeconds(),
});

/** How far a zone is ahead of UTC at an instant, in ms, asked of Intl (slow: a few µs a call). */
function exactOffset(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return (
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) -
    Math.floor(instant / 1000) * 1000
  );
}

const QUARTER_HOUR = 15 * 60_000;
/** Per zone, the offset of each quarter of an hour asked about (NaN: it changed within that quarter). */
const offsets = new Map<string, Map<number, number>>();

/**
 * How far a zone is ahead of UTC at an instant, in ms. A month of a calendar asks this thousands of times for
 * the same few hundred quarter-hours, so each quarter's offset is asked of Intl once: zones change offset on
 * quarter-hour boundaries, and a quarter whose two ends differ is answered exactly every time.
 */
function offsetAt(instant: number, timeZone: string): number {
  let known = offsets.get(timeZone);
  if (!known || known.size > 200_000) offsets.set(timeZone, (known = new Map()));
  const quarter = Math.floor(instant / QUARTER_HOUR);
  let offset = known.get(quarter);
  if (offset === undefined) {
    const first = exactOffset(quarter * QUARTER_HOUR, timeZone);
    offset = first === exactOffset((quarter + 1) * QUARTER_HOUR - 1000, timeZone) ? first : Number.NaN;
    known.set(quarter, offset);
  }
  return Number.isNaN(offset) ? exactOffset(instant, timeZone) : offset;
}

/** The wall-clock time an instant shows in a zone. */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  return fromFloating(new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetAt(instant.getTime(), timeZone)));
}

/**
 * The instant a wall-clock time names in a zone. A time skipped by a spring-forward gap moves forward by the
 * gap (02:30 becomes 03:30, as calendar apps do); a time that happens twice takes the first.
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const asUtc = wallAsUtc(wall);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  if (first === second) return new Date(first);
  // Two candidates: the zone changed offset in between. Keep the one that shows the asked wall time.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const candidate of candidates)
    if (wallAsUtc(wallTimeOf(new Date(candidate), timeZone)) === asUtc) return new Date(candidate);
  return new Date(Math.max(first, second));
}

/** The `YYYY-MM-DD` of a wall time. */
export const wallDate = (wall: WallTime) =>
  `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;

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

/** Hard ceiling on occurrences of one series in one answer: a minutely rule over a year must not hang the server. */
const MAX_OCCURRENCES = 1000;

/**
 * The occurrences of a series that overlap [from, to), expanded in `timeZone`: a weekly 09:00 stays at 09:00
 * local time on both sides of a daylight-saving change.
 */
export function occurrences(series: Series, timeZone: string, from: Date, to: Date): Occurrence[] {
  const skipped = new Set(series.skipDates ?? []);
  const at = (start: Date): Occurrence => ({
    start,
    end: new Date(start.getTime() + series.durationMs),
    date: wallDate(wallTimeOf(start, timeZone)),
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
  const rule = ruleFrom(series.repeat, floating(wallStart), searchFrom);
  const found: Occurrence[] = [];
  rule.between(searchFrom, searchTo, true, (date) => {
    const occurrence = at(instantOf(fromFloating(date), timeZone));
    if (overlaps(occurrence) && !skipped.has(occurrence.date)) found.push(occurrence);
    return found.length < MAX_OCCURRENCES;
  });
  return found;
}
