import { describe, expect, it } from 'vitest';
import { actionItems, matchScore, rank, screenItems } from './palette-items';

describe('the command palette’s items', () => {
  it('finds screens from the route table, admin screens for admins only, never a page that needs an id', () => {
    const mine = screenItems(false);
    expect(mine.map((item) => item.to)).toContain('/sleep');
    expect(mine.map((item) => item.to)).toContain('/report/habit-summary');
    expect(mine.some((item) => item.to?.startsWith('/admin'))).toBe(false);
    expect(mine.some((item) => item.to?.includes(':'))).toBe(false);
    expect(screenItems(true).some((item) => item.to === '/admin/queue')).toBe(true);
  });

  it('matches by the starts of words, best first', () => {
    expect(matchScore('Habit summary', 'hab sum')).not.toBeNull();
    expect(matchScore('Habit summary', 'xyz')).toBeNull();
    const found = rank(screenItems(false), 'habit', 3).map((item) => item.label);
    expect(found[0]).toBe('Habits');
    expect(rank(actionItems, 'mood', 4).map((item) => item.label)).toEqual(['Log a mood']);
    expect(rank(actionItems, 'new entry', 4)[0].to).toBe('/journal?entry=new');
  });
});
