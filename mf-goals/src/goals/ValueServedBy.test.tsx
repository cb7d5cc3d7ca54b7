import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { ModelForm } from '@lifeboard/shared/ui/ModelForm';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { ValueServedBy } from './ValueServedBy';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
});

describe('a value and what serves it', () => {
  it('lists the goals and habits that name the value, and no others', async () => {
    serveModel(api, 'value', 'values').rows.push({ id: 3, title: 'Health' }, { id: 4, title: 'Family' });
    serveModel(api, 'goal', 'goals').rows.push(
      { id: 10, title: 'Run a 10k', value_ids: [3] },
      { id: 11, title: 'Call mum weekly', value_ids: [4] },
    );
    serveModel(api, 'habit', 'habits').rows.push(
      { id: 20, title: 'Stretch', value_ids: [3, 4] },
      { id: 21, title: 'Read', value_ids: [] },
    );
    render(
      <MemoryRouter initialEntries={['/values/3']}>
        <Routes>
          <Route path="/values/:id" element={<ValueServedBy />} />
        </Routes>
      </MemoryRouter>,
    );
    const goals = await screen.findByRole('list', { name: 'Goals that serve it' });
    expect(goals.textContent).toBe('Run a 10k');
    const habits = await screen.findByRole('list', { name: 'Habits that serve it' });
    expect(habits.textContent).toBe('Stretch');
  });

  it("links a habit to values by their titles in the habit's form", async () => {
    serveModel(api, 'value', 'values').rows.push({ id: 3, title: 'Health' }, { id: 4, title: 'Family' });
    const habits = serveModel(api, 'habit', 'habits');
    render(
      <MemoryRouter>
        <ModelForm model="habit" />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Walk after dinner' } });
    const group = await screen.findByRole('group', { name: /Values it serves/ });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Family' }));
    expect(group.textContent).toContain('Health');
    fireEvent.submit(group.closest('form')!);
    await waitFor(() => expect(habits.rows).toHaveLength(1));
    expect(habits.rows[0]).toMatchObject({ title: 'Walk after dinner', value_ids: [4] });
  });
});
