import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { setBoard } from '@lifeboard/shared/stores/board';
import { setConfig } from '@lifeboard/shared/stores/config';
import { clearData } from '@lifeboard/shared/stores/data';
import { loadDraft } from '@lifeboard/shared/stores/drafts';
import { $notifications } from '@lifeboard/shared/stores/notifications';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { GoalCoach } from './GoalPages';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => { localStorage.clear(); setBoard(1, 'Home'); });
afterEach(() => { cleanup(); clearData(); $notifications.set([]); });

const openCoach = () => render(
  <MemoryRouter initialEntries={['/goals/ai']}>
    <Routes>
      <Route path="/goals/ai" element={<GoalCoach />} />
      <Route path="/goal/:id" element={<p>Goal page</p>} />
    </Routes>
  </MemoryRouter>,
);
const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('GoalCoach (/goals/ai)', () => {
  it('keeps the answers across a reload and a failed save, and forgets them once the goal exists', async () => {
    const goals = serveModel(api, 'goal', 'goals');
    const user = userEvent.setup();
    openCoach();
    await user.type(field('What do you want?'), 'Run a half marathon');
    await user.type(field('Why does it matter to you?'), 'To keep a plan for months');
    await user.type(field('What are the steps?'), 'Run 5 km{Enter}Run 10 km');

    cleanup(); // the page goes away (a reload) and comes back
    openCoach();
    expect(field('What do you want?').value).toBe('Run a half marathon');
    expect(field('Why does it matter to you?').value).toBe('To keep a plan for months');
    expect(field('What are the steps?').value).toBe('Run 5 km\nRun 10 km');

    goals.rejectNextWith = { title: ['The title is taken.'] };
    await user.click(screen.getByRole('button', { name: 'Create this goal' }));
    await waitFor(() => expect($notifications.get().map((n) => n.message).join()).toMatch(/The goal was not created/));
    expect(field('What do you want?').value).toBe('Run a half marathon');
    expect(loadDraft('goal-coach')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create this goal' }));
    expect(await screen.findByText('Goal page')).toBeTruthy();
    expect(goals.rows[0]).toMatchObject({ title: 'Run a half marathon', why: 'To keep a plan for months', milestones: [{ title: 'Run 5 km' }, { title: 'Run 10 km' }] });
    expect(loadDraft('goal-coach')).toBeNull();
  });
});
