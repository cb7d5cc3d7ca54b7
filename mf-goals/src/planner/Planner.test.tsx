import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { setBoard } from '@lifeboard/shared/stores/board';
import { setConfig } from '@lifeboard/shared/stores/config';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel, type FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { markDone } from './plan-actions';
import { Planner } from './Planner';

let api: FakeApi;
let planned: FakeTable;
let activities: FakeTable;
beforeAll(async () => {
  api = await startFakeApi();
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.requests.length = 0;
  planned = serveModel(api, 'plannedactivity', 'plannedActivities');
  activities = serveModel(api, 'activity', 'activities');
  serveModel(api, 'habit', 'habits').rows.push({ id: 4, title: 'Stretch', weekdays: [] });
  serveModel(api, 'goal', 'goals');
  serveModel(api, 'project', 'projects').rows.push({ id: 6, title: 'Garden', status: 'active', tasks: [{ title: 'Buy seeds' }, { title: 'Dig', done_at: '2026-01-01T00:00:00.000Z' }] });
  api.on('POST /api/google/events', { body: { events: [] } });
});
afterEach(() => {
  cleanup();
  clearData();
});

describe('Planner', () => {
  it('lists habits due and open project tasks in the tray, and timeboxes one with the keyboard form', async () => {
    render(<MemoryRouter><Planner /></MemoryRouter>);
    expect(await screen.findByText('Stretch')).toBeTruthy();
    expect(await screen.findByText('Buy seeds', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Dig')).toBeNull();
    expect(screen.getByText('Task of "Garden"')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Timebox "Buy seeds"', hidden: true });
    fireEvent.change(form.querySelector('input[type="time"]')!, { target: { value: '14:30' } });
    fireEvent.change(form.querySelector('input[type="number"]')!, { target: { value: '45' } });
    fireEvent.submit(form);
    await waitFor(() => expect(planned.rows).toHaveLength(1));
    const row = planned.rows[0]!;
    expect(row.title).toBe('Buy seeds');
    const start = new Date(String(row.start_at));
    expect([start.getHours(), start.getMinutes()]).toEqual([14, 30]);
    expect(new Date(String(row.end_at)).getTime() - start.getTime()).toBe(45 * 60_000);
    expect(await screen.findByText(/Planned "Buy seeds"/)).toBeTruthy();
  });

  it('refuses a length it cannot plan, saying why, and saves nothing', async () => {
    render(<MemoryRouter><Planner /></MemoryRouter>);
    const form = await screen.findByRole('form', { name: 'Timebox "Stretch"', hidden: true }, { timeout: 5000 });
    fireEvent.change(form.querySelector('input[type="number"]')!, { target: { value: '0' } });
    fireEvent.submit(form);
    expect(await screen.findByText(/between 5 and 720 minutes/)).toBeTruthy();
    expect(planned.rows).toEqual([]);
  });
});

describe('markDone', () => {
  it('logs the plan as an activity and points the plan at it', async () => {
    planned.rows.push({ id: 9, title: 'Write', date: localDate(), start_at: '2026-11-25T09:00:00.000Z', end_at: '2026-11-25T10:30:00.000Z' });
    const result = await markDone({ kind: 'planned', id: 9, board: 1, date: '2026-11-25', repeating: false }, 'Write', new Date('2026-11-25T09:00:00.000Z'), new Date('2026-11-25T10:30:00.000Z'));
    expect(result.ok).toBe(true);
    expect(activities.rows).toHaveLength(1);
    expect(activities.rows[0]).toMatchObject({ title: 'Write', date: '2026-11-25', duration_min: 90 });
    expect(planned.rows.find((r) => r.id === 9)?.done_activity_id).toBe(activities.rows[0]!.id);
  });

  it('splits one occurrence off a repeating plan: the series skips that date, a done copy holds it', async () => {
    planned.rows.push({ id: 9, title: 'Run', date: '2026-11-23', repeat: 'FREQ=DAILY', skip_dates: [] });
    const result = await markDone({ kind: 'planned', id: 9, board: 1, date: '2026-11-25', repeating: true }, 'Run', null, null);
    expect(result.ok).toBe(true);
    expect(planned.rows.find((r) => r.id === 9)?.skip_dates).toEqual(['2026-11-25']);
    const copy = planned.rows.find((r) => r.id !== 9);
    expect(copy).toMatchObject({ title: 'Run', date: '2026-11-25', done_activity_id: activities.rows[0]!.id });
    expect(copy?.repeat ?? null).toBeNull();
  });
});
