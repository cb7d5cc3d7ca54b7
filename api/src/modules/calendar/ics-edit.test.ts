import { describe, expect, it } from 'vitest';
import { parseIcs } from './ics';
import { occurrences } from './recurrence';
import {
  daysAlong,
  editedIcs,
  editOccurrence,
  exdatesFrom,
  IcsEditError,
  recurrenceMoved,
  splitRule,
  wallShift,
  type EventChange,
} from './ics-edit';

/* How Lifeboard writes a change to one occurrence (or the rest) of a series into the event's iCalendar text. */

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Another app//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const BERLIN_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];
// Weekly on Mondays at 09:00 Berlin time, from 2026-03-02 (across the change to summer time on 2026-03-29).
const berlin = calendar(
  ...BERLIN_ZONE,
  'BEGIN:VEVENT',
  'UID:team-1',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20260302T090000',
  'DTEND;TZID=Europe/Berlin:20260302T100000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10',
  'SUMMARY:Team',
  'LOCATION:Room 4',
  'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
  'END:VEVENT',
);
// Daily all-day walks from 2026-06-01, without 2026-06-10.
const daily = calendar(
  'BEGIN:VEVENT',
  'UID:d-1',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;VALUE=DATE:20260601',
  'DTEND;VALUE=DATE:20260602',
  'RRULE:FREQ=DAILY',
  'EXDATE;VALUE=DATE:20260610',
  'SUMMARY:Walk',
  'END:VEVENT',
);
const uid = () => 'new-series';
const starts = (ics: string) => parseIcs(ics, 'UTC').map((s) => [s.uid, s.start, s.rrule, s.exdates] as const);

describe('one occurrence of a series in its own object', () => {
  it('moves one: a RECURRENCE-ID override in the series’ own zone, the rest of the event kept', () => {
    // 2026-03-30 09:00 Berlin (summer time) is 07:00 UTC.
    const edited = editOccurrence(
      berlin,
      { occurrence: new Date('2026-03-30T07:00:00Z'), scope: 'one' },
      { start: new Date('2026-03-31T15:00:00Z'), end: new Date('2026-03-31T16:00:00Z'), allDay: false },
      'UTC',
      uid,
    )!;
    expect(edited.split).toBeNull();
    expect(edited.ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260330T090000');
    expect(edited.ics).toContain('BEGIN:VTIMEZONE');
    expect(edited.ics!.match(/X-APPLE-TRAVEL-ADVISORY-BEHAVIOR/g)).toHaveLength(2);
    expect(starts(edited.ics!)).toEqual([
      ['team-1', '2026-03-02T08:00:00.000Z', 'FREQ=WEEKLY;COUNT=10;BYDAY=MO', ['2026-03-30']],
      ['team-1/2026-03-30T09:00:00', '2026-03-31T15:00:00.000Z', null, []],
    ]);
    // Moving the moved one again changes its override; deleting it leaves an EXDATE for its first day.
    const again = editOccurrence(
      edited.ics!,
      { occurrence: new Date('2026-03-31T15:00:00Z'), scope: 'one' },
      { start: new Date('2026-04-01T15:00:00Z'), end: new Date('2026-04-01T16:00:00Z'), allDay: false },
      'UTC',
      uid,
    )!;
    expect(again.ics!.match(/RECURRENCE-ID/g)).toHaveLength(1);
    const deleted = editOccurrence(
      again.ics!,
      { occurrence: new Date('2026-04-01T15:00:00Z'), scope: 'one' },
      null,
      'UTC',
      uid,
    )!;
    expect(deleted.ics).not.toContain('RECURRENCE-ID');
    expect(deleted.ics).toContain('EXDATE;TZID=Europe/Berlin:20260330T090000');
    expect(starts(deleted.ics!)).toEqual([
      ['team-1', '2026-03-02T08:00:00.000Z', 'FREQ=WEEKLY;COUNT=10;BYDAY=MO', ['2026-03-30']],
    ]);
  });

  it('this and all future ones: UNTIL in UTC on the series, a new series with what is left of its COUNT', () => {
    const edited = editOccurrence(
      berlin,
      { occurrence: new Date('2026-03-16T08:00:00Z'), scope: 'future' },
      { start: new Date('2026-03-17T08:00:00Z'), end: new Date('2026-03-17T09:00:00Z'), allDay: false },
      'UTC',
      uid,
    )!;
    expect(edited.ics).toMatch(/RRULE:FREQ=WEEKLY;.*UNTIL=20260316T075959Z/);
    expect(edited.ics).not.toContain('COUNT');
    expect(edited.split!.uid).toBe('new-series');
    expect(starts(edited.split!.ics)).toEqual([
      ['new-series', '2026-03-17T08:00:00.000Z', 'FREQ=WEEKLY;COUNT=8;BYDAY=TU', []],
    ]);
    expect(edited.split!.ics).toContain('LOCATION:Room 4');
    // The moved series repeats in its own zone, so it stays at 09:00 Berlin time after the change to summer time.
    expect(parseIcs(edited.split!.ics, 'UTC')[0].tzid).toBe('Europe/Berlin');
    // Deleting from the first occurrence deletes the whole object; from a later one only ends the series.
    expect(
      editOccurrence(berlin, { occurrence: new Date('2026-03-02T08:00:00Z'), scope: 'future' }, null, 'UTC', uid),
    ).toEqual({ ics: null, split: null });
    const ended = editOccurrence(
      berlin,
      { occurrence: new Date('2026-03-09T08:00:00Z'), scope: 'future' },
      null,
      'UTC',
      uid,
    )!;
    expect(ended.split).toBeNull();
    expect(ended.ics).toContain('UNTIL=20260309T075959Z');
    // An occurrence moved on its own after the cut ends with the series; one before it stays.
    const moveOne = (ics: string, occurrence: string, to: string) =>
      editOccurrence(
        ics,
        { occurrence: new Date(occurrence), scope: 'one' },
        { start: new Date(to), end: new Date(Date.parse(to) + 3600_000), allDay: false },
        'UTC',
        uid,
      )!.ics!;
    const withOverrides = moveOne(
      moveOne(berlin, '2026-03-09T08:00:00Z', '2026-04-01T12:00:00Z'),
      '2026-03-30T07:00:00Z',
      '2026-04-02T12:00:00Z',
    );
    const cut = editOccurrence(
      withOverrides,
      { occurrence: new Date('2026-03-16T08:00:00Z'), scope: 'future' },
      null,
      'UTC',
      uid,
    )!;
    expect(cut.ics!.match(/RECURRENCE-ID;TZID=Europe\/Berlin:\d+T\d+/g)).toEqual([
      'RECURRENCE-ID;TZID=Europe/Berlin:20260309T090000',
    ]);
  });

  it('all-day series: dates for RECURRENCE-ID, EXDATE and UNTIL', () => {
    const one = editOccurrence(
      daily,
      { occurrence: new Date('2026-06-03T00:00:00Z'), scope: 'one' },
      null,
      'UTC',
      uid,
    )!;
    expect(one.ics).toContain('EXDATE;VALUE=DATE:20260603');
    const future = editOccurrence(
      daily,
      { occurrence: new Date('2026-06-05T00:00:00Z'), scope: 'future' },
      { start: new Date('2026-06-06T00:00:00Z'), end: new Date('2026-06-07T00:00:00Z'), allDay: true },
      'UTC',
      uid,
    )!;
    expect(future.ics).toContain('UNTIL=20260604');
    expect(future.ics).not.toContain('20260610');
    // The skipped day after the cut moves along with the new series.
    expect(starts(future.split!.ics)).toEqual([
      ['new-series', '2026-06-06T00:00:00.000Z', 'FREQ=DAILY', ['2026-06-11']],
    ]);
  });

  it('refuses a day that is not one of the series’, and leaves a single event to be changed whole', () => {
    expect(() =>
      editOccurrence(berlin, { occurrence: new Date('2026-03-03T08:00:00Z'), scope: 'one' }, null, 'UTC', uid),
    ).toThrow(IcsEditError);
    const single = calendar(
      'BEGIN:VEVENT',
      'UID:s-1',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20260301T100000Z',
      'DTEND:20260301T110000Z',
      'SUMMARY:Once',
      'END:VEVENT',
    );
    expect(
      editOccurrence(single, { occurrence: new Date('2026-03-01T10:00:00Z'), scope: 'one' }, null, 'UTC', uid),
    ).toBeNull();
  });

  it('a whole series moved to another weekday repeats on that weekday', () => {
    const moved = editedIcs(
      berlin,
      { start: new Date('2026-03-04T08:00:00Z'), end: new Date('2026-03-04T09:00:00Z'), allDay: false },
      'UTC',
    );
    expect(moved).toContain('BYDAY=WE');
  });
  it('finds the last day of a series whose UNTIL is that day in UTC (Apple and Google write it so)', () => {
    // Until 9 March 08:00 UTC, 09:00 Berlin: 9 March is its last day.
    const until = berlin.replace('COUNT=10', 'UNTIL=20260309T080000Z');
    const edited = editOccurrence(
      until,
      { occurrence: new Date('2026-03-09T08:00:00Z'), scope: 'one' },
      { title: 'Team (last)' },
      'UTC',
      uid,
    )!;
    expect(edited.ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260309T090000');
  });
});

describe('renaming one occurrence of a series, or it and all later ones', () => {
  const titles = (ics: string) => parseIcs(ics, 'UTC').map((s) => [s.uid, s.title, s.start] as const);

  it('this one: an override in place, in the series’ own zone, with the new title and the rest kept', () => {
    // 2026-03-30 09:00 Berlin (summer time) is 07:00 UTC.
    const edited = editOccurrence(
      berlin,
      { occurrence: new Date('2026-03-30T07:00:00Z'), scope: 'one' },
      { title: 'Team (offsite)' },
      'UTC',
      uid,
    )!;
    expect(edited.split).toBeNull();
    expect(edited.ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260330T090000');
    expect(edited.ics).toContain('DTSTART;TZID=Europe/Berlin:20260330T090000');
    expect(edited.ics).toContain('DTEND;TZID=Europe/Berlin:20260330T100000');
    expect(edited.ics!.match(/LOCATION:Room 4/g)).toHaveLength(2);
    expect(titles(edited.ics!)).toEqual([
      ['team-1', 'Team', '2026-03-02T08:00:00.000Z'],
      ['team-1/2026-03-30T09:00:00', 'Team (offsite)', '2026-03-30T07:00:00.000Z'],
    ]);
    // Renamed again, the same override changes; moved, it keeps its new title.
    const again = editOccurrence(
      edited.ics!,
      { occurrence: new Date('2026-03-30T07:00:00Z'), scope: 'one' },
      { title: 'Team (room 9)' },
      'UTC',
      uid,
    )!;
    expect(again.ics!.match(/RECURRENCE-ID/g)).toHaveLength(1);
    const moved = editOccurrence(
      again.ics!,
      { occurrence: new Date('2026-03-30T07:00:00Z'), scope: 'one' },
      { start: new Date('2026-03-31T07:00:00Z'), end: new Date('2026-03-31T08:00:00Z'), allDay: false },
      'UTC',
      uid,
    )!;
    expect(titles(moved.ics!)[1]).toEqual(['team-1/2026-03-30T09:00:00', 'Team (room 9)', '2026-03-31T07:00:00.000Z']);
  });

  it('this one, already moved: its override (found where it is now) is renamed, no second one made', () => {
    const moved = editOccurrence(
      berlin,
      { occurrence: new Date('2026-03-09T08:00:00Z'), scope: 'one' },
      { start: new Date('2026-03-10T15:00:00Z'), end: new Date('2026-03-10T16:00:00Z'), allDay: false },
      'UTC',
      uid,
    )!.ics!;
    const renamed = editOccurrence(
      moved,
      { occurrence: new Date('2026-03-10T15:00:00Z'), scope: 'one' },
      { title: 'Team (moved)' },
      'UTC',
      uid,
    )!;
    expect(renamed.ics!.match(/RECURRENCE-ID/g)).toHaveLength(1);
    expect(titles(renamed.ics!)).toEqual([
      ['team-1', 'Team', '2026-03-02T08:00:00.000Z'],
      ['team-1/2026-03-09T09:00:00', 'Team (moved)', '2026-03-10T15:00:00.000Z'],
    ]);
  });

  it('this and all future ones: the series ends, a new one with the new title starts that day at the same local time', () => {
    const edited = editOccurrence(
      berlin,
      { occurrence: new Date('2026-03-16T08:00:00Z'), scope: 'future' },
      { title: 'Team sync' },
      'UTC',
      uid,
    )!;
    expect(edited.ics).toMatch(/RRULE:FREQ=WEEKLY;.*UNTIL=20260316T075959Z/);
    expect(edited.ics).toContain('SUMMARY:Team\r\n');
    const next = edited.split!.ics;
    expect(next).toContain('SUMMARY:Team sync');
    expect(next).toContain('LOCATION:Room 4');
    expect(next).toContain('DTSTART;TZID=Europe/Berlin:20260316T090000');
    expect(next).toContain('BEGIN:VTIMEZONE');
    expect(starts(next)).toEqual([['new-series', '2026-03-16T08:00:00.000Z', 'FREQ=WEEKLY;COUNT=8;BYDAY=MO', []]]);
    // It repeats in Berlin time (09:00 after the change to summer time too), not at a fixed UTC hour.
    expect(parseIcs(next, 'UTC')[0].tzid).toBe('Europe/Berlin');
    // From the first occurrence, "this and all future ones" renames the series itself.
    const whole = editOccurrence(
      berlin,
      { occurrence: new Date('2026-03-02T08:00:00Z'), scope: 'future' },
      { title: 'Team sync' },
      'UTC',
      uid,
    )!;
    expect(whole.split).toBeNull();
    expect(titles(whole.ics!)).toEqual([['team-1', 'Team sync', '2026-03-02T08:00:00.000Z']]);
  });

  it('an all-day series: the override in place is a date, and the new series starts on that date', () => {
    const one = editOccurrence(
      daily,
      { occurrence: new Date('2026-06-03T00:00:00Z'), scope: 'one' },
      { title: 'Walk (beach)' },
      'UTC',
      uid,
    )!;
    expect(one.ics).toContain('RECURRENCE-ID;VALUE=DATE:20260603');
    expect(one.ics).toContain('DTSTART;VALUE=DATE:20260603');
    expect(one.ics).toContain('DTEND;VALUE=DATE:20260604');
    const future = editOccurrence(
      daily,
      { occurrence: new Date('2026-06-05T00:00:00Z'), scope: 'future' },
      { title: 'Long walk' },
      'UTC',
      uid,
    )!;
    expect(future.ics).toContain('UNTIL=20260604');
    expect(future.split!.ics).toContain('DTSTART;VALUE=DATE:20260605');
    expect(starts(future.split!.ics)).toEqual([
      ['new-series', '2026-06-05T00:00:00.000Z', 'FREQ=DAILY', ['2026-06-10']],
    ]);
  });

  it('renamed every time, its occurrences moved on their own follow, those renamed alone keep their title', () => {
    const moved = editOccurrence(
      berlin,
      { occurrence: new Date('2026-03-09T08:00:00Z'), scope: 'one' },
      { start: new Date('2026-03-10T15:00:00Z'), end: new Date('2026-03-10T16:00:00Z'), allDay: false },
      'UTC',
      uid,
    )!.ics!;
    const renamedAlone = editOccurrence(
      moved,
      { occurrence: new Date('2026-03-16T08:00:00Z'), scope: 'one' },
      { title: 'Team (offsite)' },
      'UTC',
      uid,
    )!.ics!;
    expect(titles(editedIcs(renamedAlone, { title: 'Weekly team' }, 'UTC')).map(([, title]) => title)).toEqual([
      'Weekly team',
      'Weekly team',
      'Team (offsite)',
    ]);
  });
});

describe('this and all future ones keeps the later days changed on their own', () => {
  const one = (ics: string, occurrence: string, change: EventChange | null) =>
    editOccurrence(ics, { occurrence: new Date(occurrence), scope: 'one' }, change, 'UTC', uid)!.ics!;
  const future = (ics: string, occurrence: string, change: EventChange) =>
    editOccurrence(ics, { occurrence: new Date(occurrence), scope: 'future' }, change, 'UTC', uid)!;
  const at = (start: string, end: string) => ({ start: new Date(start), end: new Date(end), allDay: false });
  const shown = (ics: string) => parseIcs(ics, 'UTC').map((s) => [s.uid, s.title, s.start, s.durationMs] as const);
  const HOUR = 3600_000;
  // The Monday team meeting (09:00 Berlin): 9 March moved to Tuesday (before the cut on 16 March); 23 March moved to
  // Friday 16:00; 30 March (summer time) renamed; 6 April deleted.
  const changed = one(
    one(
      one(
        one(berlin, '2026-03-09T08:00:00Z', at('2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z')),
        '2026-03-23T08:00:00Z',
        at('2026-03-27T15:00:00Z', '2026-03-27T16:00:00Z'),
      ),
      '2026-03-30T07:00:00Z',
      { title: 'Team (offsite)' },
    ),
    '2026-04-06T07:00:00Z',
    null,
  );

  it('every time moved to Tuesdays an hour later: the series stays in its zone, and its days changed or deleted alone move with it', () => {
    // From Mondays 09:00 to Tuesdays 10:00 Berlin: 10:00 is 09:00 UTC in winter, 08:00 UTC in summer time.
    const moved = editedIcs(changed, at('2026-03-03T09:00:00Z', '2026-03-03T10:00:00Z'), 'UTC');
    expect(moved).toContain('DTSTART;TZID=Europe/Berlin:20260303T100000');
    const [series, ...days] = shown(moved);
    expect(series).toEqual(['team-1', 'Team', '2026-03-03T09:00:00.000Z', HOUR]);
    // The series skips the deleted day and the days shown by their own overrides.
    expect(parseIcs(moved, 'UTC')[0].exdates).toEqual(['2026-04-07', '2026-03-10', '2026-03-24', '2026-03-31']);
    expect(days).toEqual([
      // Moved alone (to Tuesday 10 March, then Friday 27 March): they stay where they were put.
      ['team-1/2026-03-10T10:00:00', 'Team', '2026-03-10T08:00:00.000Z', HOUR],
      ['team-1/2026-03-24T10:00:00', 'Team', '2026-03-27T15:00:00.000Z', HOUR],
      // Renamed alone: the new day and time of the series, in summer time.
      ['team-1/2026-03-31T10:00:00', 'Team (offsite)', '2026-03-31T08:00:00.000Z', HOUR],
    ]);
  });

  it('renamed: a day moved alone keeps its move and takes the new title; one renamed alone keeps its title; a deleted one stays deleted', () => {
    const split = future(changed, '2026-03-16T08:00:00Z', { title: 'Team sync' });
    // The old series keeps only what came before the cut.
    expect(split.ics!.match(/RECURRENCE-ID[^\r]*/g)).toEqual(['RECURRENCE-ID;TZID=Europe/Berlin:20260309T090000']);
    expect(split.ics).not.toContain('EXDATE');
    expect(split.split!.ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260323T090000');
    expect(split.split!.ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260330T090000');
    expect(split.split!.ics).toContain('EXDATE;TZID=Europe/Berlin:20260406T090000');
    expect(shown(split.split!.ics)).toEqual([
      ['new-series', 'Team sync', '2026-03-16T08:00:00.000Z', HOUR],
      ['new-series/2026-03-23T09:00:00', 'Team sync', '2026-03-27T15:00:00.000Z', HOUR],
      ['new-series/2026-03-30T09:00:00', 'Team (offsite)', '2026-03-30T07:00:00.000Z', HOUR],
    ]);
    expect(starts(split.split!.ics)[0]).toEqual([
      'new-series',
      '2026-03-16T08:00:00.000Z',
      'FREQ=WEEKLY;COUNT=8;BYDAY=MO',
      ['2026-04-06', '2026-03-23', '2026-03-30'],
    ]);
    // Renamed from the moved day itself (found where it is now): the new series starts on its planned day, and the
    // day stays where it was moved to.
    const fromMoved = future(changed, '2026-03-27T15:00:00Z', { title: 'Team sync' });
    expect(fromMoved.ics).toContain('UNTIL=20260323T075959Z');
    expect(shown(fromMoved.split!.ics)).toEqual([
      ['new-series', 'Team sync', '2026-03-23T08:00:00.000Z', HOUR],
      ['new-series/2026-03-23T09:00:00', 'Team sync', '2026-03-27T15:00:00.000Z', HOUR],
      ['new-series/2026-03-30T09:00:00', 'Team (offsite)', '2026-03-30T07:00:00.000Z', HOUR],
    ]);
  });

  it('moved to another weekday and time across the change to summer time: a day moved alone keeps its time, one renamed alone takes the new time', () => {
    // From Monday 16 March 09:00 to Tuesday 17 March 10:00-11:30 Berlin (winter time: 09:00 UTC).
    const split = future(changed, '2026-03-16T08:00:00Z', at('2026-03-17T09:00:00Z', '2026-03-17T10:30:00Z'));
    const next = split.split!.ics;
    expect(next).toContain('DTSTART;TZID=Europe/Berlin:20260317T100000');
    // Each later day is the new series' day standing for the same original one: a day on, an hour later, in Berlin.
    expect(next).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260324T100000');
    expect(next).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260331T100000');
    expect(next).toContain('DTSTART;TZID=Europe/Berlin:20260331T100000');
    expect(next).toContain('DTEND;TZID=Europe/Berlin:20260331T113000');
    expect(next).toContain('EXDATE;TZID=Europe/Berlin:20260407T100000');
    expect(starts(next)[0].slice(2)).toEqual([
      'FREQ=WEEKLY;COUNT=8;BYDAY=TU',
      ['2026-04-07', '2026-03-24', '2026-03-31'],
    ]);
    expect(shown(next)).toEqual([
      ['new-series', 'Team', '2026-03-17T09:00:00.000Z', 1.5 * HOUR],
      ['new-series/2026-03-24T10:00:00', 'Team', '2026-03-27T15:00:00.000Z', HOUR],
      // 10:00 in Berlin summer time is 08:00 UTC.
      ['new-series/2026-03-31T10:00:00', 'Team (offsite)', '2026-03-31T08:00:00.000Z', 1.5 * HOUR],
    ]);
  });

  it('a split moved over the night the clocks change keeps each later day at its local time', () => {
    // Daily at 09:00 Berlin; 31 March deleted, 1 April renamed.
    const daily = one(
      one(
        calendar(
          ...BERLIN_ZONE,
          'BEGIN:VEVENT',
          'UID:gym-1',
          'DTSTAMP:20260101T000000Z',
          'DTSTART;TZID=Europe/Berlin:20260325T090000',
          'DTEND;TZID=Europe/Berlin:20260325T100000',
          'RRULE:FREQ=DAILY;COUNT=14',
          'SUMMARY:Gym',
          'END:VEVENT',
        ),
        '2026-03-31T07:00:00Z',
        null,
      ),
      '2026-04-01T07:00:00Z',
      { title: 'Gym (legs)' },
    );
    // Saturday 28 March 09:00 (winter time, 08:00 UTC) moved to Sunday 29 March 09:00 (summer time, 07:00 UTC): a day
    // later at the same local time, 23 hours later as instants.
    const split = future(daily, '2026-03-28T08:00:00Z', at('2026-03-29T07:00:00Z', '2026-03-29T08:00:00Z'));
    const next = split.split!.ics;
    expect(next).toContain('EXDATE;TZID=Europe/Berlin:20260401T090000');
    expect(next).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260402T090000');
    expect(shown(next)).toEqual([
      ['new-series', 'Gym', '2026-03-29T07:00:00.000Z', HOUR],
      ['new-series/2026-04-02T09:00:00', 'Gym (legs)', '2026-04-02T07:00:00.000Z', HOUR],
    ]);
  });

  it('a day the new series has no occurrence for ends with the old series, as before', () => {
    // Mondays until 13 April, 13 April renamed; moved to Tuesdays, the new series ends before 14 April.
    const until = one(berlin.replace('COUNT=10', 'UNTIL=20260414T000000Z'), '2026-04-13T07:00:00Z', {
      title: 'Team (last)',
    });
    const split = future(until, '2026-03-16T08:00:00Z', at('2026-03-17T08:00:00Z', '2026-03-17T09:00:00Z'));
    expect(split.ics).not.toContain('RECURRENCE-ID');
    expect(split.split!.ics).not.toContain('RECURRENCE-ID');
    expect(shown(split.split!.ics)).toEqual([['new-series', 'Team', '2026-03-17T08:00:00.000Z', HOUR]]);
  });
});

describe('turned to or from all day, the days changed on their own keep their dates', () => {
  const DAY = 24 * 3600_000;
  const HOUR = 3600_000;
  const one = (ics: string, occurrence: string, change: EventChange | null, zone = 'UTC') =>
    editOccurrence(ics, { occurrence: new Date(occurrence), scope: 'one' }, change, zone, uid)!.ics!;
  const shown = (ics: string, zone = 'UTC') =>
    parseIcs(ics, zone).map((s) => [s.uid, s.title, s.start, s.durationMs, s.exdates] as const);
  const overrideWith = (ics: string, recurrenceId: string) =>
    ics.split('BEGIN:VEVENT').find((part) => part.includes(`${recurrenceId}\r\n`)) ?? '';
  // Daily at 01:30 in Berlin (east of UTC) from 25 March: 00:30 UTC in winter, 23:30 UTC the day before from 29 March
  // (summer time). 31 March deleted; 1 April renamed; 2 April moved to Friday 3 April 18:00, each on its own.
  const gym = one(
    one(
      one(
        calendar(
          ...BERLIN_ZONE,
          'BEGIN:VEVENT',
          'UID:gym-2',
          'DTSTAMP:20260101T000000Z',
          'DTSTART;TZID=Europe/Berlin:20260325T013000',
          'DTEND;TZID=Europe/Berlin:20260325T023000',
          'RRULE:FREQ=DAILY;COUNT=14',
          'SUMMARY:Gym',
          'END:VEVENT',
        ),
        '2026-03-30T23:30:00Z',
        null,
      ),
      '2026-03-31T23:30:00Z',
      { title: 'Gym (legs)' },
    ),
    '2026-04-01T23:30:00Z',
    { start: new Date('2026-04-03T16:00:00Z'), end: new Date('2026-04-03T17:00:00Z'), allDay: false },
  );
  const allDayOn = (date: string) => ({
    start: new Date(`${date}T00:00:00Z`),
    end: new Date(Date.parse(`${date}T00:00:00Z`) + DAY),
    allDay: true,
  });

  it('this and all future ones turned all day, across the change to summer time: each day on its date in Berlin', () => {
    const split = editOccurrence(
      gym,
      { occurrence: new Date('2026-03-28T00:30:00Z'), scope: 'future' },
      { ...allDayOn('2026-03-28'), title: 'Gym day' },
      'UTC',
      uid,
    )!;
    expect(split.ics).toContain('UNTIL=20260328T002959Z');
    expect(split.ics).not.toMatch(/RECURRENCE-ID|EXDATE/);
    const next = split.split!.ics;
    expect(next).toContain('DTSTART;VALUE=DATE:20260328');
    expect(next).toContain('RRULE:FREQ=DAILY;COUNT=11');
    // Named as days of the new series: dates, on the days they had in Berlin (31 March is 30 March in UTC).
    expect(next).toContain('EXDATE;VALUE=DATE:20260331');
    expect(next.match(/RECURRENCE-ID[^\r]*/g)).toEqual([
      'RECURRENCE-ID;VALUE=DATE:20260401',
      'RECURRENCE-ID;VALUE=DATE:20260402',
    ]);
    expect(next).not.toContain('TZID=Europe/Berlin:2026');
    // The renamed day keeps its title, all day on its date; the moved one stays on Friday, all day, with the new title.
    expect(overrideWith(next, 'RECURRENCE-ID;VALUE=DATE:20260401')).toContain('DTSTART;VALUE=DATE:20260401');
    expect(overrideWith(next, 'RECURRENCE-ID;VALUE=DATE:20260402')).toContain('DTSTART;VALUE=DATE:20260403');
    expect(shown(next)).toEqual([
      ['new-series', 'Gym day', '2026-03-28T00:00:00.000Z', DAY, ['2026-03-31', '2026-04-01', '2026-04-02']],
      ['new-series/2026-04-01', 'Gym (legs)', '2026-04-01T00:00:00.000Z', DAY, []],
      ['new-series/2026-04-02', 'Gym day', '2026-04-03T00:00:00.000Z', DAY, []],
    ]);
  });

  it('every time turned all day: the series’ own days changed or deleted alone take dates, its UNTIL and weekdays too', () => {
    const whole = editedIcs(gym, allDayOn('2026-03-25'), 'UTC');
    expect(whole).toContain('DTSTART;VALUE=DATE:20260325');
    expect(whole).toContain('EXDATE;VALUE=DATE:20260331');
    expect(whole.match(/RECURRENCE-ID[^\r]*/g)).toEqual([
      'RECURRENCE-ID;VALUE=DATE:20260401',
      'RECURRENCE-ID;VALUE=DATE:20260402',
    ]);
    expect(shown(whole)).toEqual([
      ['gym-2', 'Gym', '2026-03-25T00:00:00.000Z', DAY, ['2026-03-31', '2026-04-01', '2026-04-02']],
      ['gym-2/2026-04-01', 'Gym (legs)', '2026-04-01T00:00:00.000Z', DAY, []],
      ['gym-2/2026-04-02', 'Gym', '2026-04-03T00:00:00.000Z', DAY, []],
    ]);
    // Mondays 00:30 in Berlin (Sundays in UTC) until 13 April: all day, still on Mondays, until 13 April.
    const mondays = calendar(
      ...BERLIN_ZONE,
      'BEGIN:VEVENT',
      'UID:plan-1',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=Europe/Berlin:20260302T003000',
      'DTEND;TZID=Europe/Berlin:20260302T013000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20260412T223000Z',
      'SUMMARY:Plan the week',
      'END:VEVENT',
    );
    const [plan] = parseIcs(editedIcs(mondays, allDayOn('2026-03-02'), 'UTC'), 'UTC');
    expect(plan.rrule).toMatch(/BYDAY=MO/);
    expect(plan.rrule).toMatch(/UNTIL=20260413(;|$)/);
  });

  // Daily all-day walks from 1 June (10 June skipped): 12 June renamed, 14 June moved to 16 June, on their own.
  const walks = one(
    one(daily, '2026-06-12T00:00:00Z', { title: 'Walk (beach)' }),
    '2026-06-14T00:00:00Z',
    allDayOn('2026-06-16'),
  );
  // 00:30-01:30 in Berlin, summer time: 22:30 UTC the day before.
  const halfPastMidnight = (date: string) => ({
    start: new Date(Date.parse(`${date}T22:30:00Z`) - DAY),
    end: new Date(Date.parse(`${date}T23:30:00Z`) - DAY),
    allDay: false,
  });

  it('this and all future ones turned to a time: each day at the new time on its date, for a person east of UTC', () => {
    const split = editOccurrence(
      walks,
      { occurrence: new Date('2026-06-05T00:00:00Z'), scope: 'future' },
      halfPastMidnight('2026-06-05'),
      'Europe/Berlin',
      uid,
    )!;
    expect(split.ics).toContain('UNTIL=20260604');
    expect(split.ics).not.toMatch(/RECURRENCE-ID|EXDATE/);
    const next = split.split!.ics;
    // At wall times of the person's zone, with its VTIMEZONE.
    expect(next).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
    expect(next).toContain('DTSTART;TZID=Europe/Berlin:20260605T003000');
    expect(next).toContain('EXDATE;TZID=Europe/Berlin:20260610T003000');
    expect(next.match(/RECURRENCE-ID[^\r]*/g)).toEqual([
      'RECURRENCE-ID;TZID=Europe/Berlin:20260612T003000',
      'RECURRENCE-ID;TZID=Europe/Berlin:20260614T003000',
    ]);
    expect(overrideWith(next, 'RECURRENCE-ID;TZID=Europe/Berlin:20260612T003000')).toContain(
      'DTEND;TZID=Europe/Berlin:20260612T013000',
    );
    expect(shown(next, 'Europe/Berlin')).toEqual([
      // Its days named by their dates in Berlin: 10 June skipped, 12 and 14 June changed on their own.
      ['new-series', 'Walk', '2026-06-04T22:30:00.000Z', HOUR, ['2026-06-10', '2026-06-12', '2026-06-14']],
      ['new-series/2026-06-12T00:30:00', 'Walk (beach)', '2026-06-11T22:30:00.000Z', HOUR, []],
      // Moved to 16 June on its own: 00:30 on 16 June in Berlin.
      ['new-series/2026-06-14T00:30:00', 'Walk', '2026-06-15T22:30:00.000Z', HOUR, []],
    ]);
  });

  it('every time turned to a time: the days changed or deleted alone are named at the new time', () => {
    const whole = editedIcs(walks, halfPastMidnight('2026-06-01'), 'Europe/Berlin');
    expect(whole).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
    expect(whole).toContain('DTSTART;TZID=Europe/Berlin:20260601T003000');
    expect(whole).toContain('EXDATE;TZID=Europe/Berlin:20260610T003000');
    expect(whole.match(/RECURRENCE-ID[^\r]*/g)).toEqual([
      'RECURRENCE-ID;TZID=Europe/Berlin:20260612T003000',
      'RECURRENCE-ID;TZID=Europe/Berlin:20260614T003000',
    ]);
    expect(shown(whole, 'Europe/Berlin').slice(1)).toEqual([
      ['d-1/2026-06-12T00:30:00', 'Walk (beach)', '2026-06-11T22:30:00.000Z', HOUR, []],
      ['d-1/2026-06-14T00:30:00', 'Walk', '2026-06-15T22:30:00.000Z', HOUR, []],
    ]);
  });
});

describe('a series turned from all day to a time', () => {
  it('keeps its local time across the change to summer time, in the person’s zone', () => {
    const weekly = calendar(
      'BEGIN:VEVENT',
      'UID:swim-9',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;VALUE=DATE:20260302',
      'DTEND;VALUE=DATE:20260303',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'SUMMARY:Swim',
      'END:VEVENT',
    );
    // Mondays at 09:00 in Berlin from 2 March (08:00 UTC in winter).
    const nine = { start: new Date('2026-03-02T08:00:00Z'), end: new Date('2026-03-02T09:00:00Z'), allDay: false };
    const whole = editedIcs(weekly, nine, 'Europe/Berlin');
    expect(whole).toContain('DTSTART;TZID=Europe/Berlin:20260302T090000');
    const [swim] = parseIcs(whole, 'Europe/Berlin');
    const found = occurrences(
      { start: new Date(swim.start), durationMs: swim.durationMs, repeat: swim.rrule, skipDates: swim.exdates },
      swim.tzid ?? 'UTC',
      new Date('2026-03-20T00:00:00Z'),
      new Date('2026-04-10T00:00:00Z'),
    );
    // 09:00 in Berlin on both sides of 29 March: 08:00 UTC, then 07:00 UTC.
    expect(found.map((o) => o.start.toISOString())).toEqual([
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
    ]);
    // A person in UTC has no zone to name: the series is written in UTC, as before.
    expect(editedIcs(weekly, nine, 'UTC')).toContain('DTSTART:20260302T080000Z');
  });
});

describe('a Google series’ rule cut at an occurrence', () => {
  it('ends it with UNTIL and carries on with what is left', () => {
    expect(
      splitRule(
        'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6',
        new Date('2026-05-04T07:00:00Z'),
        new Date('2026-05-18T07:00:00Z'),
        false,
        'Europe/Berlin',
        // Moved a day on, to Tuesday.
        { days: 1 },
      ),
    ).toEqual({
      hit: true,
      before: 2,
      ended: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260518T065959Z',
      rest: 'FREQ=WEEKLY;COUNT=4;BYDAY=TU',
    });
    expect(
      splitRule(
        'RRULE:FREQ=DAILY',
        new Date('2026-05-04T00:00:00Z'),
        new Date('2026-05-06T00:00:00Z'),
        true,
        'UTC',
        null,
      ),
    ).toMatchObject({ hit: true, before: 2, ended: 'FREQ=DAILY;UNTIL=20260505', rest: null });
    expect(
      splitRule('FREQ=WEEKLY', new Date('2026-05-04T07:00:00Z'), new Date('2026-05-05T07:00:00Z'), false, 'UTC', null)
        .hit,
    ).toBe(false);
  });

  it('finds the last day of a series whose UNTIL (in UTC) is that day, in a zone east of UTC', () => {
    // Mondays 09:00 Berlin (07:00 UTC in May) until 18 May 07:00 UTC: 18 May is its last day.
    expect(
      splitRule(
        'RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20260518T070000Z',
        new Date('2026-05-04T07:00:00Z'),
        new Date('2026-05-18T07:00:00Z'),
        false,
        'Europe/Berlin',
        null,
      ),
    ).toMatchObject({ hit: true, before: 2 });
  });

  it('keeps the days skipped from the cut on, moved along as the split day was', () => {
    // Mondays 09:00 Berlin cut on 16 March and moved to Tuesdays 10:00: 30 March (summer time) becomes 31 March
    // 10:00 Berlin, 08:00 UTC; a skipped day before the cut stays with the old series.
    const follow = wallShift(new Date('2026-03-16T08:00:00Z'), new Date('2026-03-17T09:00:00Z'), 'Europe/Berlin');
    const lines = [
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'EXDATE;TZID=Europe/Berlin:20260309T090000,20260330T090000',
      'EXDATE:20260406T070000Z',
    ];
    expect(exdatesFrom(lines, new Date('2026-03-16T08:00:00Z'), follow, false, 'Europe/Berlin')).toEqual([
      'EXDATE:20260331T080000Z,20260407T080000Z',
    ]);
    const dates = wallShift(new Date('2026-05-06T00:00:00Z'), new Date('2026-05-07T00:00:00Z'), 'UTC');
    expect(exdatesFrom(['EXDATE;VALUE=DATE:20260510'], new Date('2026-05-06T00:00:00Z'), dates, true, 'UTC')).toEqual([
      'EXDATE;VALUE=DATE:20260511',
    ]);
    expect(exdatesFrom(lines.slice(0, 1), new Date('2026-03-16T08:00:00Z'), follow, false, 'UTC')).toEqual([]);
  });

  it('turned all day every time: its UNTIL and skipped days become the dates they fell on in its zone', () => {
    // Thursdays 00:30 in Berlin (Wednesdays in UTC) until 30 April, 9 April skipped; every time all day on Thursdays.
    const first = new Date('2026-03-04T23:30:00Z');
    const was = { allDay: false, zone: 'Europe/Berlin', seen: 'Europe/Berlin' };
    const now = { allDay: true, zone: 'UTC', seen: 'UTC' };
    const along = daysAlong(first, was, new Date('2026-03-05T00:00:00Z'), now);
    expect(along.days).toBe(0);
    const lines = ['RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=20260429T223000Z', 'EXDATE;TZID=Europe/Berlin:20260409T003000'];
    expect(recurrenceMoved(lines, first, along, [was, now], 'Europe/Berlin')).toEqual([
      'RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=20260430',
      'EXDATE;VALUE=DATE:20260409',
    ]);
  });
});
