import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { SleepWidget } from '../home/Sleep';
import { SleepScreen } from './SleepScreen';
import { nightTimes } from './sleep-stats';

configure({ asyncUtilTimeout: 5000 });

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
});

const base = { board_id: 1, created_at: '', updated_at: '' };

function serve() {
  const nights = serveModel(api, 'sleep_score', 'sleepScores');
  const sessions = serveModel(api, 'workout_session', 'workoutSessions');
  serveModel(api, 'mood', 'moods');
  api.on('POST /api/habit/overview', { body: { success: true, habits: [], next_offset: null } });
  return { nights, sessions };
}

describe('/sleep', () => {
  it('logs a night from bed and wake times, refusing a bad score without losing what was typed', async () => {
    const { nights } = serve();
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <SleepScreen />
      </MemoryRouter>,
    );
    await screen.findByText('No nights logged in the last 4 weeks.');
    await user.clear(screen.getByLabelText('Went to bed'));
    await user.type(screen.getByLabelText('Went to bed'), '23:30');
    await user.clear(screen.getByLabelText('Woke up'));
    await user.type(screen.getByLabelText('Woke up'), '07:00');
    expect(screen.getByTestId('sleep-duration').textContent).toBe('That is 7 h 30 min asleep.');
    await user.type(screen.getByLabelText('Score (0 to 100)'), '150');
    await user.click(screen.getByRole('button', { name: 'Log this night' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The score is a whole number from 0 to 100.');
    expect(nights.rows).toHaveLength(0);
    expect(screen.getByLabelText<HTMLInputElement>('Score (0 to 100)').value).toBe('150');

    await user.clear(screen.getByLabelText('Score (0 to 100)'));
    await user.type(screen.getByLabelText('Score (0 to 100)'), '82');
    await user.click(screen.getByRole('button', { name: 'Log this night' }));
    await waitFor(() => expect(nights.rows).toHaveLength(1));
    expect(nights.rows[0]).toMatchObject({
      date: localDate(),
      score: 82,
      ...nightTimes(localDate(), '23:30', '07:00'),
    });
    expect(await screen.findByText('1 night · on average 7 h 30 min asleep · score 82 / 100')).toBeTruthy();
    // The list says the night in words, and a deleted night leaves the averages too.
    expect(
      await screen.findByText(
        /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}: 7 h 30 min asleep \(23:30 to 07:00\) · score 82$/,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Delete the night of / }));
    await waitFor(() => expect(nights.rows).toHaveLength(0));
    expect(await screen.findByText('No nights logged in the last 4 weeks.')).toBeTruthy();
  });

  it('says there is too little to compare rather than showing a number, then shows the training insight with its count', async () => {
    const { nights, sessions } = serve();
    const today = localDate();
    // Ten nights: after the five training days 8 h, otherwise 7 h 26 min.
    for (let i = 1; i <= 10; i += 1) {
      const date = addDays(today, -i);
      const trained = i % 2 === 0;
      if (trained)
        sessions.rows.push({
          ...base,
          id: 100 + i,
          title: 'Legs',
          started_at: new Date(`${addDays(date, -1)}T18:00:00`).toISOString(),
          sets: [],
        });
      nights.rows.push({ ...base, id: i, date, score: 70, ...nightTimes(date, trained ? '23:00' : '23:34', '07:00') });
    }
    render(
      <MemoryRouter>
        <SleepScreen />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('sleep-insights')).textContent).toContain(
      'On nights after training you slept 34 min longer. Based on 5 nights after training, 5 without.',
    );
    cleanup();
    nights.rows.splice(0, 2); // four nights after training remain: too few
    render(
      <MemoryRouter>
        <SleepScreen />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('sleep-insights-none')).textContent).toMatch(
      /^Nothing to say yet: a comparison needs at least 5 nights on each side/,
    );
  });

  it("home widget: averages the last nights in words, from /home's one request", async () => {
    const sleep = [
      { ...base, id: 2, date: '2026-11-25', score: 80, ...nightTimes('2026-11-25', '23:00', '07:00') },
      { ...base, id: 1, date: '2026-11-24', score: 70, ...nightTimes('2026-11-24', '23:00', '06:30') },
    ];
    api.on('POST /api/home', {
      body: {
        success: true,
        journal_entry: null,
        moods: [],
        habits: [],
        habits_next_offset: null,
        goals: [],
        workout_session: null,
        sleep,
        programs: [],
      },
    });
    render(
      <MemoryRouter>
        <SleepWidget />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Last 2 nights: score 75 / 100 · 7 h 45 min asleep on average.')).toBeTruthy();
  });
});
