import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel, type FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { RoutineRun } from './RoutineRun';

let routines: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  routines = serveModel(api, 'routine', 'routines');
  routines.rows.push({
    id: 1,
    title: 'Morning',
    steps: [{ title: 'Stretch', duration_min: 5 }, { title: 'Journal' }],
    runs: [],
  });
});
afterEach(() => {
  cleanup();
  clearData();
});

describe('RoutineRun', () => {
  it('walks the steps one at a time with a timer, then records the run and shows it', async () => {
    render(
      <MemoryRouter initialEntries={['/routines/1']}>
        <Routes>
          <Route path="/routines/:id" element={<RoutineRun model="routine" />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }, { timeout: 5000 }));
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: Stretch' })).toBeTruthy();
    expect(screen.getByText(/^5:00 left$|^4:5\d left$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done, next step' }));
    expect(screen.getByRole('heading', { name: 'Step 2 of 2: Journal' })).toBeTruthy();
    expect(screen.getByText(/so far/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Recorded: 1 of 2 steps done.')).toBeTruthy();
    await waitFor(() => expect(routines.rows[0].runs).toHaveLength(1));
    expect(routines.rows[0].runs).toEqual([expect.objectContaining({ steps_done: 1, steps_total: 2 })]);
    expect(screen.getByText(/1 of 2 steps, 1 min/)).toBeTruthy();
  });
});
