import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ReflectionState } from '@lifeboard/shared/api/reflection';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { ReflectionScreen } from './ReflectionScreen';

configure({ asyncUtilTimeout: 5000 });
const api = withFakeApi();
beforeEach(() => setBoard(1, 'Home'));
afterEach(cleanup);

const week: ReflectionState['week'] = {
  from: '2026-11-23',
  to: '2026-11-29',
  entries: [{ date: '2026-11-27', title: 'Garden' }],
  entries_left_out: 2,
  habits: [{ title: 'Walk', days_done: 3 }],
};
const state = (extra: Partial<ReflectionState> = {}): ReflectionState => ({
  configured: true,
  model: 'reflect-1',
  problem: null,
  weekly: false,
  week,
  reflections: [],
  ...extra,
});
const reflection = {
  id: 1,
  from: '2026-11-23',
  to: '2026-11-29',
  text: 'A calm week.\n\nTry a walk after lunch.',
  model: 'reflect-1',
  entries_sent: 1,
  entries_left_out: 2,
  habits_sent: 1,
  weekly: false,
  created_at: '2026-11-29T09:00:00.000Z',
};

const open = () =>
  render(
    <MemoryRouter>
      <ReflectionScreen />
    </MemoryRouter>,
  );

describe('ReflectionScreen', () => {
  it('says what is sent and how many encrypted entries are left out, then shows the reflection written', async () => {
    let written = false;
    api.on('GET /api/reflection', () => ({ body: state(written ? { reflections: [reflection] } : {}) }));
    api.on('POST /api/reflection/write', () => {
      written = true;
      return { body: { success: true, reflection } };
    });
    open();
    const sent = await screen.findByLabelText('What is sent');
    expect(sent.textContent).toContain('the model reflect-1 would be sent 1 journal entry');
    expect(sent.textContent).toContain('and 1 habit');
    expect(screen.getByRole('note').textContent).toBe(
      '2 encrypted entries are left out: encrypted entries are never sent.',
    );
    expect(screen.getByRole('list', { name: 'Habits sent' }).textContent).toBe('Walk: done on 3 days of 7');

    await userEvent.click(screen.getByRole('button', { name: 'Reflect on my week' }));
    const article = await screen.findByRole('article');
    expect([...article.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'A calm week.',
      'Try a walk after lunch.',
      'Written by reflect-1 from 1 journal entry and 1 habit; 2 encrypted entries were left out.',
    ]);
  });

  it('says plainly when no provider is set up, and offers nothing to send it to', async () => {
    api.on('GET /api/reflection', {
      body: state({ configured: false, model: null, problem: 'No AI provider is set up on this Lifeboard.' }),
    });
    open();
    expect((await screen.findByRole('status')).textContent).toBe('No AI provider is set up on this Lifeboard.');
    expect(screen.getByRole('button', { name: 'Reflect on my week' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves the Monday opt-in, and takes the tick back when it was not saved', async () => {
    api.on('GET /api/reflection', { body: state() });
    api.on('POST /api/reflection/weekly', { status: 500, body: { message: 'The server is down.' } });
    open();
    const box = await screen.findByLabelText<HTMLInputElement>(/every Monday morning/);
    await userEvent.click(box);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Your choice was not saved'));
    expect(box.checked).toBe(false);
    expect(api.requests.find((r) => r.path === '/api/reflection/weekly')?.body).toEqual({ weekly: true });
  });
});
