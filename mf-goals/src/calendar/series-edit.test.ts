import { beforeEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { serveModel, type FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { deleteOccurrence, moveOccurrence } from './series-edit';

let events: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  setBoard(1, 'Home');
  events = serveModel(api, 'event', 'events');
  events.rows.push({
    id: 1,
    title: 'Yoga',
    start_at: '2026-03-02T18:00:00.000Z',
    end_at: '2026-03-02T19:00:00.000Z',
    all_day: false,
    repeat: 'FREQ=WEEKLY',
    skip_dates: [],
    location: 'Hall',
  });
});

const series = () => events.rows.find((row) => row.id === 1);
const copy = () => events.rows.find((row) => row.id !== 1);
const ref = (date: string) => ({ kind: 'event' as const, id: 1, board: 1, date, repeating: true });

describe('changing one occurrence of a repeating event', () => {
  it('"this one": the series skips the date and a single copy holds the new time', async () => {
    const result = await moveOccurrence(
      ref('2026-03-16'),
      { start: new Date('2026-03-17T18:00:00.000Z'), end: new Date('2026-03-17T19:30:00.000Z'), allDay: false },
      'one',
    );
    expect(result.ok).toBe(true);
    expect(series()).toMatchObject({ repeat: 'FREQ=WEEKLY', skip_dates: ['2026-03-16'] });
    expect(copy()).toMatchObject({
      title: 'Yoga',
      location: 'Hall',
      start_at: '2026-03-17T18:00:00.000Z',
      end_at: '2026-03-17T19:30:00.000Z',
      repeat: null,
    });
  });

  it('"this and all future ones": the series ends the day before and a new series starts at the new time', async () => {
    const result = await moveOccurrence(
      ref('2026-03-16'),
      { start: new Date('2026-03-16T07:00:00.000Z'), end: new Date('2026-03-16T08:00:00.000Z'), allDay: false },
      'future',
    );
    expect(result.ok).toBe(true);
    expect(series()!.repeat).toBe('FREQ=WEEKLY;UNTIL=20260315T235959Z');
    expect(copy()).toMatchObject({ start_at: '2026-03-16T07:00:00.000Z', repeat: 'FREQ=WEEKLY' });
  });

  it('deletes one date, the rest from a date, or the whole series from its first date', async () => {
    expect((await deleteOccurrence(ref('2026-03-09'), 'one')).ok).toBe(true);
    expect(series()!.skip_dates).toEqual(['2026-03-09']);
    expect((await deleteOccurrence(ref('2026-03-23'), 'future')).ok).toBe(true);
    expect(series()!.repeat).toBe('FREQ=WEEKLY;UNTIL=20260322T235959Z');
    expect((await deleteOccurrence(ref('2026-03-02'), 'future')).ok).toBe(true);
    expect(events.rows).toEqual([]);
  });
});
