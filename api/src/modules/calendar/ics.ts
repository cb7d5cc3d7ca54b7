import ICAL from 'ical.js';
import type { FeedSeries } from '../../db/schema';
import { instantOf, isTimeZone, wallDateOf, wallTimeOf, type WallTime } from '@lifeboard/shared/lib/time-zone';

const DAY_MS = 24 * 60 * 60 * 1000;

export class IcsError extends Error {}

type Time = ReturnType<typeof ICAL.Time.fromDateString>;
type Property = NonNullable<ReturnType<InstanceType<typeof ICAL.Component>['getFirstProperty']>>;

/** The wall-clock fields of an ical.js time. */
export const wallOf = (time: Time): WallTime => ({
  year: time.year,
  month: time.month,
  day: time.day,
  hour: time.hour,
  minute: time.minute,
  second: time.second,
});
const utcMidnight = (time: Time) => new Date(Date.UTC(time.year, time.month - 1, time.day));

/**
 * The instant a DTSTART/DTEND/EXDATE value names. An IANA TZID is resolved with the runtime's zone data; a
 * zone the feed defines only in its VTIMEZONE (Outlook's "Eastern Standard Time") through ical.js; a floating
 * time is read in the user's zone.
 */
export function instantOfValue(
  time: Time,
  property: Property,
  userZone: string,
): { instant: Date; tzid: string | null } {
  if (time.isDate) return { instant: utcMidnight(time), tzid: null };
  const tzid = property.getParameter('tzid');
  const zone = typeof tzid === 'string' ? tzid : null;
  if (zone && isTimeZone(zone)) return { instant: instantOf(wallOf(time), zone), tzid: zone };
  if (time.zone?.tzid === 'UTC' || time.zone === ICAL.Timezone.utcTimezone)
    return { instant: time.toJSDate(), tzid: null };
  if (zone && time.zone && time.zone.tzid !== 'floating') return { instant: time.toJSDate(), tzid: null };
  return { instant: instantOf(wallOf(time), userZone), tzid: userZone };
}

/**
 * The events of an iCalendar text, one series per UID: RRULE and EXDATE kept for the expansion; an
 * overridden occurrence (RECURRENCE-ID) becomes its own event and is removed from its series.
 */
export function parseIcs(text: string, userZone: string): FeedSeries[] {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (error) {
    throw new IcsError(`not an iCalendar file (${error instanceof Error ? error.message : String(error)})`);
  }
  if (root.name !== 'vcalendar') throw new IcsError('not an iCalendar file (no VCALENDAR)');
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(vtimezone);
    if (!ICAL.TimezoneService.has(tz.tzid)) ICAL.TimezoneService.register(tz, tz.tzid);
  }
  const series = new Map<string, FeedSeries>();
  const overrides: { uid: string; date: string; item: FeedSeries }[] = [];
  let anonymous = 0;
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const startProperty = vevent.getFirstProperty('dtstart');
    const start = startProperty?.getFirstValue() as Time | null | undefined;
    if (!startProperty || !start) continue;
    const uid = String(vevent.getFirstPropertyValue('uid') ?? `anonymous-${(anonymous += 1)}`);
    const { instant, tzid } = instantOfValue(start, startProperty, userZone);
    const endProperty = vevent.getFirstProperty('dtend');
    const end = endProperty?.getFirstValue() as Time | null | undefined;
    const durationValue = vevent.getFirstPropertyValue('duration') as { toSeconds(): number } | null;
    let durationMs = start.isDate ? DAY_MS : 0;
    if (endProperty && end)
      durationMs = instantOfValue(end, endProperty, userZone).instant.getTime() - instant.getTime();
    else if (durationValue) durationMs = durationValue.toSeconds() * 1000;
    const zone = start.isDate ? 'UTC' : (tzid ?? 'UTC');
    const exdates: string[] = [];
    for (const property of vevent.getAllProperties('exdate')) {
      for (const value of property.getValues() as Time[])
        exdates.push(wallDateOf(instantOfValue(value, property, userZone).instant, zone));
    }
    const recur = vevent.getFirstPropertyValue('rrule') as { toString(): string } | null;
    const item: FeedSeries = {
      uid,
      title: String(vevent.getFirstPropertyValue('summary') ?? '(no title)'),
      start: instant.toISOString(),
      durationMs: Math.max(0, durationMs),
      all_day: start.isDate,
      rrule: recur ? recur.toString() : null,
      exdates,
      tzid: start.isDate ? null : tzid,
    };
    const recurrenceProperty = vevent.getFirstProperty('recurrence-id');
    const recurrenceId = recurrenceProperty?.getFirstValue() as Time | null | undefined;
    if (recurrenceProperty && recurrenceId) {
      overrides.push({
        uid,
        date: wallDateOf(instantOfValue(recurrenceId, recurrenceProperty, userZone).instant, zone),
        item: { ...item, uid: `${uid}/${recurrenceId.toString()}`, rrule: null },
      });
    } else {
      series.set(uid, item);
    }
  }
  for (const { uid, date, item } of overrides) {
    series.get(uid)?.exdates.push(date);
    series.set(item.uid, item);
  }
  return [...series.values()];
}

/** One repeating or single item of the user's own feed. */
export interface FeedItem {
  uid: string;
  title: string;
  description?: string;
  start: Date;
  end: Date;
  allDay: boolean;
  rrule: string | null;
  skipDates: readonly string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const compactDate = (date: string) => date.replace(/-/g, '');
const utcStamp = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
const wallStamp = (wall: WallTime) =>
  `${wall.year}${pad(wall.month)}${pad(wall.day)}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;

/** RFC 5545 text escaping and 75-octet line folding. */
const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut -= 1;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

/**
 * The user's items as an iCalendar feed. Timed items carry the user's IANA zone (TZID) so a subscriber repeats
 * them at the same local time across daylight-saving changes, as Lifeboard does.
 */
export function buildIcs(items: readonly FeedItem[], timeZone: string, name: string, now = new Date()): string {
  const utc = timeZone === 'UTC';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lifeboard//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  if (!utc) lines.push(`X-WR-TIMEZONE:${timeZone}`);
  const timed = (key: string, instant: Date) =>
    utc ? `${key}:${utcStamp(instant)}` : `${key};TZID=${timeZone}:${wallStamp(wallTimeOf(instant, timeZone))}`;
  for (const item of items) {
    lines.push('BEGIN:VEVENT', `UID:${item.uid}`, `DTSTAMP:${utcStamp(now)}`, `SUMMARY:${escapeText(item.title)}`);
    if (item.allDay) {
      lines.push(
        `DTSTART;VALUE=DATE:${compactDate(item.start.toISOString().slice(0, 10))}`,
        `DTEND;VALUE=DATE:${compactDate(item.end.toISOString().slice(0, 10))}`,
      );
    } else {
      lines.push(timed('DTSTART', item.start), timed('DTEND', item.end));
    }
    if (item.rrule) lines.push(`RRULE:${item.rrule.replace(/^RRULE:/, '')}`);
    for (const date of item.skipDates) {
      if (item.allDay) lines.push(`EXDATE;VALUE=DATE:${compactDate(date)}`);
      else {
        const wall = wallTimeOf(item.start, timeZone);
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        lines.push(timed('EXDATE', instantOf({ ...wall, year, month, day }, timeZone)));
      }
    }
    if (item.description) lines.push(`DESCRIPTION:${escapeText(item.description)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
