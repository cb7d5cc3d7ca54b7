import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { $notifications } from '@lifeboard/shared/stores/notifications';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { makeUser } from '@lifeboard/shared/models/test-user';
import { setUser } from '@lifeboard/shared/stores/session';
import { SessionDetail, setRecords } from './SessionDetail';

// Each screen waits on a few requests (the record, exercise names, history): on a loaded machine 1 s is too short.
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
  $notifications.set([]);
});

const base = { board_id: 1, created_at: '', updated_at: '' };
const open = (id: number) =>
  render(
    <MemoryRouter initialEntries={[`/workout-session/${id}`]}>
      <Routes>
        <Route path="/workout-session/:id" element={<SessionDetail />} />
      </Routes>
    </MemoryRouter>,
  );
const bench = {
  ...base,
  id: 7,
  name: 'Bench press',
  primary_muscles: ['Chest'],
  secondary_muscles: ['Triceps'],
  is_builtin: true,
};
const lastTime = {
  id: 1,
  title: 'Push day · Fri, Nov 20',
  started_at: '2026-11-20T08:00:00.000Z',
  sets: [
    { exercise_id: 7, reps: 8, weight: 60, target_reps: 8 },
    { exercise_id: 7, reps: 7, weight: 60, target_reps: 8 },
  ],
};

function serve(sets: unknown[], extra: Record<string, unknown> = {}, history: unknown[] = [lastTime]) {
  serveModel(api, 'exercise', 'exercises').rows.push(bench);
  serveModel(api, 'workout', 'workouts').rows.push({
    ...base,
    id: 3,
    title: 'Push day',
    items: [{ exercise_id: 7, sets: 2, reps: 8, rest_s: 60 }],
  });
  api.on('POST /api/exercise/history', { body: { success: true, sessions: history } });
  const sessions = serveModel(api, 'workout_session', 'workoutSessions');
  sessions.rows.push({
    ...base,
    id: 4,
    title: 'Push day · Wed, Nov 25',
    workout_id: 3,
    started_at: '2026-11-25T08:00:00.000Z',
    ended_at: null,
    sets,
    ...extra,
  });
  return sessions;
}

describe('SessionDetail: the live session', () => {
  it("shows last time in each set's row, keeps a typed 62.5 across a reload, saves it exactly when ticked, starts the rest timer and shows a PR", async () => {
    const sessions = serve([
      { exercise_id: 7, reps: 8, weight: 60, target_reps: 8, done: false },
      { exercise_id: 7, reps: 8, weight: 60, target_reps: 8, done: false },
    ]);
    const user = userEvent.setup();
    open(4);
    // Three requests (the session, the exercise's name, its history) on a loaded machine: allow them time.
    const previous = await screen.findAllByTestId('previous-set', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(previous.map((cell) => cell.textContent)).toEqual([
        '60 kg × 8 (copy into set 1 of Bench press)',
        '60 kg × 7 (copy into set 2 of Bench press)',
      ]),
    );
    expect(screen.getByRole('heading', { name: 'Push day · Wed, Nov 25' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Weight (kg), set 1 of Bench press'), { target: { value: '62.5' } });

    cleanup();
    open(4);
    await screen.findByRole('button', { name: '60 kg × 8 (copy into set 1 of Bench press)' }, { timeout: 5000 });
    expect(screen.getByLabelText<HTMLInputElement>('Weight (kg), set 1 of Bench press').value).toBe('62.5');

    sessions.rejectNextWith = { sets: ['The server is down.'] };
    await user.click(screen.getByRole('button', { name: 'Done set 1 of Bench press' }));
    await waitFor(() =>
      expect(
        $notifications
          .get()
          .map((n) => n.message)
          .join(),
      ).toMatch(/The set was not saved.*What you typed is kept/),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Weight (kg), set 1 of Bench press').value).toBe('62.5');
    expect(screen.queryByTestId('rest-timer')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Done set 1 of Bench press' }));
    await waitFor(() =>
      expect((sessions.rows[0].sets as { weight: number; done: boolean }[])[0]).toMatchObject({
        weight: 62.5,
        done: true,
      }),
    );
    expect((await screen.findByTestId('rest-timer')).textContent).toMatch(/Rest: (1:00|0:5\d)/);
    expect((await screen.findByTestId('pr-badge')).textContent).toMatch(/Heaviest weight/);
    await user.click(screen.getByRole('button', { name: 'Skip rest' }));
    expect(screen.queryByTestId('rest-timer')).toBeNull();
  });

  it('starts the rest timer with the tick, before the server answers, and takes it back when the save is refused', async () => {
    serve([{ exercise_id: 7, reps: 8, weight: 60, target_reps: 8, done: false }]);
    const earlier = api.requests.length;
    let refuse: () => void = () => undefined;
    api.on(
      'POST /api/workout_session/update',
      () =>
        new Promise((resolve) => {
          refuse = () =>
            resolve({ status: 422, body: { message: 'The given data was invalid.', errors: { sets: ['Down.'] } } });
        }),
    );
    const user = userEvent.setup();
    open(4);
    await user.click(await screen.findByRole('button', { name: 'Done set 1 of Bench press' }));
    expect((await screen.findByTestId('rest-timer')).textContent).toMatch(/Rest: \d:\d\d/);
    expect(screen.getByRole('button', { name: 'Undo set 1 of Bench press' }).getAttribute('aria-pressed')).toBe('true');

    await waitFor(() =>
      expect(api.requests.slice(earlier).some((r) => r.path === '/api/workout_session/update')).toBe(true),
    );
    refuse();
    await waitFor(() => expect(screen.queryByTestId('rest-timer')).toBeNull());
    expect(screen.getByRole('button', { name: 'Done set 1 of Bench press' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('adds and removes sets mid-session', async () => {
    const sessions = serve([{ exercise_id: 7, reps: 8, weight: 60, done: false }]);
    const user = userEvent.setup();
    open(4);
    await user.click(await screen.findByRole('button', { name: 'Add a set of Bench press' }));
    await waitFor(() => expect(sessions.rows[0].sets).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Remove set 1 of Bench press' }));
    await waitFor(() => expect(sessions.rows[0].sets).toHaveLength(1));
  });

  it('finishes with a summary: duration, volume, records broken, muscles worked', async () => {
    serve(
      [
        { exercise_id: 7, reps: 8, weight: 62.5, target_reps: 8 },
        { exercise_id: 7, reps: 8, weight: 60, target_reps: 8, done: false },
      ],
      { started_at: new Date(Date.now() - 45 * 60_000).toISOString() },
    );
    const user = userEvent.setup();
    open(4);
    await user.click(await screen.findByRole('button', { name: 'Finish session' }));
    const summary = await screen.findByTestId('session-summary');
    expect(summary.textContent).toMatch(/Duration: 45 min/);
    expect(summary.textContent).toMatch(/Volume: 500 kg/);
    expect(summary.textContent).toMatch(/Sets done: 1 of 2/);
    await waitFor(() => expect(summary.textContent).toMatch(/Records broken: Bench press: Heaviest weight 62.5 kg/));
    expect(summary.querySelector('[data-muscle="Chest"][data-state="primary"]')).toBeTruthy();
    expect(summary.querySelector('[data-muscle="Triceps"][data-state="secondary"]')).toBeTruthy();
  });
});

describe('SessionDetail: the compact logger', () => {
  it("copies last session's set into a row with one tap, and saves it when the set is done", async () => {
    const sessions = serve([
      { exercise_id: 7, reps: 10, weight: null, done: false },
      { exercise_id: 7, reps: 10, weight: 40, done: true },
      { exercise_id: 7, reps: 10, weight: null, done: false },
    ]);
    const user = userEvent.setup();
    open(4);
    await user.click(await screen.findByRole('button', { name: '60 kg × 8 (copy into set 1 of Bench press)' }));
    expect(screen.getByLabelText<HTMLInputElement>('Weight (kg), set 1 of Bench press').value).toBe('60');
    expect(screen.getByLabelText<HTMLInputElement>('Reps, set 1 of Bench press').value).toBe('8');
    // A set not done yet is only filled in; nothing is saved until it is ticked.
    expect((sessions.rows[0].sets as { weight: number | null }[])[0].weight).toBeNull();

    await user.click(screen.getByRole('button', { name: '60 kg × 7 (copy into set 2 of Bench press)' }));
    await waitFor(() =>
      expect((sessions.rows[0].sets as { reps: number; weight: number }[])[1]).toMatchObject({ reps: 7, weight: 60 }),
    );
    // No set 3 last time: nothing to copy.
    const rows = screen.getAllByTestId('previous-set');
    expect(rows[2].textContent).toBe('–');
    expect(rows[2].querySelector('button')).toBeNull();
  });

  it('is named by its workout when it has no title of its own, and names the workout, never its number', async () => {
    serve([{ exercise_id: 7, reps: 8, weight: 60, done: false }], { title: '' });
    open(4);
    expect(await screen.findByRole('heading', { level: 1, name: /^Push day · [A-Z][a-z]{2}, Nov 25$/ })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Push day' });
    expect(link.getAttribute('href')).toBe('/workouts/3');
    expect(screen.queryByText('#3')).toBeNull();
  });

  it('says nothing about records after a first session: there were none to break', async () => {
    serve([{ exercise_id: 7, reps: 8, weight: 60, target_reps: 8 }], {}, []);
    const user = userEvent.setup();
    open(4);
    await user.click(await screen.findByRole('button', { name: 'Finish session' }));
    const summary = await screen.findByTestId('session-summary');
    await waitFor(() => expect(summary.textContent).toMatch(/Sets done: 1 of 1/));
    expect(summary.textContent).not.toMatch(/Records broken/);
    expect(screen.getByTestId('previous-set').textContent).toBe('–');
  });
});

describe('setRecords', () => {
  const before = { max_weight: 60, best_e1rm: 76, max_reps: 8, best_session_volume: 960 };
  it('names what a done set beats, and nothing on a first session', () => {
    expect(setRecords({ exercise_id: 1, reps: 8, weight: 62.5 }, before)).toEqual(['max_weight', 'best_e1rm']);
    expect(setRecords({ exercise_id: 1, reps: 10, weight: 50 }, before)).toEqual(['max_reps']);
    expect(setRecords({ exercise_id: 1, reps: 10, weight: 80, done: false }, before)).toEqual([]);
    expect(
      setRecords(
        { exercise_id: 1, reps: 10, weight: 80 },
        { max_weight: null, best_e1rm: null, max_reps: null, best_session_volume: null },
      ),
    ).toEqual([]);
  });
});
