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
import { GoalCoach } from './GoalPages';

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

const openCoach = () =>
  render(
    <MemoryRouter initialEntries={['/goals/ai']}>
      <Routes>
        <Route path="/goals/ai" element={<GoalCoach />} />
        <Route path="/goal/:id" element={<p>Goal page</p>} />
      </Routes>
    </MemoryRouter>,
  );
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: false });

describe('GoalCoach (/goals/ai)', () => {
  it('keeps the answers across a reload and a failed save, and forgets them once the goal exists', async () => {
    const goals = serveModel(api, 'goal', 'goals');
    api.on('GET /api/ai/models', { body: { configured: false, models: [] } });
    const user = userEvent.setup();
    openCoach();
    expect(
      await screen.findByText(/No AI provider is set up on this Lifeboard, so the coach cannot draft a goal for you/),
    ).toBeTruthy();
    await user.type(field('What do you want to achieve?'), 'Run a half marathon');
    await user.type(field('Why does it matter to you?'), 'To keep a plan for months');
    await user.type(field('What are the steps?'), 'Run 5 km{Enter}Run 10 km');

    cleanup(); // the page goes away (a reload) and comes back
    openCoach();
    expect(field('What do you want to achieve?').value).toBe('Run a half marathon');
    expect(field('Why does it matter to you?').value).toBe('To keep a plan for months');
    expect(field('What are the steps?').value).toBe('Run 5 km\nRun 10 km');

    goals.rejectNextWith = { title: ['The title is taken.'] };
    await user.click(screen.getByRole('button', { name: 'Create this goal' }));
    await waitFor(() =>
      expect(
        $notifications
          .get()
          .map((n) => n.message)
          .join(),
      ).toMatch(/The goal was not created/),
    );
    expect(field('What do you want to achieve?').value).toBe('Run a half marathon');
    expect(loadDraft('goal-coach')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create this goal' }));
    expect(await screen.findByText('Goal page')).toBeTruthy();
    expect(goals.rows[0]).toMatchObject({
      title: 'Run a half marathon',
      why: 'To keep a plan for months',
      milestones: [{ title: 'Run 5 km' }, { title: 'Run 10 km' }],
    });
    expect(loadDraft('goal-coach')).toBeNull();
  });
});

describe('GoalCoach with an AI provider', () => {
  it('drafts from a wish, lets the draft be edited, and creates the goal with its milestones and linked habits', async () => {
    const goals = serveModel(api, 'goal', 'goals');
    const habits = serveModel(api, 'habit', 'habits');
    api.on('GET /api/ai/models', { body: { configured: true, models: [{ id: 1, name: 'coach-1' }] } });
    api.on('POST /api/goal/ai-draft', {
      body: {
        success: true,
        model: 'coach-1',
        draft: {
          title: 'Run a half marathon by April',
          why: 'To keep a plan',
          target_date: '2027-04-20',
          milestones: [
            { title: 'Run 5 km', due_date: '2027-01-10' },
            { title: 'Run 15 km', due_date: null },
          ],
          habits: [
            { title: 'Run', times: 3, days: 7 },
            { title: 'Stretch', times: 1, days: 1 },
          ],
        },
      },
    });
    const user = userEvent.setup();
    openCoach();
    await user.type(await screen.findByLabelText('What do you want?', { exact: false }), 'run a half marathon');
    await user.click(screen.getByRole('button', { name: 'Draft my goal' }));
    const goalField = await screen.findByLabelText<HTMLInputElement>('Goal');
    expect(goalField.value).toBe('Run a half marathon by April');
    expect(api.requests.find((r) => r.path === '/api/goal/ai-draft')?.body).toEqual({
      board: 1,
      params: { wish: 'run a half marathon' },
    });
    expect(goals.rows).toHaveLength(0);
    await user.clear(goalField);
    await user.type(goalField, 'Run a half marathon under 2:15');
    await user.click(screen.getByRole('button', { name: 'Remove milestone 2' }));
    await user.selectOptions(screen.getAllByLabelText('How often')[0], '4');
    await user.click(screen.getByRole('button', { name: 'Create this goal and its habits' }));
    expect(await screen.findByText('Goal page')).toBeTruthy();
    expect(goals.rows[0]).toMatchObject({
      title: 'Run a half marathon under 2:15',
      why: 'To keep a plan',
      target_date: '2027-04-20',
      milestones: [{ title: 'Run 5 km', due_date: '2027-01-10' }],
    });
    const goalId = goals.rows[0].id;
    expect(habits.rows.map((h) => [h.title, h.frequency_num, h.frequency_den, h.goal_id]).reverse()).toEqual([
      ['Run', 4, 7, goalId],
      ['Stretch', 1, 1, goalId],
    ]);
    expect(loadDraft('goal-ai-draft')).toBeNull();
  });

  it('says why there is no draft when the provider fails, and keeps the wish', async () => {
    api.on('GET /api/ai/models', { body: { configured: true, models: [{ id: 1, name: 'coach-1' }] } });
    api.on('POST /api/goal/ai-draft', {
      body: {
        success: false,
        configured: true,
        error: 'The AI model could not draft a goal: The provider answered 401.',
      },
    });
    const user = userEvent.setup();
    openCoach();
    await user.type(await screen.findByLabelText('What do you want?', { exact: false }), 'learn Spanish');
    await user.click(screen.getByRole('button', { name: 'Draft my goal' }));
    expect(await screen.findByText(/The provider answered 401/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('What do you want?', { exact: false }).value).toBe(
      'learn Spanish',
    );
  });
});
