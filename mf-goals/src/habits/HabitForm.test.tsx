import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { makeUser } from '@lifeboard/shared/models/test-user';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { clearSession, setSession } from '@lifeboard/shared/stores/session';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { HabitForm } from './HabitForm';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.on('POST /api/goal/all', { body: { success: true, goals: [] } });
});
afterEach(() => {
  cleanup();
  clearData();
  clearSession();
});

const smsServer = (configured: boolean) => api.on('GET /api/sms/config', { body: { success: true, configured } });

function open(habit: AnyRecord | null, saved: AnyRecord[] = []) {
  render(
    <MemoryRouter>
      <HabitForm habit={habit} onSaved={(record) => saved.push(record)} />
    </MemoryRouter>,
  );
}

const ticked = () =>
  screen
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '');

describe('HabitForm: how reminders reach you', () => {
  it('asks only once there is a reminder time, offers a text where the account can get one, and saves the choice', async () => {
    smsServer(true);
    setSession('token', makeUser({ phone_number: '+447700900123', has_sms_enabled: true }));
    const habits = serveModel(api, 'habit', 'habits');
    const saved: AnyRecord[] = [];
    const user = userEvent.setup();
    open(null, saved);
    await user.type(screen.getByLabelText('Name'), 'Stretch');
    expect(screen.queryByText('Remind me by')).toBeNull();
    await user.type(screen.getByLabelText('Reminder times'), '7:30, 21:00');
    // A new habit starts with what every habit had before the choice existed.
    expect(screen.getByText('Remind me by')).toBeTruthy();
    expect(ticked()).toEqual([
      'E-mail',
      'In Lifeboard (the bell at the top of every page)',
      'Push notification (on the devices where you turned it on under Account › Devices)',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'E-mail' }));
    await user.click(screen.getByRole('checkbox', { name: /^Push notification/ }));
    await user.click(screen.getByRole('checkbox', { name: /^In Lifeboard/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Text message (to +447700900123)' }));
    await user.click(screen.getByRole('button', { name: 'Create habit' }));
    await expect.poll(() => saved.length).toBe(1);
    expect(habits.rows[0]).toMatchObject({
      title: 'Stretch',
      reminder_times: ['07:30', '21:00'],
      reminder_channels: ['sms'],
    });
  });

  it('keeps an older habit on e-mail, the bell and push, and never shows a text without an SMS provider', async () => {
    smsServer(false);
    setSession('token', makeUser({ phone_number: '+447700900123', has_sms_enabled: true }));
    const stamp = new Date().toISOString();
    open({
      id: 4,
      board_id: 1,
      created_at: stamp,
      updated_at: stamp,
      title: 'Floss',
      kind: 'yes_no',
      frequency_num: 1,
      frequency_den: 1,
      reminder_times: ['08:00'],
    });
    expect(screen.getByLabelText<HTMLInputElement>('Reminder times').value).toBe('08:00');
    await expect.poll(() => api.requests.some((request) => request.path === '/api/sms/config')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ticked()).toHaveLength(3);
    expect(screen.queryByText(/text message/i)).toBeNull();
  });

  it('refuses a time that is not one, or reminders by no channel, in words; nothing is sent', async () => {
    smsServer(false);
    setSession('token', makeUser());
    const habits = serveModel(api, 'habit', 'habits');
    const before = api.requests.length;
    const user = userEvent.setup();
    open(null);
    await user.type(screen.getByLabelText('Name'), 'Walk');
    await user.type(screen.getByLabelText('Reminder times'), '25:00');
    await user.click(screen.getByRole('button', { name: 'Create habit' }));
    expect(await screen.findByText('Write times of day like 08:30, separated by commas.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Reminder times'));
    await user.type(screen.getByLabelText('Reminder times'), '08:30');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Create habit' }));
    expect(await screen.findByText('Choose at least one way to be reminded.')).toBeTruthy();
    expect(habits.rows).toEqual([]);
    expect(api.requests.slice(before).some((request) => request.path === '/api/habit/create')).toBe(false);
  });
});
