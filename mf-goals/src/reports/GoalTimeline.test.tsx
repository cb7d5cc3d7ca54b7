import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { GoalTimeline, timelineLayout } from './GoalTimeline';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
});

const goal = (over: Record<string, unknown>) => ({
  id: 1,
  board_id: 1,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '',
  title: 'G',
  status: 'active',
  ...over,
});

describe('timelineLayout', () => {
  it('places bars from start to target, milestones as points and today on one axis, a week of margin either side', () => {
    const goals = [
      goal({
        id: 1,
        title: 'Later',
        start_date: '2026-03-01',
        target_date: '2026-06-30',
        milestones: [{ title: 'M', due_date: '2026-04-01', done_at: '2026-03-30T00:00:00Z' }],
      }),
      goal({ id: 2, title: 'Sooner', target_date: '2026-02-01' }),
      goal({ id: 3, title: 'No date' }),
    ];
    const layout = timelineLayout(goals, '2026-03-15', (g) => (g.id === 1 ? 40 : 0));
    expect(layout.rows.map((r) => r.goal.title)).toEqual(['Sooner', 'Later']);
    // The span: 2026-01-01 (the undated start falls back to when the goal was made) − 7 days to 2026-06-30 + 7 days.
    expect(layout.at(layout.rows[0].from)).toBeCloseTo((7 / 194) * 100, 5);
    expect(layout.at(layout.rows[1].to)).toBeCloseTo((187 / 194) * 100, 5);
    expect(layout.today).toBeCloseTo(((7 + 73) / 194) * 100, 5);
    expect(layout.rows[1].milestones).toEqual([{ title: 'M', day: expect.any(Number), done: true }]);
    expect(layout.rows[1].percent).toBe(40);
    expect(layout.ticks.map((t) => t.label)).toEqual([
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apl 2026',
      'May 2026',
      'Jun 2026',
      'Jul 2026',
    ]);
  });
});

describe('/report/goal-timeline', () => {
  it('draws each dated goal with its live progress, its milestones in words, and lists the goals without a date', async () => {
    const goals = serveModel(api, 'goal', 'goals');
    goals.rows.push(
      goal({
        id: 5,
        title: 'Run a half marathon',
        start_date: '2026-11-01',
        target_date: '2027-04-20',
        progress: 10,
        milestones: [{ title: 'Run 5 km', due_date: '2027-01-10' }],
      }),
      goal({ id: 6, title: 'Learn Spanish', progress: 0 }),
    );
    api.on('POST /api/goal/progress', {
      body: {
        success: true,
        progress: [
          { id: 5, percent: 62, source: 'habits', words: '' },
          { id: 6, percent: 0, source: 'milestones', words: '' },
        ],
      },
    });
    render(
      <MemoryRouter>
        <GoalTimeline />
      </MemoryRouter>,
    );
    const row = within(await screen.findByRole('list', { name: 'Goals over time' })).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Run a half marathon' }).getAttribute('href')).toBe('/goal/5');
    expect(
      await within(row).findByText(
        /From Sun, Nov 1st 2026 to Tue, Apl 20th 2027, 62% done\. Milestones: Run 5 km, due Sun, Jan 10th 2027\./,
      ),
    ).toBeTruthy();
    expect((row.querySelector('.lb-goal-timeline__fill') as HTMLElement).style.width).toBe('62%');
    expect(row.querySelectorAll('.lb-goal-timeline__point')).toHaveLength(1);
    expect(row.querySelector('.lb-goal-timeline__today')).not.toBeNull();
    expect(screen.getByText(/set “Done by” to place it on the timeline/)).toBeTruthy();
  });
});
