import { describe, expect, it } from 'vitest';
import { goalProgress, latestLogged } from './goal-progress';

describe('goalProgress', () => {
  it('milestones: the share ticked off; none yet is 0', () => {
    expect(goalProgress({ milestones: [] })).toEqual({ source: 'milestones', percent: 0, words: 'No milestones yet' });
    expect(
      goalProgress({
        progress_from: 'milestones',
        milestones: [{ title: 'a', done_at: '2026-01-01T00:00:00Z' }, { title: 'b' }, { title: 'c', done_at: null }],
      }),
    ).toEqual({ source: 'milestones', percent: 33.3, words: '1 of 3 milestones done' });
    expect(goalProgress({ milestones: [{ title: 'a', done_at: '2026-01-01T00:00:00Z' }] }).words).toBe(
      '1 of 1 milestone done',
    );
  });

  it('target: the latest logged value between start and target, up or down, clamped to 0–100', () => {
    const goal = {
      progress_from: 'target',
      start_value: 0,
      target_value: 24,
      log: [
        { date: '2026-02-01', value: 6 },
        { date: '2026-01-01', value: 20 },
      ],
    };
    expect(goalProgress(goal, [], 'books')).toEqual({
      source: 'target',
      percent: 25,
      words: '6 books now, from 0 books toward 24 books',
    });
    expect(
      goalProgress({ ...goal, start_value: 85, target_value: 75, log: [{ date: '2026-01-01', value: 80 }] }).percent,
    ).toBe(50);
    expect(goalProgress({ ...goal, log: [{ date: '2026-01-01', value: 30 }] }).percent).toBe(100);
    expect(goalProgress({ ...goal, log: [{ date: '2026-01-01', value: -3 }] }).percent).toBe(0);
    expect(goalProgress({ ...goal, log: [] }).words).toBe('Nothing logged yet; target 24');
    expect(goalProgress({ progress_from: 'target', target_value: null }).words).toBe('No target number set yet');
  });

  it('habits: the mean strength of the linked habits', () => {
    expect(goalProgress({ progress_from: 'habits' }, [0.9, 0.5])).toEqual({
      source: 'habits',
      percent: 70,
      words: '2 habits at 70 % strength on average',
    });
    expect(goalProgress({ progress_from: 'habits' }, [])).toEqual({
      source: 'habits',
      percent: 0,
      words: 'No habits linked yet',
    });
  });

  it('latestLogged takes the latest date, the last one logged among equal dates, skipping bad items', () => {
    expect(
      latestLogged([
        { date: '2026-01-02', value: 1 },
        { date: '2026-01-02', value: 2 },
        { date: '2026-01-01', value: 3 },
        { date: 5, value: 9 },
      ]),
    ).toEqual({ date: '2026-01-02', value: 2 });
    expect(latestLogged('nope')).toBeNull();
  });
});
