import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { withFakeApi } from '../lib/test-fake-api';
import { setBoard } from './board';
import {
  $calendarConnections,
  $calendarEvents,
  $currentJournalEntry,
  $currentNote,
  $muscles,
  clearData,
  registerClearable,
} from './data';
import { loadCalendarEvents, loadMuscles } from './data-loaders';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  clearData();
  cleanStores($calendarEvents, $muscles);
});

const record = { id: 1, board_id: 1, created_at: '', updated_at: '', title: 't' };

describe('clearData', () => {
  it('empties every per-board store and every registered list', () => {
    $currentNote.set(record);
    $currentJournalEntry.set(record);
    $calendarEvents.set([{ id: 1 }]);
    $calendarConnections.set([
      {
        id: 1,
        name: 'Work',
        url: 'https://example.com/a.ics',
        provider: 'ics',
        last_synced_at: null,
        last_error: null,
        event_count: 0,
      },
    ]);
    let cleared = 0;
    const unregister = registerClearable(() => cleared++);
    clearData();
    expect([$currentNote.get(), $currentJournalEntry.get(), $calendarEvents.get(), $calendarConnections.get()]).toEqual(
      [null, null, [], []],
    );
    expect(cleared).toBe(1);
    unregister();
    clearData();
    expect(cleared).toBe(1);
  });

  it('the stores persist in localStorage', () => {
    $currentNote.set(record);
    expect(JSON.parse(localStorage.getItem('lifeboard:data:currentNote') ?? 'null')).toEqual(record);
  });
});

describe('loaders', () => {
  it('loadCalendarEvents keeps the events', async () => {
    api.on('POST /api/google/events', { body: { events: [{ id: 'a', title: 'Dentist' }] } });
    keepMount($calendarEvents);
    expect(await loadCalendarEvents('2026-11-01', '2026-11-30')).toBe(true);
    expect($calendarEvents.get()).toEqual([{ id: 'a', title: 'Dentist' }]);
  });

  it('loadCalendarEvents shows the range asked last, whichever answer arrives last', async () => {
    keepMount($calendarEvents);
    let answerFirst: () => void = () => {};
    api.on('POST /api/google/events', (request) => {
      const { start_date } = request.body as { start_date: string };
      const answer = { body: { events: [{ id: start_date }] } };
      // The first range's answer is held until the second one has been shown.
      return start_date === '2026-11-20' ? new Promise((resolve) => (answerFirst = () => resolve(answer))) : answer;
    });
    const first = loadCalendarEvents('2026-11-20', '2026-11-30');
    expect(await loadCalendarEvents('2026-11-01', '2026-11-30')).toBe(true);
    expect($calendarEvents.get()).toEqual([{ id: '2026-11-01' }]);
    answerFirst();
    expect(await first).toBe(true);
    expect($calendarEvents.get()).toEqual([{ id: '2026-11-01' }]);
  });

  it('calendar events reset to an empty list when loading fails (spec §4)', async () => {
    $calendarEvents.set([{ id: 'old' }]);
    api.on('POST /api/google/events', { status: 500, body: { error: 'Calendar provider down' } });
    void loadCalendarEvents('2026-11-01', '2026-11-30');
    await allTasks();
    expect($calendarEvents.get()).toEqual([]);
  });

  it('loadMuscles keeps the catalogue; a failure keeps what was shown', async () => {
    api.on('POST /api/muscle/all', { body: { success: true, muscles: [{ id: 1, name: 'Biceps' }] } });
    await loadMuscles();
    expect($muscles.get()).toEqual([{ id: 1, name: 'Biceps' }]);
    api.on('POST /api/muscle/all', { body: { success: false } });
    expect(await loadMuscles()).toBe(false);
    expect($muscles.get()).toEqual([{ id: 1, name: 'Biceps' }]);
  });
});
