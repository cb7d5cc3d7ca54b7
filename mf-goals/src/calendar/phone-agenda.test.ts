import { describe, expect, it } from 'vitest';
import type { CalendarItem } from './calendar-items';
import { agendaOf, agendaTime, itemsByDay } from './phone-agenda';

const item = (id: string, start: string, end: string | null, allDay: boolean): CalendarItem => ({
  id,
  title: id,
  start,
  end,
  allDay,
  kind: 'event',
  color: '#2f5bd3',
  movable: false,
});

describe("the phone's month", () => {
  it('puts each item on every local day it spans, and a timed item on its own day', () => {
    const byDay = itemsByDay([
      item('trip', '2026-11-27', '2026-11-30', true),
      item('dentist', new Date(2026, 10, 28, 9, 0).toISOString(), new Date(2026, 10, 28, 9, 45).toISOString(), false),
    ]);
    expect([...byDay.keys()].sort()).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    expect(byDay.get('2026-11-28')?.map((i) => i.id)).toEqual(['trip', 'dentist']);
    expect(byDay.get('2026-11-29')?.map((i) => i.id)).toEqual(['trip']);
  });

  it('lists a day all-day first, then by time, each with its time in words', () => {
    const late = item('late', new Date(2026, 10, 28, 18, 30).toISOString(), null, false);
    const early = item(
      'early',
      new Date(2026, 10, 28, 9, 0).toISOString(),
      new Date(2026, 10, 28, 9, 45).toISOString(),
      false,
    );
    const allDay = item('holiday', '2026-11-28', null, true);
    expect(agendaOf([late, early, allDay]).map((i) => i.id)).toEqual(['holiday', 'early', 'late']);
    expect(agendaTime(allDay)).toBe('All day');
    expect(agendaTime(early)).toBe('9:00 – 9:45 AM');
    expect(agendaTime(late)).toBe('6:30 PM');
  });
});
