import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { makeUser } from '@lifeboard/shared/models/test-user';
import { setUser } from '@lifeboard/shared/stores/session';
import { SessionsScreen } from './SessionsScreen';
import { monthGrid } from './TrainingCalendar';
import { weeksInWords } from './WeeklyVolume';

configure({ asyncUtilTimeout: 5000 });

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  setUser(makeUser());
});
afterEach(() => {
  cleanup();
  clearData();
});

const base = { board_id: 1, created_at: '', updated_at: '' };

describe('monthGrid', () => {
  it('starts on Monday with blanks before the 1st', () => {
    const november = monthGrid(2026, 10); // 1 Nov 2026 is a Sunday: six blanks
    expect(november.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(november.at(-1)).toBe('2026-11-30');
    expect(november.filter(Boolean)).toHaveLength(30);
  });
});

describe('weeksInWords', () => {
  it("reads this week, last week and the average in the user's unit", () => {
    expect(
      weeksInWords(
        [
          { volume: 1000, sessions: 1 },
          { volume: 0, sessions: 0 },
          { volume: 500, sessions: 2 },
        ],
        'kg',
      ),
    ).toBe('This week: 2 sessions, 500 kg · last week: no training · average over 3 weeks: 500 kg');
  });
});

describe('/workout-sessions', () => {
  it("marks this month's training days with a link to the session and sums this week's volume", async () => {
    const now = new Date();
    const started = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 7, 0).toISOString();
    const sessions = serveModel(api, 'workout_session', 'workoutSessions');
    sessions.rows.push({
      ...base,
      id: 5,
      title: 'Push day · today',
      started_at: started,
      ended_at: null,
      sets: [
        { exercise_id: 7, reps: 5, weight: 62.5 },
        { exercise_id: 7, reps: 5, weight: 80, done: false },
      ],
    });
    render(
      <MemoryRouter>
        <SessionsScreen />
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: 'Push day · today' });
    expect(link.getAttribute('href')).toBe('/workout-session/5');
    expect(link.closest('[data-day]')?.getAttribute('data-day')).toBe(localDate());
    expect(screen.getByText(/Trained on 1 day in/)).toBeTruthy();
    // 62.5 × 5 = 312.5; the planned 80 kg set is not done yet.
    await waitFor(() =>
      expect(document.querySelector('[data-weekly-volume]')?.textContent).toMatch(/^This week: 1 session, 312.5 kg/),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Previous month' }));
    const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
    });
    expect(await screen.findByText(`No training in ${previous}.`)).toBeTruthy();
  });
});
