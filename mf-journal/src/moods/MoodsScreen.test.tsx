import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { MoodsScreen } from './MoodsScreen';
import { MoodQuickLog } from './MoodQuickLog';
import { periodStart } from './mood-averages';

let moods: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  moods = serveModel(api, 'mood', 'moods');
  api.requests.length = 0;
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
});

/**
 * The first moment of the week `weeksAgo` weeks before this one. Never later than now: a stored mood later
 * than one just logged is outside the time the shared list covers (mergeHistory), so the chart leaves it out
 * until the list has loaded.
 */
function inWeek(weeksAgo: number): string {
  const monday = periodStart(new Date(), 'week');
  return new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() - 7 * weeksAgo).toISOString();
}
const row = (id: number, score: number, at: string, extra: Record<string, unknown> = {}) => ({
  id,
  board_id: 1,
  created_at: at,
  updated_at: at,
  score,
  at,
  ...extra,
});

describe('MoodQuickLog', () => {
  it('logs a mood in one tap, with the words and feelings chosen first, then offers undo', async () => {
    const user = userEvent.setup();
    render(<MoodQuickLog />);
    await user.type(screen.getByLabelText('Words (optional)'), 'Long walk');
    await user.click(screen.getByRole('button', { name: 'calm' }));
    expect(screen.getByRole('button', { name: 'calm' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Log mood 4 of 5: Good' }));
    expect(await screen.findByText('Logged: Good.')).toBeTruthy();
    const sent = api.requests.find((r) => r.path === '/api/mood/create')?.body as { params: Record<string, unknown> };
    expect(sent.params).toMatchObject({ score: 4, note: 'Long walk', emotions: ['calm'] });
    expect(Math.abs(Date.parse(String(sent.params.at)) - Date.now())).toBeLessThan(60_000);
    expect(screen.getByLabelText<HTMLInputElement>('Words (optional)').value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(moods.rows).toHaveLength(0));
  });

  it('keeps the words when saving fails', async () => {
    const user = userEvent.setup();
    api.on('POST /api/mood/create', { status: 500, body: { error: 'Database down' } });
    render(<MoodQuickLog />);
    await user.type(screen.getByLabelText('Words (optional)'), 'Rough day');
    await user.click(screen.getByRole('button', { name: 'Log mood 2 of 5: Low' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/mood/create')).toBe(true));
    expect(screen.queryByText(/^Logged/)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Words (optional)').value).toBe('Rough day');
  });
});

describe('/moods', () => {
  it('charts the average per week, describes it for screen readers, and shows it as a table', async () => {
    moods.rows.push(
      row(3, 4, inWeek(0)),
      row(2, 2, inWeek(0)),
      row(1, 5, inWeek(2), { note: 'Holiday', emotions: ['happy'] }),
    );
    render(
      <MemoryRouter>
        <MoodsScreen />
      </MemoryRouter>,
    );
    const chart = await screen.findByRole('img', { name: 'Average mood per week' });
    await waitFor(() => expect(chart.querySelectorAll('circle')).toHaveLength(2));
    const description = chart.querySelector('desc')?.textContent ?? '';
    expect(description).toMatch(
      /^Average mood per week over the last 12 weeks, on a scale of 1 to 5\. Highest: 5 in Week of .*Lowest: 3 in Week of .*10 weeks with no mood logged\.$/,
    );
    const table = screen.getByRole('table', { name: 'Average mood per week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[12].textContent).toContain('3 (Okay)');
    expect(rows[12].textContent?.endsWith('2')).toBe(true);
    expect(rows[10].textContent).toContain('5 (Great)');
    expect(screen.getByRole('list', { name: 'Logged moods' }).textContent).toContain('Holiday');
  });

  it('adds a mood just logged to the chart at once, and switches to months', async () => {
    const user = userEvent.setup();
    moods.rows.push(row(1, 1, inWeek(0)));
    render(
      <MemoryRouter>
        <MoodsScreen />
      </MemoryRouter>,
    );
    const chart = await screen.findByRole('img', { name: 'Average mood per week' });
    await waitFor(() => expect(chart.querySelector('desc')?.textContent).toContain('Highest: 1 in'));
    await user.click(screen.getByRole('button', { name: 'Log mood 5 of 5: Great' }));
    await waitFor(() => expect(chart.querySelector('desc')?.textContent).toContain('Highest: 3 in'));
    await user.click(screen.getByRole('button', { name: 'By month' }));
    expect(screen.getByRole('button', { name: 'By month' }).getAttribute('aria-pressed')).toBe('true');
    const monthly = await screen.findByRole('img', { name: 'Average mood per month' });
    expect(within(screen.getByRole('table', { name: 'Average mood per month' })).getAllByRole('row')).toHaveLength(13);
    expect(monthly.querySelector('desc')?.textContent).toMatch(/over the last 12 months/);
  });
});
