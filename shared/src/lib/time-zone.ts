/**
 * Time zones, the one helper for the API (reminders, the calendar, the daily e-mail) and the screens: the wall-clock
 * time an instant shows in an IANA zone, the instant a wall-clock time names there, and each zone's formatter made
 * once. Offsets are asked of Intl once per zone and quarter of an hour (zones change offset on quarter hours).
 */
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

/** A user's stored zone when this runtime knows it, else UTC (unset, or a zone this runtime lacks). */
export const zoneOrUtc = (timeZone: string | null | undefined): string =>
  timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall time as a "floating" time: ms since the epoch of its fields read as UTC. */
export function wallAsUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The wall time of a "floating" Date (its UTC fields are the wall-clock fields). */
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
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) -
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
  return instantOfFloating(wallAsUtc(wall), timeZone);
}

/** The wall time an instant shows in a zone, as a floating time (its UTC fields are the wall-clock fields). */
export function floatingOf(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
}

/** `instantOf` for a wall time given as a floating time (its UTC fields are the wall-clock fields). */
export function instantOfFloating(asUtc: number, timeZone: string): Date {
  // The zone's offsets a day either side: the same unless its clocks change near this time.
  const before = asUtc - offsetAt(asUtc - DAY_MS, timeZone);
  const after = asUtc - offsetAt(asUtc + DAY_MS, timeZone);
  if (before === after) return new Date(before);
  const shows = (instant: number) => wallAsUtc(wallTimeOf(new Date(instant), timeZone)) === asUtc;
  // Both show it when the clocks went back (RFC 5545: the first is meant); neither when they went forward over
  // it, and the offset from before the change moves it forward by the gap.
  const valid = [before, after].filter(shows);
  return new Date(valid.length ? Math.min(...valid) : before);
}

/** The `YYYY-MM-DD` of a wall time. */
export const wallDate = (wall: WallTime) =>
  `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;

const dayTexts = new Map<number, string>();
/** `wallDate` of a day (days since 1970-01-01): a month of a calendar names the same few dozen days thousands of times. */
function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    if (dayTexts.size > 100_000) dayTexts.clear();
    text = wallDate(fromFloating(new Date(day * DAY_MS)));
    dayTexts.set(day, text);
  }
  return text;
}

const clockTexts = new Map<number, string>();
/**
 * `instant.toISOString()`, from the texts of its day and its time of day, each written once: a month of a calendar
 * writes thousands of instants on a few dozen days at a few dozen times, and `toISOString` is the slower.
 */
export function isoText(instant: Date): string {
  const ms = instant.getTime();
  const day = Math.floor(ms / DAY_MS);
  if (day < 0 || day >= 2_932_897) return instant.toISOString(); // outside years 1970-9999
  const clock = ms - day * DAY_MS;
  let time = clockTexts.get(clock);
  if (time === undefined) {
    if (clockTexts.size > 100_000) clockTexts.clear();
    time = `T${new Date(clock).toISOString().slice(11)}`;
    clockTexts.set(clock, time);
  }
  return dayText(day) + time;
}

/** The `YYYY-MM-DD` an instant shows in a zone: `wallDate(wallTimeOf(…))` without the wall time. */
export const wallDateOf = (instant: Date, timeZone: string): string =>
  dayText(Math.floor((instant.getTime() + offsetAt(instant.getTime(), timeZone)) / DAY_MS));
