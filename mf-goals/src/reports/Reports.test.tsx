import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { addDays, localDate, mondayOf } from '@lifeboard/shared/ui/model/local-date';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { minutesOf, weeklyByCategory } from './activity-weeks';
import { ActivitySummary } from './Reports';
import { Timeline, momentsOf } from './Timeline';

// happy-dom has no canvas to draw on: the chart is drawn in the browser (e2e/specs/planner.spec.ts); here it
// only says what it would show.
vi.mock('./ActivityWeeksChart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
});

/** Test rows: only the fields a report reads (the bookkeeping ones do not matter here). */
const rec = (fields: Record<string, unknown>) =>
  ({ board_id: 1, created_at: '', updated_at: '', ...fields }) as AnyRecord;
const categories = [
  { id: 1, name: 'Work', color: '#ff0000', kind: '', position: 0 },
  { id: 2, name: 'Health', color: '', kind: '', position: 1 },
];

describe('weeklyByCategory', () => {
  it('adds each activity\'s time to its category\'s week, "No category" last, and leaves older weeks out', () => {
    const today = '2026-11-25'; // a Wednesday
    expect(mondayOf(today)).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    const { weeks, rows } = weeklyByCategory(
      [
        rec({ id: 1, date: '2026-11-24', duration_min: 90, category_id: 1 }),
        rec({
          id: 2,
          date: '2026-11-23',
          start_at: '2026-11-23T08:00:00Z',
          end_at: '2026-11-23T08:45:00Z',
          duration_min: null,
          category_id: 1,
        }),
        rec({ id: 3, date: '2026-11-17', duration_min: 30, category_id: null }),
        rec({ id: 4, date: '2026-11-16', duration_min: 20, category_id: 2 }),
        rec({ id: 5, date: '2026-01-01', duration_min: 600, category_id: 2 }),
      ],
      categories.map(rec),
      today,
      3,
    );
    expect(weeks).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    expect(rows.map((r) => [r.name, r.minutes])).toEqual([
      ['Work', [0, 0, 135]],
      ['Health', [0, 20, 0]],
      ['No category', [0, 30, 0]],
    ]);
    expect(rows[0].colour).toBe('#ff0000');
    expect(rows[1].colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(minutesOf(rec({ id: 1, start_at: 'x', end_at: null }))).toBe(0);
  });
});

describe('ActivitySummary', () => {
  it('draws the weeks and puts the same hours in a table, in words', async () => {
    const today = localDate();
    serveModel(api, 'category', 'categories').rows.push(...categories);
    serveModel(api, 'activity', 'activities').rows.push(
      { id: 1, title: 'Report', date: today, duration_min: 90, category_id: 1 },
      { id: 2, title: 'Run', date: addDays(today, -7), duration_min: 40, category_id: 2 },
    );
    render(
      <MemoryRouter>
        <ActivitySummary />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', {}, { timeout: 3000 });
    expect(await within(table).findByRole('columnheader', { name: 'Work' }, { timeout: 3000 })).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[1].textContent).toMatch(/1 h 30 min.*–.*1 h 30 min/);
    expect(rows[2].textContent).toMatch(/–.*40 min.*40 min/);
    expect(screen.getByText(/2 activities, 2 h 10 min/)).toBeTruthy();
    expect(
      await screen.findByRole(
        'img',
        { name: /Hours per week by category.*Work 1 h 30 min, Health 40 min/ },
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText(today)).toBeNull();
  });
});

describe('Timeline', () => {
  const from = '2026-11-01';
  const to = '2026-11-30';
  it('puts activities, journal entries, check-ins and milestones in one list, newest first', () => {
    const moments = momentsOf(
      {
        activities: [
          rec({ id: 1, title: 'Swim', date: '2026-11-20', duration_min: 45 }),
          rec({ id: 2, title: 'Old', date: '2026-10-01', duration_min: 5 }),
        ],
        journal: [rec({ id: 3, title: '', date: '2026-11-21', word_count: 120 })],
        goals: [
          rec({
            id: 4,
            title: 'Marathon',
            milestones: [
              { title: '10 km', done_at: '2026-11-22T10:00:00Z' },
              { title: 'Half', due_date: '2026-11-29', done_at: null },
              { title: 'Later', due_date: '2027-01-01' },
            ],
          }),
        ],
        checkins: [
          { habit: rec({ id: 5, title: 'Water', unit: 'glasses' }), date: '2026-11-23', value: 6 },
          { habit: rec({ id: 6, title: 'Read' }), date: '2026-11-23', value: 'skip' },
        ],
      },
      from,
      to,
    );
    expect(moments.map((m) => [m.day, m.kind, m.title, m.detail])).toEqual([
      ['2026-11-29', 'milestone', 'Half', 'Due, for "Marathon"'],
      ['2026-11-23', 'checkin', 'Read', 'Skipped'],
      ['2026-11-23', 'checkin', 'Water', 'Checked in: 6 glasses'],
      ['2026-11-22', 'milestone', '10 km', 'Reached, for "Marathon"'],
      ['2026-11-21', 'journal', 'Journal entry', '120 words'],
      ['2026-11-20', 'activity', 'Swim', '45 min'],
    ]);
  });

  it('loads every source, shows the days in words, and hides a kind on request', async () => {
    const today = localDate();
    serveModel(api, 'activity', 'activities').rows.push({ id: 1, title: 'Swim', date: today, duration_min: 45 });
    serveModel(api, 'journal_entry', 'journalEntries').rows.push({
      id: 2,
      title: 'A good day',
      date: addDays(today, -1),
      word_count: 3,
    });
    serveModel(api, 'goal', 'goals').rows.push({
      id: 3,
      title: 'Marathon',
      milestones: [{ title: '10 km', done_at: new Date().toISOString() }],
    });
    serveModel(api, 'habit', 'habits').rows.push({ id: 4, title: 'Stretch' });
    api.on('POST /api/habit/entries', {
      body: { success: true, entries: [{ date: addDays(today, -2), value: 'yes', note: '' }] },
    });
    render(
      <MemoryRouter>
        <Timeline />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Timeline' }, { timeout: 3000 });
    expect(within(list).getByText('Swim')).toBeTruthy();
    expect(within(list).getByText('A good day')).toBeTruthy();
    expect(within(list).getByText('10 km')).toBeTruthy();
    expect(within(list).getByText('Stretch')).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent)[0],
    ).toBe('Today');
    expect(screen.queryByText(addDays(today, -1))).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Habit check-ins \(1\)/ }));
    expect(within(list).queryByText('Stretch')).toBeNull();
    expect(screen.getByRole('button', { name: /Habit check-ins/ }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says so when a source cannot be read, and tries again', async () => {
    serveModel(api, 'activity', 'activities');
    serveModel(api, 'journal_entry', 'journalEntries');
    serveModel(api, 'goal', 'goals');
    serveModel(api, 'habit', 'habits').rows.push({ id: 4, title: 'Stretch' });
    api.on('POST /api/habit/entries', { status: 500, body: { error: 'down' } });
    render(
      <MemoryRouter>
        <Timeline />
      </MemoryRouter>,
    );
    expect(await screen.findByText('The timeline could not be loaded', {}, { timeout: 3000 })).toBeTruthy();
    api.on('POST /api/habit/entries', { body: { success: true, entries: [] } });
    fireEvent.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await screen.findByText('Nothing recorded in these 30 days', {}, { timeout: 3000 })).toBeTruthy();
  });
});
