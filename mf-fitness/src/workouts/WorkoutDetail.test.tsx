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
import { WorkoutDetail } from './WorkoutDetail';

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
    <MemoryRouter initialEntries={[`/workouts/${id}`]}>
      <Routes>
        <Route path="/workouts/:id" element={<WorkoutDetail />} />
        <Route path="/workout-session/:id" element={<p>Session page</p>} />
      </Routes>
    </MemoryRouter>,
  );
const squat = { ...base, id: 9, name: 'Barbell Squat', primary_muscles: ['Quadriceps'], is_builtin: true };
const bench = { ...base, id: 7, name: 'Bench press', primary_muscles: ['Chest'], is_builtin: false };
const noHistory = () => api.on('POST /api/exercise/history', { body: { success: true, sessions: [] } });

describe('WorkoutDetail', () => {
  it('adds an exercise found in the library', async () => {
    serveModel(api, 'exercise', 'exercises').rows.push(squat);
    const workouts = serveModel(api, 'workout', 'workouts');
    workouts.rows.push({ ...base, id: 3, title: 'Legs', items: [] });
    const user = userEvent.setup();
    open(3);
    await user.click(await screen.findByRole('button', { name: 'Add an exercise' }));
    await user.type(screen.getByLabelText('Search exercises'), 'squat');
    await user.click(await screen.findByRole('button', { name: 'Add Barbell Squat' }));
    await waitFor(() =>
      expect(workouts.rows[0].items).toEqual([{ exercise_id: 9, sets: 3, reps: 10, weight: null, rest_s: 90 }]),
    );
    expect(await screen.findByText(/3 × 10 · rest 90 s/)).toBeTruthy();
  });

  it('edits a row with a decimal weight (in pounds too, stored in kg), RPE, rest, superset and note', async () => {
    serveModel(api, 'exercise', 'exercises').rows.push(squat);
    const workouts = serveModel(api, 'workout', 'workouts');
    workouts.rows.push({ ...base, id: 3, title: 'Legs', items: [{ exercise_id: 9, sets: 3, reps: 5 }] });
    const user = userEvent.setup();
    open(3);
    await user.click(await screen.findByRole('button', { name: 'Edit Barbell Squat' }));
    // Set whole: happy-dom's number inputs drop a half-typed "62." where a browser keeps it (the e2e types it).
    fireEvent.change(screen.getByLabelText('Weight (kg)'), { target: { value: '62.5' } });
    fireEvent.change(screen.getByLabelText('RPE (1–10)'), { target: { value: '8.5' } });
    await user.clear(screen.getByLabelText('Rest (seconds)'));
    await user.type(screen.getByLabelText('Rest (seconds)'), '120');
    await user.selectOptions(screen.getByLabelText('Superset'), '1');
    await user.type(screen.getByLabelText('Note'), 'Pause at the bottom');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(workouts.rows[0].items).toEqual([
        {
          exercise_id: 9,
          sets: 3,
          reps: 5,
          weight: 62.5,
          rpe: 8.5,
          rest_s: 120,
          superset_group: 1,
          note: 'Pause at the bottom',
        },
      ]),
    );
    expect(await screen.findByText(/3 × 5 @ 62.5 kg · RPE 8.5 · rest 120 s · Superset A/)).toBeTruthy();

    // The unit is the account's: choosing pounds saves it on the user.
    const saved: unknown[] = [];
    api.on('POST /api/user/update', ({ body }) => {
      saved.push(body);
      return { body: { success: true, user: makeUser(body as Record<string, never>) } };
    });
    await user.selectOptions(screen.getByLabelText('Weights in'), 'lb');
    await waitFor(() => expect(saved).toEqual([{ weight_unit: 'lb' }]));
    await user.click(await screen.findByRole('button', { name: 'Edit Barbell Squat' }));
    expect(screen.getByLabelText<HTMLInputElement>('Weight (lb)').value).toBe('137.79');
    fireEvent.change(screen.getByLabelText('Weight (lb)'), { target: { value: '135' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect((workouts.rows[0].items as { weight: number }[])[0].weight).toBe(61.235));
    expect(await screen.findByText(/3 × 5 @ 135 lb/)).toBeTruthy();
  });

  it('reorders with the keyboard-friendly Move buttons and duplicates the workout', async () => {
    serveModel(api, 'exercise', 'exercises').rows.push(squat, bench);
    const workouts = serveModel(api, 'workout', 'workouts');
    workouts.rows.push({
      ...base,
      id: 3,
      title: 'Full body',
      notes: '',
      items: [
        { exercise_id: 9, sets: 3, reps: 5 },
        { exercise_id: 7, sets: 3, reps: 8 },
      ],
    });
    const user = userEvent.setup();
    open(3);
    await user.click(await screen.findByRole('button', { name: 'Move down Barbell Squat' }));
    await waitFor(() =>
      expect((workouts.rows[0].items as { exercise_id: number }[]).map((i) => i.exercise_id)).toEqual([7, 9]),
    );
    await user.click(screen.getByRole('button', { name: 'Duplicate workout' }));
    await waitFor(() => expect(workouts.rows.map((w) => w.title)).toContain('Full body (copy)'));
    expect(workouts.rows.find((w) => w.title === 'Full body (copy)')?.items).toEqual(
      workouts.rows.find((w) => w.id === 3)?.items,
    );
  });

  it('starts a session prefilled from the plan, +2.5 kg where every set hit its reps last time', async () => {
    serveModel(api, 'exercise', 'exercises').rows.push(squat, bench);
    const workouts = serveModel(api, 'workout', 'workouts');
    workouts.rows.push({
      ...base,
      id: 3,
      title: 'Push day',
      items: [
        { exercise_id: 9, sets: 2, reps: 5, weight: 100 },
        { exercise_id: 7, sets: 1, reps: 8, weight: 50 },
      ],
    });
    const sessions = serveModel(api, 'workout_session', 'workoutSessions');
    api.on('POST /api/exercise/history', ({ body }) => {
      const id = (body as { params: { exercise_id: number } }).params.exercise_id;
      const sets =
        id === 9
          ? [
              { exercise_id: 9, reps: 5, weight: 100, target_reps: 5 },
              { exercise_id: 9, reps: 5, weight: 100, target_reps: 5 },
            ]
          : [{ exercise_id: 7, reps: 6, weight: 50, target_reps: 8 }];
      return {
        body: { success: true, sessions: [{ id: 1, title: 'Push day', started_at: '2026-11-20T08:00:00.000Z', sets }] },
      };
    });
    const user = userEvent.setup();
    open(3);
    await user.click(await screen.findByRole('button', { name: 'Start a session' }));
    expect(await screen.findByText('Session page')).toBeTruthy();
    const session = sessions.rows[0];
    expect(session.title).toMatch(/^Push day · [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/);
    expect(session.sets).toEqual([
      { exercise_id: 9, reps: 5, weight: 102.5, target_reps: 5, done: false },
      { exercise_id: 9, reps: 5, weight: 102.5, target_reps: 5, done: false },
      { exercise_id: 7, reps: 8, weight: 50, target_reps: 8, done: false },
    ]);
  });

  it('names no exercise by its id while names load', async () => {
    serveModel(api, 'exercise', 'exercises');
    noHistory();
    serveModel(api, 'workout', 'workouts').rows.push({
      ...base,
      id: 3,
      title: 'Legs',
      items: [{ exercise_id: 55, sets: 3, reps: 5 }],
    });
    open(3);
    expect(await screen.findByText(/3 × 5/)).toBeTruthy();
    expect(screen.queryByText(/#55|55/)).toBeNull();
  });
});
