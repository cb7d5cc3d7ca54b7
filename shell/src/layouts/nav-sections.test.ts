import { describe, expect, it } from 'vitest';
import { findRoute } from '../routes/guard';
import { routeTable } from '../routes/route-table';
import { currentItem, navSections } from './nav-sections';

const links = navSections.flatMap((section) => [...section.main, ...section.more]);

/** Signed-in screens reached from a page rather than the sidebar (a button on the list they belong to). */
const reachedFromPages = new Set([
  '/new-goal',
  '/new-habit',
  '/goals/ai',
  '/setting-goals',
  '/how-habits-work',
  '/daily-activity-list/summary',
  '/calendar/connections',
  '/journal/reflection',
]);

describe('the sidebar', () => {
  it('links only to screens of the route table, each once', () => {
    for (const link of links) expect(findRoute(link.to), link.to).not.toBeNull();
    expect(new Set(links.map((link) => link.to)).size).toBe(links.length);
  });

  it('reaches every signed-in screen without an id, or its page names where it is reached from', () => {
    const missing = routeTable
      .filter((route) => (route.layout === 'user' || route.layout === 'admin') && !route.path.includes(':'))
      .filter((route) => !route.path.startsWith('/admin/'))
      .map((route) => route.path)
      .filter((path) => !links.some((link) => link.to === path) && !reachedFromPages.has(path));
    expect(missing).toEqual([]);
  });

  it('marks the place a record or sub-page belongs to', () => {
    expect(currentItem('/goal/3')?.label).toBe('Goals');
    expect(currentItem('/habits/12')?.label).toBe('Habits');
    expect(currentItem('/calendar/connections')?.label).toBe('Calendar');
    expect(currentItem('/report/habit-summary')?.label).toBe('Habit summary');
    expect(currentItem('/workout-session/5')?.label).toBe('Workouts');
    expect(currentItem('/journal')?.label).toBe('Journal');
    expect(currentItem('/nowhere')).toBeNull();
  });
});
