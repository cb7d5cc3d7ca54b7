import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { widgets } from '../widgets';

let moods: FakeTable;
const api = withFakeApi();
const emptyHome = {
  success: true,
  journal_entry: null,
  moods: [],
  habits: [],
  habits_next_offset: null,
  goals: [],
  workout_session: null,
  sleep: [],
  programs: [],
};
beforeEach(() => {
  moods = serveModel(api, 'mood', 'moods');
  api.on('POST /api/home', { body: emptyHome });
  api.requests.length = 0;
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
});

const dashboard = () =>
  render(
    <MemoryRouter>
      {widgets.map(({ id, title, Component }) => (
        <section key={id} aria-label={title}>
          <Component />
        </section>
      ))}
    </MemoryRouter>,
  );

describe('home widgets', () => {
  it('show the latest entry and the recent moods', async () => {
    api.on('POST /api/home', {
      body: {
        ...emptyHome,
        journal_entry: { id: 1, title: 'Monday', date: '2026-11-16', excerpt: 'Ran far' },
        moods: [
          { id: 1, board_id: 1, created_at: '', updated_at: '', score: 4, at: '2026-11-16T10:00:00.000Z' },
          { id: 2, board_id: 1, created_at: '', updated_at: '', score: 2, at: '2026-11-15T10:00:00.000Z' },
        ],
      },
    });
    dashboard();
    expect(await screen.findByText('Monday')).toBeTruthy();
    expect(screen.getByText('Ran far')).toBeTruthy();
    expect(await screen.findByText('3.0 / 5')).toBeTruthy();
    // Every widget reads /home's one answer: no list of its own.
    expect(api.requests.map((request) => request.path)).toEqual(['/api/home']);
  });

  it('log a mood from the dashboard in one tap, and the recent moods follow', async () => {
    const user = userEvent.setup();
    dashboard();
    expect(await screen.findByText('No moods logged')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Feelings (optional)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log mood 5 of 5: Great' }));
    expect(await screen.findByText('Logged: Great.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('5.0 / 5')).toBeTruthy());
    expect(moods.rows).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'See your moods over time' }).getAttribute('href')).toBe('/moods');
  });
});
