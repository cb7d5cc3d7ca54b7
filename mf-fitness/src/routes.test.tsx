import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { setBoard } from '@lifeboard/shared/stores/board';
import { setConfig } from '@lifeboard/shared/stores/config';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { AreaRoutes } from './routes';
import { sessionVolume } from './sessions/SessionDetail';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => { localStorage.clear(); setBoard(1, 'Home'); });
afterEach(() => { cleanup(); clearData(); });

const at = (path: string) => render(<MemoryRouter initialEntries={[path]}><AreaRoutes /></MemoryRouter>);
const base = { board_id: 1, created_at: '', updated_at: '' };

describe('mf-fitness routes', () => {
  it('/workouts/:id adds an exercise to the workout', async () => {
    serveModel(api, 'exercise', 'exercises').rows.push({ ...base, id: 9, name: 'Squat' });
    const workouts = serveModel(api, 'workout', 'workouts');
    workouts.rows.push({ ...base, id: 3, title: 'Legs', items: [] });
    const user = userEvent.setup();
    at('/workouts/3');
    await screen.findByRole('heading', { name: 'Legs', level: 1 });
    await screen.findByRole('option', { name: 'Squat' });
    await user.selectOptions(screen.getByLabelText('Exercise'), '9');
    await user.click(screen.getByRole('button', { name: 'Add exercise' }));
    expect(await screen.findByText(/Squat: 3 × 10/)).toBeTruthy();
    await waitFor(() => expect(workouts.rows[0].items).toEqual([{ exercise_id: 9, sets: 3, reps: 10, weight: null }]));
  });

  it('/drug/:id logs a dose into the intake history', async () => {
    const medicines = serveModel(api, 'medicine', 'medicines');
    medicines.rows.push({ ...base, id: 5, name: 'Vitamin D', intakes: [] });
    const user = userEvent.setup();
    at('/drug/5');
    await user.click(await screen.findByRole('button', { name: 'Log a dose now' }));
    await waitFor(() => expect(medicines.rows[0].intakes).toHaveLength(1));
  });

  it('computes a session volume from reps and weight', () => {
    expect(sessionVolume([{ exercise_id: 1, reps: 10, weight: 50 }, { exercise_id: 1, reps: 5, weight: null }])).toBe(500);
  });
});
