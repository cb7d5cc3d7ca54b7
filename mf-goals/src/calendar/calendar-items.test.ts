import { describe, expect, it } from 'vitest';
import { fromServer, habitItems, sourceColours } from './calendar-items';

describe('fromServer: events of connected calendars', () => {
  const base = {
    id: 'google:12:0:2026-04-07T16:00:00.000Z',
    title: 'Piano lesson',
    start: '2026-04-07T16:00:00.000Z',
    end: '2026-04-07T17:00:00.000Z',
    all_day: false,
    date: '2026-04-07',
    calendar: 'ada@example.com',
    calendar_id: 3,
  };

  it('makes a Google event changeable on its calendar, in the calendar’s own colour', () => {
    const item = fromServer({ ...base, source: 'google', series: 'google:12', repeat: null, color: '#7cb342' });
    expect(item).toMatchObject({
      kind: 'google',
      color: '#7cb342',
      movable: true,
      remote: { id: 12, calendarId: 3, repeating: false },
      calendar: 'ada@example.com',
    });
  });

  it('lets one occurrence of a repeating Google event be dragged, and falls back to the source colour', () => {
    const item = fromServer({ ...base, source: 'google', series: 'google:12', repeat: 'FREQ=WEEKLY', color: 'blue' });
    expect(item).toMatchObject({ movable: true, color: sourceColours.google.colour, remote: { repeating: true } });
  });
});

describe('habitItems', () => {
  const habits = [
    { id: 1, board_id: 1, created_at: '2026-11-01T09:00:00.000Z', updated_at: '', title: 'Run', weekdays: [] },
    { id: 2, board_id: 1, created_at: '2026-11-25T09:00:00.000Z', updated_at: '', title: 'Read', weekdays: [] },
  ];

  it('puts one compact line a day, from today on, never before a habit was made', () => {
    const items = habitItems(habits, '2026-11-16', '2026-11-28', '2026-11-23');
    expect(items.map((item) => [item.start, item.title])).toEqual([
      ['2026-11-23', 'Habit: Run'],
      ['2026-11-24', 'Habit: Run'],
      ['2026-11-25', '2 habits: Run, Read'],
      ['2026-11-26', '2 habits: Run, Read'],
      ['2026-11-27', '2 habits: Run, Read'],
      ['2026-11-28', '2 habits: Run, Read'],
    ]);
    expect(items[0].href).toBe('/habits/1');
    expect(items[2].href).toBe('/habits');
  });
});
