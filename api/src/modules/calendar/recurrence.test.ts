import { describe, expect, it } from 'vitest';
import rrule from 'rrule';
import {
  floatingOf,
  instantOf,
  instantOfFloating,
  isoText,
  wallDate,
  wallDateOf,
  wallTimeOf,
} from '@lifeboard/shared/lib/time-zone';
import { occurrences, type Series } from './recurrence';

const hour = 60 * 60 * 1000;

describe("recurrence expansion in the user's time zone", () => {
  it('keeps a weekly 09:00 in London at 09:00 local across the March and October changes', () => {
    // Monday 2026-03-23 09:00 GMT (UTC+0); the clocks go forward on Sunday 2026-03-29.
    const start = new Date('2026-03-23T09:00:00Z');
    const found = occurrences(
      { start, durationMs: hour, repeat: 'FREQ=WEEKLY' },
      'Europe/London',
      new Date('2026-03-20T00:00:00Z'),
      new Date('2026-04-10T00:00:00Z'),
    );
    expect(found.map((o) => o.start.toISOString())).toEqual([
      '2026-03-23T09:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-04-06T08:00:00.000Z',
    ]);
    expect(found.map((o) => wallTimeOf(o.start, 'Europe/London').hour)).toEqual([9, 9, 9]);
    const autumn = occurrences(
      { start: new Date('2026-10-19T08:00:00Z'), durationMs: hour, repeat: 'FREQ=WEEKLY' },
      'Europe/London',
      new Date('2026-10-18T00:00:00Z'),
      new Date('2026-11-03T00:00:00Z'),
    );
    expect(autumn.map((o) => o.start.toISOString())).toEqual([
      '2026-10-19T08:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
    ]);
  });

  it('keeps a daily 18:30 in New York at 18:30 local across the March change, and dates occurrences locally', () => {
    // 2026-03-07 18:30 EST = 23:30Z; DST starts Sunday 2026-03-08.
    const found = occurrences(
      { start: new Date('2026-03-07T23:30:00Z'), durationMs: 30 * 60 * 1000, repeat: 'FREQ=DAILY;COUNT=3' },
      'America/New_York',
      new Date('2026-03-01T00:00:00Z'),
      new Date('2026-04-01T00:00:00Z'),
    );
    expect(found.map((o) => o.start.toISOString())).toEqual([
      '2026-03-07T23:30:00.000Z',
      '2026-03-08T22:30:00.000Z',
      '2026-03-09T22:30:00.000Z',
    ]);
    expect(found.map((o) => o.date)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(found[1].end.getTime() - found[1].start.getTime()).toBe(30 * 60 * 1000);
  });

  it('moves a time skipped by the spring-forward gap to after it', () => {
    expect(
      instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, 'America/New_York').toISOString(),
    ).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes the first of a time that happens twice when the clocks go back, west and east of Greenwich', () => {
    // New York: 01:30 EDT (05:30 UTC), then 01:30 EST; London: 01:30 BST (00:30 UTC), then 01:30 GMT.
    expect(
      instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 }, 'America/New_York').toISOString(),
    ).toBe('2026-11-01T05:30:00.000Z');
    expect(
      instantOf({ year: 2026, month: 10, day: 25, hour: 1, minute: 30, second: 0 }, 'Europe/London').toISOString(),
    ).toBe('2026-10-25T00:30:00.000Z');
    expect(
      instantOf({ year: 2026, month: 4, day: 5, hour: 2, minute: 30, second: 0 }, 'Australia/Sydney').toISOString(),
    ).toBe('2026-04-04T15:30:00.000Z');
  });

  it('expands weekdays only, skips removed dates, and answers a single item only when it overlaps', () => {
    const weekdays = occurrences(
      {
        start: new Date('2026-06-01T07:00:00Z'),
        durationMs: hour,
        repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
        skipDates: ['2026-06-03'],
      },
      'UTC',
      new Date('2026-06-01T00:00:00Z'),
      new Date('2026-06-08T00:00:00Z'),
    );
    expect(weekdays.map((o) => o.date)).toEqual(['2026-06-01', '2026-06-02', '2026-06-04', '2026-06-05']);
    const single = { start: new Date('2026-06-01T07:00:00Z'), durationMs: hour, repeat: null };
    expect(occurrences(single, 'UTC', new Date('2026-06-01T07:30:00Z'), new Date('2026-06-02T00:00:00Z'))).toHaveLength(
      1,
    );
    expect(occurrences(single, 'UTC', new Date('2026-06-01T08:00:00Z'), new Date('2026-06-02T00:00:00Z'))).toHaveLength(
      0,
    );
  });

  it('stops at a ceiling instead of expanding an unbounded minutely rule', () => {
    const found = occurrences(
      { start: new Date('2026-01-01T00:00:00Z'), durationMs: 0, repeat: 'FREQ=MINUTELY' },
      'UTC',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(found).toHaveLength(1000);
  });
});

describe('wallTimeOf', () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intlWall = (instant: Date, timeZone: string) => {
    const parts: Record<string, number> = {};
    if (!formats.has(timeZone))
      formats.set(
        timeZone,
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
      );
    for (const part of formats.get(timeZone)!.formatToParts(instant))
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    return {
      year: parts.year,
      month: parts.month,
      day: parts.day,
      hour: parts.hour,
      minute: parts.minute,
      second: parts.second,
    };
  };

  it('agrees with Intl at every 37 minutes 13 seconds of a year, across every change of offset, in zones with odd offsets', () => {
    for (const zone of [
      'Europe/London',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'America/St_Johns',
      'Pacific/Chatham',
    ]) {
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 2_233_123) {
        const instant = new Date(at);
        expect(wallTimeOf(instant, zone), `${zone} ${instant.toISOString()}`).toEqual(intlWall(instant, zone));
      }
    }
  });

  it("dates an instant as its wall time's date, to the millisecond before and after each midnight", () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/St_Johns', 'Pacific/Chatham', 'Australia/Lord_Howe']) {
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 2_233_123) {
        const instant = new Date(at);
        expect(wallDateOf(instant, zone), `${zone} ${instant.toISOString()}`).toBe(wallDate(intlWall(instant, zone)));
      }
      // Each local midnight of the year and the millisecond before it.
      for (let day = 0; day < 366; day += 1) {
        const midnight = instantOf({ year: 2026, month: 1, day: 1 + day, hour: 0, minute: 0, second: 0 }, zone);
        for (const instant of [midnight, new Date(midnight.getTime() - 1)])
          expect(wallDateOf(instant, zone), `${zone} ${instant.toISOString()}`).toBe(wallDate(intlWall(instant, zone)));
      }
    }
  });
});

describe('isoText', () => {
  it('writes what toISOString writes, from 1970 to 9999 and outside it', () => {
    const instants = [0, -1, 1, Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(10000, 0, 1), Date.UTC(1969, 11, 31)];
    for (let at = Date.UTC(1960, 0, 1); at < Date.UTC(2100, 0, 1); at += 9_876_543_217) instants.push(at);
    for (let i = 0; i < 2000; i += 1) instants.push(Date.UTC(2026, 0, 1) + i * 3_600_000 + (i % 7) * 60_123);
    for (const at of instants) expect(isoText(new Date(at))).toBe(new Date(at).toISOString());
  });
});

/** The occurrences as rrule finds them walking from the series' first day, each range on its own: what the kept
 * windows and a later start must not change. */
function walked(series: Series & { repeat: string }, zone: string, from: Date, to: Date) {
  const skipped = new Set(series.skipDates);
  return rrule
    .rrulestr(series.repeat, { dtstart: floatingOf(series.start, zone) })
    .between(new Date(from.getTime() - series.durationMs - 40 * hour), new Date(to.getTime() + 40 * hour), true)
    .map((floating) => instantOfFloating(floating.getTime(), zone))
    .map((start) => ({ start, end: new Date(start.getTime() + series.durationMs), date: wallDateOf(start, zone) }))
    .filter((o) => o.start < to && (o.end > from || o.start >= from) && !skipped.has(o.date));
}

describe('a long-running daily or weekly series', () => {
  it('finds the same occurrences in any month years later as walking from its first day, for every kind of daily and weekly rule', () => {
    const rules = [
      'FREQ=DAILY',
      'FREQ=DAILY;INTERVAL=3',
      'FREQ=DAILY;BYMONTH=3,10',
      'FREQ=DAILY;BYDAY=SA,SU',
      'FREQ=WEEKLY',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
      'FREQ=WEEKLY;INTERVAL=3;BYDAY=SU;WKST=SU',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20270115T000000Z',
      'FREQ=DAILY;INTERVAL=5;UNTIL=20261231T235959Z',
      'FREQ=WEEKLY;INTERVAL=4;BYDAY=TU;BYSETPOS=1',
    ];
    const starts = ['2023-01-31T07:30:00Z', '2024-02-29T22:15:00Z', '2025-10-26T01:30:00Z'];
    for (const zone of ['Europe/London', 'America/New_York', 'Asia/Kathmandu']) {
      for (const repeat of rules) {
        for (const start of starts) {
          for (const month of ['2026-03', '2026-10', '2027-01']) {
            const from = new Date(`${month}-01T00:00:00Z`);
            const to = new Date(from.getTime() + 31 * 24 * hour);
            const series = { start: new Date(start), durationMs: hour, repeat };
            expect(occurrences(series, zone, from, to), `${repeat} from ${start} in ${zone}, ${month}`).toEqual(
              walked(series, zone, from, to),
            );
          }
        }
      }
    }
  });
});

describe('occurrences kept by window', () => {
  // A small seeded generator: the same rules every run, so a failure can be replayed.
  let seed = 17;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const some = <T>(list: readonly T[]) => list.filter(() => random() < 0.35);
  const days = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

  const ruleOf = () => {
    const freq = pick(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
    const parts = [`FREQ=${freq}`];
    if (random() < 0.5) parts.push(`INTERVAL=${1 + Math.floor(random() * 4)}`);
    if (freq !== 'MONTHLY' && freq !== 'YEARLY' && random() < 0.6) {
      const chosen = some(days);
      if (chosen.length) parts.push(`BYDAY=${chosen.join(',')}`);
    }
    if (freq === 'MONTHLY' && random() < 0.6)
      parts.push(pick(['BYMONTHDAY=1', 'BYMONTHDAY=29,30', 'BYMONTHDAY=5,20,31', 'BYMONTHDAY=-1', 'BYDAY=2TU']));
    if (freq === 'WEEKLY' && random() < 0.3) parts.push(`WKST=${pick(days)}`);
    const end = random();
    if (end < 0.2) parts.push(`UNTIL=${pick(['20261025T013000Z', '20261110', '20270105T235959Z', '20260315T070000'])}`);
    else if (end < 0.35) parts.push(`COUNT=${pick([3, 40, 400])}`);
    return parts.join(';');
  };
  const zones = [
    'UTC',
    'Europe/London',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
  ];

  it('answers any range, asked in any order, as rrule walking that range alone, across daylight-saving changes', () => {
    let compared = 0;
    for (let i = 0; i < 150; i += 1) {
      const zone = pick(zones);
      // Mostly begun in the three years before the ranges asked for; at any quarter of an hour, so 01:30 and 02:30
      // fall in or near the gaps.
      const series = {
        start: new Date(
          Date.UTC(2023, 0, 1) + Math.floor(random() * 1300) * 24 * hour + Math.floor(random() * 96) * 15 * 60_000,
        ),
        durationMs: pick([0, 30 * 60_000, hour, 26 * hour, 9 * 24 * hour]),
        repeat: ruleOf(),
        skipDates: [`2026-0${3 + Math.floor(random() * 7)}-1${Math.floor(random() * 9)}`],
      };
      // Ranges of a day to a month and a half that overlap, touch and skip each other, as a calendar is paged.
      for (let j = 0; j < 5; j += 1) {
        const from = new Date(Date.UTC(2026, 2, 1) + Math.floor(random() * 250) * 24 * hour + pick([0, 5, 13]) * hour);
        const to = new Date(from.getTime() + pick([1, 7, 31, 45]) * 24 * hour);
        const expected = walked(series, zone, from, to);
        expect(
          occurrences(series, zone, from, to),
          `${series.repeat} from ${series.start.toISOString()} in ${zone}, ${from.toISOString()}`,
        ).toEqual(expected);
        compared += expected.length;
      }
    }
    // The comparison must have covered real occurrences, not mostly empty ranges.
    expect(compared).toBeGreaterThan(2000);
  });

  it('never answers an edited series from what was kept before the edit', () => {
    const series = { start: new Date('2026-06-01T07:00:00Z'), durationMs: hour, repeat: 'FREQ=DAILY' };
    const june = [new Date('2026-06-01T00:00:00Z'), new Date('2026-07-01T00:00:00Z')] as const;
    expect(occurrences(series, 'UTC', ...june)).toHaveLength(30);
    expect(occurrences({ ...series, skipDates: ['2026-06-10'] }, 'UTC', ...june)).toHaveLength(29);
    expect(occurrences({ ...series, repeat: 'FREQ=WEEKLY' }, 'UTC', ...june)).toHaveLength(5);
    expect(occurrences({ ...series, durationMs: 2 * hour }, 'UTC', ...june)[0].end.toISOString()).toBe(
      '2026-06-01T09:00:00.000Z',
    );
    expect(occurrences(series, 'Europe/Berlin', ...june)[0].start.toISOString()).toBe('2026-06-01T07:00:00.000Z');
    expect(
      occurrences({ ...series, start: new Date('2026-06-01T08:00:00Z') }, 'UTC', ...june)[0].start.toISOString(),
    ).toBe('2026-06-01T08:00:00.000Z');
  });
});
