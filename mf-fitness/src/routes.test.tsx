import { allTasks } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { routeTable } from '../../shell/src/routes/route-table';
import { AreaRoutes } from './routes';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
});

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AreaRoutes />
    </MemoryRouter>,
  );
const base = { board_id: 1, created_at: '', updated_at: '' };

describe('mf-fitness routes', () => {
  it('/workouts/:id adds an exercise to the workout', async () => {
    serveModel(api, 'exercise', 'exercises').rows.push({ ...base, id: 9, name: 'Squat' });
    const workouts = serveModel(api, 'workout', 'workouts');
    workouts.rows.push({ ...base, id: 3, title: 'Legs', items: [] });
    const user = userEvent.setup();
    at('/workouts/3');
    await screen.findByRole('heading', { name: 'Legs', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Add an exercise' }));
    await user.click(await screen.findByRole('button', { name: 'Add Squat' }, { timeout: 5000 }));
    expect(await screen.findByText(/3 × 10 · rest 90 s/, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() =>
      expect(workouts.rows[0].items).toEqual([{ exercise_id: 9, sets: 3, reps: 10, weight: null, rest_s: 90 }]),
    );
  });

  it("/medicines: the new-medicine form asks for no reminder (that is set on the medicine's page, which makes the reminders)", async () => {
    serveModel(api, 'medicine', 'medicines');
    const user = userEvent.setup();
    at('/medicines');
    await user.click(await screen.findByRole('button', { name: 'New medicine' }));
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeTruthy();
    expect(screen.queryByLabelText(/remind/i)).toBeNull();
    expect(screen.queryByLabelText('Times of day')).toBeNull();
  });

  it('/drug/:id logs a dose into the intake history', async () => {
    const medicines = serveModel(api, 'medicine', 'medicines');
    medicines.rows.push({ ...base, id: 5, name: 'Vitamin D', intakes: [] });
    const user = userEvent.setup();
    at('/drug/5');
    await user.click(await screen.findByRole('button', { name: 'Log a dose now' }));
    await waitFor(() => expect(medicines.rows[0].intakes).toHaveLength(1));
  });
});

describe('mf-fitness route coverage', () => {
  it('an address the area does not own shows a not-found panel from the UI kit, not a blank area', async () => {
    at('/no-such-page');
    // Not at once: leaving for another area must not flash it before the shell unmounts this one.
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('/no-such-page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
  });

  /**
   * Every route the shell hands to this area: the shell's route table, whose own test pins it to architecture.md
   * ("Which area owns which route"). Imported for this test only; the remote's code never depends on the shell.
   */
  const owned = routeTable.filter((entry) => entry.area === 'mf_fitness').map((entry) => entry.path);
  const concrete = owned.map((pattern) => pattern.replace(/:[A-Za-z]+/g, '7'));

  it('owns routes (the table has this area)', () => expect(owned.length).toBeGreaterThan(5));

  it.each(concrete)('%s has a screen of its own', async (path) => {
    at(path);
    await allTasks(); // the screen's loads finish against the test API before it closes
    expect(document.querySelector('[data-not-found]')).toBeNull(); // not the catch-all, even before its panel shows
    expect(document.querySelector('[data-area="mf_fitness"]')?.children.length).toBeGreaterThan(0);
  });
});
