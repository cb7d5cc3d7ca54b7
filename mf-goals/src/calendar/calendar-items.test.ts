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
  const base = { board_id: 1, updated_at: '2026-03-01T08:00:00.000Z', created_at: '2026-03-01T08:00:00.000Z' };
  const habits = [
    { ...base, id: 1, title: 'Stretch', weekdays: [], created_at: '2026-03-01T08:00:00.000Z' },
    { ...base, id: 2, title: 'Read', weekdays: [], created_at: '2026-03-11T08:00:00.000Z' },
    { ...base, id: 3, title: 'Swim', weekdays: [6], created_at: '2026-03-01T08:00:00.000Z' },
    { ...base, id: 4, title: 'Old', weekdays: [], archived_at: '2026-03-02T08:00:00.000Z' },
  ];

  it('puts one compact line a day, from today on, never before a habit was made', () => {
    const items = habitItems(habits, '2026-03-02', '2026-03-15', '2026-03-09');
    expect(items.map((item) => [item.start, item.title])).toEqual([
      ['2026-03-09', 'Habit: Stretch'],
      ['2026-03-10', 'Habit: Stretch'],
      ['2026-03-11', '2 habits: Stretch, Read'],
      ['2026-03-12', '2 habits: Stretch, Read'],
      ['2026-03-13', '2 habits: Stretch, Read'],
      ['2026-03-14', '3 habits: Stretch, Read, Swim'],
      ['2026-03-15', '2 habits: Stretch, Read'],
    ]);
    expect(items[0].href).toBe('/habits/1');
    expect(items[2].href).toBe('/habits');
  });

  it('shows nothing for a range wholly in the past', () => {
    expect(habitItems(habits, '2026-03-02', '2026-03-08', '2026-03-09')).toEqual([]);
  });
});
