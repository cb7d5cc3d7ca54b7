import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { loadDraft } from '@lifeboard/shared/stores/drafts';
import { $notifications } from '@lifeboard/shared/stores/notifications';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { DailyListSummary, DailyListToday } from './DailyLists';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
  $notifications.set([]);
});

const openList = (id: number) =>
  render(
    <MemoryRouter initialEntries={[`/daily-activity-list/${id}`]}>
      <Routes>
        <Route path="/daily-activity-list/:id" element={<DailyListToday />} />
      </Routes>
    </MemoryRouter>,
  );

describe('DailyListToday: the new item', () => {
  it('is a draft that survives a reload and a failed save, and is cleared once the item is saved', async () => {
    const lists = serveModel(api, 'daily_activity_list', 'dailyActivityLists');
    lists.rows.push({
      id: 5,
      board_id: 1,
      created_at: '',
      updated_at: '',
      title: 'Morning',
      items: [{ id: 'water', title: 'Drink water' }],
      completions: {},
    });
    lists.rows.push({
      id: 6,
      board_id: 1,
      created_at: '',
      updated_at: '',
      title: 'Evening',
      items: [],
      completions: {},
    });
    const user = userEvent.setup();
    openList(5);
    await user.type(await screen.findByLabelText('New item'), 'Stretch for ten minutes');

    cleanup();
    openList(6); // another list has its own (empty) draft
    expect((await screen.findByLabelText<HTMLInputElement>('New item')).value).toBe('');
    cleanup();
    openList(5);
    const input = await screen.findByLabelText<HTMLInputElement>('New item');
    expect(input.value).toBe('Stretch for ten minutes');

    lists.rejectNextWith = { items: ['Too many items.'] };
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(
        $notifications
          .get()
          .map((n) => n.message)
          .join(),
      ).toMatch(/The item was not added/),
    );
    expect(input.value).toBe('Stretch for ten minutes');

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Stretch for ten minutes')).toBeTruthy();
    await waitFor(() => expect(input.value).toBe(''));
    expect(lists.rows.find((row) => row.id === 5)?.items).toEqual([
      { id: 'water', title: 'Drink water' },
      { id: 'stretch-for-ten-minutes', title: 'Stretch for ten minutes' },
    ]);
    expect(loadDraft('daily-list-item:5')).toBeNull();
  });
});

describe('DailyListSummary', () => {
  it('counts from the day the list was made: on day one, one of two items done is 50 %', async () => {
    const lists = serveModel(api, 'daily_activity_list', 'dailyActivityLists');
    const today = localDate();
    lists.rows.push({
      id: 7,
      board_id: 1,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      title: 'Morning',
      items: [
        { id: 'water', title: 'Drink water' },
        { id: 'walk', title: 'Walk' },
      ],
      completions: { [today]: ['water'] },
    });
    render(
      <MemoryRouter>
        <DailyListSummary />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText(/50\s?% of items done since you made this list today/, {}, { timeout: 3000 }),
    ).toBeTruthy();
    // Only the days the list existed are in its table.
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('takes the 14 days back when the list is older, and names the days in words', async () => {
    const lists = serveModel(api, 'daily_activity_list', 'dailyActivityLists');
    const today = localDate();
    lists.rows.push({
      id: 8,
      board_id: 1,
      created_at: '2020-01-01T08:00:00.000Z',
      updated_at: '2020-01-01T08:00:00.000Z',
      title: 'Evening',
      items: [{ id: 'read', title: 'Read' }],
      completions: { [today]: ['read'], [addDays(today, -1)]: ['read'] },
    });
    render(
      <MemoryRouter>
        <DailyListSummary />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/14\s?% of items done over the last 14 days/, {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(15);
    expect(screen.queryByText(today)).toBeNull();
  });
});
