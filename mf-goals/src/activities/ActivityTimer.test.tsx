import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { serveModel, type FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { $runningTimer, ActivityTimer, clock } from './ActivityTimer';

let activities: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  $runningTimer.set(null);
  activities = serveModel(api, 'activity', 'activities');
  serveModel(api, 'category', 'categories').rows.push({
    id: 3,
    name: 'Deep work',
    color: '#000000',
    kind: '',
    position: 0,
  });
});
afterEach(() => {
  cleanup();
  clearData();
});

describe('ActivityTimer', () => {
  it('starts a timer that survives a reload, and logs it with its start, end and length when stopped', async () => {
    render(<ActivityTimer />);
    fireEvent.submit(screen.getByRole('form', { name: 'Quick log' }));
    expect(await screen.findByText('Say what you are doing first.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('What are you doing?'), { target: { value: 'Write the report' } });
    fireEvent.change(await screen.findByLabelText('Category', {}, { timeout: 3000 }), { target: { value: '3' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Quick log' }));
    expect(screen.getByRole('timer', { name: 'Running timer' }).textContent).toMatch(/Write the report · 0:0\d/);
    expect(JSON.parse(localStorage.getItem('lifeboard:activityTimer')!)).toMatchObject({
      title: 'Write the report',
      categoryId: 3,
    });
    expect(activities.rows).toEqual([]);

    // As if 25 minutes had passed (and the page had been reloaded meanwhile).
    const started = new Date(Date.now() - 25 * 60_000);
    $runningTimer.set({ ...$runningTimer.get()!, startedAt: started.toISOString() });
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/25:0\d/));
    fireEvent.click(screen.getByRole('button', { name: 'Stop and log' }));
    await waitFor(() => expect(activities.rows).toHaveLength(1));
    expect(activities.rows[0]).toMatchObject({
      title: 'Write the report',
      date: localDate(started),
      start_at: started.toISOString(),
      duration_min: 25,
      category_id: 3,
    });
    expect(await screen.findByText('Logged "Write the report": 25 min.')).toBeTruthy();
    expect($runningTimer.get()).toBeNull();
  });

  it('keeps the timer running when the log is refused', async () => {
    $runningTimer.set({ title: 'Read', startedAt: new Date(Date.now() - 60_000).toISOString(), categoryId: null });
    api.on('POST /api/activity/create', { status: 500, body: { error: 'down' } });
    render(<ActivityTimer />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop and log' }));
    expect(await screen.findByText(/"Read" was not logged/)).toBeTruthy();
    expect($runningTimer.get()?.title).toBe('Read');
  });

  it('logs something already done by its minutes, and refuses a length it cannot log', async () => {
    render(<ActivityTimer />);
    fireEvent.change(screen.getByLabelText('What are you doing?'), { target: { value: 'Walk' } });
    fireEvent.change(screen.getByLabelText('Or: minutes it took'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log it' }));
    expect(await screen.findByText(/whole minutes, 1 to 1440/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Or: minutes it took'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log it' }));
    await waitFor(() => expect(activities.rows).toHaveLength(1));
    expect(activities.rows[0]).toMatchObject({ title: 'Walk', date: localDate(), duration_min: 40 });
    expect(await screen.findByText('Logged "Walk": 40 min.')).toBeTruthy();
  });

  it('shows a running clock', () => {
    expect([clock(65_000), clock(3_729_000)]).toEqual(['1:05', '1:02:09']);
  });
});
