import { describe, expect, it } from 'vitest';
import { eventTimeText, itemSpan, itemsInRange, timedItemText } from './calendar-range';

describe('itemsInRange: the items FullCalendar is handed for the range it shows', () => {
  // A week in the browser's zone: Monday 2026-11-23 00:00 to Monday 2026-11-30 00:00 (local midnights).
  const from = new Date(2026, 10, 23).getTime();
  const to = new Date(2026, 10, 30).getTime();
  const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();
  const item = (id: string, start: string, end: string | null, allDay = false) => ({ id, start, end, allDay });
  const kept = (items: ReturnType<typeof item>[]) =>
    itemsInRange(items, items.map(itemSpan), from, to).map((each) => each.id);

  it('keeps timed items that overlap either edge and drops those wholly outside', () => {
    const items = [
      item('before', at(22, 9), at(22, 10)),
      item('ends at the start', at(22, 23), at(23, 0)),
      item('crosses the start', at(22, 23), at(23, 1)),
      item('inside', at(25, 9), at(25, 9, 45)),
      item('crosses the end', at(29, 23), at(30, 1)),
      item('starts at the end', at(30, 0), at(30, 1)),
      item('spans the week', at(20, 9), new Date(2026, 11, 3, 9).toISOString()),
    ];
    expect(kept(items)).toEqual(['crosses the start', 'inside', 'crosses the end', 'spans the week']);
  });

  it('reads plain dates as local days, the end day excluded, and keeps multi-day all-day items', () => {
    const items = [
      item('day before', '2026-11-22', '2026-11-23', true),
      item('first day', '2026-11-23', '2026-11-24', true),
      item('last day', '2026-11-29', '2026-11-30', true),
      item('day after', '2026-11-30', '2026-12-01', true),
      item('weekend into the week', '2026-11-21', '2026-11-24', true),
      item('whole month', '2026-11-01', '2026-12-01', true),
      item('no end, last day', '2026-11-29', null, true),
      item('no end, day after', '2026-11-30', null, true),
    ];
    expect(kept(items)).toEqual(['first day', 'last day', 'weekend into the week', 'whole month', 'no end, last day']);
  });

  it('widens all-day items given as date-times (their day depends on the zone) and timed items without an end', () => {
    const items = [
      item('all-day instant the day before', '2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z', true),
      item('all-day instant three days after', '2026-12-02T00:00:00.000Z', '2026-12-03T00:00:00.000Z', true),
      item('timed without an end, late the day before', at(22, 23, 30), null),
    ];
    expect(kept(items)).toEqual(['all-day instant the day before', 'timed without an end, late the day before']);
  });

  it('keeps an item whose dates cannot be read, and keeps the list order', () => {
    const items = [
      item('inside', at(24, 9), at(24, 10)),
      item('unreadable', 'soon', null),
      item('first', at(23, 8), null),
    ];
    expect(kept(items)).toEqual(['inside', 'unreadable', 'first']);
  });
});

describe('eventTimeText: the time written on an item', () => {
  it('writes a 12-hour clock, the half of the day once when both ends share it', () => {
    expect(eventTimeText({ hour: 9, minute: 0 }, { hour: 9, minute: 45 })).toBe('9:00 – 9:45 AM');
    expect(eventTimeText({ hour: 11, minute: 30 }, { hour: 12, minute: 15 })).toBe('11:30 AM – 12:15 PM');
    expect(eventTimeText({ hour: 0, minute: 5 }, null)).toBe('12:05 AM');
    expect(eventTimeText({ hour: 23, minute: 0 }, { hour: 1, minute: 0 })).toBe('11:00 PM – 1:00 AM');
    expect(eventTimeText({ hour: 12, minute: 0 }, undefined)).toBe('12:00 PM');
  });
});

describe('timedItemText: a timed item of the week grid as one text', () => {
  it('puts the title under the time, beside it when the item is short, and alone when no time is shown', () => {
    expect(timedItemText('9:00 – 9:45 AM', 'Standup', false)).toBe('9:00 – 9:45 AM\nStandup');
    expect(timedItemText('9:00 – 9:30 AM', 'Standup', true)).toBe('9:00 – 9:30 AM Standup');
    expect(timedItemText('', 'Standup', false)).toBe('Standup');
  });
});
