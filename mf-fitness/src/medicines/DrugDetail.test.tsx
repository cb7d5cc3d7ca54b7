import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { DrugDetail, intakeLine } from './DrugDetail';

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

const base = { board_id: 1, created_at: new Date().toISOString(), updated_at: '' };
const open = () =>
  render(
    <MemoryRouter initialEntries={['/drug/5']}>
      <Routes>
        <Route path="/drug/:id" element={<DrugDetail />} />
      </Routes>
    </MemoryRouter>,
  );

describe('intakeLine', () => {
  it('says a dose in words, never a timestamp', () => {
    const at = new Date(2026, 10, 24, 8, 12).toISOString();
    expect(intakeLine({ at, due: '2026-11-24T08:00', status: 'taken' })).toBe(
      'Tue, Nov 24 · 08:00 dose: taken at 08:12',
    );
    expect(intakeLine({ at, due: '2026-11-24T08:00', status: 'missed' })).toBe('Tue, Nov 24 · 08:00 dose: missed');
    expect(intakeLine({ at, note: 'headache' })).toBe('Tue, Nov 24, 08:12: taken (not a scheduled dose) — headache');
  });
});

describe('/drug/:id', () => {
  it("saves a schedule with its reminders, logs today's dose as taken and shows the adherence", async () => {
    const medicines = serveModel(api, 'medicine', 'medicines');
    medicines.rows.push({
      ...base,
      id: 5,
      name: 'Vitamin D',
      dose: '1000 IU',
      schedule: '',
      reminder: false,
      intakes: [],
    });
    const reminders = serveModel(api, 'reminder', 'reminders');
    // A reminder left from an older schedule, and someone else's.
    reminders.rows.push({
      ...base,
      id: 40,
      title: 'Take Vitamin D',
      remind_at: new Date(2026, 0, 1, 9, 0).toISOString(),
      repeat: 'FREQ=DAILY',
      channels: ['email'],
      target_model: 'medicine',
      target_id: 5,
    });
    reminders.rows.push({
      ...base,
      id: 41,
      title: 'Water the plants',
      remind_at: null,
      repeat: null,
      channels: ['email'],
      target_model: null,
      target_id: null,
    });
    const user = userEvent.setup();
    open();
    expect((await screen.findByTestId('medicine-schedule')).textContent).toBe('As needed (no set times) · 1000 IU');
    await user.click(screen.getByRole('button', { name: 'Change schedule' }));
    fireEvent.change(screen.getByLabelText('Time 1'), { target: { value: '00:00' } });
    await user.click(screen.getByRole('button', { name: 'Add a time' }));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give each time of day, or remove the empty one.');
    expect(medicines.rows[0].times).toBeUndefined();
    fireEvent.change(screen.getByLabelText('Time 2'), { target: { value: '21:30' } });
    await user.click(screen.getByLabelText('Remind me by e-mail at these times'));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(medicines.rows[0]).toMatchObject({ times: ['00:00', '21:30'], days: [], reminder: true }),
    );
    await waitFor(() => expect(reminders.rows.filter((r) => r.target_id === 5)).toHaveLength(2));
    expect(reminders.rows.map((r) => r.id)).not.toContain(40);
    expect(reminders.rows.find((r) => r.id === 41)).toBeTruthy();
    for (const reminder of reminders.rows.filter((r) => r.target_id === 5)) {
      expect(reminder).toMatchObject({
        title: 'Take Vitamin D (1000 IU)',
        repeat: 'FREQ=DAILY',
        channels: ['email'],
        target_model: 'medicine',
      });
    }
    expect(
      reminders.rows
        .filter((r) => r.target_id === 5)
        .map((r) => new Date(String(r.remind_at)).toTimeString().slice(0, 5))
        .sort(),
    ).toEqual(['00:00', '21:30']);
    await waitFor(() =>
      expect(screen.getByTestId('medicine-schedule').textContent).toBe('Every day at 00:00 and 21:30 · 1000 IU'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('medicine-reminders').textContent).toBe('Reminded by e-mail at these 2 times.'),
    );

    await user.click(screen.getByRole('button', { name: 'Taken the 00:00 dose' }));
    await waitFor(() =>
      expect(medicines.rows[0].intakes).toEqual([
        expect.objectContaining({ due: `${localDate()}T00:00`, status: 'taken' }),
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('adherence-week').textContent).toMatch(
        /^Last 7 days: 1 of [12] doses taken \((100|50)%\)/,
      ),
    );
    expect(screen.getByTestId('dose-log').textContent).toMatch(/00:00 dose: taken at \d\d:\d\d/);
  });
});
