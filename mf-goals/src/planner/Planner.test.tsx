import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel, type FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { addDays } from '@lifeboard/shared/ui/model/local-date';
import { hoursAndMinutes, markDone } from './plan-actions';
import { $hoursAvailable } from './PlanMyDay';
import { habitRow } from '../habits/test-rows';
import { Planner } from './Planner';

let planned: FakeTable;
let activities: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.requests.length = 0;
  planned = serveModel(api, 'plannedactivity', 'plannedActivities');
  activities = serveModel(api, 'activity', 'activities');
  // Due today; done today already; met for the week already: only the first is still to plan.
  api.on('POST /api/habit/overview', {
    body: {
      success: true,
      next_offset: null,
      habits: [
        habitRow(4, 'Stretch', 1, 1, true),
        habitRow(5, 'Floss', 1, 1, true, 'yes'),
        habitRow(7, 'Swim', 1, 7, false),
      ],
    },
  });
  serveModel(api, 'goal', 'goals');
  serveModel(api, 'project', 'projects').rows.push({
    id: 6,
    title: 'Garden',
    status: 'active',
    tasks: [{ title: 'Buy seeds' }, { title: 'Dig', done_at: '2026-01-01T00:00:00.000Z' }],
  });
  api.on('POST /api/google/events', { body: { events: [] } });
});
afterEach(() => {
  cleanup();
  clearData();
});

describe('Planner', () => {
  it('lists habits due and open project tasks in the tray, and timeboxes one with the keyboard form', async () => {
    render(
      <MemoryRouter>
        <Planner />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Stretch')).toBeTruthy();
    expect(screen.queryByText('Floss')).toBeNull();
    expect(screen.queryByText('Swim')).toBeNull();
    expect(await screen.findByText('Buy seeds', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Dig')).toBeNull();
    expect(screen.getByText('Task of "Garden"')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Timebox "Buy seeds"', hidden: true });
    fireEvent.change(form.querySelector('input[type="time"]')!, { target: { value: '14:30' } });
    fireEvent.change(form.querySelector('input[type="number"]')!, { target: { value: '45' } });
    fireEvent.submit(form);
    await waitFor(() => expect(planned.rows).toHaveLength(1));
    const row = planned.rows[0];
    expect(row.title).toBe('Buy seeds');
    const start = new Date(String(row.start_at));
    expect([start.getHours(), start.getMinutes()]).toEqual([14, 30]);
    expect(new Date(String(row.end_at)).getTime() - start.getTime()).toBe(45 * 60_000);
    expect(await screen.findByText(/Planned "Buy seeds"/)).toBeTruthy();
  });

  it('refuses a length it cannot plan, saying why, and saves nothing', async () => {
    render(
      <MemoryRouter>
        <Planner />
      </MemoryRouter>,
    );
    const form = await screen.findByRole('form', { name: 'Timebox "Stretch"', hidden: true }, { timeout: 5000 });
    fireEvent.change(form.querySelector('input[type="number"]')!, { target: { value: '0' } });
    fireEvent.submit(form);
    expect(await screen.findByText(/between 5 and 720 minutes/)).toBeTruthy();
    expect(planned.rows).toEqual([]);
  });
});

describe('Plan my day', () => {
  it("offers yesterday's unfinished plan again, weighs the picks against the hours available, and timeboxes them in a row", async () => {
    const yesterday = addDays(localDate(), -1);
    planned.rows.push({ id: 11, title: 'Call the bank', date: yesterday, start_at: null, end_at: null });
    planned.rows.push({ id: 12, title: 'Read', date: yesterday, start_at: null, end_at: null, done_activity_id: 3 });
    api.on('POST /api/google/events', (request) => {
      const body = request.body as { start_date: string };
      if (body.start_date > yesterday) return { body: { events: [] } };
      return {
        body: {
          events: [
            {
              id: 'planned:11',
              series: 'planned:11',
              board: 1,
              title: 'Call the bank',
              start: yesterday,
              end: addDays(yesterday, 1),
              all_day: true,
              source: 'planned',
              date: yesterday,
              repeat: null,
              done: false,
            },
            {
              id: 'planned:12',
              series: 'planned:12',
              board: 1,
              title: 'Read',
              start: yesterday,
              end: addDays(yesterday, 1),
              all_day: true,
              source: 'planned',
              date: yesterday,
              repeat: null,
              done: true,
            },
          ],
        },
      };
    });
    $hoursAvailable.set(1);
    render(
      <MemoryRouter>
        <Planner />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Plan my day' }));
    const form = await screen.findByRole('form', { name: 'Plan my day' }, { timeout: 5000 });
    expect(await screen.findByText('Not done yesterday')).toBeTruthy();
    expect(screen.queryByLabelText('Read')).toBeNull();

    // Nothing picked: a clear message, nothing saved.
    fireEvent.submit(form);
    expect(await screen.findByText('Pick at least one thing to do today.')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Call the bank'));
    fireEvent.change(screen.getByLabelText('Minutes for "Call the bank"'), { target: { value: '45' } });
    fireEvent.click(await screen.findByLabelText('Buy seeds', {}, { timeout: 5000 }));
    expect(screen.getByRole('status', { name: 'Planned time' }).textContent).toMatch(
      /1 h 15 min planned of 1 h available.*15 min more than you have/,
    );

    fireEvent.change(screen.getByLabelText('Hours available today'), { target: { value: '2' } });
    expect($hoursAvailable.get()).toBe(2);
    expect(localStorage.getItem('lifeboard:planner:hoursAvailable')).toBe('2');
    expect(screen.getByRole('status', { name: 'Planned time' }).textContent).toMatch(
      /1 h 15 min planned of 2 h available/,
    );

    fireEvent.change(screen.getByLabelText('Start the day at'), { target: { value: '08:00' } });
    fireEvent.submit(form);
    await waitFor(() => expect(planned.rows).toHaveLength(3));
    const carried = planned.rows.find((r) => r.id === 11)!;
    expect(carried.date).toBe(localDate());
    const first = new Date(String(carried.start_at));
    expect([first.getHours(), first.getMinutes()]).toEqual([8, 0]);
    expect(new Date(String(carried.end_at)).getTime() - first.getTime()).toBe(45 * 60_000);
    const task = planned.rows.find((r) => r.title === 'Buy seeds')!;
    expect(task.start_at).toBe(carried.end_at);
    expect(await screen.findByText(/Today is planned: 2 things added, 1 h 15 min of 2 h\./)).toBeTruthy();
  });

  it('refuses hours it cannot use and keeps the last good setting', async () => {
    $hoursAvailable.set(6);
    render(
      <MemoryRouter>
        <Planner />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Plan my day' }));
    const field = await screen.findByLabelText('Hours available today', {}, { timeout: 5000 });
    fireEvent.change(field, { target: { value: '30' } });
    expect(await screen.findByText('Between 0.5 and 24 hours.')).toBeTruthy();
    expect($hoursAvailable.get()).toBe(6);
  });

  it("says minutes in people's words", () => {
    expect([hoursAndMinutes(45), hoursAndMinutes(120), hoursAndMinutes(90)]).toEqual(['45 min', '2 h', '1 h 30 min']);
  });
});

describe('markDone', () => {
  it('logs the plan as an activity and points the plan at it', async () => {
    planned.rows.push({
      id: 9,
      title: 'Write',
      date: localDate(),
      start_at: '2026-11-25T09:00:00.000Z',
      end_at: '2026-11-25T10:30:00.000Z',
    });
    const result = await markDone(
      { kind: 'planned', id: 9, board: 1, date: '2026-11-25', repeating: false },
      'Write',
      new Date('2026-11-25T09:00:00.000Z'),
      new Date('2026-11-25T10:30:00.000Z'),
    );
    expect(result.ok).toBe(true);
    expect(activities.rows).toHaveLength(1);
    expect(activities.rows[0]).toMatchObject({ title: 'Write', date: '2026-11-25', duration_min: 90 });
    expect(planned.rows.find((r) => r.id === 9)?.done_activity_id).toBe(activities.rows[0].id);
  });

  it('splits one occurrence off a repeating plan: the series skips that date, a done copy holds it', async () => {
    planned.rows.push({ id: 9, title: 'Run', date: '2026-11-23', repeat: 'FREQ=DAILY', skip_dates: [] });
    const result = await markDone(
      { kind: 'planned', id: 9, board: 1, date: '2026-11-25', repeating: true },
      'Run',
      null,
      null,
    );
    expect(result.ok).toBe(true);
    expect(planned.rows.find((r) => r.id === 9)?.skip_dates).toEqual(['2026-11-25']);
    const copy = planned.rows.find((r) => r.id !== 9);
    expect(copy).toMatchObject({ title: 'Run', date: '2026-11-25', done_activity_id: activities.rows[0].id });
    expect(copy?.repeat ?? null).toBeNull();
  });
  it('shows the form to plan something once it is opened, and saves a plan from it', async () => {
    render(
      <MemoryRouter>
        <Planner />
      </MemoryRouter>,
    );
    const summary = await screen.findByText('Add a plan');
    expect(screen.queryByRole('button', { name: 'Plan it' })).toBeNull();
    const details = summary.closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const title = await screen.findByLabelText('Title (required)', {}, { timeout: 5000 });
    fireEvent.change(title, { target: { value: 'Read a chapter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Plan it' }));
    await waitFor(() => expect(planned.rows.map((row) => row.title)).toContain('Read a chapter'));
  });
});
