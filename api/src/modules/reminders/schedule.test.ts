import { describe, expect, it } from 'vitest';
import { floatingOf, instantOfFloating } from '@lifeboard/shared/lib/time-zone';
import { habitTimesBetween, occurrencesBetween } from './schedule';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('repeats on the wall clock of the user’s zone', () => {
  it('keeps a daily 08:00 at 08:00 in London across the spring and autumn changes', () => {
    // 08:00 GMT on 27 March 2026 is 08:00 UTC; after 29 March (BST) 08:00 is 07:00 UTC.
    const reminder = { remind_at: '2026-03-27T08:00:00.000Z', repeat: 'FREQ=DAILY' };
    expect(
      iso(
        occurrencesBetween(
          reminder,
          'Europe/London',
          new Date('2026-03-27T00:00:00Z'),
          new Date('2026-03-31T00:00:00Z'),
        ),
      ),
    ).toEqual([
      '2026-03-27T08:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
    // Autumn: back to GMT on 25 October 2026.
    expect(
      iso(
        occurrencesBetween(
          reminder,
          'Europe/London',
          new Date('2026-10-24T00:00:00Z'),
          new Date('2026-10-27T00:00:00Z'),
        ),
      ),
    ).toEqual(['2026-10-24T07:00:00.000Z', '2026-10-25T08:00:00.000Z', '2026-10-26T08:00:00.000Z']);
  });

  it('keeps a weekly Monday 09:00 at 09:00 in New York across both changes', () => {
    // Monday 2 March 2026 09:00 EST is 14:00 UTC; DST starts 8 March, ends 1 November 2026.
    const reminder = { remind_at: '2026-03-02T14:00:00.000Z', repeat: 'RRULE:FREQ=WEEKLY;BYDAY=MO' };
    expect(
      iso(
        occurrencesBetween(
          reminder,
          'America/New_York',
          new Date('2026-03-01T00:00:00Z'),
          new Date('2026-03-17T00:00:00Z'),
        ),
      ),
    ).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-16T13:00:00.000Z']);
    expect(
      iso(
        occurrencesBetween(
          reminder,
          'America/New_York',
          new Date('2026-10-25T00:00:00Z'),
          new Date('2026-11-10T00:00:00Z'),
        ),
      ),
    ).toEqual(['2026-10-26T13:00:00.000Z', '2026-11-02T14:00:00.000Z', '2026-11-09T14:00:00.000Z']);
  });

  it('moves a daily time that the spring change skips to just after it, once', () => {
    const reminder = { remind_at: '2026-03-28T01:30:00.000Z', repeat: 'FREQ=DAILY' };
    // 01:30 does not exist in London on 29 March 2026: it is sent at 02:30 BST (01:30 UTC).
    expect(
      iso(
        occurrencesBetween(
          reminder,
          'Europe/London',
          new Date('2026-03-29T00:00:00Z'),
          new Date('2026-03-30T00:00:00Z'),
        ),
      ),
    ).toEqual(['2026-03-29T01:30:00.000Z']);
  });

  it('gives a one-off reminder only inside the window, and nothing without a time', () => {
    const once = { remind_at: '2026-05-01T10:00:00.000Z', repeat: null };
    expect(
      iso(occurrencesBetween(once, 'UTC', new Date('2026-05-01T09:59:00Z'), new Date('2026-05-01T10:01:00Z'))),
    ).toEqual(['2026-05-01T10:00:00.000Z']);
    expect(occurrencesBetween(once, 'UTC', new Date('2026-05-01T10:00:01Z'), new Date('2026-05-01T11:00:00Z'))).toEqual(
      [],
    );
    expect(occurrencesBetween({ remind_at: null, repeat: 'FREQ=DAILY' }, 'UTC', new Date(0), new Date())).toEqual([]);
  });

  it('converts wall time both ways', () => {
    const instant = new Date('2026-07-01T12:00:00Z');
    expect(floatingOf(instant, 'Europe/London').toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(instantOfFloating(Date.parse('2026-07-01T13:00:00Z'), 'Europe/London').toISOString()).toBe(
      instant.toISOString(),
    );
  });

  it('sends a time that happens twice when the clocks go back at its first, as the calendar does', () => {
    // 01:30 happens twice in London on 25 October 2026: at 00:30 UTC (BST) and at 01:30 UTC (GMT).
    const reminder = { remind_at: '2026-10-24T00:30:00.000Z', repeat: 'FREQ=DAILY' };
    expect(
      occurrencesBetween(
        reminder,
        'Europe/London',
        new Date('2026-10-25T00:00:00Z'),
        new Date('2026-10-26T00:00:00Z'),
      ).map((d) => d.toISOString()),
    ).toEqual(['2026-10-25T00:30:00.000Z']);
  });
});

describe('habit reminder times', () => {
  it('gives each time of each chosen weekday in the zone', () => {
    // 4 May 2026 is a Monday; weekdays [1] = Mondays only; New York is UTC-4 in May.
    expect(
      iso(
        habitTimesBetween(
          ['07:30', '21:00'],
          [1],
          'America/New_York',
          new Date('2026-05-03T00:00:00Z'),
          new Date('2026-05-06T00:00:00Z'),
        ),
      ),
    ).toEqual(['2026-05-04T11:30:00.000Z', '2026-05-05T01:00:00.000Z']);
    expect(
      habitTimesBetween(
        ['07:30'],
        [],
        'Europe/London',
        new Date('2026-05-04T06:00:00Z'),
        new Date('2026-05-04T07:00:00Z'),
      ),
    ).toHaveLength(1);
  });
});
