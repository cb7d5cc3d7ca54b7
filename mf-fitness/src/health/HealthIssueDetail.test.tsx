import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { AreaRoutes } from '../routes';
import { newUpdate, timelineOf } from './timeline';

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

describe('timelineOf', () => {
  it('lists notes and status changes newest first, ending with when it was written down', () => {
    const entries = timelineOf({
      created_at: '2026-10-01T09:00:00.000Z',
      since: '2026-09-15',
      updates: [
        { at: '2026-11-20T09:00:00.000Z', note: 'Physio says keep going', from: 'active', status: 'managed' },
        { at: '2026-10-10T09:00:00.000Z', note: 'Knee hurts on stairs' },
      ],
    });
    expect(entries.map((e) => [e.text, e.change])).toEqual([
      ['Physio says keep going', 'Active → Under control'],
      ['Knee hurts on stairs', null],
      ['Written down; going on since September 15, 2026.', null],
    ]);
  });
  it('moves the status only when a new one is chosen', () => {
    const now = new Date('2026-11-25T10:00:00.000Z');
    expect(newUpdate(' Better ', 'active', 'active', now)).toEqual({ at: '2026-11-25T10:00:00.000Z', note: 'Better' });
    expect(newUpdate('', 'managed', 'resolved', now)).toEqual({
      at: '2026-11-25T10:00:00.000Z',
      note: '',
      from: 'managed',
      status: 'resolved',
    });
  });
});

describe('/health-issues/:id', () => {
  it('adds a note with a status change to the timeline and refuses an empty one', async () => {
    const issues = serveModel(api, 'health_issue', 'healthIssues');
    issues.rows.push({
      id: 3,
      board_id: 1,
      created_at: '2026-10-01T09:00:00.000Z',
      updated_at: '',
      title: 'Sore knee',
      since: null,
      status: 'active',
      notes: '',
      updates: [],
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/health-issues/3']}>
        <AreaRoutes />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Sore knee', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Add to the timeline' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a note or choose a new status.');
    expect(issues.rows[0].updates).toEqual([]);
    await user.type(screen.getByLabelText('What happened'), 'Physio says keep going');
    await user.selectOptions(screen.getByLabelText('How it is going now'), 'managed');
    await user.click(screen.getByRole('button', { name: 'Add to the timeline' }));
    await waitFor(() =>
      expect(issues.rows[0]).toMatchObject({
        status: 'managed',
        updates: [{ note: 'Physio says keep going', from: 'active', status: 'managed' }],
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('health-timeline').textContent).toContain('Status: Active → Under control'),
    );
    expect(screen.getByTestId('health-timeline').textContent).toContain('Physio says keep going');
    expect(screen.getByTestId('health-timeline').textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(screen.getByLabelText<HTMLTextAreaElement>('What happened').value).toBe('');
  });
});
