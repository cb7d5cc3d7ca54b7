import { floatingOf, instantOfFloating, wallDateOf } from '@lifeboard/shared/lib/time-zone';
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
    date: wallDateOf(start, timeZone),
  });
  const overlaps = (o: Occurrence) => o.start < to && (o.end > from || o.start.getTime() >= from.getTime());
  if (!series.repeat) {
    const single = at(series.start);
    return overlaps(single) && !skipped.has(single.date) ? [single] : [];
  }
  // rrule expands in wall time ("floating" dates); each occurrence is then placed in the zone. Search with a day's
  // margin each side (zone offsets) and a duration's margin before.
  const margin = 36 * 60 * 60 * 1000;
  const searchFrom = new Date(from.getTime() - series.durationMs - margin);
  const searchTo = new Date(to.getTime() + margin);
  const found: Occurrence[] = [];
  const rule = ruleFrom(series.repeat, floatingOf(series.start, timeZone), searchFrom);
  rule.between(searchFrom, searchTo, true, (date) => {
    const occurrence = at(instantOfFloating(date.getTime(), timeZone));
    if (overlaps(occurrence) && !skipped.has(occurrence.date)) found.push(occurrence);
    return found.length < MAX_OCCURRENCES;
  });
  return found;
}
