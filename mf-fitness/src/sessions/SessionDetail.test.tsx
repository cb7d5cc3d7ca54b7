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
import { SessionDetail } from './SessionDetail';

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
  <MemoryRouter initialEntries={[`/workout-session/${id}`]}><Routes><Route path="/workout-session/:id" element={<SessionDetail />} /></Routes></MemoryRouter>,
);
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

describe('SessionDetail: logging a set', () => {
  it('keeps the set being logged across a reload and a failed save, and clears it once saved', async () => {
    serveModel(api, 'exercise', 'exercises').rows.push({ ...base, id: 9, name: 'Squat' });
    const sessions = serveModel(api, 'workout_session', 'workoutSessions');
    sessions.rows.push({ ...base, id: 4, workout_id: 3, started_at: '2026-11-20T08:00:00.000Z', ended_at: null, sets: [] });
    const user = userEvent.setup();
    open(4);
    await screen.findByRole('option', { name: 'Squat' });
    await user.selectOptions(screen.getByLabelText('Exercise'), '9');
    await user.type(screen.getByLabelText('Weight (kg)'), '60');
    await user.type(screen.getByLabelText('RPE (1–10)'), '8');

    cleanup();
    open(4);
    await screen.findByRole('option', { name: 'Squat' });
    expect([value('Exercise'), value('Reps'), value('Weight (kg)'), value('RPE (1–10)')]).toEqual(['9', '10', '60', '8']);

    sessions.rejectNextWith = { sets: ['The session is closed.'] };
    await user.click(screen.getByRole('button', { name: 'Log set' }));
    await waitFor(() => expect($notifications.get().map((n) => n.message).join()).toMatch(/The set was not logged/));
    expect([value('Exercise'), value('Weight (kg)'), value('RPE (1–10)')]).toEqual(['9', '60', '8']);

    await user.click(screen.getByRole('button', { name: 'Log set' }));
    expect(await screen.findByText(/Squat: 10 reps @ 60 kg · RPE 8/)).toBeTruthy();
    await waitFor(() => expect(sessions.rows[0].sets).toEqual([{ exercise_id: 9, reps: 10, weight: 60, rpe: 8 }]));
    await waitFor(() => expect([value('Exercise'), value('Weight (kg)'), value('RPE (1–10)')]).toEqual(['', '', '']));
    expect(loadDraft('session-set:4')).toBeNull();
  });
});
