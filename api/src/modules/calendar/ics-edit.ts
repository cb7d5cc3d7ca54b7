import ICAL from 'ical.js';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { instantOfValue, wallOf } from './ics';
import {
  floatingOf,
  instantOf,
  instantOfFloating,
  isTimeZone,
  wallDateOf,
  wallTimeOf,
  type WallTime,
} from '@lifeboard/shared/lib/time-zone';

/*
 * Lifeboard's changes to a connected calendar's event, written into the event's own iCalendar text the way a
 * standard client (Apple Calendar, Thunderbird) writes them, so every other app of the account reads them alike:
 * a change to the whole series edits the main VEVENT; "this one" adds an EXDATE (deleted) or a RECURRENCE-ID
 * override (moved or renamed) in the same object; "this and all future ones" ends the series with UNTIL and, for a
 * move or a rename, starts a new series (a new object) from that day, which takes along the later days changed or
 * deleted on their own. Whatever the text carries that Lifeboard does not know is kept.
 */

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Recur = InstanceType<typeof ICAL.Recur>;
type Property = InstanceType<typeof ICAL.Property>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a change cannot be written, in words the person can act on. */
export class IcsEditError extends Error {}

export interface EventTimes {
  start: Date;
  end: Date;
  allDay: boolean;
}
export interface EventChange extends Partial<EventTimes> {
  title?: string;
  description?: string;
}

/** Which occurrence a change is for: its start as the calendar listed it, and how far the change reaches. */
export interface OccurrenceScope {
  occurrence: Date;
  scope: 'one' | 'future';
}

/** The text to write back (null: delete the object), and a new series' object to make (a changed "future"). */
export interface EditedObject {
  ics: string | null;
  split: { uid: string; ics: string } | null;
}

const parse = (ics: string) => new ICAL.Component(ICAL.parse(ics) as unknown[]);
const mainOf = (root: Component) => root.getAllSubcomponents('vevent').find((v) => !v.hasProperty('recurrence-id'));

/** A time as Lifeboard writes it: a date for an all-day event, else an instant in UTC (no VTIMEZONE needed). */
const written = (date: Date, allDay: boolean) =>
  allDay ? ICAL.Time.fromDateString(date.toISOString().slice(0, 10)) : ICAL.Time.fromJSDate(date, true);

function setTimes(vevent: Component, times: EventTimes): void {
  for (const name of ['dtstart', 'dtend', 'duration']) vevent.removeAllProperties(name);
  vevent.addPropertyWithValue('dtstart', written(times.start, times.allDay));
  vevent.addPropertyWithValue('dtend', written(times.end, times.allDay));
}

function touch(vevent: Component): void {
  vevent.updatePropertyWithValue('sequence', Number(vevent.getFirstPropertyValue('sequence') ?? 0) + 1);
  vevent.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(), true));
}

function applyChange(vevent: Component, change: EventChange): void {
  if (change.title !== undefined) vevent.updatePropertyWithValue('summary', change.title);
  if (change.description !== undefined) vevent.updatePropertyWithValue('description', change.description);
  if (change.start && change.end) setTimes(vevent, { start: change.start, end: change.end, allDay: !!change.allDay });
}

/**
 * The object's text with the main event (every repeat of it) changed, or the override found where it is now
 * (`movedAt`). `userZone` reads times that name no zone.
 */
export function editedIcs(ics: string, change: EventChange, userZone: string, movedAt?: Date): string {
  const root = parse(ics);
  // An occurrence moved on its own (an override, found where it is now) is renamed alone, as it shows alone.
  const override =
    movedAt && !change.start
      ? root
          .getAllSubcomponents('vevent')
          .find(
            (v) =>
              v.hasProperty('recurrence-id') &&
              instantOfProperty(v, 'dtstart', userZone)?.getTime() === movedAt.getTime(),
          )
      : undefined;
  if (override) {
    applyChange(override, change);
    touch(override);
    return root.toString();
  }
  const main = mainOf(root);
  if (!main) throw new IcsEditError('This event cannot be changed from Lifeboard.');
  // Renamed every time: its occurrences moved on their own take the new title too, unless they were renamed alone.
  if (change.title !== undefined) {
    const title = main.getFirstPropertyValue('summary');
    for (const other of root.getAllSubcomponents('vevent'))
      if (other !== main && other.getFirstPropertyValue('summary') === title) {
        other.updatePropertyWithValue('summary', change.title);
        touch(other);
      }
  }
  const form = startForm(main);
  const series = main.hasProperty('rrule') || main.hasProperty('rdate');
  const times = change.start && change.end ? { start: change.start, end: change.end, allDay: !!change.allDay } : null;
  if (series && times) {
    const into = formAfter(form, times, userZone);
    moveDaysAlong(root, main, form, times, userZone);
    applyChange(main, { ...change, start: undefined, end: undefined });
    setTimesLike(main, into, times, userZone);
    defineZone(root, into);
  } else applyChange(main, change);
  touch(main);
  return root.toString();
}

/**
 * A series moved every time (its start changed, all day or not): the days skipped or changed on their own move with
 * it (daysAlong), as EXDATE and RECURRENCE-ID name days by the series' start, in its form (RFC 5545); its rule's
 * weekdays move along and its UNTIL takes the new form. A day moved on its own keeps its own times (turned to or from
 * all day, its own date in the new form); one changed otherwise goes where the series now puts it. Called before the
 * main event's times change.
 */
function moveDaysAlong(root: Component, main: Component, form: StartForm, times: EventTimes, userZone: string): void {
  const from = instantOfProperty(main, 'dtstart', userZone);
  if (!from) return;
  const into = formAfter(form, times, userZone);
  const along = daysAlong(from, dayForm(form, userZone), times.start, dayForm(into, userZone));
  const plannedLength = lengthOf(main, userZone);
  const length = times.end.getTime() - times.start.getTime();
  for (const property of main.getAllProperties('exdate')) {
    const skipped = (property.getValues() as Time[]).map((value) => instantOfValue(value, property, userZone).instant);
    main.removeProperty(property);
    for (const day of skipped) addTimeProperty(main, 'exdate', valueIn(into, along.follow(day), userZone), into);
  }
  for (const override of root.getAllSubcomponents('vevent')) {
    const planned = override === main ? null : instantOfProperty(override, 'recurrence-id', userZone);
    if (!planned) continue;
    const start = instantOfProperty(override, 'dtstart', userZone);
    const movedAlone = start?.getTime() !== planned.getTime() || lengthOf(override, userZone) !== plannedLength;
    const day = along.follow(planned);
    override.removeAllProperties('recurrence-id');
    addTimeProperty(override, 'recurrence-id', valueIn(into, day, userZone), into);
    const at = !movedAlone ? day : start && along.onItsDate ? along.onItsDate(start) : null;
    if (at)
      setTimesLike(override, into, { start: at, end: new Date(at.getTime() + length), allDay: times.allDay }, userZone);
    touch(override);
  }
  const recur = main.getFirstPropertyValue('rrule') as Recur | null;
  if (recur)
    main.updatePropertyWithValue(
      'rrule',
      ruleFrom(recur, 0, along.days, [dayForm(form, userZone), dayForm(into, userZone)]),
    );
}

const wallTime = (wall: WallTime, isDate: boolean) => ICAL.Time.fromData({ ...wall, isDate });

/** How a VEVENT names its start: all day, in an IANA zone, in UTC, or floating (read in the user's zone). */
interface StartForm {
  isDate: boolean;
  tzid: string | null;
  utc: boolean;
}
function startForm(vevent: Component): StartForm {
  const property = vevent.getFirstProperty('dtstart')!;
  const time = property.getFirstValue() as Time;
  const tzid = property.getParameter('tzid');
  return {
    isDate: time.isDate,
    tzid: typeof tzid === 'string' ? tzid : null,
    utc: time.zone?.tzid === 'UTC' || time.zone === ICAL.Timezone.utcTimezone,
  };
}

/** The zone a series' wall times are read in: its own IANA zone, UTC (all day or in UTC), else the user's. */
const zoneOfForm = (form: StartForm, userZone: string) =>
  form.isDate || form.utc ? 'UTC' : form.tzid && isTimeZone(form.tzid) ? form.tzid : userZone;
/** A series' form for daysAlong: a timed one in UTC (as Lifeboard writes them) is seen in the user's zone. */
const dayForm = (form: StartForm, userZone: string): DayForm => ({
  allDay: form.isDate,
  zone: zoneOfForm(form, userZone),
  seen: form.isDate ? 'UTC' : form.tzid && isTimeZone(form.tzid) ? form.tzid : userZone,
});

const zones = new Map<string, string | null>();
/** The VTIMEZONE text of an IANA zone (timezones-ical-library), or null for UTC and zones it does not know. */
function vtimezoneText(zone: string): string | null {
  if (!zones.has(zone)) {
    const block = zone === 'UTC' || !isTimeZone(zone) ? null : tzlib_get_ical_block(zone);
    zones.set(zone, Array.isArray(block) && block[0].startsWith('BEGIN:VTIMEZONE') ? block[0] : null);
  }
  return zones.get(zone)!;
}

/**
 * How a series names its start after a change to `times`: as before; turned all day, as dates; turned to a time, at
 * wall times of the person's zone (TZID), so that it keeps its local time across daylight-saving changes as it did
 * all day (in UTC when the zone has no VTIMEZONE to give).
 */
function formAfter(form: StartForm, times: EventTimes, userZone: string): StartForm {
  if (times.allDay === form.isDate) return form;
  if (times.allDay) return { isDate: true, tzid: null, utc: false };
  return vtimezoneText(userZone)
    ? { isDate: false, tzid: userZone, utc: false }
    : { isDate: false, tzid: null, utc: true };
}

/** Adds the VTIMEZONE a form names to an iCalendar object that has none for it (RFC 5545: each TZID is defined). */
function defineZone(calendar: Component, form: StartForm): void {
  const text = form.tzid ? vtimezoneText(form.tzid) : null;
  if (!text || calendar.getAllSubcomponents('vtimezone').some((z) => z.getFirstPropertyValue('tzid') === form.tzid))
    return;
  calendar.addSubcomponent(new ICAL.Component(ICAL.parse(text) as unknown[]));
}

/** An instant as a value of the form the series' DTSTART has (for RECURRENCE-ID and EXDATE). */
function valueIn(form: StartForm, instant: Date, userZone: string): Time {
  if (form.isDate) return ICAL.Time.fromDateString(instant.toISOString().slice(0, 10));
  if (form.utc) return ICAL.Time.fromJSDate(instant, true);
  return wallTime(wallTimeOf(instant, zoneOfForm(form, userZone)), false);
}

/**
 * Where a split series takes each later day: by the same change of wall time (days and time of day, in the
 * series' zone) as the day it was split at, so a day past a daylight-saving change keeps its local time.
 */
export function wallShift(from: Date, to: Date, zone: string): (instant: Date) => Date {
  const delta = floatingOf(to, zone).getTime() - floatingOf(from, zone).getTime();
  return (instant) => instantOfFloating(floatingOf(instant, zone).getTime() + delta, zone);
}

/**
 * How a series names its days: all day (dates, read in UTC), or at wall times of `zone`; `seen` is the zone its
 * dates are seen in (UTC all day; its own zone, or the person's for a series kept in UTC).
 */
export interface DayForm {
  allDay: boolean;
  zone: string;
  seen: string;
}

/** Where a series' days go when its first (or a split's) moves from `from` to `to`. */
export interface DaysAlong {
  /** The new series' occurrence standing for a day of the old one (planned there, skipped, or changed on its own). */
  follow: (planned: Date) => Date;
  /** Turned to or from all day, where a day moved on its own goes: on its own date, in the new form; else null. */
  onItsDate: ((start: Date) => Date) | null;
  /** How many days the first moved, on dates (a weekly rule's weekdays move with it). */
  days: number;
}

/**
 * Where a series' days go when it moves from `from` (named in the form `was`) to `to` (in `now`). In the same form, by
 * the same change of wall time in its zone (wallShift). Turned to or from all day, by dates as the person sees them:
 * a day's date, moved by as many days as the first, all day or at the new series' time of day; a day moved on its own
 * stays on its own date and takes the new form.
 */
export function daysAlong(from: Date, was: DayForm, to: Date, now: DayForm): DaysAlong {
  const dayOf = (instant: Date, zone: string) => Date.parse(`${wallDateOf(instant, zone)}T00:00:00Z`);
  // In the rule's own terms (its wall times), for its weekdays.
  const days = Math.round((dayOf(to, now.zone) - dayOf(from, was.zone)) / DAY_MS);
  if (was.allDay === now.allDay) return { follow: wallShift(from, to, was.zone), onItsDate: null, days };
  const seenDays = dayOf(to, now.seen) - dayOf(from, was.seen);
  // A date as seen, to the new series' day on it: `to` moved by whole days of its own wall time.
  const base = floatingOf(to, now.zone).getTime() - dayOf(to, now.seen);
  const at = (day: number) => instantOfFloating(day + base, now.zone);
  return {
    follow: (planned) => at(dayOf(planned, was.seen) + seenDays),
    onItsDate: (start) => at(dayOf(start, was.seen)),
    days,
  };
}

function addTimeProperty(vevent: Component, name: string, value: Time, form: StartForm): Property {
  const property = vevent.addPropertyWithValue(name, value);
  if (!form.isDate && !form.utc && form.tzid) property.setParameter('tzid', form.tzid);
  return property;
}

/**
 * Times written the way the series writes its start (all day, in its zone, UTC or floating), so an occurrence
 * renamed in place stays where it was and a new series keeps repeating at the same local time across DST.
 */
function setTimesLike(vevent: Component, form: StartForm, times: EventTimes, userZone: string): void {
  if (times.allDay !== form.isDate) return setTimes(vevent, times);
  for (const name of ['dtstart', 'dtend', 'duration']) vevent.removeAllProperties(name);
  addTimeProperty(vevent, 'dtstart', valueIn(form, times.start, userZone), form);
  addTimeProperty(vevent, 'dtend', valueIn(form, times.end, userZone), form);
}

/** How long each occurrence of the series lasts (DTEND or DURATION; an all-day one without either, a day). */
function lengthOf(main: Component, userZone: string): number {
  const start = instantOfProperty(main, 'dtstart', userZone);
  const end = instantOfProperty(main, 'dtend', userZone);
  if (start && end) return Math.max(0, end.getTime() - start.getTime());
  const duration = main.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null;
  if (duration) return duration.toSeconds() * 1000;
  return startForm(main).isDate ? DAY_MS : 0;
}

const sameWall = (a: Time, b: Time) =>
  a.year === b.year &&
  a.month === b.month &&
  a.day === b.day &&
  (a.isDate || b.isDate || (a.hour === b.hour && a.minute === b.minute && a.second === b.second));

/** The instant a DTSTART-like property of `vevent` names. */
function instantOfProperty(vevent: Component, name: string, userZone: string): Date | null {
  const property = vevent.getFirstProperty(name);
  const value = property?.getFirstValue() as Time | null | undefined;
  return property && value ? instantOfValue(value, property, userZone).instant : null;
}

/** How many of the rule's occurrences (from the series' first) come before `cut` and whether `cut` is one of them. */
function countBefore(recur: Recur, first: Time, cut: Time, zone: string): { before: number; hit: boolean } {
  const floatingFirst = wallTime(wallOf(first), first.isDate);
  const floatingCut = wallTime(wallOf(cut), first.isDate);
  // The days are walked on wall times, so an UNTIL in UTC is read as the wall time of the series' zone: compared
  // as it is, the series' last day was missed by the zone's offset east of UTC.
  const until = recur.until;
  let walked = recur;
  if (until && !until.isDate && until.zone === ICAL.Timezone.utcTimezone) {
    walked = recur.clone();
    walked.until = wallTime(wallTimeOf(until.toJSDate(), zone), false);
  }
  const iterator = walked.iterator(floatingFirst);
  let before = 0;
  for (let guard = 0; guard < 100_000; guard += 1) {
    const next = iterator.next();
    if (!next) return { before, hit: false };
    const order = next.compare(floatingCut);
    if (order === 0 || sameWall(next, floatingCut)) return { before, hit: true };
    if (order > 0) return { before, hit: false };
    before += 1;
  }
  return { before, hit: false };
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** A weekly rule's plain weekdays moved by `days` (Tuesdays dragged to Wednesday repeat on Wednesdays). */
function shiftedRule(recur: Recur, days: number): Recur {
  const shift = ((days % 7) + 7) % 7;
  const copy = ICAL.Recur.fromString(recur.toString());
  const byDay = copy.parts.BYDAY;
  if (!shift || copy.freq !== 'WEEKLY' || !byDay) return copy;
  copy.parts.BYDAY = byDay.map((day) => {
    const index = WEEKDAYS.indexOf(day);
    return index < 0 ? day : WEEKDAYS[(index + shift) % 7];
  });
  return copy;
}

/** The rule ended just before `cut`: UTC UNTIL for a timed series, the day before for an all-day one. */
export function ruleEndedBefore(recur: Recur, cut: Date, isDate: boolean): Recur {
  const copy = ICAL.Recur.fromString(recur.toString());
  copy.count = null;
  copy.until = isDate
    ? ICAL.Time.fromDateString(
        new Date(Date.parse(`${cut.toISOString().slice(0, 10)}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10),
      )
    : ICAL.Time.fromJSDate(new Date(cut.getTime() - 1000), true);
  return copy;
}

/**
 * The rule of the series that carries on from the occurrence: what is left of a COUNT, weekdays moved along, and,
 * turned to or from all day (`forms`: from, to), its UNTIL in the new form (RFC 5545: the type of DTSTART): the date
 * of its last day, or the end of that date in the new zone, in UTC.
 */
export function ruleFrom(recur: Recur, before: number, days: number, forms?: readonly [DayForm, DayForm]): Recur {
  const copy = shiftedRule(recur, days);
  if (copy.count !== null && copy.count !== undefined) copy.count = Math.max(1, copy.count - before);
  const until = copy.until;
  if (until && forms && forms[0].allDay !== forms[1].allDay) {
    const [was, now] = forms;
    if (now.allDay) {
      const last = until.zone === ICAL.Timezone.utcTimezone ? until.toJSDate() : instantOf(wallOf(until), was.zone);
      copy.until = ICAL.Time.fromDateString(wallDateOf(last, was.seen));
    } else {
      const dayEnd = Date.UTC(until.year, until.month - 1, until.day + 1) - 1000;
      copy.until = ICAL.Time.fromJSDate(instantOfFloating(dayEnd, now.seen), true);
    }
  }
  return copy;
}

/**
 * One occurrence (or it and all later ones) of the object's series changed: moved, renamed or both (`change`), or
 * deleted (`change` null). Answers null when the object holds no such occurrence to change on its own (a single
 * event): the caller changes or deletes the whole event instead.
 */
export function editOccurrence(
  ics: string,
  at: OccurrenceScope,
  change: EventChange | null,
  userZone: string,
  newUid: () => string,
): EditedObject | null {
  const root = parse(ics);
  const main = mainOf(root);
  const overrides = root.getAllSubcomponents('vevent').filter((v) => v.hasProperty('recurrence-id'));
  const target = at.occurrence.getTime();
  // An occurrence moved before (an override) is found by where it is now, and stands for its original date.
  const moved = overrides.find((v) => instantOfProperty(v, 'dtstart', userZone)?.getTime() === target);
  const original = moved ? instantOfProperty(moved, 'recurrence-id', userZone) : at.occurrence;
  const recur = main?.getFirstPropertyValue('rrule') as Recur | null | undefined;
  // A single event (or an override whose series is not in this object) is changed as a whole.
  if (!main || !recur || !original) return null;
  const form = startForm(main);
  const first = main.getFirstPropertyValue('dtstart') as Time;
  const cut = valueIn(form, original, userZone);
  const { before, hit } = countBefore(recur, first, cut, zoneOfForm(form, userZone));
  if (!hit && !moved)
    throw new IcsEditError(
      'That day is not one of this event\u2019s days any more: refresh the calendar and try again.',
    );
  const overrideAt = (value: Time) =>
    overrides.find((v) => sameWall(v.getFirstPropertyValue('recurrence-id') as Time, value));
  // Where the occurrence (or the new series) goes: the new times of a move, else where it was planned.
  const times: EventTimes =
    change?.start && change.end
      ? { start: change.start, end: change.end, allDay: !!change.allDay }
      : {
          start: original,
          end: new Date(original.getTime() + lengthOf(main, userZone)),
          allDay: form.isDate,
        };

  if (at.scope === 'one') {
    const existing = moved ?? overrideAt(cut);
    if (!change) {
      if (existing) root.removeSubcomponent(existing);
      addTimeProperty(main, 'exdate', cut, form);
      touch(main);
      return { ics: root.toString(), split: null };
    }
    let override = existing;
    if (!override) {
      override = ICAL.Component.fromString(main.toString());
      for (const name of ['rrule', 'rdate', 'exdate', 'exrule', 'sequence']) override.removeAllProperties(name);
      addTimeProperty(override, 'recurrence-id', cut, form);
      override.updatePropertyWithValue('sequence', Number(main.getFirstPropertyValue('sequence') ?? 0));
      setTimesLike(override, form, times, userZone);
      root.addSubcomponent(override);
    }
    applyChange(override, change);
    touch(override);
    return { ics: root.toString(), split: null };
  }

  // "This and all future ones" from the first occurrence is the whole series.
  if (before === 0) {
    if (!change) return { ics: null, split: null };
    return { ics: editedIcs(ics, change, userZone), split: null };
  }
  // Compared as instants: an EXDATE or RECURRENCE-ID may name its zone differently from DTSTART.
  const later = (instant: Date | null) => instant !== null && instant.getTime() >= original.getTime();
  const laterOverrides = overrides.filter((override) => later(instantOfProperty(override, 'recurrence-id', userZone)));
  for (const override of laterOverrides) root.removeSubcomponent(override);
  const laterExdates: Date[] = [];
  for (const property of main.getAllProperties('exdate')) {
    const values = property.getValues() as Time[];
    const skipped = (value: Time) => instantOfValue(value, property, userZone).instant;
    const kept = values.filter((value) => !later(skipped(value)));
    for (const value of values) if (later(skipped(value))) laterExdates.push(skipped(value));
    if (kept.length === values.length) continue;
    main.removeProperty(property);
    for (const value of kept) addTimeProperty(main, 'exdate', value, form);
  }
  main.updatePropertyWithValue('rrule', ruleEndedBefore(recur, original, form.isDate));
  touch(main);
  if (!change) return { ics: root.toString(), split: null };

  // The new series: the old one's fields at the new time (or, renamed, from that day), with what is left of its
  // rule and skipped days, and the change's title and notes. Each later day keeps its place in it, moved along as the
  // split day was, in the new series' form (turned to or from all day, by dates).
  const into = formAfter(form, times, userZone);
  const forms = [dayForm(form, userZone), dayForm(into, userZone)] as const;
  const along = daysAlong(original, forms[0], times.start, forms[1]);
  const uid = newUid();
  const next = ICAL.Component.fromString(main.toString());
  for (const name of ['rrule', 'rdate', 'exdate', 'exrule', 'sequence', 'recurrence-id'])
    next.removeAllProperties(name);
  next.updatePropertyWithValue('uid', uid);
  setTimesLike(next, into, times, userZone);
  applyChange(next, { title: change.title, description: change.description });
  next.addPropertyWithValue('rrule', ruleFrom(recur, before, along.days, forms));
  for (const skipped of laterExdates)
    addTimeProperty(next, 'exdate', valueIn(into, along.follow(skipped), userZone), into);
  next.updatePropertyWithValue('sequence', 0);
  next.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(), true));
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  for (const property of root.getAllProperties())
    calendar.addProperty(ICAL.Property.fromString(property.toICALString()));
  // The zones the new series names, as the old object defined them.
  for (const zone of root.getAllSubcomponents('vtimezone'))
    calendar.addSubcomponent(ICAL.Component.fromString(zone.toString()));
  defineZone(calendar, into);
  calendar.addSubcomponent(next);
  for (const override of followingOverrides(main, next, laterOverrides, {
    uid,
    into,
    change,
    original,
    times,
    along,
    userZone,
  }))
    calendar.addSubcomponent(override);
  return { ics: root.toString(), split: { uid, ics: calendar.toString() } };
}

/**
 * The old series' days changed on their own (overrides from the split day on) as overrides of the new series, the
 * way Google Calendar keeps them through a change to every event: each stands for the new series' occurrence of
 * the same original day (named in the new series' form, `into`), keeps what it changed (its title, notes or times;
 * turned to or from all day, a moved day keeps its date) and takes the rest of the change. A day the new series has
 * no occurrence for (its rule ends earlier, or a monthly day moved off its date) ends with the old series, as before.
 */
function followingOverrides(
  main: Component,
  next: Component,
  overrides: readonly Component[],
  split: {
    uid: string;
    into: StartForm;
    change: EventChange;
    original: Date;
    times: EventTimes;
    along: DaysAlong;
    userZone: string;
  },
): Component[] {
  const { into, change, times, userZone } = split;
  const rule = next.getFirstPropertyValue('rrule') as Recur;
  const first = next.getFirstPropertyValue('dtstart') as Time;
  const length = times.end.getTime() - times.start.getTime();
  const plannedLength = lengthOf(main, userZone);
  const followed: Component[] = [];
  for (const override of overrides) {
    const planned = instantOfProperty(override, 'recurrence-id', userZone);
    if (!planned) continue;
    const day = split.along.follow(planned);
    const recurrenceId = valueIn(into, day, userZone);
    if (!countBefore(rule, first, recurrenceId, zoneOfForm(into, userZone)).hit) continue;
    const copy = ICAL.Component.fromString(override.toString());
    copy.updatePropertyWithValue('uid', split.uid);
    copy.removeAllProperties('recurrence-id');
    addTimeProperty(copy, 'recurrence-id', recurrenceId, into);
    // A title or notes changed on that day alone stay; those it had from the series take the new ones.
    for (const [name, value] of [
      ['summary', change.title],
      ['description', change.description],
    ] as const)
      if (value !== undefined && copy.getFirstPropertyValue(name) === main.getFirstPropertyValue(name))
        copy.updatePropertyWithValue(name, value);
    // A day moved on its own stays where it was put (turned to or from all day, on its date), unless it is the split
    // day itself and this is its move; a day at its planned times goes where the new series puts it.
    const start = instantOfProperty(override, 'dtstart', userZone);
    const movedAlone = start?.getTime() !== planned.getTime() || lengthOf(override, userZone) !== plannedLength;
    const movedNow = change.start !== undefined && planned.getTime() === split.original.getTime();
    const at = !movedAlone || movedNow ? day : start && split.along.onItsDate ? split.along.onItsDate(start) : null;
    if (at)
      setTimesLike(copy, into, { start: at, end: new Date(at.getTime() + length), allDay: times.allDay }, userZone);
    copy.updatePropertyWithValue('sequence', 0);
    copy.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(), true));
    followed.push(copy);
  }
  return followed;
}

/**
 * A series' RRULE (as text) cut at one of its occurrences, for a calendar that keeps rules apart from the event
 * (Google): the rule ended just before it, and the rule a new series carries on with (`next`: its first day moved by
 * `days`, as daysAlong counts them; its form, all day or not, `forms[1]`).
 * `hit` is false when `cut` is not one of the series' occurrences; `before` counts the occurrences before it.
 */
export function splitRule(
  rule: string,
  first: Date,
  cut: Date,
  allDay: boolean,
  zone: string,
  next: { days: number; forms?: readonly [DayForm, DayForm] } | null,
): { hit: boolean; before: number; ended: string; rest: string | null } {
  const recur = ICAL.Recur.fromString(rule.replace(/^RRULE:/i, ''));
  const at = (instant: Date) =>
    allDay ? ICAL.Time.fromDateString(instant.toISOString().slice(0, 10)) : wallTime(wallTimeOf(instant, zone), false);
  const { before, hit } = countBefore(recur, at(first), at(cut), allDay ? 'UTC' : zone);
  return {
    hit,
    before,
    ended: ruleEndedBefore(recur, cut, allDay).toString(),
    rest: next ? ruleFrom(recur, before, next.days, next.forms).toString() : null,
  };
}

/**
 * A Google series' EXDATE lines (its `recurrence` keeps RFC 5545 lines) from `cut` on, for the new series of a split:
 * each skipped day moved along by `follow` as the split day was, in UTC (or as dates, all day), so it stays skipped.
 * `zone` reads a value that names no zone.
 */
export function exdatesFrom(
  lines: readonly string[],
  cut: Date,
  follow: (instant: Date) => Date,
  allDay: boolean,
  zone: string,
): string[] {
  const skipped: string[] = [];
  for (const line of lines) {
    if (!/^EXDATE[;:]/i.test(line)) continue;
    const property = ICAL.Property.fromString(line);
    for (const value of property.getValues() as Time[]) {
      const instant = instantOfValue(value, property, zone).instant;
      if (instant.getTime() < cut.getTime()) continue;
      const stamp = follow(instant).toISOString();
      skipped.push(allDay ? stamp.slice(0, 10).replace(/-/g, '') : `${stamp.slice(0, 19).replace(/[-:]/g, '')}Z`);
    }
  }
  return skipped.length ? [`EXDATE${allDay ? ';VALUE=DATE' : ''}:${skipped.join(',')}`] : [];
}

/**
 * A Google series' `recurrence` lines for a change to every event that moves its start (`along`, from its first day
 * `first`): its RRULE's weekdays moved and UNTIL in the new form (`forms`), its EXDATE lines' days followed
 * (exdatesFrom), the other lines kept. `zone` reads a value that names no zone.
 */
export function recurrenceMoved(
  lines: readonly string[],
  first: Date,
  along: DaysAlong,
  forms: readonly [DayForm, DayForm],
  zone: string,
): string[] {
  const moved = lines
    .filter((line) => !/^EXDATE[;:]/i.test(line))
    .map((line) =>
      /^RRULE:/i.test(line)
        ? `RRULE:${ruleFrom(ICAL.Recur.fromString(line.replace(/^RRULE:/i, '')), 0, along.days, forms).toString()}`
        : line,
    );
  return [...moved, ...exdatesFrom(lines, first, along.follow, forms[1].allDay, zone)];
}
