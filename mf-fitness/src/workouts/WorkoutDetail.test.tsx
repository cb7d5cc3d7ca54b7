import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { setBoard } from '@lifeboard/shared/stores/board';
import { setConfig } from '@lifeboard/shared/stores/config';
import { clearData } from '@lifeboard/shared/stores/data';
import { loadDraft } from '@lifeboard/shared/stores/drafts';
import { $notifications } from '@lifeboard/shared/stores/notifications';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { WorkoutDetail } from './WorkoutDetail';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => { localStorage.clear(); setBoard(1, 'Home'); });
afterEach(() => { cleanup(); clearData(); $notifications.set([]); });

const base = { board_id: 1, created_at: '', updated_at: '' };
const open = (id: number) => render(
  <MemoryRouter initialEntries={[`/workouts/${id}`]}><Routes><Route path="/workouts/:id" element={<WorkoutDetail />} /></Routes></MemoryRouter>,
);
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

describe('WorkoutDetail: adding an exercise', () => {
  it('keeps the row being added across a reload and a failed save, and clears it once saved', async () => {
    serveModel(api, 'exercise', 'exercises').rows.push({ ...base, id: 9, name: 'Squat' });
    const workouts = serveModel(api, 'workout', 'workouts');
    workouts.rows.push({ ...base, id: 3, title: 'Legs', items: [] });
    const user = userEvent.setup();
    open(3);
    await screen.findByRole('option', { name: 'Squat' });
    await user.selectOptions(screen.getByLabelText('Exercise'), '9');
    await user.clear(screen.getByLabelText('Sets'));
    await user.type(screen.getByLabelText('Sets'), '5');
    await user.type(screen.getByLabelText('Weight (kg)'), '80');

    cleanup();
    open(3);
    await screen.findByRole('option', { name: 'Squat' });
    expect([value('Exercise'), value('Sets'), value('Reps'), value('Weight (kg)')]).toEqual(['9', '5', '10', '80']);

    workouts.rejectNextWith = { items: ['Too many exercises.'] };
    await user.click(screen.getByRole('button', { name: 'Add exercise' }));
    await waitFor(() => expect($notifications.get().map((n) => n.message).join()).toMatch(/The exercise was not added/));
    expect([value('Exercise'), value('Sets'), value('Weight (kg)')]).toEqual(['9', '5', '80']);

    await user.click(screen.getByRole('button', { name: 'Add exercise' }));
    expect(await screen.findByText(/Squat: 5 × 10 @ 80 kg/)).toBeTruthy();
    await waitFor(() => expect(workouts.rows[0].items).toEqual([{ exercise_id: 9, sets: 5, reps: 10, weight: 80 }]));
    await waitFor(() => expect([value('Exercise'), value('Sets'), value('Weight (kg)')]).toEqual(['', '3', '']));
    expect(loadDraft('workout-item:3')).toBeNull();
  });
});
