import { describe, expect, it } from 'vitest';
import { instantOf, occurrences, wallTimeOf } from './recurrence';

const hour = 60 * 60 * 1000;

describe('recurrence expansion in the user\'s time zone', () => {
  it('keeps a weekly 09:00 in London at 09:00 local across the March and October changes', () => {
    // Monday 2026-03-23 09:00 GMT (UTC+0); the clocks go forward on Sunday 2026-03-29.
    const start = new Date('2026-03-23T09:00:00Z');
    const found = occurrences({ start, durationMs: hour, repeat: 'FREQ=WEEKLY' }, 'Europe/London', new Date('2026-03-20T00:00:00Z'), new Date('2026-04-10T00:00:00Z'));
    expect(found.map((o) => o.start.toISOString())).toEqual(['2026-03-23T09:00:00.000Z', '2026-03-30T08:00:00.000Z', '2026-04-06T08:00:00.000Z']);
    expect(found.map((o) => wallTimeOf(o.start, 'Europe/London').hour)).toEqual([9, 9, 9]);
    const autumn = occurrences({ start: new Date('2026-10-19T08:00:00Z'), durationMs: hour, repeat: 'FREQ=WEEKLY' }, 'Europe/London', new Date('2026-10-18T00:00:00Z'), new Date('2026-11-03T00:00:00Z'));
    expect(autumn.map((o) => o.start.toISOString())).toEqual(['2026-10-19T08:00:00.000Z', '2026-10-26T09:00:00.000Z', '2026-11-02T09:00:00.000Z']);
  });

  it('keeps a daily 18:30 in New York at 18:30 local across the March change, and dates occurrences locally', () => {
    // 2026-03-07 18:30 EST = 23:30Z; DST starts Sunday 2026-03-08.
    const found = occurrences({ start: new Date('2026-03-07T23:30:00Z'), durationMs: 30 * 60 * 1000, repeat: 'FREQ=DAILY;COUNT=3' }, 'America/New_York', new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'));
    expect(found.map((o) => o.start.toISOString())).toEqual(['2026-03-07T23:30:00.000Z', '2026-03-08T22:30:00.000Z', '2026-03-09T22:30:00.000Z']);
    expect(found.map((o) => o.date)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(found[1]!.end.getTime() - found[1]!.start.getTime()).toBe(30 * 60 * 1000);
  });

  it('moves a time skipped by the spring-forward gap to after it', () => {
    expect(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 }, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('expands weekdays only, skips removed dates, and answers a single item only when it overlaps', () => {
    const weekdays = occurrences({ start: new Date('2026-06-01T07:00:00Z'), durationMs: hour, repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', skipDates: ['2026-06-03'] }, 'UTC', new Date('2026-06-01T00:00:00Z'), new Date('2026-06-08T00:00:00Z'));
    expect(weekdays.map((o) => o.date)).toEqual(['2026-06-01', '2026-06-02', '2026-06-04', '2026-06-05']);
    const single = { start: new Date('2026-06-01T07:00:00Z'), durationMs: hour, repeat: null };
    expect(occurrences(single, 'UTC', new Date('2026-06-01T07:30:00Z'), new Date('2026-06-02T00:00:00Z'))).toHaveLength(1);
    expect(occurrences(single, 'UTC', new Date('2026-06-01T08:00:00Z'), new Date('2026-06-02T00:00:00Z'))).toHaveLength(0);
  });

  it('stops at a ceiling instead of expanding an unbounded minutely rule', () => {
    const found = occurrences({ start: new Date('2026-01-01T00:00:00Z'), durationMs: 0, repeat: 'FREQ=MINUTELY' }, 'UTC', new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'));
    expect(found).toHaveLength(1000);
  });
});
