import rrule from 'rrule';

// rrule ships CommonJS whose named exports Node's ESM loader cannot see; the default export carries them.
const { rrulestr } = rrule;

/** A wall-clock time with no zone: what a repeating item keeps from one occurrence to the next. */
export interface WallTime { year: number; month: number; day: number; hour: number; minute: number; second: number }

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
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

/** The wall-clock time an instant shows in a zone. */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

function wallAsUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** How far a zone is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  return wallAsUtc(wallTimeOf(new Date(instant), timeZone)) - Math.floor(instant / 1000) * 1000;
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
  for (const candidate of candidates) if (wallAsUtc(wallTimeOf(new Date(candidate), timeZone)) === asUtc) return new Date(candidate);
  return new Date(Math.max(first, second));
}

/** A wall time as rrule wants it: a "floating" Date whose UTC fields are the wall-clock fields. */
const floating = (wall: WallTime) => new Date(wallAsUtc(wall));
const fromFloating = (date: Date): WallTime => ({
  year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds(),
});

/** The `YYYY-MM-DD` of a wall time. */
export const wallDate = (wall: WallTime) => `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;

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

export interface Occurrence { start: Date; end: Date; date: string }

/** Hard ceiling on occurrences of one series in one answer: a minutely rule over a year must not hang the server. */
const MAX_OCCURRENCES = 1000;

/**
 * The occurrences of a series that overlap [from, to), expanded in `timeZone`: a weekly 09:00 stays at 09:00
 * local time on both sides of a daylight-saving change.
 */
export function occurrences(series: Series, timeZone: string, from: Date, to: Date): Occurrence[] {
  const skipped = new Set(series.skipDates ?? []);
  const at = (start: Date): Occurrence => ({ start, end: new Date(start.getTime() + series.durationMs), date: wallDate(wallTimeOf(start, timeZone)) });
  const overlaps = (o: Occurrence) => o.start < to && (o.end > from || o.start.getTime() >= from.getTime());
  if (!series.repeat) {
    const single = at(series.start);
    return overlaps(single) && !skipped.has(single.date) ? [single] : [];
  }
  const wallStart = wallTimeOf(series.start, timeZone);
  const rule = rrulestr(series.repeat.replace(/^RRULE:/, ''), { dtstart: floating(wallStart) });
  // Search in wall time with a day's margin each side (zone offsets) and a duration's margin before.
  const margin = 36 * 60 * 60 * 1000;
  const searchFrom = new Date(from.getTime() - series.durationMs - margin);
  const searchTo = new Date(to.getTime() + margin);
  const found: Occurrence[] = [];
  rule.between(searchFrom, searchTo, true, (date) => {
    const occurrence = at(instantOf(fromFloating(date), timeZone));
    if (overlaps(occurrence) && !skipped.has(occurrence.date)) found.push(occurrence);
    return found.length < MAX_OCCURRENCES;
  });
  return found;
}
